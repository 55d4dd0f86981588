/**
 * The key file's index kept up to date record by record (src/auth/key-file-update.ts) is the index a whole
 * reading gives, after every create and revoke the `keys` commands write, and nothing is taken from it for
 * a file of another shape, an unusable record or digests out of order.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { allRecords, readKeyFile, withRecord, type KeyFileIndex } from '../../src/auth/key-file'
import { readLaidOut, updatedIndex, type LaidOutIndex } from '../../src/auth/key-file-update'
import { secretDigest, type KeyRecord } from '../../src/auth/keys'

const record = (digest: string, extra: Partial<KeyRecord> = {}): KeyRecord => ({
  digest,
  active: true,
  expiresAt: 1_900_000_000_000,
  datasets: ['dictionary'],
  label: 'clé',
  ...extra,
})

function wholeIndex(text: string): KeyFileIndex {
  const reading = readKeyFile(Buffer.from(text))
  assert.ok('index' in reading)
  return reading.index
}

function sameIndex(kept: LaidOutIndex | null, text: string): void {
  assert.ok(kept)
  const whole = wholeIndex(text)
  assert.deepEqual(Buffer.from(kept.index.digests), Buffer.from(whole.digests))
  assert.deepEqual(Buffer.from(kept.index.records), Buffer.from(whole.records))
  assert.deepEqual([...kept.index.offsets], [...whole.offsets])
  assert.deepEqual(allRecords(kept.index), allRecords(whole))
}

describe('the key index kept up to date', () => {
  it('equals a whole reading after every create and revoke, wherever the record falls', async () => {
    const digests = await Promise.all(Array.from({ length: 60 }, (_, i) => secretDigest(`key-${i}`)))
    let text = ''
    for (const digest of digests.slice(0, 20)) text = withRecord(text, record(digest), 'keys.json')
    let kept = readLaidOut(Buffer.from(text))
    sameIndex(kept, text)
    for (const [i, digest] of digests.entries()) {
      const change = i < 20 ? record(digest, { active: false, label: 'revoked ✓' }) : record(digest)
      text = withRecord(text, change, 'keys.json')
      kept = updatedIndex(kept as LaidOutIndex, Buffer.from(text))
      sameIndex(kept, text)
    }
    // The same bytes again: the same index.
    sameIndex(updatedIndex(kept as LaidOutIndex, Buffer.from(text)), text)
  })

  it('takes nothing from a file of another shape, an unusable record or digests out of order', async () => {
    const [low, middle, high] = (await Promise.all(['a', 'b', 'c'].map((s) => secretDigest(s)))).sort()
    const laidOut = (keys: unknown[]) => JSON.stringify({ keys }, null, 2) + '\n'
    const good = laidOut([record(low as string), record(high as string)])
    const kept = readLaidOut(Buffer.from(good)) as LaidOutIndex
    sameIndex(kept, good)
    const others = [
      JSON.stringify({ keys: [record(low as string)] }),
      laidOut([record(high as string), record(low as string)]),
      laidOut([record(low as string), { digest: middle }, record(high as string)]),
      laidOut([record(low as string), record(low as string)]),
      laidOut([record(low as string)]).replace('"keys": [', '"other": 1,\n  "keys": ['),
      good.replace('\n    }', '\n    },'),
    ]
    for (const text of others) {
      assert.equal(readLaidOut(Buffer.from(text)), null, text)
      assert.equal(updatedIndex(kept, Buffer.from(text)), null, text)
    }
  })
})
