/**
 * Every request rechecks: through the Node server with its answer cache on, each change (publish, revoke,
 * pointer removal, key revoked or restored, lexicon manifest removed or put back) is followed at once, with
 * no pause, by a request that must already answer for the new state.
 */
import assert from 'node:assert/strict'
import { cp, readFile, rm, writeFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createApp, type AppDeps } from '../../src/app'
import { createFileKeyStore } from '../../src/auth/fs-key-store'
import { secretDigest, type KeyRecord } from '../../src/auth/keys'
import { buildDatasetRelease, serializeManifest, type BuiltRelease } from '../../src/datasets/build'
import {
  manifestPath,
  pointerPath,
  publishRelease,
  removePointer,
  storeFor,
  type DatasetStores,
} from '../../src/datasets/storage'
import { loadConfig } from '../../src/config'
import { createLexiconProvider, LEXICON_MANIFEST_PATH } from '../../src/lexicon/release'
import { serveNodeApp } from '../../src/node'
import { createFsStore } from '../../src/storage/fs-store'
import { createKey, syntheticInput, tempStores, testService } from '../helpers/datasets'
import { dataRoot } from '../helpers/lexicon'
import { testUsageProvider } from '../helpers/usage'
import { LEXICON_COMPANIONS } from '../../src/releases/lexicon-release'

const LC = '/api/datasets/literary-context'
const OL = '/api/datasets/observed-language'
const CYCLES = 1000

/** The status, and the version a page names or whether the catalogue lists observed-language as available. */
type Expected = { status: number; version?: string; privateAvailable?: boolean }

describe('a recheck on every request', () => {
  let stores: DatasetStores & { dir: string }
  let server: Server
  let url: string
  let a: BuiltRelease
  let b: BuiltRelease
  let secret: string
  let keyRecord: KeyRecord
  const lexiconDir = () => join(stores.dir, 'public')

  before(async () => {
    stores = await tempStores()
    await cp(join(dataRoot, 'lexicon'), join(lexiconDir(), 'lexicon'), { recursive: true })
    a = await buildDatasetRelease(syntheticInput('literary-context', 250))
    b = await buildDatasetRelease(syntheticInput('literary-context', 250, { salt: ' (b)' }))
    await publishRelease(stores, b)
    await publishRelease(stores, a)
    await publishRelease(stores, await buildDatasetRelease(syntheticInput('observed-language', 5)))
    const keys = createFileKeyStore(stores.private)
    secret = await createKey(keys, ['observed-language'])
    keyRecord = (await keys.get(await secretDigest(secret))) as KeyRecord
    const deps: AppDeps = {
      lexicon: createLexiconProvider(createFsStore(lexiconDir()), { companions: LEXICON_COMPANIONS }),
      usage: await testUsageProvider(),
      datasets: testService(stores, keys),
    }
    const app = createApp(deps)
    await app.request('/readyz')
    const served = await serveNodeApp(app, deps, { ...loadConfig({}), HOST: '127.0.0.1', PORT: 0 })
    server = served.server
    url = `http://127.0.0.1:${served.address.port}`
  })
  after(async () => {
    await new Promise<void>((done) => server.close(() => done()))
    await rm(stores.dir, { recursive: true, force: true })
  })

  it(`answers for the new state on the very next request, ${CYCLES} changes in a row`, async () => {
    const store = storeFor(stores, 'literary-context')
    const keyFile = join(stores.dir, 'private', 'keys.json')
    const lexiconManifest = join(lexiconDir(), LEXICON_MANIFEST_PATH)
    const lexiconBytes = await readFile(lexiconManifest)
    const pointTo = (release: BuiltRelease) =>
      store.write(
        pointerPath('literary-context'),
        JSON.stringify({ dataset: 'literary-context', version: release.version }) + '\n',
      )
    const setRevoked = (release: BuiltRelease, revoked: boolean) =>
      store.write(
        manifestPath('literary-context', release.version),
        serializeManifest({ ...release.manifest, revoked }),
      )
    const olRelease = await buildDatasetRelease(syntheticInput('observed-language', 5))
    const setPrivateRevoked = (revoked: boolean) =>
      stores.private.write(
        manifestPath('observed-language', olRelease.version),
        serializeManifest({ ...olRelease.manifest, revoked }),
      )
    const catalogue = (privateAvailable: boolean) => ({
      path: '/api/datasets',
      expected: { status: 200, privateAvailable },
    })
    const setKey = (active: boolean) =>
      writeFile(keyFile, JSON.stringify({ keys: [{ ...keyRecord, active }] }, null, 2) + '\n')

    // Each step changes one thing and names the request that must see it and what it must answer.
    let publishes = 0
    const page = (expected: Expected) => ({ path: `${LC}/records?limit=5`, expected })
    const steps: Array<() => Promise<{ path: string; expected: Expected; auth?: boolean }>> = [
      // A whole publish (files, manifest, pointer) now and then; its last step, the pointer, otherwise.
      async () => (
        await (++publishes % 25 === 1 ? publishRelease(stores, b) : pointTo(b)),
        page({ status: 200, version: b.version })
      ),
      async () => (await pointTo(a), page({ status: 200, version: a.version })),
      async () => (await setRevoked(a, true), page({ status: 503 })),
      async () => (await setRevoked(a, false), page({ status: 200, version: a.version })),
      async () => (await removePointer(stores, 'literary-context'), page({ status: 503 })),
      async () => (await pointTo(a), { path: `${LC}/records/rec-7`, expected: { status: 200 } }),
      async () => {
        await setPrivateRevoked(false)
        // Two more asks leave an answer stored under the steady state, for the revoke that follows.
        for (let i = 0; i < 2; i++) await (await fetch(url + '/api/datasets')).arrayBuffer()
        return catalogue(true)
      },
      async () => (await setPrivateRevoked(true), catalogue(false)),
      async () => (await setPrivateRevoked(false), catalogue(true)),
      async () => (await setKey(false), { path: `${OL}/records`, expected: { status: 401 }, auth: true }),
      async () => (await setKey(true), { path: `${OL}/records`, expected: { status: 200 }, auth: true }),
      async () => (await rm(lexiconManifest), { path: '/api/lexicon/words/dog', expected: { status: 503 } }),
      async () => (
        await writeFile(lexiconManifest, lexiconBytes),
        { path: '/api/lexicon/words/dog', expected: { status: 200 } }
      ),
    ]
    // Warm the answer cache with every answer a stale generation could give.
    for (const path of [
      `${LC}/records?limit=5`,
      `${LC}/records/rec-7`,
      '/api/lexicon/words/dog',
      '/api/datasets',
    ]) {
      await fetch(url + path)
      await fetch(url + path)
    }
    const stale: string[] = []
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const { path, expected, auth } = await (steps[cycle % steps.length] as (typeof steps)[0])()
      const res = await fetch(url + path, auth ? { headers: { Authorization: `Bearer ${secret}` } } : {})
      const body = (await res.json()) as {
        version?: string
        datasets?: Array<{ dataset: string; available: boolean }>
      }
      const version = expected.version === undefined ? undefined : body.version
      const privateAvailable =
        expected.privateAvailable === undefined
          ? undefined
          : body.datasets?.find((d) => d.dataset === 'observed-language')?.available
      if (
        res.status !== expected.status ||
        version !== expected.version ||
        privateAvailable !== expected.privateAvailable
      ) {
        stale.push(`cycle ${cycle}: ${path} answered ${res.status} ${JSON.stringify(body).slice(0, 120)}`)
      }
    }
    assert.deepEqual(stale, [])
  })
})
