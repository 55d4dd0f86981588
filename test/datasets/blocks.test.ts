/**
 * No byte served that the manifest does not vouch for: byte flips at random offsets of every release file,
 * with and without the file's timestamps put back, never give a 200 whose bytes differ from the release as
 * built; and bytes that change after the release was checked (a store that does not notice) are caught by
 * the block hashes, a download cut short at the first bad block.
 */
import assert from 'node:assert/strict'
import { readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { buildDatasetRelease, type BuiltRelease } from '../../src/datasets/build'
import { PageSchema } from '../../src/datasets/schemas'
import { publishRelease, releaseFilePath } from '../../src/datasets/storage'
import { ErrorSchema } from '../../src/http/errors'
import type { BlobStore } from '../../src/storage/blob-store'
import { BLOCK_BYTES } from '../../src/storage/block-hashes'
import { startDatasetServer, syntheticInput, tempStores, testService } from '../helpers/datasets'
import type { TestServer } from '../helpers/server'

const LC = '/api/datasets/literary-context'
/** About 1.4 MB of records: many 64 KiB blocks, and pages that span two. */
const RECORDS = 5000

/** A deterministic pseudo-random sequence, so a failure names offsets that can be tried again. */
function randomOffsets(seed: number): () => number {
  let x = seed
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    return x / 2 ** 32
  }
}

describe('block hashes: every byte served is vouched for by the manifest', () => {
  let stores: Awaited<ReturnType<typeof tempStores>>
  let release: BuiltRelease
  let server: TestServer
  const records = () => release.files.find((f) => f.path === 'records.jsonl')?.bytes as Uint8Array
  const decoder = new TextDecoder()

  before(async () => {
    stores = await tempStores()
    release = await buildDatasetRelease(syntheticInput('literary-context', RECORDS))
    await publishRelease(stores, release)
    server = await startDatasetServer(testService(stores), stores)
  })
  after(async () => {
    await server.close()
    await rm(stores.dir, { recursive: true, force: true })
  })

  /** Requests across the release; every 200 must be exactly what the release as built holds. */
  async function wrongAnswers(random: () => number): Promise<string[]> {
    const wrong: string[] = []
    const lines = decoder.decode(records()).split('\n').slice(0, -1)
    const first = await fetch(`${server.url}${LC}/records?limit=100`)
    if (first.status === 200) {
      const page = PageSchema.parse(await first.json())
      if (JSON.stringify(page.records) !== JSON.stringify(lines.slice(0, 100).map((l) => JSON.parse(l))))
        wrong.push('first page')
    }
    for (let i = 0; i < 3; i++) {
      const ordinal = Math.floor(random() * RECORDS)
      const res = await fetch(`${server.url}${LC}/records/rec-${ordinal}`)
      if (res.status === 200 && (await res.text()) !== lines[ordinal]) wrong.push(`record rec-${ordinal}`)
    }
    const download = await fetch(`${server.url}${LC}/download`)
    if (download.status === 200) {
      const body = await download.arrayBuffer().catch(() => null)
      if (body !== null && !Buffer.from(body).equals(records())) wrong.push('download')
    }
    const start = Math.floor(random() * records().byteLength)
    const ranged = await fetch(`${server.url}${LC}/download`, {
      headers: { Range: `bytes=${start}-${start + 999}` },
    })
    if (ranged.status === 206) {
      const body = await ranged.arrayBuffer().catch(() => null)
      if (body !== null && !Buffer.from(body).equals(records().subarray(start, start + 1000)))
        wrong.push(`range from ${start}`)
    }
    return wrong
  }

  it('never answers 200 with a flipped byte of any release file, timestamps put back or not', async () => {
    const random = randomOffsets(14)
    const wrong: string[] = []
    let refused = 0
    // The manifest is the root of trust: a changed manifest is checked by the version rule, not by itself.
    for (const file of release.files.map((f) => f.path)) {
      const path = join(stores.dir, 'public', releaseFilePath('literary-context', release.version, file))
      const original = await readFile(path)
      for (const putBack of [false, true]) {
        for (let flip = 0; flip < 4; flip++) {
          const before = await stat(path)
          const offset = Math.floor(random() * original.byteLength)
          const altered = Buffer.from(original)
          altered[offset] = (altered[offset] as number) ^ 0x01
          await writeFile(path, altered)
          if (putBack) await utimes(path, before.atime, before.mtime)
          const found = await wrongAnswers(random)
          wrong.push(
            ...found.map((what) => `${file} byte ${offset}${putBack ? ' (times put back)' : ''}: ${what}`),
          )
          const check = await fetch(`${server.url}${LC}/records?limit=1`)
          if (check.status === 503) refused++
          await check.arrayBuffer()
          await writeFile(path, original)
          if (putBack) await utimes(path, before.atime, before.mtime)
        }
      }
    }
    assert.deepEqual(wrong, [])
    // Every flip was noticed by the file's state (its change time cannot be put back) on kernels with
    // fine-grained timestamps; on older ones two writes within a clock tick may look alike, and then only
    // the blocks read are checked, which the assertion above covers.
    assert.ok(refused >= release.files.length, `${refused} flips answered 503 at once`)
    assert.equal((await fetch(`${server.url}${LC}/records?limit=1`)).status, 200)
  })
})

