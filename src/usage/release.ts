/**
 * Publishing, verifying and loading the usage release through a BlobStore. The manifest at
 * `usage/current.json` is the current pointer; the files live under `usage/releases/{version}/`, written
 * first, so the pointer never names files that are not all in place. Before anything is served, every
 * file is checked against the byte length and SHA-256 the manifest gives; a missing or altered file
 * makes the release unavailable (503) until it is restored.
 */
import type { BlobStore } from '../storage/blob-store'
import {
  createFileVerifier,
  type ExpectedFile,
  type FileProblem,
  type FileVerifier,
} from '../storage/verified-files'
import { createOutcomeChanges } from '../storage/outcome-changes'
import {
  createReleaseReader,
  publishRelease,
  readCurrentManifest,
  releaseFiles,
  type ReleaseLayout,
} from '../storage/releases'
import { jsonOrUndefined } from '../storage/json-or-undefined'
import { blockLayout, createBlockReader } from '../storage/block-hashes'
import { createBlockCache } from '../storage/block-cache'
import { USAGE_BLOCK_BYTES, USAGE_BLOCK_HASHES_FILE, type BuiltUsageRelease } from './build'
import { catalogUsage, type UsageCatalog } from './catalog'
import { pagedUsageCatalog } from './paged-catalog'
import { CONTRASTS_FILE, SCENES_FILE, USAGE_INDEX_FILE, UsageIndexSchema } from './record-index'
import { UsageContrastSchema, UsageManifestSchema, UsageSceneSchema, type UsageManifest } from './schemas'

export const USAGE_MANIFEST_PATH = 'usage/current.json'
const USAGE_RELEASES = 'usage/releases/'

/** How the routes name an unavailable usage release. */
export const USAGE_UNAVAILABLE = {
  code: 'usage_unavailable',
  message: 'The authored usage release is unavailable',
} as const

export type UsageState =
  | { status: 'ready'; catalog: UsageCatalog }
  | { status: 'unavailable'; reason: string; problems?: FileProblem[] }

export interface UsageProvider {
  /**
   * The verified current release, or why there is none, as the manifest and files are on disk now: a stat
   * of each, files re-hashed and the manifest re-parsed only when their state changes.
   */
  current(): Promise<UsageState>
  /** A token that changes whenever what the usage routes answer may have changed (see LexiconProvider). */
  changeToken(): string | Promise<string>
}

/** Where the usage releases live (src/storage/releases.ts): the manifest is the current pointer. */
export const USAGE_LAYOUT: ReleaseLayout<UsageManifest> = {
  name: 'usage',
  pointerPath: USAGE_MANIFEST_PATH,
  releasesPrefix: USAGE_RELEASES,
  id: (manifest) => manifest.version,
  files: (manifest) => manifest.files,
  parseManifest: (bytes) => parseUsageManifest(bytes),
  serializeManifest: (manifest) => JSON.stringify(manifest, null, 2) + '\n',
  prune: true,
}

export function usageReleaseFiles(manifest: UsageManifest): ExpectedFile[] {
  return releaseFiles(USAGE_LAYOUT, manifest)
}

const NO_MANIFEST = `no usage release has been published (${USAGE_MANIFEST_PATH} is missing)`

/** The current manifest, or why it cannot be used. */
export function readUsageManifest(store: BlobStore): Promise<UsageManifest | string> {
  return readCurrentManifest(USAGE_LAYOUT, store, NO_MANIFEST)
}

function parseUsageManifest(bytes: Uint8Array): UsageManifest | string {
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return 'the usage manifest is not valid JSON'
  }
  const parsed = UsageManifestSchema.safeParse(json)
  return parsed.success ? parsed.data : 'the usage manifest does not match its schema'
}

const INTEGRITY_FAILURE = 'a usage release file failed its integrity check'

const NOT_LISTED = 'the usage manifest does not list the files this service reads'
const SCHEMA_MISMATCH = 'the usage release files do not match their schemas'

/** The files of the manifest with these names, in that order, or null when it does not list one of them. */
function namedFiles(manifest: UsageManifest, names: readonly string[]): ExpectedFile[] | null {
  const files = usageReleaseFiles(manifest)
  const named = names.map((name) => files.find((file) => file.path.endsWith(`/${name}`)))
  return named.every((file) => file !== undefined) ? named : null
}

/** The files of the manifest with these names, each checked whole: their bytes, or why the release is unavailable. */
async function readWhole(
  manifest: UsageManifest,
  verifier: FileVerifier,
  names: readonly string[],
): Promise<Uint8Array[] | UsageState> {
  const named = namedFiles(manifest, names)
  if (!named) return { status: 'unavailable', reason: NOT_LISTED }
  const read = await Promise.all(named.map((file) => verifier.read(file)))
  const problem = read.find((bytes) => !(bytes instanceof Uint8Array))
  if (problem) return { status: 'unavailable', reason: INTEGRITY_FAILURE, problems: [problem as FileProblem] }
  return read as Uint8Array[]
}

