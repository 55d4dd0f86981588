import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildDatasetRelease, type BuiltRelease } from '../../src/datasets/build'
import { MAX_START, PageSchema, type Page } from '../../src/datasets/schemas'
import { publishRelease, type DatasetStores } from '../../src/datasets/storage'
import {
  expectError,
  searchInput,
  startDatasetServer,
  syntheticInput,
  tempStores,
  testService,
} from '../helpers/datasets'
import type { TestServer } from '../helpers/server'

const LC = '/api/datasets/literary-context'
const LIMIT = 7

describe('a page at a position (start) over HTTP', () => {
  let server: TestServer
  let stores: DatasetStores & { dir: string }
  let release: BuiltRelease
  const get = (path: string) => fetch(server.url + path)
  const page = async (path: string): Promise<Page> => {
    const res = await get(path)
    assert.equal(res.status, 200, `${path}: ${res.status} ${await res.clone().text()}`)
    return PageSchema.parse(await res.json())
  }
  /** Every page reached by following cursors from the first, by the position of its first record. */
  const walk = async (path: string): Promise<Map<number, Page>> => {
    const pages = new Map<number, Page>()
    let position = 0
    let cursor: string | null = null
    do {
      const p = await page(`${path}&limit=${LIMIT}${cursor ? `&cursor=${cursor}` : ''}`)
      pages.set(position, p)
      position += p.count
      cursor = p.nextCursor
    } while (cursor)
    return pages
  }
  /** Each page of a walk is answered alike at its start, and the last record alone at total - 1. */
  const sameAsWalk = async (path: string) => {
    const pages = await walk(path)
    const total = (pages.get(0) as Page).total
    assert.ok(total > 2 * LIMIT, `${path}: ${total} records`)
    for (const [position, walked] of pages) {
      assert.deepEqual(
        await page(`${path}&limit=${LIMIT}&start=${position}`),
        walked,
        `${path} at ${position}`,
      )
    }
    const last = await page(`${path}&limit=${LIMIT}&start=${total - 1}`)
    assert.deepEqual([last.count, last.nextCursor], [1, null])
    const walkedLast = [...pages.values()].at(-1) as Page
    assert.deepEqual(last.records[0], walkedLast.records.at(-1))
    await expectError(await get(`${path}&start=${total}`), 400, 'page_out_of_range')
  }

  before(async () => {
    stores = await tempStores()
    release = await buildDatasetRelease(searchInput('literary-context'))
    await publishRelease(stores, release)
    await publishRelease(stores, await buildDatasetRelease(syntheticInput('association-practice', 0)))
    server = await startDatasetServer(testService(stores), stores)
  })
  after(() => server.close())

  it('answers at start the page that cursors reach there, on the records route', async () => {
    await sameAsWalk(`${LC}/records?version=${release.version}`)
    assert.deepEqual(await page(`${LC}/records?start=0`), await page(`${LC}/records`))
    const last = await page(`${LC}/records?start=249`)
    assert.deepEqual(
      [last.total, last.count, last.nextCursor, last.records[0]?.id],
      [250, 1, null, 'rec-249'],
    )
  })

  it('answers at start the page that cursors reach there, on a search by filter and by words', async () => {
    for (const query of [
      'filter=kind:k3',
      'filter=kind:k1&filter=kind:k2&filter=split:train',
      'q=whale',
      'q=ship%20harbour&filter=split:test',
    ]) {
      await sameAsWalk(`${LC}/search?${query}`)
    }
  })

  it('pages on with the nextCursor of a page at start, whatever the position', async () => {
    for (const path of [`${LC}/records?`, `${LC}/search?q=whale&`, `${LC}/search?filter=tag:even&`]) {
      const jumped = await page(`${path}limit=${LIMIT}&start=13`)
      const after = await page(`${path}limit=${LIMIT}&cursor=${jumped.nextCursor}`)
      assert.deepEqual(after, await page(`${path}limit=${LIMIT}&start=${13 + LIMIT}`), path)
    }
  })

  it('answers the empty first page at start=0 of an empty result, and 400 past it', async () => {
    for (const path of ['/api/datasets/association-practice/records?', `${LC}/search?filter=kind:nothing&`]) {
      const empty = await page(`${path}start=0`)
      assert.deepEqual([empty.total, empty.count, empty.nextCursor, empty.records], [0, 0, null, []])
      await expectError(await get(`${path}start=1`), 400, 'page_out_of_range')
    }
  })

  it('holds the bound of start, refuses it malformed or with a cursor, with the shared error', async () => {
    for (const path of [`${LC}/records?`, `${LC}/search?q=whale&`]) {
      await expectError(await get(`${path}start=${MAX_START}`), 400, 'page_out_of_range')
      await expectError(await get(`${path}start=${MAX_START + 1}`), 400, 'invalid_request')
      for (const bad of ['-1', '1.5', 'abc', '', '01', '1e2', '0x10', '%201', '99999999999', '1&start=2']) {
        const message = await expectError(await get(`${path}start=${bad}`), 400, 'invalid_request')
        assert.match(message, /start must be an integer from 0 to 4294967295/, bad)
      }
      const first = await page(`${path}limit=5`)
      const message = await expectError(
        await get(`${path}limit=5&start=5&cursor=${first.nextCursor}`),
        400,
        'cursor_with_start',
      )
      assert.match(message, /cursor or start, not both/)
    }
    const past = await expectError(await get(`${LC}/records?start=250`), 400, 'page_out_of_range')
    assert.match(past, /start goes from 0 to 249/)
  })

  it('answers 409 to start with a version no longer current', async () => {
    const replaced = await tempStores()
    await publishRelease(replaced, release)
    const other = await startDatasetServer(testService(replaced), replaced)
    try {
      await publishRelease(replaced, await buildDatasetRelease(searchInput('literary-context', ' v2')))
      for (const path of [`${LC}/records?`, `${LC}/search?filter=split:test&`]) {
        const res = await fetch(`${other.url}${path}version=${release.version}&start=5`)
        await expectError(res, 409, 'version_not_current')
      }
    } finally {
      await other.close()
    }
  })
})
