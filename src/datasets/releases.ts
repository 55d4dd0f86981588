/**
 * The current release of each dataset as the routes see it, rechecked on every call: the pointer, the
 * manifest (withdrawn? reviewed?) and every file's length and hash against the manifest. Hashing happens
 * once per file state (the store's stat token), so a call costs a few stats unless a file changed. A ready
 * release reads pages, records and the download through its indexes, never the whole release.
 */
import type { BlobStore } from '../storage/blob-store'
import { createFileVerifier, type FileProblem, type FileVerifier } from '../storage/verified-files'
import { PRIVATE_RELEASE_STATUS, RECORDS_FILE } from './build'
import { bucketTableRange, decodeOffsets, findInBucket, offsetsRange } from './release-index'
import { DATASET_VISIBILITY, type DatasetName } from './release-input'
import type { DatasetFile, DatasetManifest } from './schemas'
import {
  manifestPath,
  parseManifest,
  parsePointer,
  pointerPath,
  releaseFilePath,
  releasePrefix,
  storeFor,
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
  /** Bytes [start, end) of records.jsonl as a stream. */
  stream(range: { start: number; end: number }): Promise<ReadableStream<Uint8Array>>
}

export type ReleaseState = { status: 'ready'; release: ServedRelease } | Unavailable

export interface DatasetReleases {
  current(dataset: DatasetName): Promise<ReleaseState>
}

/** A release file changed after it was verified (read short or vanished): the answer would be wrong. */
export class IntegrityError extends Error {
  constructor(readonly path: string) {
    super(`${path} changed while it was being read`)
    this.name = 'IntegrityError'
  }
}

const WITHDRAWN =
  'Copies already downloaded are not the service’s to erase; whoever holds one remains bound by its source terms.'

export function createDatasetReleases(stores: DatasetStores): DatasetReleases {
  const verifiers = new Map<BlobStore, FileVerifier>()
  const parsed = new Map<string, { state: string; value: unknown }>()
  const inFlight = new Map<DatasetName, Promise<ReleaseState>>()

  function verifierFor(store: BlobStore): FileVerifier {
    let verifier = verifiers.get(store)
    if (!verifier) verifiers.set(store, (verifier = createFileVerifier(store)))
    return verifier
  }

  /** A small JSON file (pointer, manifest), parsed again only when its state changes; null when missing. */
  async function readParsed<T>(
    store: BlobStore,
    path: string,
    parse: (bytes: Uint8Array) => T,
  ): Promise<T | null> {
    const stat = await store.stat(path)
    if (!stat) return null
    const cached = parsed.get(path)
    if (cached?.state === stat.state) return cached.value as T
    const bytes = await store.read(path)
    if (!bytes) return null
    const value = parse(bytes)
    parsed.set(path, { state: stat.state, value })
    return value
  }

  async function check(dataset: DatasetName): Promise<ReleaseState> {
    const store = storeFor(stores, dataset)
    const version = await readParsed(store, pointerPath(dataset), (bytes) => parsePointer(bytes, dataset))
    if (!version) {
      const everPublished = (await store.list(releasePrefix(dataset))).length > 0
      return everPublished
        ? unavailable('release_withdrawn', `The release of ${dataset} has been withdrawn. ${WITHDRAWN}`)
        : unavailable('dataset_unavailable', `No release of ${dataset} has been published yet.`)
    }
    const manifest = await readParsed(store, manifestPath(dataset, version), (bytes) =>
      parseManifest(bytes, dataset, version),
    )
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
    const files = manifest.files.map((f) => ({ ...f, path: releaseFilePath(dataset, version, f.path) }))
    // One file at a time would make every request wait for each stat in turn.
    const verifier = verifierFor(store)
    const problems = (await Promise.all(files.map((file) => verifier.verify([file])))).flat()
    if (problems.length > 0) {
      return {
        ...unavailable(
          'integrity_failure',
          `A file of the current ${dataset} release failed its integrity check.`,
        ),
        problems: problems.map((p) => ({ ...p, path: p.path.slice(p.path.lastIndexOf('/') + 1) })),
      }
    }
    return { status: 'ready', release: servedRelease(store, manifest) }
  }

  return {
    current(dataset) {
      const running = inFlight.get(dataset)
      if (running) return running
      const next = check(dataset)
        .catch((err: unknown) =>
          unavailable('storage_error', `The ${dataset} release could not be read: ${describe(err)}.`),
        )
        .finally(() => inFlight.delete(dataset))
      inFlight.set(dataset, next)
      return next
    },
  }
}

function unavailable(code: UnavailableCode, reason: string): Unavailable {
  return { status: 'unavailable', code, reason }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

function servedRelease(store: BlobStore, manifest: DatasetManifest): ServedRelease {
  const { dataset, version } = manifest
  const pathOf = (file: string) => releaseFilePath(dataset, version, file)
  const recordsPath = pathOf(RECORDS_FILE)
  const offsetsPath = pathOf(manifest.indexes.lineOffsets.file)
  const idIndexPath = pathOf(manifest.indexes.idIndex.file)
  const recordsFile = manifest.files.find((f) => f.role === 'records') as DatasetFile

  async function exactly(path: string, start: number, end: number): Promise<Uint8Array> {
    const bytes = await store.readRange(path, start, end)
    if (!bytes || bytes.byteLength !== end - start) throw new IntegrityError(path)
    return bytes
  }

  async function lineBounds(start: number, end: number): Promise<number[]> {
    const range = offsetsRange(start, end)
    return decodeOffsets(await exactly(offsetsPath, range.start, range.end))
  }

  return {
    manifest,
    recordsFile,
    async lines(start, end) {
      if (end <= start) return new Uint8Array(0)
      const bounds = await lineBounds(start, end)
      return exactly(recordsPath, bounds[0] as number, bounds[bounds.length - 1] as number)
    },
    async record(id) {
      const table = bucketTableRange(id, manifest.indexes.idIndex.buckets)
      const [from, to] = decodeOffsets(await exactly(idIndexPath, table.start, table.end)) as [number, number]
      const ordinal = findInBucket(await exactly(idIndexPath, from, to), id)
      if (ordinal === null || ordinal >= manifest.recordCount) return null
      const [lineStart, lineEnd] = (await lineBounds(ordinal, ordinal + 1)) as [number, number]
      return exactly(recordsPath, lineStart, lineEnd - 1)
    },
    async stream(range) {
      const body = await store.stream(recordsPath, range)
      if (!body) throw new IntegrityError(recordsPath)
      return body
    },
  }
}
