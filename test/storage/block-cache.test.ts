/**
 * The bounded cache of checked blocks (src/storage/block-cache.ts) through the runner that fetches what a
 * computation misses (src/storage/paged-run.ts): reads give the file's bytes whatever is resident, a scan
 * (`indexOf`) answers as the whole file's, warm blocks come with the next fetch, a discovery run records the
 * resident blocks it reads (for pinning) and a bounded number of blocks of a scan on missing data, stops
 * after a bounded number of reads however it loops, and a block that fails its hash is the release's
 * unavailability, naming the file.
 */
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createBlockCache } from '../../src/storage/block-cache'
import { blockDigests, blockLayout, createBlockReader } from '../../src/storage/block-hashes'
import { createFsStore } from '../../src/storage/fs-store'
import { BlockMissError, type PagedBytes } from '../../src/storage/paged-bytes'
import { runOverBlocks } from '../../src/storage/paged-run'
import { ReleaseUnavailableError } from '../../src/storage/release-unavailable'
import type { BlobStore } from '../../src/storage/blob-store'

const BLOCK = 4096
const RELEASE = { code: 'test_unavailable', message: 'The test release is unavailable' }

/** Six blocks and a bit of letters, with a newline only at these offsets. */
const NEWLINES = [5000, 5001, 17000]
const bytes = new Uint8Array(6 * BLOCK + 100).map((_, i) => 97 + (i % 26))
for (const at of NEWLINES) bytes[at] = 10

describe('the block cache', () => {
  let dir: string
  let store: BlobStore
  let hashes: Uint8Array

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'block-cache-'))
    store = createFsStore(dir)
    await store.write('file.bin', bytes)
    hashes = await blockDigests([bytes], BLOCK)
  })
  after(() => rm(dir, { recursive: true, force: true }))

  const cacheOver = (over: BlobStore, maxBytes = 2 * BLOCK) =>
    createBlockCache(
      createBlockReader(over, hashes),
      blockLayout([{ path: 'file.bin', bytes: bytes.byteLength }], BLOCK),
      maxBytes,
      RELEASE,
    )

  it('scans for a byte as the whole file does, fetching the blocks it passes', async () => {
    const cache = cacheOver(store)
    const file = cache.files[0] as PagedBytes
    assert.throws(() => file.indexOf(10, 0), BlockMissError)
    for (const from of [0, 4095, 5000, 5001, 5002, 17001, bytes.byteLength - 1]) {
      const found = await runOverBlocks([cache], () => file.indexOf(10, from))
      assert.equal(found, bytes.indexOf(10, from), `from ${from}`)
    }
    const text = await runOverBlocks([cache], () => file.text(4000, 8200))
    assert.equal(text, new TextDecoder().decode(bytes.subarray(4000, 8200)))
    assert.ok(cache.residentBytes() <= 2 * BLOCK)
  })

  it('reads warm blocks with the next fetch, when they take at most half the bound', async () => {
    const missingOf = async (maxBytes: number) => {
      const cache = cacheOver(store, maxBytes)
      const file = cache.files[0] as PagedBytes
      cache.warm([1, 2].map((block) => ({ file: 0, block })))
      await cache.fetch([{ file: 0, block: 5 }])
      return cache.discover(() => file.byte(BLOCK) + file.byte(2 * BLOCK)).missing.map((ref) => ref.block)
    }
    assert.deepEqual(await missingOf(16 * BLOCK), [])
    assert.deepEqual(await missingOf(2 * BLOCK), [1, 2])
  })

  it('records the resident blocks a discovery run reads, so that the next fetch pins them too', async () => {
    const cache = cacheOver(store, 2 * BLOCK)
    const file = cache.files[0] as PagedBytes
    await cache.fetch([0, 1].map((block) => ({ file: 0, block })))
    cache.unpin([0, 1].map((block) => ({ file: 0, block })))
    const read = () => file.byte(0) + file.byte(BLOCK) + file.byte(3 * BLOCK) + file.byte(4 * BLOCK)
    const found = cache.discover(read)
    assert.deepEqual(
      [found.missing, found.resident].map((refs) => refs.map((ref) => ref.block)),
      [
        [3, 4],
        [0, 1],
      ],
    )
    // Pinned with the missing ones, the resident blocks outlast a fetch past the bound.
    await cache.fetch([...found.missing, ...found.resident])
    assert.equal(cache.discover(read).missing.length, 0)
  })

  it('records a bounded number of blocks when a discovery run scans missing data', () => {
    const cache = cacheOver(store)
    const file = cache.files[0] as PagedBytes
    const found = cache.discover(() => file.indexOf(0, 0)).missing
    assert.deepEqual(
      found.map((ref) => ref.block),
      [0, 1, 2, 3],
    )
  })

  it('stops a discovery run that loops over resident data, keeping the blocks it found', async () => {
    const cache = cacheOver(store)
    const file = cache.files[0] as PagedBytes
    await cache.fetch([{ file: 0, block: 0 }])
    const found = cache.discover(() => {
      // A step read as zero from a missing block: the loop reads resident data for ever.
      const step = file.byte(3 * BLOCK)
      for (let at = 0; ; at += step) file.byte(at % BLOCK)
    })
    assert.deepEqual(
      [found.missing, found.resident].map((refs) => refs.map((ref) => ref.block)),
      [[3], [0]],
    )
  })

  it('rejects a block that does not match its hash as the release unavailable, naming the file', async () => {
    const tampering: BlobStore = {
      ...store,
      async readRange(path, start, end) {
        const read = await store.readRange(path, start, end)
        return read && read.map((byte, i) => (i === 0 ? byte ^ 1 : byte))
      },
    }
    const cache = cacheOver(tampering)
    const file = cache.files[0] as PagedBytes
    await assert.rejects(
      runOverBlocks([cache], () => file.byte(9000)),
      (err: unknown) =>
        err instanceof ReleaseUnavailableError &&
        err.release === RELEASE &&
        err.problems[0]?.path === 'file.bin' &&
        err.problems[0].problem === 'block-hash-mismatch',
    )
  })
})
