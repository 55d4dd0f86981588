import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildDatasetRelease, type BuiltRelease } from '../../src/datasets/build'
import { createCursorCodec } from '../../src/datasets/cursor'
import {
  CatalogueSchema,
  DatasetManifestSchema,
  DatasetRecordSchema,
  PageSchema,
} from '../../src/datasets/schemas'
import { publishRelease } from '../../src/datasets/storage'
import {
  expectError,
  startDatasetServer,
  syntheticInput,
  tempStores,
  testService,
  TEST_CURSOR_SECRET,
} from '../helpers/datasets'
import type { TestServer } from '../helpers/server'

const LONGEST_ID = 'L'.repeat(250)
const SPECIAL_ID = 'dog%1:05:00:: / ü?&#'
const idOf = (i: number) => (i === 0 ? 'a' : i === 1 ? LONGEST_ID : i === 2 ? SPECIAL_ID : `rec-${i}`)
const LC = '/api/datasets/literary-context'

describe('dataset routes over HTTP', () => {
  let server: TestServer
  let release: BuiltRelease
  const input = syntheticInput('literary-context', 250, { ids: idOf })
  const get = (path: string, init?: RequestInit) => fetch(server.url + path, init)

  before(async () => {
    const stores = await tempStores()
    release = await buildDatasetRelease(input)
    await publishRelease(stores, release)
    server = await startDatasetServer(testService(stores), stores)
  })
  after(() => server.close())

  it('lists the three datasets in the catalogue, unpublished ones as unavailable', async () => {
    const res = await get('/api/datasets')
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('cache-control'), 'public, max-age=3600')
    assert.equal(res.headers.get('access-control-allow-origin'), '*')
    const { datasets } = CatalogueSchema.parse(await res.json())
    assert.deepEqual(
      datasets.map((d) => [d.dataset, d.visibility, d.available, d.unavailableReason]),
      [
        ['literary-context', 'public', true, null],
        ['association-practice', 'public', false, 'dataset_unavailable'],
        ['observed-language', 'private', false, 'dataset_unavailable'],
      ],
    )
    const literary = datasets[0]
    assert.equal(literary?.version, release.version)
    assert.equal(literary?.recordCount, 250)
    assert.deepEqual(literary?.sourceTerms, release.manifest.sourceTerms)
    assert.deepEqual(datasets[2]?.access, { key: true, scope: 'observed-language' })
  })

  it('serves the manifest, pinned or not; a malformed version is 400, another version 409', async () => {
    for (const path of [LC, `${LC}?version=${release.version}`]) {
      const res = await get(path)
      assert.equal(res.status, 200)
      assert.equal(res.headers.get('cache-control'), 'public, max-age=3600')
      assert.deepEqual(DatasetManifestSchema.parse(await res.json()), release.manifest)
    }
    for (const bad of [
      release.version.toUpperCase(),
      release.version.slice(1),
      `${release.version}0`,
      'latest',
      '',
    ]) {
      await expectError(await get(`${LC}?version=${bad}`), 400, 'invalid_request')
    }
    const hint = await expectError(await get(`${LC}?version=${'0'.repeat(64)}`), 409, 'version_not_current')
    assert.match(hint, /restart from the first page/)
    assert.ok(hint.includes(release.version))
  })

  it('answers 404 for an unknown dataset on every route, and 503 for one with no release', async () => {
    for (const suffix of ['', '/records', '/records/x', '/download']) {
      await expectError(await get(`/api/datasets/poems${suffix}`), 404, 'dataset_not_found')
      const unpublished = await expectError(
        await get(`/api/datasets/association-practice${suffix}`),
        503,
        'dataset_unavailable',
      )
      assert.match(unpublished, /No release/)
    }
    await expectError(await get(`${LC}/records/x/more`), 404, 'route_not_found')
  })

  it('pages through the release at most 100 records at a time', async () => {
    const res = await get(`${LC}/records`)
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('cache-control'), 'public, max-age=3600')
    const page = PageSchema.parse(await res.json())
    assert.equal(page.version, release.version)
    assert.equal(page.total, 250)
    assert.equal(page.count, 100)
    assert.equal(page.records.length, 100)
    assert.deepEqual(page.source.releaseSource, release.manifest.releaseSource)
    assert.deepEqual(page.source.sourceTerms, release.manifest.sourceTerms)
    assert.deepEqual(
      page.records.map((r) => r.id),
      Array.from({ length: 100 }, (_, i) => idOf(i)),
    )
    for (const record of page.records) assert.deepEqual(record.releaseSource, release.manifest.releaseSource)
    assert.equal(typeof page.nextCursor, 'string')

    for (const limit of ['1', '100']) {
      const sized = PageSchema.parse(await (await get(`${LC}/records?limit=${limit}`)).json())
      assert.equal(sized.count, Number(limit))
    }
    for (const limit of ['0', '101', '-1', '2.5', 'ten']) {
      await expectError(await get(`${LC}/records?limit=${limit}`), 400, 'invalid_request')
    }
  })

  it('rejects malformed, forged and outside cursors with 400', async () => {
    const first = PageSchema.parse(await (await get(`${LC}/records?limit=10`)).json())
    const cursor = first.nextCursor as string
    const second = PageSchema.parse(await (await get(`${LC}/records?limit=10&cursor=${cursor}`)).json())
    assert.equal(second.records[0]?.id, idOf(10))

    const flipped = cursor.slice(0, 20) + (cursor[20] === 'A' ? 'B' : 'A') + cursor.slice(21)
    const forgedPosition = await createCursorCodec(
      async () => 'a different secret of 32+ characters!',
    ).encode('literary-context', release.version, 10)
    const otherDataset = await createCursorCodec(async () => TEST_CURSOR_SECRET).encode(
      'association-practice',
      release.version,
      10,
    )
    for (const bad of ['!!!', 'abc', cursor.slice(0, -2), `${cursor}AA`, flipped, forgedPosition]) {
      await expectError(await get(`${LC}/records?cursor=${encodeURIComponent(bad)}`), 400, 'invalid_cursor')
    }
    // A genuine cursor of another dataset is a cursor of another release: stale, not malformed.
    const stale = await expectError(
      await get(`${LC}/records?cursor=${encodeURIComponent(otherDataset)}`),
      409,
      'stale_cursor',
    )
    assert.match(stale, /association-practice/)
    await expectError(await get(`${LC}/records?cursor=${'A'.repeat(201)}`), 400, 'invalid_request')
    await expectError(await get(`${LC}/records?cursor=`), 400, 'invalid_request')

    const codec = createCursorCodec(async () => TEST_CURSOR_SECRET)
    const last = await codec.encode('literary-context', release.version, 249)
    const lastPage = PageSchema.parse(await (await get(`${LC}/records?cursor=${last}`)).json())
    assert.equal(lastPage.count, 1)
    assert.equal(lastPage.nextCursor, null)
    for (const position of [250, 251, 2 ** 40]) {
      const outside = await codec.encode('literary-context', release.version, position)
      await expectError(await get(`${LC}/records?cursor=${outside}`), 400, 'page_out_of_range')
    }
    const otherRelease = await codec.encode('literary-context', 'e'.repeat(64), 10)
    await expectError(await get(`${LC}/records?cursor=${otherRelease}`), 409, 'stale_cursor')
    await expectError(
      await get(`${LC}/records?version=${'e'.repeat(64)}&cursor=${cursor}`),
      409,
      'version_not_current',
    )
  })

  it('serves one record by id of 1 to 250 characters; 0 and 251 are 400, an unknown id 404', async () => {
    for (const [i, id] of [
      [0, 'a'],
      [1, LONGEST_ID],
      [2, SPECIAL_ID],
      [42, 'rec-42'],
    ] as const) {
      const res = await get(`${LC}/records/${encodeURIComponent(id)}?version=${release.version}`)
      assert.equal(res.status, 200, id)
      assert.equal(res.headers.get('cache-control'), 'public, max-age=3600')
      const record = DatasetRecordSchema.parse(await res.json())
      assert.equal(record.id, id)
      assert.deepEqual(record, { ...input.records[i], releaseSource: release.manifest.releaseSource })
    }
    await expectError(await get(`${LC}/records/${'L'.repeat(251)}`), 400, 'invalid_request')
    await expectError(await get(`${LC}/records/`), 400, 'invalid_request')
    await expectError(await get(`${LC}/records/rec-250`), 404, 'record_not_found')
    await expectError(await get(`${LC}/records/rec-1?version=${'0'.repeat(64)}`), 409, 'version_not_current')
  })

  it('answers HEAD like GET, without a body', async () => {
    for (const path of [
      '/api/datasets',
      LC,
      `${LC}/records?limit=3`,
      `${LC}/records/a`,
      `${LC}/download`,
      '/api/datasets/poems',
    ]) {
      const got = await get(path)
      const body = await got.arrayBuffer()
      const head = await get(path, { method: 'HEAD' })
      assert.equal(head.status, got.status, path)
      assert.equal((await head.arrayBuffer()).byteLength, 0)
      assert.equal(head.headers.get('content-length'), String(body.byteLength), path)
      for (const name of ['content-type', 'cache-control', 'etag', 'repr-digest']) {
        assert.equal(head.headers.get(name), got.headers.get(name), `${path} ${name}`)
      }
    }
  })

  it('answers only GET, HEAD and OPTIONS: 405 in plain text with Allow for the rest', async () => {
    for (const path of ['/api/datasets', LC, `${LC}/records`, `${LC}/records/a`, `${LC}/download`]) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const res = await get(path, { method })
        assert.equal(res.status, 405, `${method} ${path}`)
        assert.equal(res.headers.get('allow'), 'GET, HEAD, OPTIONS')
        assert.match(res.headers.get('content-type') ?? '', /^text\/plain/)
        assert.equal(res.headers.get('cache-control'), 'no-store')
        assert.match(await res.text(), /not allowed/)
      }
    }
  })

  it('answers OPTIONS with 204 allowing GET, HEAD and the Authorization header, with or without Origin', async () => {
    for (const headers of [
      {} as Record<string, string>,
      {
        Origin: 'https://example.org',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    ]) {
      for (const path of ['/api/datasets', `${LC}/records`, '/api/datasets/observed-language/download']) {
        const res = await get(path, { method: 'OPTIONS', headers })
        assert.equal(res.status, 204, path)
        assert.equal(res.headers.get('allow'), 'GET, HEAD, OPTIONS')
        assert.equal(res.headers.get('access-control-allow-methods'), 'GET, HEAD, OPTIONS')
        assert.match(res.headers.get('access-control-allow-headers') ?? '', /Authorization/)
        assert.equal(res.headers.get('access-control-allow-origin'), '*')
        assert.equal((await res.arrayBuffer()).byteLength, 0)
      }
    }
  })

  it('describes the dataset routes and shapes in the OpenAPI document', async () => {
    const doc = (await (await get('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
      components: { schemas: Record<string, unknown> }
    }
    for (const path of [
      '/api/datasets',
      '/api/datasets/{dataset}',
      '/api/datasets/{dataset}/records',
      '/api/datasets/{dataset}/records/{id}',
      '/api/datasets/{dataset}/download',
    ]) {
      assert.ok(doc.paths[path]?.get, path)
    }
    assert.deepEqual(Object.keys(doc.paths['/api/datasets/{dataset}/records']?.get?.responses ?? {}).sort(), [
      '200',
      '400',
      '401',
      '403',
      '404',
      '405',
      '409',
      '503',
    ])
    for (const name of [
      'DatasetCatalogue',
      'DatasetManifest',
      'DatasetPage',
      'DatasetRecord',
      'SourceTerms',
      'ReleaseSource',
    ]) {
      assert.ok(doc.components.schemas[name], name)
    }
  })
})
