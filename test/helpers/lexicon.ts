/**
 * The real lexicon release, built by `npm install` into ./data, shared by the tests of every feature.
 * Loaded once per test process.
 */
import { loadConfig } from '../../src/config'
import { ensureReleases, publicRoot } from '../../src/releases/ensure-releases'
import type { Lexicon } from '../../src/lexicon/lexicon'
import { createLexiconProvider, type LexiconProvider } from '../../src/lexicon/release'

const config = loadConfig({})
let loading: Promise<Lexicon> | null = null

export const dataRoot = publicRoot(config)

export function testLexicon(): Promise<Lexicon> {
  loading ??= (async () => {
    const state = await (await ensureReleases(config, { datasets: false })).lexicon.current()
    if (state.status !== 'ready') throw new Error(`test lexicon unavailable: ${state.reason}`)
    return state.lexicon
  })()
  return loading
}

/** A provider over the already loaded lexicon, so each test app does not load it again. */
export async function testLexiconProvider(): Promise<LexiconProvider> {
  const lexicon = await testLexicon()
  const state = { status: 'ready' as const, lexicon }
  return { current: async () => state, changeToken: async () => 'fixed' }
}

export { createLexiconProvider }
