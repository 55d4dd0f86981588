import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { loadConfig } from '../../src/config'
import { buildDatasetRelease, type BuiltRelease } from '../../src/datasets/build'
import { PARQUET_FILE } from '../../src/datasets/parquet'
import type { DatasetReleaseInput } from '../../src/datasets/release-input'
import { DatasetManifestSchema } from '../../src/datasets/schemas'
import { publishRelease, readPointer, readManifest, releaseFilePath } from '../../src/datasets/storage'
import { ErrorSchema } from '../../src/http/errors'
import { publicRoot } from '../../src/releases/ensure-releases'
import { createFsStore } from '../../src/storage/fs-store'
import { startDatasetServer, syntheticInput, tempDir, tempStores, testService } from '../helpers/datasets'
import { duckdbParquetRecords, hyparquetRecords, jsonlRecords } from '../helpers/parquet-records'
import type { TestServer } from '../helpers/server'

const PQ = '/api/datasets/association-practice/parquet'
const DL = '/api/datasets/association-practice/download'

/** Synthetic records with nested values, optional fields, numbers, booleans and explicit nulls. */
function mixedInput(): DatasetReleaseInput {
  const input = syntheticInput('association-practice', 2500)
  input.records = input.records.map((record, i) => ({
    ...record,
    evidence: { ids: [`rec-${i}`, `rec-${i + 1}`], relation: i % 3 === 0 ? 'hypernym' : null },
    score: i / 7,
    reviewed: i % 2 === 0,
    ...(i % 5 === 0 ? { note: `note ${i} “quoted”\nsecond line` } : {}),
    maybe: i % 4 === 0 ? null : i,
  }))
  return input
}

