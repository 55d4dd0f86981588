/**
 * The current release of each dataset as the routes see it, checked again on every call: the pointer, the
 * manifest (withdrawn? reviewed?) and every file's length and hash against the manifest. Each is a `stat`
 * (a few microseconds); a file is hashed whole only when its state changes, and the pointer and manifest
 * are parsed only when theirs does. A ready release reads pages, records and the download through its
 * indexes and checks every block it reads against the release's block hashes, so what leaves is what the
 * manifest vouches for even if a file changes after the check.
 */
import type { BlobStore } from '../storage/blob-store'
import {
  blockLayout,
  createBlockReader,
  type BlockDigest,
  type BlockedFile,
  type BlockReader,
} from '../storage/block-hashes'
import { createOutcomeChanges } from '../storage/outcome-changes'
import { createParsedFiles } from '../storage/parsed-files'
import { createFileVerifier, type FileProblem, type FileVerifier } from '../storage/verified-files'
import { createReleaseReader, releaseFiles, type ReleaseReader } from '../storage/releases'
import { PRIVATE_RELEASE_STATUS, RECORDS_FILE } from './build'
import { bucketTableRange, decodeOffsets, findInBucket, offsetsRange } from './release-index'
import { DATASET_NAMES, DATASET_VISIBILITY, type DatasetName } from './release-input'
import type { DatasetFile, DatasetManifest } from './schemas'
import {
  datasetLayout,
  manifestPath,
  parseManifest,
  parsePointer,
  pointerPath,
  releaseFilePath,
  releasePrefix,
  storeFor,
  withdrawnOnDisk,
  type DatasetStores,
} from './storage'

export type UnavailableCode =
  'dataset_unavailable' | 'release_withdrawn' | 'release_not_servable' | 'integrity_failure' | 'storage_error'

export type Unavailable = {
  status: 'unavailable'
  code: UnavailableCode
  reason: string
  problems?: FileProblem[]
}

export type ServedRelease = {
  manifest: DatasetManifest
  recordsFile: DatasetFile
  /** The JSONL lines of records [start, end), as stored. */
  lines(start: number, end: number): Promise<Uint8Array>
  /** The JSONL line of one record (without its newline), or null when no record has this id. */
  record(id: string): Promise<Uint8Array | null>
  /** A file a client downloads whole (the JSONL, or its Parquet form), or null when the release has none. */
  downloadable(role: DownloadRole): DatasetFile | null
  /** Bytes [start, end) of the release file named `file` (an index, the statistics), checked. */
  read(file: string, start: number, end: number): Promise<Uint8Array>
  /**
   * Bytes [start, end) of records.jsonl (or of the file of `role`) as a stream that errors at the first
   * block that fails its hash.
   */
  stream(range: { start: number; end: number }, role?: DownloadRole): Promise<ReadableStream<Uint8Array>>
}

export type DownloadRole = 'records' | 'parquet'

export type ReleaseState = { status: 'ready'; release: ServedRelease } | Unavailable

export interface DatasetReleases {
  current(dataset: DatasetName): Promise<ReleaseState>
  /**
   * A token that changes whenever what a dataset route answers may have changed: the states of the pointer
   * and current manifest of `dataset` (of every dataset when not given: the catalogue shows them all), and a
   * count of changes the checks have seen (a file found damaged). A stat or two each; the Node answer cache
   * asks it on every request it could answer.
   */
  changeToken(dataset?: string): Promise<string>
}

const WITHDRAWN =
  'Copies already downloaded are not the service’s to erase; whoever holds one remains bound by its source terms.'

