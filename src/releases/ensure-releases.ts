/**
 * Makes sure every release the service serves exists in DATA_DIR and verifies, building what is missing.
 * Used by `npm install` (postinstall), by `npm run build:releases` and by the Node entry point at start.
 */
import type { ServiceConfig } from '../config'
import { ensureDatasetReleases } from './datasets/ensure-node'
import type { Lexicon } from '../lexicon/lexicon'
import type { DatasetReleases } from '../datasets/releases'
import {
  createLexiconProvider,
  publishLexicon,
  verifyLexiconRelease,
  type LexiconProvider,
} from '../lexicon/release'
import type { BlobStore } from '../storage/blob-store'
import { createFsStore, PRIVATE_MODES } from '../storage/fs-store'
import { ensureUsageRelease } from '../usage/build-node'
import { privateRoot, publicRoot } from '../storage/data-roots'
import { compileLexiconRelease } from './lexicon-build'
import { LEXICON_COMPANIONS, releaseModels } from './lexicon-release'

export type EnsureReport = {
  ok: boolean
  built: string[]
  /** The provider that checked the lexicon, its release loaded and hashed: callers serve or read it. */
  lexicon: LexiconProvider
}
type Options = {
  force?: boolean
  log?: (line: string) => void
  /** false leaves the dataset releases alone (tests that need only the lexicon and usage). */
  datasets?: boolean
  /**
   * The provider the service will serve the lexicon through: its load hashes every file it holds (and its
   * check the rest), so the check here is the load, and the hashing is done once. Absent: one of its own.
   */
  lexicon?: LexiconProvider
  /**
   * The dataset releases the service will serve from: their files, hashed here, are then not hashed again
   * by the service's first request. Absent: ones of their own.
   */
  datasetReleases?: DatasetReleases
}

export { privateRoot, publicRoot }

/**
 * Why the current lexicon release cannot be served, or its id: the manifest read, built by this compiler
 * for these models, every file there with its length, then loaded through `provider`, every file hashed.
 */
async function checkLexicon(
  store: BlobStore,
  provider: LexiconProvider,
  log: (line: string) => void,
): Promise<{ release: string } | { problem: string }> {
  const listed = await verifyLexiconRelease(store, { hashes: false, models: releaseModels() })
  if ('problem' in listed) return listed
  const started = performance.now()
  const state = await provider.current()
  if (state.status !== 'ready') {
    const files = (state.problems ?? []).map(
      (p) => `${p.path.slice(p.path.lastIndexOf('/') + 1)} ${p.problem}`,
    )
    return { problem: files.length > 0 ? `${state.reason} (${files.join(', ')})` : state.reason }
  }
  const { files } = state.lexicon.manifest
  const megabytes = files.reduce((sum, file) => sum + file.bytes, 0) / 1e6
  log(
    `lexicon: release ${state.lexicon.manifest.release.slice(0, 12)} verified ` +
      `(${files.length} files, ${megabytes.toFixed(1)} MB hashed as loaded in ${Math.round(performance.now() - started)} ms)`,
  )
  return { release: state.lexicon.manifest.release }
}

export async function ensureReleases(config: ServiceConfig, options: Options = {}): Promise<EnsureReport> {
  const log = options.log ?? (() => {})
  const store = createFsStore(publicRoot(config))
  const provider = options.lexicon ?? createLexiconProvider(store, { companions: LEXICON_COMPANIONS })
  const built: string[] = []
  const current = options.force ? null : await checkLexicon(store, provider, log)
  let lexiconRelease: string
  if (current && 'release' in current) {
    lexiconRelease = current.release
  } else {
    if (current) log(`lexicon: ${current.problem}; rebuilding`)
    const started = performance.now()
    const compiled = await compileLexiconRelease()
    await publishLexicon(store, compiled)
    built.push('lexicon')
    lexiconRelease = compiled.manifest.release
    log(
      `lexicon: built release ${compiled.manifest.release.slice(0, 12)} in ${Math.round(performance.now() - started)} ms`,
    )
  }
  const lexicon = async (): Promise<Lexicon> => {
    const loaded = await provider.current()
    if (loaded.status !== 'ready')
      throw new Error(`the lexicon release just built does not load: ${loaded.reason}`)
    return loaded.lexicon
  }
  const usage = await ensureUsageRelease(store, { lexiconRelease, lexicon, force: options.force, log })
  if (usage === 'built') built.push('usage')
  if (options.datasets === false) return { ok: true, built, lexicon: provider }
  const datasets = await ensureDatasetReleases(
    { public: store, private: createFsStore(privateRoot(config), PRIVATE_MODES) },
    { lexiconRelease, lexicon, force: options.force, log, releases: options.datasetReleases },
  )
  built.push(...datasets.built)
  return { ok: datasets.failed.length === 0, built, lexicon: provider }
}
