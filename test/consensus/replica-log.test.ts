/**
 * The isolate-side replica of the observation log (src/consensus/log/replica-log.ts) over a writer: appends
 * through one replica are seen by another after `sync`, and every proof and checkpoint is byte for byte the
 * writer's own.
 */
import assert from 'node:assert/strict'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { entryGroup } from '../../src/consensus/entry'
import { createNoteSigner } from '../../src/consensus/log/note'
import type { ObservationLog } from '../../src/consensus/log/observation-log'
import { openReplicaLog, type LogWriter } from '../../src/consensus/log/replica-log'
import { openTestLog } from './fixture'

/** The writer's side as the Durable Object answers it, in process, with pages of at most `page` entries. */
function writerOver(log: ObservationLog, page: number): LogWriter {
  return {
    async append(leaf) {
      const appended = await log.append(leaf)
      return { index: appended.index, duplicate: appended.duplicate, treeSize: appended.treeSize }
    },
    async entries(from, count = page) {
      const leaves: Uint8Array[] = []
      for (let at = from; at < Math.min(log.size(), from + Math.min(count, page)); at++)
        leaves.push(await log.read(at))
      return { leaves, size: log.size() }
    },
  }
}

const leaf = (i: number) =>
  new TextEncoder().encode(JSON.stringify({ v: 1, lemma: i % 2 ? 'bank' : 'dog', n: i }) + '\n')

describe('the replica of the observation log', () => {
  it('follows appends made through another replica, with the writer’s proofs and checkpoints', async () => {
    const signer = await createNoteSigner('test.example/replica', new Uint8Array(32).fill(3))
    const writer = await openTestLog(await mkdtemp(join(tmpdir(), 'replica-')), signer)
    for (let i = 0; i < 5; i++) await writer.append(leaf(i))
    const groupOf = entryGroup
    const a = await openReplicaLog({ writer: writerOver(writer, 2), signer, groupOf })
    const b = await openReplicaLog({ writer: writerOver(writer, 3), signer, groupOf })
    assert.equal(a.size(), 5)

    const appended = await a.append(leaf(5))
    assert.deepEqual({ index: appended.index, duplicate: appended.duplicate }, { index: 5, duplicate: false })
    assert.deepEqual(appended.leafHash, writer.leafHashAt(5))
    assert.equal((await a.append(leaf(2))).duplicate, true)
    assert.equal(b.size(), 5)
    await b.sync()
    assert.equal(b.size(), 6)

    for (const replica of [a, b]) {
      for (let size = 1; size <= 6; size++) {
        assert.deepEqual(replica.root(size), writer.root(size))
        assert.equal((await replica.checkpoint(size)).note, (await writer.checkpoint(size)).note)
        for (let at = 0; at < size; at++)
          assert.deepEqual(replica.inclusionProof(at, size), writer.inclusionProof(at, size))
        assert.deepEqual(replica.consistencyProof(size, 6), writer.consistencyProof(size, 6))
      }
      assert.deepEqual(await replica.read(3), await writer.read(3))
      assert.deepEqual(replica.indicesOf('bank'), writer.indicesOf('bank'))
    }
  })
})
