/** The built lexicon release in DATA_DIR, loaded once for the benchmarks that need it. */
import { ensureReleases, publicRoot } from '../src/build/ensure-releases'
import { loadConfig, type ServiceConfig } from '../src/config'
import type { Lexicon } from '../src/lexicon/lexicon'
import { loadLexicon } from '../src/lexicon/release'
import { createFsStore } from '../src/storage/fs-store'

export async function benchLexicon(): Promise<{ config: ServiceConfig; lexicon: Lexicon }> {
  const config = loadConfig(process.env)
  await ensureReleases(config)
  const state = await loadLexicon(createFsStore(publicRoot(config)))
  if (state.status !== 'ready') throw new Error(state.reason)
  return { config, lexicon: state.lexicon }
}
