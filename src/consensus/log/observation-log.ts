/**
 * The verifiable, append-only log: a LogStore for durability, the Merkle tree over its leaves, signed
 * checkpoints, and two indexes rebuilt on open (leaf hash → index for deduplication, over the hashes the
 * tree holds; group → indices for consensus reads).
 *
 * Appends are serialised through one queue and committed in batches (group commit): every append waiting
 * while a batch is written goes into the next batch, which is written and flushed once. A leaf that is
 * already in the log, or already waiting, is answered with that entry instead of being appended again.
 *
 * Checkpoints are signed on demand for any size up to the current one. Ed25519 signatures are
 * deterministic, so the checkpoint of a given size is the same text every time it is asked for.
 */
import { checkpointText } from './checkpoint'
import type { LogStore, OpenReport } from './log-store'
import { createLeafIndex } from './leaf-index'
import { createMerkleTree, leafHash } from './merkle'
import type { NoteSigner } from './note'

export type SignedCheckpoint = {
  /** The signed note: checkpoint text, blank line, signature line. */
  note: string
  origin: string
  treeSize: number
  rootHash: Uint8Array
}

export type AppendResult = { index: number; leafHash: Uint8Array; duplicate: boolean; treeSize: number }

export type ObservationLog = {
  readonly origin: string
  readonly signer: Pick<NoteSigner, 'name' | 'keyId' | 'publicKey' | 'verifierKey'>
  readonly opened: OpenReport
  size(): number
  append(leaf: Uint8Array): Promise<AppendResult>
  read(index: number): Promise<Uint8Array>
  leafHashAt(index: number): Uint8Array
  root(treeSize?: number): Uint8Array
  inclusionProof(index: number, treeSize: number): Uint8Array[]
  consistencyProof(from: number, to: number): Uint8Array[]
  checkpoint(treeSize?: number): Promise<SignedCheckpoint>
  /** Indices of the entries in `group`, ascending. */
  indicesOf(group: string): readonly number[]
  close(): Promise<void>
}

export type LogOptions = {
  store: LogStore
  signer: NoteSigner
  /** The index group of a leaf (for observations: the lemma of its meaning), or null. */
  groupOf: (leaf: Uint8Array) => string | null
  /** At most this many entries are written in one batch. */
  maxBatch?: number
}

type Waiting = {
  leaf: Uint8Array
  hash: Uint8Array
  key: string
  resolve: (result: AppendResult) => void
  reject: (err: unknown) => void
}

/** windows-1252 decoding maps each of the 256 byte values to its own character: a cheap, exact map key. */
const bytesAsText = new TextDecoder('latin1')
const hashKey = (hash: Uint8Array): string => bytesAsText.decode(hash)

const CHECKPOINT_CACHE = 16

export async function openObservationLog(options: LogOptions): Promise<ObservationLog> {
  const { store, signer, groupOf } = options
  const maxBatch = options.maxBatch ?? 1024
  const tree = createMerkleTree()
  const byHash = createLeafIndex((at) => tree.leafHashAt(at))
  const groups = new Map<string, number[]>()

  function index(leaf: Uint8Array, hash: Uint8Array, at: number): void {
    tree.append(hash)
    byHash.add(hash, at)
    const group = groupOf(leaf)
    if (group === null) return
    const list = groups.get(group)
    if (list) list.push(at)
    else groups.set(group, [at])
  }

  const opened = await store.open((entry, at) => index(entry.leaf, entry.leafHash, at))

  const queue: Waiting[] = []
  const waiting = new Map<string, Promise<AppendResult>>()
  let draining: Promise<void> | null = null

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch)
      try {
        await store.append(batch.map((w) => ({ leaf: w.leaf, leafHash: w.hash })))
        const first = tree.size
        batch.forEach((w, i) => index(w.leaf, w.hash, first + i))
        const treeSize = tree.size
        batch.forEach((w, i) => w.resolve({ index: first + i, leafHash: w.hash, duplicate: false, treeSize }))
      } catch (err) {
        for (const w of batch) w.reject(err)
      } finally {
        for (const w of batch) waiting.delete(w.key)
      }
    }
    // Cleared in the same synchronous step as the last empty-queue check, so no append is left waiting.
    draining = null
  }

  const signed = new Map<number, Promise<SignedCheckpoint>>()

  return {
    origin: signer.name,
    signer,
    opened,
    size: () => tree.size,
    append(leaf) {
      const hash = leafHash(leaf)
      const key = hashKey(hash)
      const existing = byHash.get(hash)
      if (existing !== undefined) {
        return Promise.resolve({ index: existing, leafHash: hash, duplicate: true, treeSize: tree.size })
      }
      const pending = waiting.get(key)
      if (pending) return pending.then((result) => ({ ...result, duplicate: true }))
      const promise = new Promise<AppendResult>((resolve, reject) => {
        queue.push({ leaf, hash, key, resolve, reject })
      })
      waiting.set(key, promise)
      draining ??= drain()
      return promise
    },
    read: (at) => store.read(at),
    leafHashAt: (at) => tree.leafHashAt(at),
    root: (treeSize) => tree.root(treeSize),
    inclusionProof: (at, treeSize) => tree.inclusionProof(at, treeSize),
    consistencyProof: (from, to) => tree.consistencyProof(from, to),
    checkpoint(treeSize = tree.size) {
      let cached = signed.get(treeSize)
      if (!cached) {
        const rootHash = tree.root(treeSize)
        cached = signer
          .sign(checkpointText({ origin: signer.name, treeSize, rootHash }))
          .then((note) => ({ note, origin: signer.name, treeSize, rootHash }))
        signed.set(treeSize, cached)
        if (signed.size > CHECKPOINT_CACHE) signed.delete(signed.keys().next().value as number)
      }
      return cached
    },
    indicesOf: (group) => groups.get(group) ?? [],
    async close() {
      await draining
      await store.close()
    },
  }
}
