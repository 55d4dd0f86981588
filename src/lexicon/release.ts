/**
 * Loading, verifying and publishing the lexicon release through a BlobStore. The manifest at
 * `lexicon/current.json` is the current pointer; the files live under `lexicon/releases/{release}/`, so a new
 * release is written beside the old one and becomes current only when the manifest is replaced.
 */
import type { BlobStore } from '../storage/blob-store'
import { createOutcomeChanges } from '../storage/outcome-changes'
import {
  createReleaseReader,
  publishRelease,
  readCurrentManifest,
  releaseFiles as filesOfRelease,
  verifyRelease,
  type ReleaseLayout,
} from '../storage/releases'
import {
  createFileVerifier,
  type ExpectedFile,
  type FileProblem,
  type FileVerifier,
} from '../storage/verified-files'
import { blockLayout, createBlockReader } from '../storage/block-hashes'
import { createBlockCache } from '../storage/block-cache'
import {
  BLOCK_HASHES_FILE,
  COMPILER_VERSION,
  LEXICON_BLOCK_BYTES,
  PAGED_FILES,
  type CompiledLexicon,
} from './compile'
import { decodeSections, type CompactSections } from './compact'
import { lexiconOfFiles, type Lexicon } from './lexicon'
import type { ExceptionTable } from './compile'
import { decodeUtf8, wholeBytes, type BlockRef, type PagedBytes } from '../storage/paged-bytes'
import { LexiconManifestSchema, type LexiconManifest, type ReleaseModel } from './schemas'
import { canonicalJson } from '../storage/canonical-json'

export const LEXICON_MANIFEST_PATH = 'lexicon/current.json'
const LEXICON_RELEASES = 'lexicon/releases/'

/** How the routes name an unavailable lexicon. */
export const LEXICON_UNAVAILABLE = {
  code: 'lexicon_unavailable',
  message: 'The lexicon is temporarily unavailable',
} as const

/**
 * A file another feature ships in the lexicon release, as the loader reads it: by name, in blocks where the
 * release is read in blocks (`paged`; its check reads only its first block) or whole on every runtime, and
 * why its bytes, their hash matching the manifest, are still not a file the service reads (null when they
 * are). The composition root hands the release's companions in (src/releases/lexicon-release.ts), in the
 * order their checks run.
 */
export type CompanionFile =
  | { name: string; read: 'paged'; problem(bytes: PagedBytes): string | null }
  | { name: string; read: 'whole'; problem(bytes: Uint8Array): string | null }

export type LexiconState =
  { status: 'ready'; lexicon: Lexicon } | { status: 'unavailable'; reason: string; problems?: FileProblem[] }

export interface LexiconProvider {
  /**
   * The verified current lexicon, or why there is none, as the manifest and files are on disk now. Cheap:
   * a stat of each, files re-hashed and the manifest re-parsed only when their state changes.
   */
  current(): Promise<LexiconState>
  /**
   * A token that changes whenever what the lexicon routes answer may have changed: the manifest's state,
   * and a count of changes `current` has seen (a file found damaged or mended). One stat, answered at once
   * where the store can stat at once.
   */
  changeToken(): string | Promise<string>
}

const NO_MANIFEST = 'no lexicon release has been built (lexicon/current.json is missing)'

function parseManifest(bytes: Uint8Array): LexiconManifest | string {
  try {
    const parsed = LexiconManifestSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)))
    return parsed.success ? parsed.data : 'the lexicon manifest does not match its schema'
  } catch {
    return 'the lexicon manifest is not valid JSON'
  }
}

/** Where the lexicon's releases live (src/storage/releases.ts): the manifest is the current pointer. */
export const LEXICON_LAYOUT: ReleaseLayout<LexiconManifest> = {
  name: 'lexicon',
  pointerPath: LEXICON_MANIFEST_PATH,
  releasesPrefix: LEXICON_RELEASES,
  id: (manifest) => manifest.release,
  files: (manifest) => manifest.files,
  parseManifest: (bytes) => parseManifest(bytes),
  serializeManifest: (manifest) => JSON.stringify(manifest, null, 2) + '\n',
  prune: true,
}