/** The public store, with reads of records.jsonl from `corruptAt` on altered after every check passed. */
function changingUnderReads(inner: BlobStore, corruptAt: { offset: number } | null): BlobStore {
  return {
    ...inner,
    sha256: inner.sha256?.bind(inner),
    async readRange(path, start, end) {
      const bytes = await inner.readRange(path, start, end)
      const at = corruptAt?.offset
      if (!bytes || at === undefined || !path.endsWith('records.jsonl') || at < start || at >= end)
        return bytes
      const copy = new Uint8Array(bytes)
      copy[at - start] = (copy[at - start] as number) ^ 0x01
      return copy
    },
  }
}

describe('block hashes: bytes that change after the release was checked', () => {
  let stores: Awaited<ReturnType<typeof tempStores>>
  let release: BuiltRelease
  let server: TestServer
  const corrupt: { offset: number } = { offset: -1 }

  before(async () => {
    stores = await tempStores()
    release = await buildDatasetRelease(syntheticInput('literary-context', RECORDS))
    await publishRelease(stores, release)
    const changing = changingUnderReads(stores.public, corrupt)
    server = await startDatasetServer(testService({ ...stores, public: changing }), stores)
  })
  after(async () => {
    await server.close()
    await rm(stores.dir, { recursive: true, force: true })
  })

  it('answers a page or a record whose block fails with 503 integrity_failure', async () => {
    corrupt.offset = 10
    const page = await fetch(`${server.url}${LC}/records?limit=100`)
    assert.equal(page.status, 503)
    const body = ErrorSchema.parse(await page.json())
    assert.equal(body.code, 'integrity_failure')
    assert.equal(page.headers.get('retry-after'), '30')
    assert.equal((await fetch(`${server.url}${LC}/records/rec-0`)).status, 503)
    // A record in another block is still served: its own bytes are vouched for.
    assert.equal((await fetch(`${server.url}${LC}/records/rec-${RECORDS - 1}`)).status, 200)
    corrupt.offset = -1
  })

  it('cuts a download short when a later block fails, after the good blocks', async () => {
    const size = release.manifest.files[0]?.bytes as number
    corrupt.offset = size - 10
    assert.ok(size > 8 * BLOCK_BYTES, 'the file spans several stream chunks')
    const outcome = await new Promise<{ status: number; length: number; received: number; ended: boolean }>(
      (resolve, reject) => {
        const req = request(`${server.url}${LC}/download`, (res) => {
          let received = 0
          res.on('data', (chunk: Buffer) => (received += chunk.byteLength))
          const done = (ended: boolean) =>
            resolve({
              status: res.statusCode as number,
              length: Number(res.headers['content-length']),
              received,
              ended,
            })
          res.on('end', () => done(res.complete))
          res.on('aborted', () => done(false))
          res.on('error', () => done(false))
        })
        req.on('error', reject)
        req.end()
      },
    )
    assert.equal(outcome.status, 200)
    assert.equal(outcome.length, size)
    assert.equal(outcome.ended, false, 'the answer must not complete')
    assert.ok(outcome.received < size, `received ${outcome.received} of ${size}`)
    // A range inside the good blocks is served whole.
    const ranged = await fetch(`${server.url}${LC}/download`, { headers: { Range: 'bytes=0-999' } })
    assert.equal(ranged.status, 206)
    assert.equal((await ranged.arrayBuffer()).byteLength, 1000)
    // A range starting in the bad block is refused before any byte is sent.
    const bad = await fetch(`${server.url}${LC}/download`, { headers: { Range: `bytes=${size - 100}-` } })
    assert.equal(bad.status, 503)
    corrupt.offset = -1
  })
})
