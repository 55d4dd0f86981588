import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createFileKeyStore } from '../../src/auth/fs-key-store'
import { secretDigest, type KeyStore } from '../../src/auth/keys'
import { buildDatasetRelease, serializeManifest, type BuiltRelease } from '../../src/datasets/build'
import { PageSchema } from '../../src/datasets/schemas'
import { manifestPath, publishRelease, type DatasetStores } from '../../src/datasets/storage'
import { ErrorSchema } from '../../src/http/errors'
import { createKey, startDatasetServer, syntheticInput, tempStores, testService } from '../helpers/datasets'
import type { TestServer } from '../helpers/server'

const OL = '/api/datasets/observed-language'
const ROUTES = ['', '/records', '/records/rec-1', '/download']

describe('observed-language: scoped keys and private storage', () => {
  let server: TestServer
  let stores: DatasetStores
  let keys: KeyStore
  let release: BuiltRelease
  const secrets: Record<string, string> = {}
  const get = (path: string, secret?: string, init: RequestInit = {}) =>
    fetch(server.url + path, {
      ...init,
      headers: { ...(secret ? { Authorization: `Bearer ${secret}` } : {}), ...(init.headers ?? {}) },
    })

  before(async () => {
    stores = await tempStores()
    keys = createFileKeyStore(stores.private)
    release = await buildDatasetRelease(syntheticInput('observed-language', 12))
    await publishRelease(stores, release)
    secrets.scoped = await createKey(keys, ['observed-language'])
    secrets.otherScope = await createKey(keys, ['argument-review', 'dictionary'])
    secrets.noScopes = await createKey(keys, [])
    secrets.inactive = await createKey(keys, ['observed-language'], { active: false })
    secrets.expired = await createKey(keys, ['observed-language'], { expiresAt: Date.now() - 1 })
    server = await startDatasetServer(testService(stores, keys), stores)
  })
  after(() => server.close())

  async function expect401(res: Response) {
    assert.equal(res.status, 401)
    assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer/)
    assert.equal(res.headers.get('cache-control'), 'no-store')
    assert.equal(ErrorSchema.parse(await res.json()).code, 'unauthorized')
  }

  it('serves every route with a scoped key, never cached', async () => {
    for (const route of ROUTES) {
      const res = await get(`${OL}${route}`, secrets.scoped)
      assert.equal(res.status, 200, route)
      assert.equal(res.headers.get('cache-control'), 'no-store', route)
      await res.arrayBuffer()
    }
    const page = PageSchema.parse(await (await get(`${OL}/records`, secrets.scoped)).json())
    assert.equal(page.total, 12)
    assert.equal(page.nextCursor, null)
  })

  it('answers 401 with WWW-Authenticate for a missing, malformed, unknown, inactive or expired key', async () => {
    for (const route of ROUTES) {
      await expect401(await get(`${OL}${route}`))
      await expect401(await get(`${OL}${route}`, secrets.inactive))
      await expect401(await get(`${OL}${route}`, secrets.expired))
      await expect401(await get(`${OL}${route}`, 'A'.repeat(43)))
      await expect401(await get(`${OL}${route}`, 'short'))
      await expect401(
        await get(`${OL}${route}`, undefined, { headers: { Authorization: `Basic ${secrets.scoped}` } }),
      )
    }
  })

  it('answers 403 for a valid key without the observed-language scope', async () => {
    for (const secret of [secrets.otherScope, secrets.noScopes]) {
      for (const route of ROUTES) {
        const res = await get(`${OL}${route}`, secret)
        assert.equal(res.status, 403)
        assert.equal(res.headers.get('cache-control'), 'no-store')
        assert.equal(ErrorSchema.parse(await res.json()).code, 'forbidden')
      }
    }
  })

  it('checks the key before saying anything about the release', async () => {
    await expect401(await get(`${OL}?version=${'0'.repeat(64)}`))
    await expect401(await get(`${OL}/records/no-such-record`))
  })

  it('shows the private dataset in the catalogue without its version or counts', async () => {
    const body = (await (await get('/api/datasets')).json()) as {
      datasets: Array<{
        dataset: string
        available: boolean
        version: string | null
        recordCount: number | null
      }>
    }
    const entry = body.datasets.find((d) => d.dataset === 'observed-language')
    assert.deepEqual(
      { available: entry?.available, version: entry?.version, recordCount: entry?.recordCount },
      { available: true, version: null, recordCount: null },
    )
  })

  it('stops a revoked key on the very next request', async () => {
    const secret = await createKey(keys, ['observed-language'])
    assert.equal((await get(OL, secret)).status, 200)
    const digest = await secretDigest(secret)
    const record = await keys.get(digest)
    assert.ok(record)
    await createFileKeyStore(stores.private).put({ ...record, active: false })
    await expect401(await get(OL, secret))
  })

  it('serves a private release only when it is reviewed', async () => {
    const draft = { ...release.manifest, status: 'draft' }
    await stores.private.write(manifestPath('observed-language', release.version), serializeManifest(draft))
    try {
      for (const route of ROUTES) {
        const res = await get(`${OL}${route}`, secrets.scoped)
        assert.equal(res.status, 503)
        assert.equal(ErrorSchema.parse(await res.json()).code, 'release_not_servable')
      }
    } finally {
      await stores.private.write(
        manifestPath('observed-language', release.version),
        serializeManifest(release.manifest),
      )
    }
    assert.equal((await get(OL, secrets.scoped)).status, 200)
  })
})