function releaseFiles(manifest: LexiconManifest): ExpectedFile[] {
  return filesOfRelease(LEXICON_LAYOUT, manifest)
}

function readManifest(store: BlobStore): Promise<LexiconManifest | string> {
  return readCurrentManifest(LEXICON_LAYOUT, store, NO_MANIFEST)
}

/**
 * Checks the current release's files against its manifest without loading them: byte lengths and hashes,
 * or with `{ hashes: false }` only that every file is there with its length (the loader hashes anyway).
 */
export async function verifyLexiconRelease(
  store: BlobStore,
  options: { hashes?: boolean; models: ReleaseModel[] },
): Promise<{ release: string } | { problem: string }> {
  const manifest = await readManifest(store)
  if (typeof manifest === 'string') return { problem: manifest }
  if (manifest.build.compiler !== COMPILER_VERSION) {
    return {
      problem: `release was built by ${manifest.build.compiler}, this service reads ${COMPILER_VERSION}`,
    }
  }
  if (canonicalJson(manifest.models) !== canonicalJson(options.models)) {
    return { problem: 'release names other learned models than this service serves' }
  }
  const problems = await verifyRelease(LEXICON_LAYOUT, store, manifest, { hashes: options.hashes })
  if (problems.length > 0)
    return { problem: `release files failed verification: ${JSON.stringify(problems)}` }
  return { release: manifest.release }
}

/** The current manifest, if this service reads its release. */
async function readableManifest(store: BlobStore): Promise<LexiconManifest | LexiconState> {
  const manifest = await readManifest(store)
  if (typeof manifest === 'string') return { status: 'unavailable', reason: manifest }
  if (manifest.build.compiler !== COMPILER_VERSION) {
    return {
      status: 'unavailable',
      reason: `the release was built by ${manifest.build.compiler}; rebuild it`,
    }
  }
  return manifest
}

/**
 * Reads and verifies every file of the current release and reads the lexicon over their bytes, with the
 * companion files `companions` names.
 */
export async function loadLexicon(
  store: BlobStore,
  companions: readonly CompanionFile[],
  verifier: FileVerifier = createFileVerifier(store),
): Promise<LexiconState> {
  const manifest = await readableManifest(store)
  if ('status' in manifest) return manifest
  const byName = new Map(releaseFiles(manifest).map((f) => [f.path.slice(f.path.lastIndexOf('/') + 1), f]))
  const files = [...HELD_FILES, ...companions.map((c) => c.name)].map((name) => byName.get(name))
  if (!files.every((file) => file !== undefined)) {
    return {
      status: 'unavailable',
      reason: 'the lexicon manifest does not list the files this service reads',
    }
  }
  const held = holdBytes(files.map((file) => file.bytes))
  // Every file at once, each read straight into its place in the held buffer and hashed as it arrives.
  const problems = await Promise.all(files.map((file, i) => verifier.readInto(file, held[i] as Uint8Array)))
  const problem = problems.find((p) => p !== null)
  if (problem) {
    return {
      status: 'unavailable',
      reason: 'a lexicon release file failed its integrity check',
      problems: [problem],
    }
  }
  const [strings, tables, exceptions, ...companionBytes] = held as Uint8Array[]
  const lexicon = lexiconOfFiles(manifest, {
    strings: strings as Uint8Array,
    tables: tables as Uint8Array,
    exceptions: exceptions as Uint8Array,
    companions: Object.fromEntries(companions.map((c, i) => [c.name, companionBytes[i] as Uint8Array])),
  })
  if (typeof lexicon === 'string') return { status: 'unavailable', reason: lexicon }
  const fileProblem = companionProblem(companions, lexicon)
  if (fileProblem) return { status: 'unavailable', reason: fileProblem }
  return { status: 'ready', lexicon }
}

/** The lexicon's own release files the service holds in memory, in this order, before the companions. */
const HELD_FILES = ['strings.bin', 'tables.bin', 'exceptions.json'] as const

/**
 * The lexicon's own release files read whole where the lexicon is read in blocks (Workers), in this order,
 * before the companions read whole.
 */
const WHOLE_WHERE_PAGED = ['exceptions.json', BLOCK_HASHES_FILE] as const

