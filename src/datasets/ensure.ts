/**
 * Keeps a dataset's published release in step with what its content pipeline produces, for start-up and
 * `npm run build:releases`: builds the input, and publishes it unless that exact version is already current
 * and intact with the same files. A version the operator withdrew (revoked manifest, or removed pointer) is never put back.
 */
import { canonicalJson } from '../storage/canonical-json'
import { buildDatasetRelease } from './build'
import type { DatasetReleaseInput } from './release-input'
import { createDatasetReleases } from './releases'
import {
  manifestPath,
  publishRelease,
  readPointer,
  storeFor,
  withdrawnOnDisk,
  type DatasetStores,
} from './storage'

export type EnsureOutcome = 'published' | 'current' | 'withdrawn'

export async function ensureDatasetRelease(
  stores: DatasetStores,
  input: DatasetReleaseInput,
): Promise<{ version: string; outcome: EnsureOutcome }> {
  const release = await buildDatasetRelease(input)
  const { version } = release
  const store = storeFor(stores, input.dataset)
  // Read without its schema, so that a manifest of an older format still withdraws its release.
  const existing = (await store.stat(manifestPath(input.dataset, version))) !== null
  const revoked = existing && (await withdrawnOnDisk(store, manifestPath(input.dataset, version)))
  const pointer = await readPointer(store, input.dataset).catch(() => null)
  if (revoked || (existing && pointer === null)) return { version, outcome: 'withdrawn' }
  if (pointer === version) {
    const state = await createDatasetReleases(stores).current(input.dataset)
    // Same version, same files: a builder that adds a file (the Parquet form) republishes the release.
    const same =
      state.status === 'ready' && canonicalJson(state.release.manifest) === canonicalJson(release.manifest)
    if (same) return { version, outcome: 'current' }
  }
  await publishRelease(stores, release)
  return { version, outcome: 'published' }
}
