/**
 * Where dataset releases live in storage, and publishing and withdrawing them. Public datasets go to the
 * public store, private ones to the private store. Per dataset:
 *   datasets/{dataset}/releases/{version}/{file}   the release files
 *   datasets/{dataset}/releases/{version}/manifest.json
 *   datasets/{dataset}/current.json                 the current pointer: {"dataset", "version"}
 * Publishing writes every file, then the manifest, then the pointer, so the pointer never names a release
 * whose files are not all in place; a failure at any step leaves the previous release current. Each
 * dataset's layout is a `ReleaseLayout` of the release engine (src/storage/releases.ts), which publishes.
 */
import type { BlobStore } from '../storage/blob-store'
import { jsonOrUndefined } from '../storage/json-or-undefined'
import { publishRelease as publishInto, type ReleaseLayout, type ReleaseTarget } from '../storage/releases'
import { PRIVATE_RELEASE_STATUS, serializeManifest, type BuiltRelease } from './build'
import { DATASET_VISIBILITY, type DatasetName } from './release-input'
import {
  DatasetManifestSchema,
  MANIFEST_FORMAT,
  VERSION_PATTERN,
  type DatasetFile,
  type DatasetManifest,
} from './schemas'

export type DatasetStores = { public: BlobStore; private: BlobStore }

export function storeFor(stores: DatasetStores, dataset: DatasetName): BlobStore {
  return DATASET_VISIBILITY[dataset] === 'private' ? stores.private : stores.public
}

export function pointerPath(dataset: DatasetName): string {
  return `datasets/${dataset}/current.json`
}

export function releasePrefix(dataset: DatasetName): string {
  return `datasets/${dataset}/releases`
}

export function releaseFilePath(dataset: DatasetName, version: string, file: string): string {
  return `${releasePrefix(dataset)}/${version}/${file}`
}

export function manifestPath(dataset: DatasetName, version: string): string {
  return releaseFilePath(dataset, version, MANIFEST_FILE)
}

const MANIFEST_FILE = 'manifest.json'

/**
 * Where a dataset's releases live, for the release engine: the pointer names the version whose folder holds
 * the manifest; superseded releases are kept (a withdrawn one stays for the operator to purge).
 */
export function datasetLayout(dataset: DatasetName): ReleaseLayout<DatasetManifest, DatasetFile> {
  return {
    name: dataset,
    pointerPath: pointerPath(dataset),
    releasesPrefix: `${releasePrefix(dataset)}/`,
    id: (manifest) => manifest.version,
    files: (manifest) => manifest.files,
    parseManifest: (bytes, version) => parseManifest(bytes, dataset, version ?? ''),
    serializeManifest,
    separateManifest: {
      file: MANIFEST_FILE,
      parsePointer: (bytes) => parsePointer(bytes, dataset),
      serializePointer: ({ version }) => JSON.stringify({ dataset, version }) + '\n',
    },
    prune: false,
    unpublishable(manifest) {
      if (manifest.revoked) return 'this release is marked revoked; build a new one'
      if (DATASET_VISIBILITY[dataset] === 'private' && manifest.status !== PRIVATE_RELEASE_STATUS) {
        return `a private release must have status "${PRIVATE_RELEASE_STATUS}" (it has "${manifest.status}")`
      }
      return null
    },
  }
}

/** The version the current pointer names, or null when there is no pointer. */
export async function readPointer(store: BlobStore, dataset: DatasetName): Promise<string | null> {
  const bytes = await store.read(pointerPath(dataset))
  return bytes ? parsePointer(bytes, dataset) : null
}

export function parsePointer(bytes: Uint8Array, dataset: DatasetName): string {
  const parsed = jsonOrUndefined(bytes) as { dataset?: unknown; version?: unknown } | undefined
  if (parsed?.dataset !== dataset || typeof parsed.version !== 'string') {
    throw new Error(`${pointerPath(dataset)} is not a valid pointer`)
  }
  if (!VERSION_PATTERN.test(parsed.version))
    throw new Error(`${pointerPath(dataset)} names an invalid version`)
  return parsed.version
}

export function parseManifest(bytes: Uint8Array, dataset: DatasetName, version: string): DatasetManifest {
  const json = jsonOrUndefined(bytes)
  const format = (json as { format?: unknown } | undefined)?.format
  if (typeof format === 'string' && format !== MANIFEST_FORMAT) {
    throw new Error(
      `the release is of format ${format}, without the block hashes of ${MANIFEST_FORMAT}; rebuild it`,
    )
  }
  const parsed = DatasetManifestSchema.safeParse(json)
  if (!parsed.success) throw new Error('the release manifest does not match its schema')
  if (parsed.data.dataset !== dataset || parsed.data.version !== version) {
    throw new Error('the release manifest names another dataset or version than the pointer')
  }
  return parsed.data
}

/** Whether the manifest at `path` says `revoked: true`, read without its schema (an older format). */
export async function withdrawnOnDisk(store: BlobStore, path: string): Promise<boolean> {
  const bytes = await store.read(path)
  const raw = bytes ? (jsonOrUndefined(bytes) as { revoked?: unknown } | undefined) : undefined
  return raw?.revoked === true
}

export async function readManifest(
  store: BlobStore,
  dataset: DatasetName,
  version: string,
): Promise<DatasetManifest | null> {
  const bytes = await store.read(manifestPath(dataset, version))
  return bytes ? parseManifest(bytes, dataset, version) : null
}

/** Files, then manifest, then pointer. Returns the version now current. */
export async function publishRelease(stores: DatasetStores, release: BuiltRelease): Promise<string> {
  return writeRelease(storeFor(stores, release.manifest.dataset), release)
}

/** As publishRelease, into one store given directly (a remote bucket needs only `write`). */
export function writeRelease(store: ReleaseTarget, release: BuiltRelease): Promise<string> {
  return publishInto(datasetLayout(release.manifest.dataset), store, release)
}

/**
 * Withdraws the current release by setting `revoked: true` in its manifest. With `expectedVersion`, only
 * that release is withdrawn (a guard against withdrawing a release published in the meantime).
 */
export async function revokeCurrentRelease(
  stores: DatasetStores,
  dataset: DatasetName,
  expectedVersion?: string,
): Promise<DatasetManifest> {
  const store = storeFor(stores, dataset)
  const version = await readPointer(store, dataset)
  if (!version) throw new Error(`${dataset} has no current release`)
  if (expectedVersion && expectedVersion !== version) {
    throw new Error(`the current release of ${dataset} is ${version}, not ${expectedVersion}`)
  }
  const manifest = await readManifest(store, dataset, version)
  if (!manifest) throw new Error(`the manifest of ${dataset} ${version} is missing`)
  const revoked = { ...manifest, revoked: true }
  await store.write(manifestPath(dataset, version), serializeManifest(revoked))
  return revoked
}

/** Withdraws by removing the current pointer; the release files stay for the operator to purge. */
export async function removePointer(stores: DatasetStores, dataset: DatasetName): Promise<void> {
  await storeFor(stores, dataset).remove(pointerPath(dataset))
}