/** Why a companion file, its hash matching, is still not one this service reads (the first in order). */
function companionProblem(companions: readonly CompanionFile[], lexicon: Lexicon): string | null {
  for (const companion of companions) {
    const problem =
      companion.read === 'paged'
        ? companion.problem(lexicon.companions[companion.name] as PagedBytes)
        : companion.problem(lexicon.wholeCompanions[companion.name] as Uint8Array)
    if (problem) return problem
  }
  return null
}

/**
 * Reads the current release for reading in blocks: its exception table, block hashes and the companions not
 * paged whole (each checked against the manifest), the paged files (the compact lexicon and the paged
 * companions) through a cache of checked blocks of at most `cacheBytes` (beside the blocks a running
 * computation pins), with only their headers read now.
 */
export async function loadPagedLexicon(
  store: BlobStore,
  cacheBytes: number,
  companions: readonly CompanionFile[],
  verifier: FileVerifier = createFileVerifier(store),
): Promise<LexiconState> {
  const manifest = await readableManifest(store)
  if ('status' in manifest) return manifest
  const files = releaseFiles(manifest)
  const fileNamed = (name: string) => files.find((f) => f.path.endsWith(`/${name}`))
  const pagedCompanions = companions.filter((c) => c.read === 'paged')
  const wholeCompanions = companions.filter((c) => c.read === 'whole')
  const paged = [...PAGED_FILES, ...pagedCompanions.map((c) => c.name)].map(fileNamed)
  const whole = [...WHOLE_WHERE_PAGED, ...wholeCompanions.map((c) => c.name)].map(fileNamed)
  if (!whole.every((f) => f !== undefined) || paged.some((f) => f === undefined)) {
    return {
      status: 'unavailable',
      reason: 'the lexicon manifest does not list the files this service reads',
    }
  }
  // A companion read whole (the gloss frequencies, 1.4 MB) is one every request looks up all over.
  const read = await Promise.all(whole.map((file) => verifier.read(file)))
  for (const bytes of read) {
    if (!(bytes instanceof Uint8Array)) {
      return {
        status: 'unavailable',
        reason: 'a lexicon release file failed its integrity check',
        problems: [bytes],
      }
    }
  }
  const [exceptions, hashes, ...wholeBytesRead] = read as Uint8Array[]
  const layout = blockLayout(
    paged.map((f) => f as ExpectedFile),
    LEXICON_BLOCK_BYTES,
  )
  const cache = createBlockCache(
    createBlockReader(store, hashes as Uint8Array),
    layout,
    cacheBytes,
    LEXICON_UNAVAILABLE,
  )
  const headers = [
    { file: PAGED_FILES.indexOf('tables.bin'), block: 0 },
    ...pagedCompanions.map((_, i) => ({ file: PAGED_FILES.length + i, block: 0 })),
  ]
  await cache.fetch(headers)
  const [strings, tables, ...pagedBytes] = cache.files as PagedBytes[]
  const sections = decodeSections(tables as PagedBytes)
  const wholeCompanionBytes = Object.fromEntries(
    wholeCompanions.map((c, i) => [c.name, wholeBytesRead[i] as Uint8Array]),
  )
  const lexicon: Lexicon = {
    manifest,
    pages: { cache },
    data: {
      strings: strings as PagedBytes,
      tables: tables as PagedBytes,
      sections: sections as CompactSections,
      recent: new Map(),
    },
    exceptions: JSON.parse(decodeUtf8(exceptions as Uint8Array)) as ExceptionTable,
    companions: Object.fromEntries([
      ...pagedCompanions.map((c, i) => [c.name, pagedBytes[i] as PagedBytes] as const),
      ...wholeCompanions.map((c) => [c.name, wholeBytes(wholeCompanionBytes[c.name] as Uint8Array)] as const),
    ]),
    wholeCompanions: wholeCompanionBytes,
  }
  const problem = typeof sections === 'string' ? null : companionProblem(companions, lexicon)
  cache.unpin(headers)
  if (typeof sections === 'string') return { status: 'unavailable', reason: sections }
  if (problem) return { status: 'unavailable', reason: problem }
  cache.warm(sectionBlocks(sections, PAGED_FILES.indexOf('tables.bin')))
  return { status: 'ready', lexicon }
}