describe('the Parquet form of a release', () => {
  let server: TestServer
  let release: BuiltRelease
  let stores: Awaited<ReturnType<typeof tempStores>>
  let parquet: Uint8Array
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(server.url + path, { headers, method })

  before(async () => {
    stores = await tempStores()
    release = await buildDatasetRelease(mixedInput())
    await publishRelease(stores, release)
    server = await startDatasetServer(testService(stores), stores)
    parquet = release.files.find((f) => f.path === PARQUET_FILE)?.bytes ?? new Uint8Array()
  })
  after(() => server.close())

  it('is listed in the manifest with its hash and columns, and the same input gives the same bytes', async () => {
    const manifest = DatasetManifestSchema.parse(
      await (await get('/api/datasets/association-practice')).json(),
    )
    const entry = manifest.files.find((f) => f.role === 'parquet')
    assert.equal(entry?.path, PARQUET_FILE)
    assert.equal(entry?.mediaType, 'application/vnd.apache.parquet')
    assert.equal(entry?.bytes, parquet.byteLength)
    assert.equal(entry?.sha256, createHash('sha256').update(parquet).digest('hex'))
    assert.deepEqual(entry?.columns, [
      { name: 'evidence', type: 'JSON' },
      { name: 'group', type: 'STRING' },
      { name: 'id', type: 'STRING' },
      { name: 'maybe', type: 'JSON' },
      { name: 'note', type: 'STRING' },
      { name: 'position', type: 'INT64' },
      { name: 'reviewed', type: 'BOOLEAN' },
      { name: 'score', type: 'DOUBLE' },
      { name: 'text', type: 'STRING' },
    ])
    const again = await buildDatasetRelease(mixedInput())
    assert.deepEqual(again.files.find((f) => f.path === PARQUET_FILE)?.bytes, parquet)
  })

  it('downloads with length, entity tag, Repr-Digest, ranges and 304, like the JSONL', async () => {
    const res = await get(PQ)
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('content-type'), 'application/vnd.apache.parquet')
    assert.equal(res.headers.get('content-length'), String(parquet.byteLength))
    assert.equal(res.headers.get('etag'), `"${release.version}"`)
    assert.equal(res.headers.get('accept-ranges'), 'bytes')
    assert.equal(res.headers.get('cache-control'), 'public, max-age=3600')
    assert.match(res.headers.get('content-disposition') ?? '', /\.parquet"$/)
    const body = Buffer.from(await res.arrayBuffer())
    assert.deepEqual(new Uint8Array(body), parquet)
    assert.equal(
      res.headers.get('repr-digest'),
      `sha-256=:${createHash('sha256').update(body).digest('base64')}:`,
    )
    assert.notEqual(res.headers.get('repr-digest'), (await get(DL, {}, 'HEAD')).headers.get('repr-digest'))

    const cut = 1000
    const head = await get(PQ, { Range: `bytes=0-${cut - 1}` })
    assert.equal(head.status, 206)
    assert.equal(head.headers.get('content-range'), `bytes 0-${cut - 1}/${parquet.byteLength}`)
    const tail = await get(PQ, { Range: `bytes=${cut}-`, 'If-Range': `"${release.version}"` })
    assert.equal(tail.status, 206)
    const joined = Buffer.concat([
      Buffer.from(await head.arrayBuffer()),
      Buffer.from(await tail.arrayBuffer()),
    ])
    assert.deepEqual(new Uint8Array(joined), parquet)

    const beyond = await get(PQ, { Range: `bytes=${parquet.byteLength}-` })
    assert.equal(beyond.status, 416)
    assert.equal(beyond.headers.get('content-range'), `bytes */${parquet.byteLength}`)
    const notModified = await get(PQ, { 'If-None-Match': `"${release.version}"` })
    assert.equal(notModified.status, 304)
    const headOnly = await get(PQ, {}, 'HEAD')
    assert.equal(headOnly.status, 200)
    assert.equal(headOnly.headers.get('content-length'), String(parquet.byteLength))
    assert.equal((await get(`${PQ}?version=${'0'.repeat(64)}`)).status, 409)
  })

  it('loads as-is in DuckDB and in hyparquet with every record equal to the JSONL', async () => {
    const dir = await tempDir('parquet-')
    const file = join(dir, 'records.parquet')
    await writeFile(file, Buffer.from(await (await get(PQ)).arrayBuffer()))
    const manifest = DatasetManifestSchema.parse(
      await (await get('/api/datasets/association-practice')).json(),
    )
    const jsonl = jsonlRecords(new Uint8Array(await (await get(DL)).arrayBuffer()))
    assert.equal(jsonl.length, 2500)
    assert.deepEqual(await duckdbParquetRecords(file, manifest), jsonl)
    assert.deepEqual(await hyparquetRecords(await readFile(file), manifest), jsonl)
  })

  it('answers 503 when the Parquet file is damaged on disk, and serves again once it is repaired', async () => {
    const path = join(
      stores.dir,
      'public',
      releaseFilePath('association-practice', release.version, PARQUET_FILE),
    )
    const original = await readFile(path)
    const damaged = Buffer.from(original)
    damaged[damaged.byteLength >> 1] = (damaged[damaged.byteLength >> 1] as number) ^ 0xff
    await writeFile(path, damaged)
    try {
      const res = await get(PQ)
      assert.equal(res.status, 503)
      assert.equal(res.headers.get('cache-control'), 'no-store')
      assert.equal(ErrorSchema.parse(await res.json()).code, 'integrity_failure')
    } finally {
      await writeFile(path, original)
    }
    assert.equal((await get(PQ)).status, 200)
  })
})

describe('the Parquet form of the public releases', () => {
  for (const dataset of ['literary-context', 'association-practice'] as const) {
    it(`${dataset}: DuckDB reads every record of the built release as the JSONL holds it`, async () => {
      const store = createFsStore(publicRoot(loadConfig(process.env)))
      const version = await readPointer(store, dataset)
      assert.ok(version, `${dataset} is not built: run npm run build:releases`)
      const manifest = await readManifest(store, dataset, version)
      if (!manifest?.files.some((f) => f.role === 'parquet')) throw new Error('npm run build:releases')
      const dir = join(publicRoot(loadConfig(process.env)), releaseFilePath(dataset, version, ''))
      const jsonl = jsonlRecords(await readFile(join(dir, 'records.jsonl')))
      assert.equal(jsonl.length, manifest.recordCount)
      assert.deepEqual(await duckdbParquetRecords(join(dir, PARQUET_FILE), manifest), jsonl)
    })
  }
})
