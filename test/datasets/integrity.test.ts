import assert from 'node:assert/strict'
import { readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { buildDatasetRelease } from '../../src/datasets/build'
import { PageSchema } from '../../src/datasets/schemas'
import {
  publishRelease,
  releaseFilePath,
  removePointer,
  revokeCurrentRelease,
} from '../../src/datasets/storage'
import { ErrorSchema } from '../../src/http/errors'
import type { BlobStore } from '../../src/storage/blob-store'
import { startDatasetServer, syntheticInput, tempStores, testService } from '../helpers/datasets'

const LC = '/api/datasets/literary-context'
const ROUTES = ['', '/records', '/records/rec-1', '/download']

/** The same store, counting how often each file is hashed. */
function countingHashes(inner: BlobStore): BlobStore & { hashes: Map<string, number> } {
  const hashes = new Map<string, number>()
  return {
    ...inner,
    hashes,
    async sha256(path) {
      hashes.set(path, (hashes.get(path) ?? 0) + 1)
      return (inner.sha256 as (path: string) => Promise<string | null>)(path)
    },
  }
}

/** The datasets entry of /readyz (the lexicon is not built in these stores, so the whole answer is 503). */
async function datasetsReadiness(url: string) {
  const body = (await (await fetch(`${url}/readyz`)).json()) as {
    checks: Array<{ name: string; ready: boolean; detail: string }>
  }
  return body.checks.find((c) => c.name === 'datasets')
}

async function errorOf(res: Response, status: number): Promise<ReturnType<typeof ErrorSchema.parse>> {
  assert.equal(res.status, status, res.url)
  assert.equal(res.headers.get('cache-control'), 'no-store')
  return ErrorSchema.parse(await res.json())
}

describe('integrity, withdrawal and stale releases', () => {
  it('hashes each file once per state and catches a file changed on disk after start-up', async () => {
    const stores = await tempStores()
    const release = await buildDatasetRelease(syntheticInput('literary-context', 40))
    await publishRelease(stores, release)
    const counted = countingHashes(stores.public)
    const server = await startDatasetServer(testService({ ...stores, public: counted }), stores)
    const recordsPath = join(
      stores.dir,
      'public',
      releaseFilePath('literary-context', release.version, 'records.jsonl'),
    )
    const original = await readFile(recordsPath)
    try {
      for (let i = 0; i < 5; i++)
        for (const route of ROUTES) assert.equal((await fetch(server.url + LC + route)).status, 200)
      assert.deepEqual([...counted.hashes.values()], [1, 1, 1, 1, 1, 1, 1, 1])

      // Same length, one byte different: only the hash can tell.
      const altered = Buffer.from(original)
      altered[10] = altered[10] === 0x61 ? 0x62 : 0x61
      await writeFile(recordsPath, altered)
      for (const route of ROUTES) {
        const body = await errorOf(await fetch(server.url + LC + route), 503)
        assert.equal(body.code, 'integrity_failure')
        assert.deepEqual(body.details, [{ path: 'records.jsonl', message: 'hash-mismatch' }])
      }
      assert.deepEqual(await datasetsReadiness(server.url), {
        name: 'datasets',
        ready: false,
        detail:
          'literary-context: integrity_failure; association-practice: dataset_unavailable; observed-language: dataset_unavailable',
      })
      const recordsHashes = counted.hashes.get(
        releaseFilePath('literary-context', release.version, 'records.jsonl'),
      )
      assert.equal(recordsHashes, 2, 'the altered file is hashed once, not once per request')

      await truncate(recordsPath, original.byteLength - 1)
      const short = await errorOf(await fetch(server.url + LC + '/download'), 503)
      assert.deepEqual(short.details, [{ path: 'records.jsonl', message: 'length-mismatch' }])

      await rm(
        join(stores.dir, 'public', releaseFilePath('literary-context', release.version, 'id-index.bin')),
      )
      await writeFile(recordsPath, original)
      const missing = await errorOf(await fetch(server.url + LC + '/records/rec-1'), 503)
      assert.deepEqual(missing.details, [{ path: 'id-index.bin', message: 'missing' }])
      assert.equal(missing.code, 'integrity_failure')

      await publishRelease(stores, release)
      for (const route of ROUTES) assert.equal((await fetch(server.url + LC + route)).status, 200, route)
      assert.equal((await datasetsReadiness(server.url))?.ready, true)
    } finally {
      await server.close()
    }
  })

  it('answers 503 on every route once the release is withdrawn, saying downloaded copies are not erased', async () => {
    const stores = await tempStores()
    const release = await buildDatasetRelease(syntheticInput('literary-context', 10))
    await publishRelease(stores, release)
    const server = await startDatasetServer(testService(stores), stores)
    try {
      assert.equal((await fetch(server.url + LC)).status, 200)
      for (const withdraw of [
        () => revokeCurrentRelease(stores, 'literary-context'),
        () => removePointer(stores, 'literary-context'),
      ]) {
        await withdraw()
        for (const route of ROUTES) {
          const body = await errorOf(
            await fetch(`${server.url}${LC}${route}?version=${release.version}`),
            503,
          )
          assert.equal(body.code, 'release_withdrawn')
          assert.match(body.message, /Copies already downloaded are not the service’s to erase/)
        }
        const catalogue = (await (await fetch(`${server.url}/api/datasets`)).json()) as {
          datasets: Array<{ available: boolean; unavailableReason: string | null }>
        }
        assert.deepEqual(catalogue.datasets[0], {
          ...catalogue.datasets[0],
          available: false,
          unavailableReason: 'release_withdrawn',
        })
        await publishRelease(stores, release)
        assert.equal((await fetch(server.url + LC)).status, 200)
      }
    } finally {
      await server.close()
    }
  })

  it('answers 409 for a cursor or version of the previous release once a new one is current', async () => {
    const stores = await tempStores()
    const first = await buildDatasetRelease(syntheticInput('literary-context', 30))
    await publishRelease(stores, first)
    const server = await startDatasetServer(testService(stores), stores)
    try {
      const page = PageSchema.parse(await (await fetch(`${server.url}${LC}/records?limit=10`)).json())
      const second = await buildDatasetRelease(syntheticInput('literary-context', 30, { salt: ' (revised)' }))
      await publishRelease(stores, second)
      const stale = await errorOf(await fetch(`${server.url}${LC}/records?cursor=${page.nextCursor}`), 409)
      assert.equal(stale.code, 'stale_cursor')
      assert.match(stale.hint ?? '', /restart from the first page; do not merge releases/)
      for (const route of ROUTES) {
        const old = await errorOf(await fetch(`${server.url}${LC}${route}?version=${first.version}`), 409)
        assert.equal(old.code, 'version_not_current')
        assert.ok(old.hint?.includes(second.version))
      }
      const fresh = PageSchema.parse(await (await fetch(`${server.url}${LC}/records?limit=10`)).json())
      assert.equal(fresh.version, second.version)
    } finally {
      await server.close()
    }
  })

  it('answers 503 storage_error when storage itself fails, and recovers with it', async () => {
    const stores = await tempStores()
    await publishRelease(stores, await buildDatasetRelease(syntheticInput('literary-context', 5)))
    let failing = false
    const flaky: BlobStore = {
      ...stores.public,
      sha256: stores.public.sha256?.bind(stores.public),
      async stat(path) {
        if (failing) throw new Error('EIO: simulated disk failure')
        return stores.public.stat(path)
      },
    }
    const server = await startDatasetServer(testService({ ...stores, public: flaky }), stores)
    try {
      assert.equal((await fetch(server.url + LC)).status, 200)
      failing = true
      for (const route of ROUTES) {
        const body = await errorOf(await fetch(server.url + LC + route), 503)
        assert.equal(body.code, 'storage_error')
      }
      failing = false
      assert.equal((await fetch(server.url + LC + '/records')).status, 200)
    } finally {
      await server.close()
    }
  })
})