/**
 * The sections of `tables.bin` every word lookup goes through, in a chain of three reads before the string
 * (lemma hash slot, lemma row, string offset): 8.1 MB read with the first request that misses, so that later
 * rounds of discovery start from the strings (the first /v1/resolve of an isolate needs a third fewer rounds).
 */
const HOT_SECTIONS = ['lemmaHash', 'lemmas', 'stringOffsets'] as const

/** The blocks of the hot sections of `tables.bin`, file `file` of the cache. */
function sectionBlocks(sections: CompactSections, file: number): BlockRef[] {
  const intsPerBlock = LEXICON_BLOCK_BYTES / 4
  return HOT_SECTIONS.flatMap((name) => {
    const { offset, length } = sections[name]
    const first = Math.floor(offset / intsPerBlock)
    const last = Math.floor((offset + length - 1) / intsPerBlock)
    return Array.from({ length: last - first + 1 }, (_, i) => ({ file, block: first + i }))
  })
}

/**
 * Room for files of these byte lengths in one buffer, each at a 4-byte boundary (so tables are read as
 * Int32 in place): a SharedArrayBuffer where the runtime has one, which Node's worker threads receive
 * without a copy.
 */
function holdBytes(lengths: number[]): Uint8Array[] {
  const starts: number[] = []
  let total = 0
  for (const length of lengths) {
    starts.push(total)
    total += Math.ceil(length / 4) * 4
  }
  const buffer =
    typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(total) : new ArrayBuffer(total)
  return lengths.map((length, i) => new Uint8Array(buffer, starts[i], length))
}

/**
 * A provider that checks the manifest and every file's state on each call: a deleted or altered file turns
 * the routes to 503 until it is restored; a new manifest's release is loaded in its place (once, however
 * many requests wait for it). With `pagedCacheBytes`, the release is read in checked blocks through a cache
 * of that many bytes (Workers) instead of whole.
 */
export function createLexiconProvider(
  store: BlobStore,
  options: { pagedCacheBytes?: number; companions: readonly CompanionFile[] },
): LexiconProvider {
  const reader = createReleaseReader(LEXICON_LAYOUT, store, { missing: NO_MANIFEST })
  const verifier = reader.verifier
  const loads = new Map<string, Promise<LexiconState>>()
  let loaded: Lexicon | null = null
  const changes = createOutcomeChanges()

  function load(release: string): Promise<LexiconState> {
    let running = loads.get(release)
    if (!running) {
      const loading =
        options.pagedCacheBytes === undefined
          ? loadLexicon(store, options.companions, verifier)
          : loadPagedLexicon(store, options.pagedCacheBytes, options.companions, verifier)
      running = loading.then((fresh) => {
        if (fresh.status === 'ready') loaded = fresh.lexicon
        return fresh
      })
      loads.set(release, running)
      void running.finally(() => loads.delete(release))
    }
    return running
  }

  async function check(): Promise<LexiconState> {
    const manifest = await reader.current()
    if (typeof manifest === 'string') return { status: 'unavailable', reason: manifest }
    if (loaded?.manifest.release !== manifest.release) {
      const fresh = await load(manifest.release)
      if (fresh.status !== 'ready' || fresh.lexicon.manifest.release !== manifest.release) return fresh
    }
    const problems = await reader.verify(manifest)
    if (problems.length > 0) {
      return { status: 'unavailable', reason: 'a lexicon release file failed its integrity check', problems }
    }
    return { status: 'ready', lexicon: loaded as Lexicon }
  }

  return {
    async current() {
      const state = await check().catch((err: unknown): LexiconState => ({
        status: 'unavailable',
        reason: `lexicon load failed: ${String(err)}`,
      }))
      changes.note(state.status === 'ready' ? state.lexicon.manifest.release : state.reason)
      return state
    },
    changeToken: () => reader.changeToken(changes),
  }
}

/**
 * Publishes a compiled release: every file first, then the manifest that makes it current, then the
 * releases it supersedes are removed.
 */
export async function publishLexicon(store: BlobStore, compiled: CompiledLexicon): Promise<void> {
  await publishRelease(LEXICON_LAYOUT, store, compiled)
}
