/**
 * Everything the dataset routes depend on, assembled from storage: the current releases (public and private
 * roots), the key store, and the cursor codec whose secret comes from configuration or the private store.
 */
import type { KeyStore } from '../auth/keys'
import { createCursorCodec, loadOrCreateCursorSecret, type CursorCodec } from './cursor'
import type { BlockDigest } from '../storage/block-hashes'
import { createDatasetReleases, type DatasetReleases } from './releases'
import type { DatasetStores } from './storage'

export type DatasetService = {
  releases: DatasetReleases
  keys: KeyStore
  cursors: CursorCodec
}

export function createDatasetService(options: {
  stores: DatasetStores
  keys: KeyStore
  /** The cursor HMAC secret; without it one is kept in the private store. */
  cursorSecret?: string
  /** How release blocks are hashed; unset, Web Crypto. */
  blockDigest?: BlockDigest
}): DatasetService {
  return {
    releases: createDatasetReleases(options.stores, { blockDigest: options.blockDigest }),
    keys: options.keys,
    cursors: createCursorCodec(() => loadOrCreateCursorSecret(options.stores.private, options.cursorSecret)),
  }
}
