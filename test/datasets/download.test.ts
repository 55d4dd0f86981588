import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { promisify } from 'node:util'
import { requireTool } from '../helpers/tools'
import { buildDatasetRelease, type BuiltRelease } from '../../src/datasets/build'
import { DatasetManifestSchema } from '../../src/datasets/schemas'
import { publishRelease } from '../../src/datasets/storage'
import { ErrorSchema } from '../../src/http/errors'
import { startDatasetServer, syntheticInput, tempDir, tempStores, testService } from '../helpers/datasets'
import type { TestServer } from '../helpers/server'

const run = promisify(execFile)
const DL = '/api/datasets/association-practice/download'

describe('dataset download', () => {
  let server: TestServer
  let release: BuiltRelease
  let full: Buffer
  const get = (headers: Record<string, string> = {}, method = 'GET') =>
    fetch(server.url + DL, { headers, method })

  before(async () => {
    const stores = await tempStores()
    release = await buildDatasetRelease(syntheticInput('association-practice', 1500))
    await publishRelease(stores, release)
    server = await startDatasetServer(testService(stores), stores)
    full = Buffer.from(release.files.find((f) => f.path === 'records.jsonl')?.bytes ?? [])
  })
  after(() => server.close())

  it('streams the checksummed JSONL with length, entity tag and Repr-Digest', async () => {
    const res = await get()
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('content-type'), 'application/x-ndjson; charset=utf-8')
    assert.equal(res.headers.get('content-length'), String(full.byteLength))
    assert.equal(res.headers.get('etag'), `"${release.version}"`)
    assert.equal(res.headers.get('accept-ranges'), 'bytes')
    assert.equal(res.headers.get('cache-control'), 'public, max-age=3600')
    assert.equal(res.headers.get('access-control-allow-origin'), '*')
    const body = Buffer.from(await res.arrayBuffer())
    assert.deepEqual(body, full)
    const digest = createHash('sha256').update(body).digest('base64')
    assert.equal(res.headers.get('repr-digest'), `sha-256=:${digest}:`)
    assert.equal(createHash('sha256').update(body).digest('hex'), release.manifest.files[0]?.sha256)
  })

  it('resumes with Range: 206 with Content-Range, and the pieces make the whole', async () => {
    const cut = 12_345
    const head = await get({ Range: `bytes=0-${cut - 1}` })
    assert.equal(head.status, 206)
    assert.equal(head.headers.get('content-range'), `bytes 0-${cut - 1}/${full.byteLength}`)
    assert.equal(head.headers.get('content-length'), String(cut))
    assert.equal(head.headers.get('repr-digest'), (await get({}, 'HEAD')).headers.get('repr-digest'))
    const tail = await get({ Range: `bytes=${cut}-`, 'If-Range': `"${release.version}"` })
    assert.equal(tail.status, 206)
    assert.equal(tail.headers.get('content-range'), `bytes ${cut}-${full.byteLength - 1}/${full.byteLength}`)
    const joined = Buffer.concat([
      Buffer.from(await head.arrayBuffer()),
      Buffer.from(await tail.arrayBuffer()),
    ])
    assert.deepEqual(joined, full)

    const suffix = await get({ Range: 'bytes=-100' })
    assert.equal(suffix.status, 206)
    assert.deepEqual(Buffer.from(await suffix.arrayBuffer()), full.subarray(full.byteLength - 100))
    const last = await get({ Range: `bytes=${full.byteLength - 1}-${full.byteLength + 50}` })
    assert.equal(last.status, 206)
    assert.deepEqual(Buffer.from(await last.arrayBuffer()), full.subarray(full.byteLength - 1))
  })

  it('serves the whole file when the range is unusable or If-Range names another release', async () => {
    const cases: Array<Record<string, string>> = [
      { Range: 'bytes=5-1' },
      { Range: 'items=0-10' },
      { Range: 'bytes=0-1,5-9' },
      { Range: 'bytes=0-99', 'If-Range': `"${'0'.repeat(64)}"` },
    ]
    for (const headers of cases) {
      const res = await get(headers)
      assert.equal(res.status, 200, JSON.stringify(headers))
      assert.equal((await res.arrayBuffer()).byteLength, full.byteLength)
    }
  })

  it('answers 416 for a range past the end, and 304 when If-None-Match names the version', async () => {
    for (const range of [
      `bytes=${full.byteLength}-`,
      `bytes=${full.byteLength + 10}-${full.byteLength + 20}`,
      'bytes=-0',
    ]) {
      const res = await get({ Range: range })
      assert.equal(res.status, 416, range)
      assert.equal(res.headers.get('content-range'), `bytes */${full.byteLength}`)
      assert.equal(res.headers.get('cache-control'), 'no-store')
      assert.equal(ErrorSchema.parse(await res.json()).code, 'range_not_satisfiable')
    }
    const notModified = await get({ 'If-None-Match': `"${release.version}"` })
    assert.equal(notModified.status, 304)
    assert.equal(notModified.headers.get('etag'), `"${release.version}"`)
    assert.equal((await get({ 'If-None-Match': `"${'1'.repeat(64)}"` })).status, 200)
  })

  it('loads in jq with exactly the record count of the manifest', async () => {
    requireTool('jq')
    const manifest = DatasetManifestSchema.parse(
      await (await fetch(`${server.url}/api/datasets/association-practice`)).json(),
    )
    const file = join(await tempDir('download-'), 'release.jsonl')
    await writeFile(file, Buffer.from(await (await get()).arrayBuffer()))
    const count = await run('jq', ['-s', 'length', file])
    assert.equal(Number(count.stdout.trim()), manifest.recordCount)
    const attributed = await run('jq', [
      '-s',
      `map(select(.releaseSource.version == "${manifest.version}")) | length`,
      file,
    ])
    assert.equal(Number(attributed.stdout.trim()), manifest.recordCount)
    const groups = await run('jq', ['-s', `map(.${manifest.grouping?.key}) | unique | length`, file])
    assert.equal(Number(groups.stdout.trim()), manifest.statistics.groups)
  })
})
