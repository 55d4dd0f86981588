/**
 * An ObservationLog in a Workers isolate, over the log's single writer (the Durable Object of
 * src/consensus/log-object.ts): appends go to the writer, and the isolate keeps a replica of the Merkle tree and the
 * group index, brought up to date with the writer's entries by `sync()` before each use. Proofs and
 * checkpoints come from the same tree code and the same deterministic Ed25519 signer as on Node, so they are
 * byte for byte the ones the writer (or a Node log with the same entries and key) would give.
 */
import type { OpenReport } from './log-store'
import { createMerkleTree, leafHash } from './merkle'
import type { NoteSigner } from './note'
import type { AppendResult, ObservationLog, SignedCheckpoint } from './observation-log'
import { checkpointText } from './checkpoint'

/** The writer as the replica sees it: the wire protocol of ../log-object.ts, behind functions. */
export type LogWriter = {
  append(leaf: Uint8Array): Promise<{ index: number; duplicate: boolean; treeSize: number }>
  /** Entries from `from` on (a page, possibly fewer than all), and the writer's size. */
  entries(from: number, count?: number): Promise<{ leaves: Uint8Array[]; size: number }>
}

export type ReplicaLog = ObservationLog & {
  /** Takes in every entry the writer has committed. */
  sync(): Promise<void>
}

export async function openReplicaLog(options: {
  writer: LogWriter
  signer: NoteSigner
  groupOf: (leaf: Uint8Array) => string | null
}): Promise<ReplicaLog> {
  const { writer, signer, groupOf } = options
  const tree = createMerkleTree()
  const groups = new Map<string, number[]>()
  let syncing: Promise<void> | null = null

  function take(leaf: Uint8Array): void {
    const at = tree.size
    tree.append(leafHash(leaf))
    const group = groupOf(leaf)
    if (group === null) return
    const list = groups.get(group)
    if (list) list.push(at)
    else groups.set(group, [at])
  }

  async function catchUp(): Promise<void> {
    for (;;) {
      const page = await writer.entries(tree.size)
      for (const leaf of page.leaves) take(leaf)
      if (page.leaves.length === 0 || tree.size >= page.size) return
    }
  }

  /** Concurrent requests share one catch-up; a request arriving after it started waits for the next. */
  function sync(): Promise<void> {
    const running = (syncing ?? Promise.resolve()).then(catchUp)
    syncing = running.finally(() => {
      if (syncing === running) syncing = null
    })
    return running
  }

  await sync()
  const opened: OpenReport = { entries: tree.size, discardedBytes: 0 }

  return {
    origin: signer.name,
    signer,
    opened,
    sync,
    size: () => tree.size,
    async append(leaf): Promise<AppendResult> {
      const appended = await writer.append(leaf)
      if (tree.size < appended.treeSize) await sync()
      return { ...appended, leafHash: leafHash(leaf) }
    },
    async read(index) {
      const page = await writer.entries(index, 1)
      const leaf = page.leaves[0]
      if (!leaf) throw new RangeError(`no log entry ${index}`)
      return leaf
    },
    leafHashAt: (at) => tree.leafHashAt(at),
    root: (treeSize) => tree.root(treeSize),
    inclusionProof: (at, treeSize) => tree.inclusionProof(at, treeSize),
    consistencyProof: (from, to) => tree.consistencyProof(from, to),
    async checkpoint(treeSize = tree.size): Promise<SignedCheckpoint> {
      const rootHash = tree.root(treeSize)
      const note = await signer.sign(checkpointText({ origin: signer.name, treeSize, rootHash }))
      return { note, origin: signer.name, treeSize, rootHash }
    },
    indicesOf: (group) => groups.get(group) ?? [],
    async close() {},
  }
}
