import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildDatasetRelease } from '../../src/datasets/build'
import { PageSchema } from '../../src/datasets/schemas'
import { publishRelease, type DatasetStores } from '../../src/datasets/storage'
import { startDatasetServer, syntheticInput, tempStores, testService } from '../helpers/datasets'
import type { TestServer } from '../helpers/server'
import { seededRandom } from '../../src/text/seeded-random'

const ALPHABET = 'abcxyz-_.:%/ üß€漢😀'

function randomIds(next: () => number, count: number): string[] {
  const ids = new Set<string>()
  while (ids.size < count) {
    const length = 1 + Math.floor(next() * 40)
    let id = ''
    for (let i = 0; i < length; i++) id += [...ALPHABET][Math.floor(next() * [...ALPHABET].length)]
    ids.add(id)
  }
  return [...ids]
}

describe('walking a release with nextCursor', () => {
  let server: TestServer
  let stores: DatasetStores
  before(async () => {
    stores = await tempStores()
    server = await startDatasetServer(testService(stores), stores)
  })
  after(() => server.close())

  it('yields every record exactly once, in release order, for any size and page size', async () => {
    const seeds = Array.from({ length: 30 }, (_, i) => 1000 + i)
    const fixedSizes = [0, 1, 99, 100, 101, 200, 201]
    for (const seed of seeds) {
      const next = seededRandom(seed)
      const size =
        seed - 1000 < fixedSizes.length ? (fixedSizes[seed - 1000] as number) : Math.floor(next() * 450)
      const limit = next() < 0.3 ? undefined : 1 + Math.floor(next() * 100)
      const pageSize = limit ?? 100
      const ids = randomIds(next, size)
      const input = syntheticInput('literary-context', size, {
        ids: (i) => ids[i] as string,
        salt: ` ${seed}`,
      })
      const release = await buildDatasetRelease(input)
      await publishRelease(stores, release)

      const seen: unknown[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const query = new URLSearchParams()
        if (cursor) query.set('cursor', cursor)
        if (limit) query.set('limit', String(limit))
        const res = await fetch(`${server.url}/api/datasets/literary-context/records?${query}`)
        assert.equal(res.status, 200, `seed ${seed}`)
        const page = PageSchema.parse(await res.json())
        assert.equal(page.version, release.version)
        assert.equal(page.total, size)
        assert.equal(page.count, page.records.length)
        assert.ok(page.count <= pageSize)
        if (page.nextCursor !== null)
          assert.equal(page.count, pageSize, `seed ${seed}: only the last page is short`)
        seen.push(...page.records)
        cursor = page.nextCursor
        pages += 1
        assert.ok(pages <= size + 1, `seed ${seed}: the walk does not end`)
      } while (cursor !== null)

      const expected = input.records.map((r) => ({ ...r, releaseSource: release.manifest.releaseSource }))
      assert.deepEqual(seen, expected, `seed ${seed}: size ${size}, limit ${limit}`)
      assert.equal(pages, Math.max(1, Math.ceil(size / pageSize)), `seed ${seed}`)
    }
  })
})
