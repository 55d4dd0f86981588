/**
 * A damaged key store (`private/keys.json` empty, truncated, not JSON, or of the wrong shape) answers 503
 * with `Retry-After` on every keyed route, makes `/readyz` not ready, logs one line naming the file and the
 * problem and never a key or digest, and recovers as soon as the file is mended. One malformed record costs
 * that record alone, logged by its position; a record without `datasets` is a valid key that reaches
 * nothing private.
 */
import assert from 'node:assert/strict'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { createFileKeyStore } from '../../src/auth/fs-key-store'
import { generateSecret, secretDigest } from '../../src/auth/keys'
import { generateSeed, createNoteSigner } from '../../src/consensus/log/note'
import { createLogProvider } from '../../src/consensus/provider'
import { ErrorSchema } from '../../src/http/errors'
import { createFsStore, PRIVATE_MODES } from '../../src/storage/fs-store'
import { cloudSetup } from '../helpers/argument-cloud'
import { createKey, tempStores, testService } from '../helpers/datasets'
import { startFakeProvider, type FakeProvider } from '../helpers/fake-provider'
import { testLexiconProvider } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'
import { observation, openTestLog, ORIGIN } from '../consensus/fixture'

describe('a damaged key store', () => {
  let server: TestServer
  let provider: FakeProvider
  let keyFile: string
  let good: string
  let secret: string
  const logged: string[] = []

  before(async () => {
    provider = await startFakeProvider()
    const stores = await tempStores()
    keyFile = join(stores.dir, 'private', 'keys.json')
    const keys = createFileKeyStore(createFsStore(join(stores.dir, 'private'), PRIVATE_MODES), {
      log: (line) => logged.push(line),
    })
    secret = await createKey(keys, ['dictionary', 'observed-language', 'argument-review', 'observations'])
    good = await readFile(keyFile, 'utf8')
    const log = await openTestLog(join(stores.dir, 'log'), await createNoteSigner(ORIGIN, generateSeed()))
    server = await startServer(
      createApp({
        keys,
        lexicon: await testLexiconProvider(),
        usage: await testUsageProvider(),
        argumentCloud: cloudSetup(provider.baseUrl, keys),
        datasets: testService(stores, keys),
        consensus: { log: createLogProvider(async () => log), keys },
      }),
    )
  })
  after(async () => {
    await server.close()
    await provider.close()
  })

  const auth = () => ({ Authorization: `Bearer ${secret}` })
  const keyedRequests = (): Array<[string, RequestInit]> => [
    ['/api/words/dog', { headers: auth() }],
    ['/api/datasets/observed-language', { headers: auth() }],
    [
      '/api/argument/review',
      {
        method: 'POST',
        headers: { ...auth(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: 'A claim.', mode: 'cloud', consent: true }),
      },
    ],
    [
      '/v1/observations',
      {
        method: 'POST',
        headers: { ...auth(), 'Content-Type': 'application/json' },
        body: JSON.stringify(observation()),
      },
    ],
  ]

  it('is created owner-only (mode 600)', async () => {
    assert.equal((await stat(keyFile)).mode & 0o777, 0o600)
  })

  const damages: Array<[string, string, RegExp]> = [
    ['empty', '', /empty/],
    ['truncated', '', /not valid JSON/],
    ['not JSON', 'keys: none\n', /not valid JSON/],
    ['of the wrong shape', '{"keys": {"a": 1}}\n', /shape/],
  ]
  for (const [name, content, problem] of damages) {
    it(`answers 503 on every keyed route when the file is ${name}, and logs it once`, async () => {
      const bytes = name === 'truncated' ? good.slice(0, good.length / 2) : content
      await writeFile(keyFile, bytes)
      logged.length = 0
      for (const [path, init] of keyedRequests()) {
        const res = await fetch(server.url + path, init)
        assert.equal(res.status, 503, `${path}: ${res.status}`)
        assert.equal(res.headers.get('retry-after'), '30')
        assert.equal(res.headers.get('cache-control'), 'no-store')
        assert.equal(ErrorSchema.parse(await res.json()).code, 'key_store_unavailable')
      }
      assert.equal(logged.length, 1, logged.join('\n'))
      const line = JSON.parse(logged[0] as string) as { file: string; problem: string }
      assert.equal(line.file, 'private/keys.json')
      assert.match(line.problem, problem)
      const digest = /"digest": "([a-f0-9]{64})"/.exec(good)?.[1] as string
      for (const text of logged) {
        assert.ok(!text.includes(secret) && !text.includes(digest) && !text.includes(digest.slice(0, 16)))
      }
      assert.equal(provider.calls.length, 0)
      const ready = await fetch(`${server.url}/readyz`)
      assert.equal(ready.status, 503)
      const checks = ((await ready.json()) as { checks: { name: string; ready: boolean; detail: string }[] })
        .checks
      const keysCheck = checks.find((check) => check.name === 'keys')
      assert.equal(keysCheck?.ready, false)
      assert.match(keysCheck?.detail ?? '', problem)
    })
  }

  it('leaves out a malformed record alone, logged by its position, and serves every other key', async () => {
    const record = (secretOf: string, fields: Record<string, unknown>) =>
      secretDigest(secretOf).then((digest) => ({
        digest,
        active: true,
        expiresAt: Date.now() + 3_600_000,
        ...fields,
      }))
    const unscoped = generateSecret()
    const malformed = generateSecret()
    const repeated = generateSecret()
    const goodRecords = (JSON.parse(good) as { keys: unknown[] }).keys
    const keys = [
      await record(unscoped, {}),
      await record(malformed, { active: 'yes', datasets: ['dictionary'] }),
      ...goodRecords,
      await record(repeated, { datasets: ['dictionary'] }),
      await record(repeated, { datasets: ['dictionary'], active: false }),
    ]
    await writeFile(keyFile, JSON.stringify({ keys }, null, 2))
    logged.length = 0
    for (const [path, init] of keyedRequests()) {
      // Past the key check: what the route answers then (a dataset with no release: 503) is not a key's.
      const res = await fetch(server.url + path, init)
      const code = res.status < 300 ? '' : ErrorSchema.parse(await res.json()).code
      assert.ok(![401, 403].includes(res.status) && code !== 'key_store_unavailable', `${path}: ${code}`)
    }
    const as = (key: string) => ({ headers: { Authorization: `Bearer ${key}` } })
    // Valid, and reaching nothing private: 403 where a scope is needed.
    assert.equal((await fetch(`${server.url}/api/words/dog`, as(unscoped))).status, 403)
    assert.equal((await fetch(`${server.url}/api/datasets/observed-language`, as(unscoped))).status, 403)
    assert.equal((await fetch(`${server.url}/api/words/dog`, as(malformed))).status, 401)
    // Two records of one digest may disagree: neither is used.
    assert.equal((await fetch(`${server.url}/api/words/dog`, as(repeated))).status, 401)

    const lines = logged.map((line) => JSON.parse(line) as { event: string; record: number; problem: string })
    assert.deepEqual(
      lines.map((line) => [line.event, line.record]),
      [
        ['key_record_skipped', 1],
        ['key_record_skipped', keys.length - 2],
        ['key_record_skipped', keys.length - 1],
      ],
    )
    assert.match(lines[0]?.problem ?? '', /^active /)
    for (const text of logged) {
      for (const k of keys as { digest: string }[]) assert.ok(!text.includes(k.digest.slice(0, 16)))
      assert.ok(![unscoped, malformed, repeated, secret].some((s) => text.includes(s)))
    }
    const ready = await fetch(`${server.url}/readyz`)
    const body = (await ready.json()) as { checks: { name: string; ready: boolean; detail: string }[] }
    const keysCheck = body.checks.find((check) => check.name === 'keys')
    assert.equal(keysCheck?.ready, true)
    assert.match(keysCheck?.detail ?? '', /3 malformed record/)
  })

  it('serves keys again as soon as the file is mended', async () => {
    await writeFile(keyFile, good)
    const res = await fetch(`${server.url}/api/words/dog`, { headers: auth() })
    assert.equal(res.status, 200)
  })
})