/** Reads the record files whole through the verifier and indexes the records (Node). */
async function loadCatalog(manifest: UsageManifest, verifier: FileVerifier): Promise<UsageState> {
  const read = await readWhole(manifest, verifier, [SCENES_FILE, CONTRASTS_FILE])
  if (!Array.isArray(read)) return read
  const [scenes, contrasts] = read.map((bytes) => jsonOrUndefined(bytes)) as [unknown, unknown]
  const parsedScenes = UsageSceneSchema.array().safeParse(scenes)
  const parsedContrasts = UsageContrastSchema.array().safeParse(contrasts)
  if (!parsedScenes.success || !parsedContrasts.success)
    return { status: 'unavailable', reason: SCHEMA_MISMATCH }
  return { status: 'ready', catalog: catalogUsage(manifest, parsedScenes.data, parsedContrasts.data) }
}

/**
 * Reads the release by parts (Workers): its record index and block hashes whole, each checked against the
 * manifest, the record files through a cache of checked blocks of at most `cacheBytes` (beside the blocks a
 * running request pins), none of them read now.
 */
async function loadPagedCatalog(
  store: BlobStore,
  manifest: UsageManifest,
  verifier: FileVerifier,
  cacheBytes: number,
): Promise<UsageState> {
  const read = await readWhole(manifest, verifier, [USAGE_INDEX_FILE, USAGE_BLOCK_HASHES_FILE])
  if (!Array.isArray(read)) return read
  const [indexBytes, hashes] = read as [Uint8Array, Uint8Array]
  const index = UsageIndexSchema.safeParse(jsonOrUndefined(indexBytes))
  if (!index.success) return { status: 'unavailable', reason: SCHEMA_MISMATCH }
  const recordFiles = namedFiles(manifest, [SCENES_FILE, CONTRASTS_FILE])
  if (!recordFiles) return { status: 'unavailable', reason: NOT_LISTED }
  const layout = blockLayout(recordFiles, USAGE_BLOCK_BYTES)
  const cache = createBlockCache(createBlockReader(store, hashes), layout, cacheBytes, USAGE_UNAVAILABLE)
  return { status: 'ready', catalog: pagedUsageCatalog(manifest, index.data, cache, USAGE_UNAVAILABLE) }
}

/** Verifies and loads the current release once. */
export async function loadUsage(store: BlobStore): Promise<UsageState> {
  const manifest = await readUsageManifest(store)
  if (typeof manifest === 'string') return { status: 'unavailable', reason: manifest }
  return loadCatalog(manifest, createFileVerifier(store))
}

/**
 * A provider that checks the manifest and the files' state on every call: an altered or missing file turns
 * the routes to 503 until it is restored; a new manifest is loaded in its place. With `pagedCacheBytes`, the
 * records are read by parts through a cache of checked blocks of that many bytes (Workers) instead of whole.
 */
export function createUsageProvider(
  store: BlobStore,
  options: { pagedCacheBytes?: number } = {},
): UsageProvider {
  const reader = createReleaseReader(USAGE_LAYOUT, store, { missing: NO_MANIFEST })
  const verifier = reader.verifier
  const changes = createOutcomeChanges()
  let loaded: UsageCatalog | null = null

  async function check(): Promise<UsageState> {
    const manifest = await reader.current()
    if (typeof manifest === 'string') return { status: 'unavailable', reason: manifest }
    const problems = await reader.verify(manifest)
    if (problems.length > 0) return { status: 'unavailable', reason: INTEGRITY_FAILURE, problems }
    if (loaded?.manifest.version === manifest.version) return { status: 'ready', catalog: loaded }
    const state =
      options.pagedCacheBytes === undefined
        ? await loadCatalog(manifest, verifier)
        : await loadPagedCatalog(store, manifest, verifier, options.pagedCacheBytes)
    if (state.status === 'ready') loaded = state.catalog
    return state
  }

  return {
    async current() {
      const state = await check().catch((err: unknown): UsageState => ({
        status: 'unavailable',
        reason: `usage load failed: ${String(err)}`,
      }))
      changes.note(state.status === 'ready' ? state.catalog.manifest.version : state.reason)
      return state
    },
    changeToken: () => reader.changeToken(changes),
  }
}

/**
 * Publishes a built release: every file first, then the manifest that makes it current, then the releases
 * it supersedes are removed.
 */
export async function publishUsage(store: BlobStore, built: BuiltUsageRelease): Promise<void> {
  await publishRelease(USAGE_LAYOUT, store, built)
}