export function createDatasetReleases(
  stores: DatasetStores,
  options: { blockDigest?: BlockDigest } = {},
): DatasetReleases {
  const verifiers = new Map<BlobStore, FileVerifier>()
  const readParsed = createParsedFiles()
  const served = new Map<string, { key: string; release: ServedRelease }>()
  const changes = createOutcomeChanges()

  function verifierFor(store: BlobStore): FileVerifier {
    let verifier = verifiers.get(store)
    if (!verifier) verifiers.set(store, (verifier = createFileVerifier(store)))
    return verifier
  }

  const pointerOf = (store: BlobStore, dataset: DatasetName) =>
    readParsed(store, pointerPath(dataset), (bytes) => parsePointer(bytes, dataset))
  // Each dataset's release through the engine, sharing the parsed pointers and manifests and the verifiers.
  const readers = new Map<DatasetName, ReleaseReader<DatasetManifest>>(
    DATASET_NAMES.map((dataset) => {
      const store = storeFor(stores, dataset)
      const options = { missing: '', readParsed, verifier: verifierFor(store) }
      return [dataset, createReleaseReader(datasetLayout(dataset), store, options)]
    }),
  )

  async function check(dataset: DatasetName): Promise<ReleaseState> {
    const store = storeFor(stores, dataset)
    const version = (await pointerOf(store, dataset))?.value
    if (!version) {
      const everPublished = (await store.list(releasePrefix(dataset))).length > 0
      return everPublished
        ? unavailable('release_withdrawn', `The release of ${dataset} has been withdrawn. ${WITHDRAWN}`)
        : unavailable('dataset_unavailable', `No release of ${dataset} has been published yet.`)
    }
    const path = manifestPath(dataset, version)
    let manifest: DatasetManifest | undefined
    try {
      manifest = (await readParsed(store, path, (bytes) => parseManifest(bytes, dataset, version)))?.value
    } catch (err) {
      // A manifest of an older format is still honoured when it withdraws its release.
      if (await withdrawnOnDisk(store, path)) {
        return unavailable(
          'release_withdrawn',
          `Release ${version} of ${dataset} has been withdrawn. ${WITHDRAWN}`,
        )
      }
      throw err
    }
    if (!manifest) {
      return unavailable('integrity_failure', `The manifest of the current ${dataset} release is missing.`)
    }
    if (manifest.revoked) {
      return unavailable(
        'release_withdrawn',
        `Release ${version} of ${dataset} has been withdrawn. ${WITHDRAWN}`,
      )
    }
    if (DATASET_VISIBILITY[dataset] === 'private' && manifest.status !== PRIVATE_RELEASE_STATUS) {
      return unavailable(
        'release_not_servable',
        `The current ${dataset} release is "${manifest.status}", and only reviewed private releases are served.`,
      )
    }
    const files = releaseFiles(datasetLayout(dataset), manifest)
    // One file at a time would make every request wait for each stat in turn.
    const verifier = verifierFor(store)
    const problems = (await Promise.all(files.map((file) => verifier.verify([file])))).flat()
    if (problems.length > 0) return damaged(dataset, problems)
    const sidecarFile = files.find((f) => f.role === 'block-hashes') as DatasetFile
    const sidecarState = (await store.stat(sidecarFile.path))?.state
    const key = `${version}:${sidecarState}`
    const kept = served.get(dataset)
    if (kept?.key === key) return { status: 'ready', release: kept.release }
    const sidecar = await verifier.read(sidecarFile)
    if (!(sidecar instanceof Uint8Array)) return damaged(dataset, [sidecar])
    const release = servedRelease(manifest, createBlockReader(store, sidecar, options.blockDigest))
    served.set(dataset, { key, release })
    return { status: 'ready', release }
  }

  return {
    async current(dataset) {
      const state = await check(dataset).catch((err: unknown) =>
        unavailable('storage_error', `The ${dataset} release could not be read: ${describe(err)}.`),
      )
      changes.note(state.status === 'ready' ? state.release.manifest.version : state.code, dataset)
      return state
    },
    async changeToken(only) {
      let token = String(changes.count())
      for (const dataset of DATASET_NAMES) {
        if (only !== undefined && dataset !== only) continue
        token += await (readers.get(dataset) as ReleaseReader<DatasetManifest>).stateToken()
      }
      return token
    },
  }
}

function unavailable(code: UnavailableCode, reason: string): Unavailable {
  return { status: 'unavailable', code, reason }
}

function damaged(dataset: DatasetName, problems: FileProblem[]): Unavailable {
  return {
    ...unavailable(
      'integrity_failure',
      `A file of the current ${dataset} release failed its integrity check.`,
    ),
    problems: problems.map((p) => ({ ...p, path: p.path.slice(p.path.lastIndexOf('/') + 1) })),
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

/** The index files every page and record lookup reads: their checked blocks stay in memory. */
const KEPT_ROLES = new Set<DatasetFile['role']>(['line-offsets', 'id-index'])

function servedRelease(manifest: DatasetManifest, blocks: BlockReader): ServedRelease {
  const { dataset, version } = manifest
  const served = manifest.files.filter((f) => f.role !== 'block-hashes')
  const layout = blockLayout(
    served.map((f) => ({ path: releaseFilePath(dataset, version, f.path), bytes: f.bytes })),
  ).map((file, i) => ({ ...file, keep: KEPT_ROLES.has(served[i]?.role ?? 'records') }))
  const fileFor = (name: string) => layout[served.findIndex((f) => f.path === name)] as BlockedFile
  const records = fileFor(RECORDS_FILE)
  const offsets = fileFor(manifest.indexes.lineOffsets.file)
  const idIndex = fileFor(manifest.indexes.idIndex.file)
  const recordsFile = manifest.files.find((f) => f.role === 'records') as DatasetFile
  const downloadable = (role: DownloadRole) => manifest.files.find((f) => f.role === role) ?? null

  async function lineBounds(start: number, end: number): Promise<number[]> {
    const range = offsetsRange(start, end)
    return decodeOffsets(await blocks.read(offsets, range.start, range.end))
  }

  return {
    manifest,
    recordsFile,
    async lines(start, end) {
      if (end <= start) return new Uint8Array(0)
      const bounds = await lineBounds(start, end)
      return blocks.read(records, bounds[0] as number, bounds[bounds.length - 1] as number)
    },
    async record(id) {
      const table = bucketTableRange(id, manifest.indexes.idIndex.buckets)
      const [from, to] = decodeOffsets(await blocks.read(idIndex, table.start, table.end)) as [number, number]
      const ordinal = findInBucket(await blocks.read(idIndex, from, to), id)
      if (ordinal === null || ordinal >= manifest.recordCount) return null
      const [lineStart, lineEnd] = (await lineBounds(ordinal, ordinal + 1)) as [number, number]
      return blocks.read(records, lineStart, lineEnd - 1)
    },
    downloadable,
    read(file, start, end) {
      return blocks.read(fileFor(file), start, end)
    },
    stream(range, role = 'records') {
      const file = fileFor((downloadable(role) as DatasetFile).path)
      return blocks.stream(file, range.start, range.end)
    },
  }
}
