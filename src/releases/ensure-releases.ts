/**
 * Makes sure every release the service serves exists in DATA_DIR and verifies, building what is missing.
 * Used by `npm install` (postinstall), by `npm run build:releases` and by the Node entry point at start.
 */
import type { ServiceConfig } from '../config'
import { ensureDatasetReleases } from './datasets/ensure-node'
import type { Lexicon } from '../lexicon/lexicon'
import { loadLexicon, publishLexicon, verifyLexiconRelease } from '../lexicon/release'
import { createFsStore, PRIVATE_MODES } from '../storage/fs-store'
import { ensureUsageRelease } from '../usage/build-node'
import { privateRoot, publicRoot } from '../storage/data-roots'
import { compileLexiconRelease } from './lexicon-build'
import { LEXICON_COMPANIONS, releaseModels } from './lexicon-release'

export type EnsureReport = { ok: boolean; built: string[] }
type Options = {
  force?: boolean
  /**
   * Hash every file (the default), or only check that files exist with their lengths: at start-up the
   * loaders hash what they serve anyway, so hashing here too would only double the cold start.
   */
  hashes?: boolean
  log?: (line: string) => void
  /** false leaves the dataset releases alone (tests that need only the lexicon and usage). */
  datasets?: boolean
}

export { privateRoot, publicRoot }

export async function ensureReleases(config: ServiceConfig, options: Options = {}): Promise<EnsureReport> {
  const log = options.log ?? (() => {})
  const store = createFsStore(publicRoot(config))
  const built: string[] = []
  const current = options.force
    ? null
    : await verifyLexiconRelease(store, { hashes: options.hashes, models: releaseModels() })
  let lexiconRelease: string
  if (current && 'release' in current) {
    lexiconRelease = current.release
    log(`lexicon: release ${current.release.slice(0, 12)} verified`)
  } else {
    if (current) log(`lexicon: ${current.problem}; building`)
    const started = performance.now()
    const compiled = await compileLexiconRelease()
    await publishLexicon(store, compiled)
    built.push('lexicon')
    lexiconRelease = compiled.manifest.release
    log(
      `lexicon: built release ${compiled.manifest.release.slice(0, 12)} in ${Math.round(performance.now() - started)} ms`,
    )
  }
  let loading: Promise<Lexicon> | null = null
  const lexicon = () =>
    (loading ??= (async () => {
      const loaded = await loadLexicon(store, LEXICON_COMPANIONS)
      if (loaded.status !== 'ready')
        throw new Error(`the lexicon release just built does not load: ${loaded.reason}`)
      return loaded.lexicon
    })())
  const usage = await ensureUsageRelease(store, { lexiconRelease, lexicon, force: options.force, log })
  if (usage === 'built') built.push('usage')
  if (options.datasets === false) return { ok: true, built }
  const datasets = await ensureDatasetReleases(
    { public: store, private: createFsStore(privateRoot(config), PRIVATE_MODES) },
    { lexiconRelease, lexicon, force: options.force, log },
  )
  built.push(...datasets.built)
  return { ok: datasets.failed.length === 0, built }
}
