import assert from 'node:assert/strict'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createFileKeyStore } from '../../src/auth/fs-key-store'
import { buildDatasetRelease, type BuiltRelease } from '../../src/datasets/build'
import { PageSchema, type DatasetRecord } from '../../src/datasets/schemas'
import { SEARCH_POSTINGS_FILE } from '../../src/datasets/search-index'
import { DatasetStatisticsSchema } from '../../src/datasets/statistics'
import { publishRelease, releaseFilePath, type DatasetStores } from '../../src/datasets/storage'
import {
  createKey,
  expectError,
  searchInput,
  startDatasetServer,
  tempStores,
  testService,
} from '../helpers/datasets'
import type { TestServer } from '../helpers/server'

describe('dataset search, filters and statistics over HTTP', () => {
  let server: TestServer
  let stores: DatasetStores & { dir: string }
  let release: BuiltRelease
  const input = searchInput('literary-context')
  const SEARCH = '/api/datasets/literary-context/search'
  const get = (path: string, init?: RequestInit) => fetch(server.url + path, init)
  const page = async (path: string) => {
    const res = await get(path)
    assert.equal(res.status, 200, `${path}: ${res.status} ${await res.clone().text()}`)
    return PageSchema.parse(await res.json())
  }
  /** Every record of a search, page after page; asserts each page's bounds. */
  const all = async (query: string, limit = 100): Promise<DatasetRecord[]> => {
    const out: DatasetRecord[] = []
    let cursor: string | null = null
    do {
      const p = await page(`${SEARCH}?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
      assert.ok(p.count <= limit)
      assert.equal(p.records.length, p.count)
      out.push(...p.records)
      assert.equal(p.total, out.length + (p.nextCursor ? p.total - out.length : 0))
      cursor = p.nextCursor
    } while (cursor)
    return out
  }
  const ids = (records: DatasetRecord[]) => records.map((r) => r.id)
  const where = (test: (r: Record<string, unknown>) => boolean) => input.records.filter(test).map((r) => r.id)

  before(async () => {
    stores = await tempStores()
    release = await buildDatasetRelease(input)
    await publishRelease(stores, release)
    await publishRelease(stores, await buildDatasetRelease(searchInput('observed-language')))
    server = await startDatasetServer(testService(stores), stores)
  })
  after(() => server.close())

  it('lists the search index in the manifest, hashed like every file', () => {
    const { search } = release.manifest.indexes
    assert.deepEqual(Object.keys(search.filters), ['split', 'kind', 'tag', 'size'])
    for (const role of ['search-keys', 'search-postings', 'statistics']) {
      assert.ok(
        release.manifest.files.some((f) => f.role === role),
        role,
      )
    }
  })

  it('filters on each field, in release order, across pages', async () => {
    assert.deepEqual(
      ids(await all('filter=split:test', 7)),
      where((r) => r.split === 'test'),
    )
    assert.deepEqual(
      ids(await all('filter=kind:k3')),
      where((r) => r.kind === 'k3'),
    )
    assert.deepEqual(
      ids(await all('filter=tag:even')),
      where((r) => (r.tags as string[]).includes('even')),
    )
    assert.deepEqual(
      ids(await all('filter=size:2')),
      where((r) => r.size === 2),
    )
  })

  it('takes any value of one filter and all of different filters', async () => {
    assert.deepEqual(
      ids(await all('filter=kind:k1&filter=kind:k2&filter=split:train', 9)),
      where((r) => (r.kind === 'k1' || r.kind === 'k2') && r.split === 'train'),
    )
    const none = await page(`${SEARCH}?filter=kind:nothing`)
    assert.deepEqual([none.total, none.count, none.nextCursor], [0, 0, null])
  })

  it('searches stemmed words in BM25 order, alone or with filters', async () => {
    const whales = await all('q=Whales', 30)
    assert.deepEqual(new Set(ids(whales)), new Set(where((r) => /whal/.test(String(r.note)))))
    // Records that say "whale" three times come first.
    assert.ok(whales.slice(0, 13).every((r) => String(r.note).includes('whale whale')))
    const ships = await all('q=ship%20harbour&filter=split:test', 11)
    assert.deepEqual(
      new Set(ids(ships)),
      new Set(where((r) => r.split === 'test' && /ship|harbour/.test(String(r.note)))),
    )
    assert.equal((await page(`${SEARCH}?q=shipping`)).total, where((r) => /ship/.test(String(r.note))).length)
  })

  it('answers 409 to a cursor of another query, of the records route, or of a release since replaced', async () => {
    const first = await page(`${SEARCH}?q=whale&limit=5`)
    const cursor = first.nextCursor as string
    await expectError(await get(`${SEARCH}?q=ship&limit=5&cursor=${cursor}`), 409, 'stale_cursor')
    await expectError(await get(`${SEARCH}?q=whale&filter=split:test&cursor=${cursor}`), 409, 'stale_cursor')
    await expectError(
      await get(`/api/datasets/literary-context/records?cursor=${cursor}`),
      409,
      'stale_cursor',
    )
    const records = await page('/api/datasets/literary-context/records?limit=5')
    await expectError(await get(`${SEARCH}?q=whale&cursor=${records.nextCursor}`), 409, 'stale_cursor')
    assert.equal((await get(`${SEARCH}?q=whales&limit=5&cursor=${cursor}`)).status, 200)

    const replaced = await tempStores()
    await publishRelease(replaced, release)
    const other = await startDatasetServer(testService(replaced), replaced)
    try {
      const pinned = await (await fetch(`${other.url}${SEARCH}?filter=split:test&limit=5`)).json()
      await publishRelease(replaced, await buildDatasetRelease(searchInput('literary-context', ' v2')))
      const res = await fetch(`${other.url}${SEARCH}?filter=split:test&limit=5&cursor=${pinned.nextCursor}`)
      await expectError(res, 409, 'stale_cursor')
    } finally {
      await other.close()
    }
  })

  it('answers 400 naming the filters for a filter the dataset does not have', async () => {
    const message = await expectError(await get(`${SEARCH}?filter=splt:test`), 400, 'unknown_filter')
    assert.match(message, /split, kind, tag, size/)
    await expectError(await get(`${SEARCH}?filter=split`), 400, 'invalid_filter')
    await expectError(await get(`${SEARCH}?filter=:test`), 400, 'invalid_filter')
  })

  it('answers 400 to an unknown parameter and to nothing asked', async () => {
    assert.match(
      await expectError(await get(`${SEARCH}?q=whale&split=test`), 400, 'unknown_parameter'),
      /split/,
    )
    await expectError(await get('/api/datasets/literary-context/statistics?q=x'), 400, 'unknown_parameter')
    await expectError(await get(SEARCH), 400, 'nothing_asked')
    await expectError(await get(`${SEARCH}?q=the%20and%20of`), 400, 'invalid_query')
  })

  it('holds every bound at the limit and answers 400 one past it', async () => {
    assert.equal((await page(`${SEARCH}?filter=tag:even&limit=100`)).count, 100)
    await expectError(await get(`${SEARCH}?filter=tag:even&limit=101`), 400, 'invalid_request')
    await expectError(await get(`${SEARCH}?filter=tag:even&limit=0`), 400, 'invalid_request')
    const filters = (n: number) => Array.from({ length: n }, (_, i) => `filter=kind:k${i}`).join('&')
    assert.equal((await page(`${SEARCH}?${filters(10)}`)).total, 250)
    await expectError(await get(`${SEARCH}?${filters(11)}`), 400, 'invalid_request')
    const q = (text: string) => `${SEARCH}?q=${encodeURIComponent(text)}`
    assert.equal((await get(q(`whale ${'x'.repeat(194)}`))).status, 200)
    await expectError(await get(q(`whale ${'x'.repeat(195)}`)), 400, 'invalid_request')
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ')
    assert.equal((await get(q(words(8)))).status, 200)
    await expectError(await get(q(words(9))), 400, 'invalid_query')
    const value = (n: number) => `${SEARCH}?filter=kind:${'v'.repeat(n - 5)}`
    assert.equal((await get(value(300))).status, 200)
    await expectError(await get(value(301)), 400, 'invalid_request')
    const last = await page(`${SEARCH}?filter=tag:even&limit=100`)
    const tail = await page(`${SEARCH}?filter=tag:even&limit=100&cursor=${last.nextCursor}`)
    assert.equal(tail.count, 25)
    assert.equal(tail.nextCursor, null)
  })

  it('keeps the private dataset behind its key', async () => {
    const OL = '/api/datasets/observed-language'
    await expectError(await get(`${OL}/search?q=whale`), 401, 'unauthorized')
    await expectError(await get(`${OL}/statistics`), 401, 'unauthorized')
    const secret = await createKey(createFileKeyStore(stores.private), ['observed-language'])
    const headers = { Authorization: `Bearer ${secret}` }
    const res = await get(`${OL}/search?q=whale&filter=split:test`, { headers })
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('cache-control'), 'no-store')
    assert.ok(PageSchema.parse(await res.json()).total > 0)
  })

  it('serves per-field statistics built with the release', async () => {
    const res = await get('/api/datasets/literary-context/statistics')
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('cache-control'), 'public, max-age=3600')
    const stats = DatasetStatisticsSchema.parse(await res.json())
    assert.equal(stats.version, release.version)
    const field = (path: string) => stats.fields.find((f) => f.path === path)
    assert.deepEqual(
      field('split')?.top,
      [
        { value: 'test', count: 83 },
        { value: 'train', count: 84 },
        { value: 'validation', count: 83 },
      ].sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1)),
    )
    assert.deepEqual(field('size')?.numbers && { min: 0, max: 3, mean: field('size')?.numbers?.mean }, {
      min: 0,
      max: 3,
      mean: 1.492,
    })
    assert.equal(
      field('size')?.numbers?.histogram.reduce((n, bin) => n + bin.count, 0),
      250,
    )
    assert.deepEqual(
      [field('tags[]')?.records, field('tags[]')?.values, field('tags[]')?.nulls],
      [250, 375, 0],
    )
    assert.equal(field('id')?.distinct, 250)
    assert.ok((field('note')?.textLength?.max ?? 0) > 0)
  })

  it('answers 503 when a byte of the index is not the one its hashes name', async () => {
    const damaged = await tempStores()
    const built = await buildDatasetRelease(searchInput('literary-context', ' damaged'))
    await publishRelease(damaged, built)
    const path = join(
      damaged.dir,
      'public',
      releaseFilePath('literary-context', built.version, SEARCH_POSTINGS_FILE),
    )
    const file = built.files.find((f) => f.path === SEARCH_POSTINGS_FILE)?.bytes as Uint8Array
    const copy = file.slice()
    copy[copy.length - 1] = (copy[copy.length - 1] as number) ^ 1
    await writeFile(path, copy)
    const other = await startDatasetServer(testService(damaged), damaged)
    try {
      await expectError(await fetch(`${other.url}${SEARCH}?q=whale`), 503, 'integrity_failure')
    } finally {
      await other.close()
    }
  })
})
