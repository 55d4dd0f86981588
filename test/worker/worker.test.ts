/**
 * What only the Workers entry does, in workerd through Miniflare: keys read from KV by digest (a revocation
 * is seen by the next request at the location that made it), the platform's rate-limiting binding as the
 * burst limiter, release integrity over R2 objects, publishing and withdrawing a release in R2 with the
 * operator's functions, the R2 BlobStore's ranges and listing, and the answers
 * of a deployment whose settings are invalid or lack the log's signing key.
 *
 * KV is eventually consistent across locations: a revocation written at one location may take up to 60
 * seconds to reach the others, during which the revoked key still passes there. Miniflare simulates a
 * single location, so these tests can only show the immediate, local case.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { generateSecret, secretDigest, type KeyRecord } from '../../src/auth/keys'
import { createKvKeyStore } from '../../src/auth/kv-key-store'
import { buildDatasetRelease, serializeManifest } from '../../src/datasets/build'
import { publishRelease, revokeCurrentRelease } from '../../src/datasets/storage'
import { createR2Store } from '../../src/storage/r2-store'
import { sha256Hex } from '../../src/storage/digest'
import { syntheticInput } from '../helpers/datasets'
import { completion, startFakeProvider, type FakeProvider } from '../helpers/fake-provider'
import { startWorker, workerBucket, workerKv, type WorkerServer } from '../helpers/worker'

const SIGNING_KEY = Buffer.alloc(32, 9).toString('base64')
const CURSOR_SECRET = 'worker-test-cursor-secret-of-32-characters-or-more'

async function keyRecord(datasets: string[]): Promise<{ secret: string; record: KeyRecord }> {
  const secret = generateSecret()
  return {
    secret,
    record: { digest: await secretDigest(secret), active: true, expiresAt: Date.now() + 3_600_000, datasets },
  }
}

/** The operator CLI as a subprocess. */
function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', ...args],
      { env: { ...process.env, ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

const text = async (body: ReadableStream<Uint8Array> | null) =>
  body ? await new Response(body).text() : null

describe('the worker in workerd', () => {
  let worker: WorkerServer
  let provider: FakeProvider
  let observed: { secret: string; record: KeyRecord }
  let reviewer: { secret: string; record: KeyRecord }
  let privateReader: { secret: string; record: KeyRecord }

  before(async () => {
    provider = await startFakeProvider()
    provider.reply = () => ({ json: completion({ claims: [], termReadings: [], overview: '' }) })
    observed = await keyRecord(['observed-language'])
    reviewer = await keyRecord(['argument-review'])
    privateReader = await keyRecord(['observed-language'])
    worker = await startWorker({
      publicDir: 'data/public',
      privateDir: 'data/private',
      keys: [observed.record, reviewer.record, privateReader.record],
      settings: {
        CURSOR_SECRET,
        LOG_SIGNING_KEY: SIGNING_KEY,
        ARGUMENT_PROVIDER_API_KEY: `sk-test-${'w'.repeat(40)}`,
        ARGUMENT_PROVIDER_BASE_URL: provider.baseUrl,
        ARGUMENT_MODEL: 'test-review-model',
      },
      rateLimit: 5,
    })
  })
  after(async () => {
    await Promise.all([worker?.close(), provider?.close()])
  })

  it('reads keys from KV by digest, and a revocation there stops the key on the next request', async () => {
    const page = () =>
      fetch(`${worker.url}/api/datasets/observed-language/records`, {
        headers: { Authorization: `Bearer ${observed.secret}` },
      })
    assert.equal((await page()).status, 200)
    const kv = await workerKv(worker.mf)
    await kv.put(observed.record.digest, JSON.stringify({ ...observed.record, active: false }))
    const revoked = await page()
    assert.equal(revoked.status, 401)
    assert.equal(revoked.headers.get('Cache-Control'), 'no-store')
  })

  it('uses the ARGUMENT_RATE_LIMITER binding as the burst limiter of cloud review (429 past the limit)', async () => {
    const review = () =>
      fetch(`${worker.url}/api/argument/review`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${reviewer.secret}` },
        body: JSON.stringify({ text: 'Banks lend money.', mode: 'cloud', consent: true }),
      })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await review()).status)
    assert.ok(
      statuses.slice(0, 5).every((s) => s !== 429 && s !== 503),
      `first five: ${statuses}`,
    )
    assert.equal(statuses[5], 429)
    assert.equal(provider.calls.length, 5)
    // The binding does not say when a slot frees: the answer names the longest window a binding offers.
    const refused = await review()
    assert.equal(refused.headers.get('Retry-After'), '60')
  })

  it('answers 503 for a dataset whose file in R2 no longer matches its manifest', async () => {
    const bucket = await workerBucket(worker.mf, 'PUBLIC_RELEASES')
    const store = createR2Store(bucket)
    // The current release's file: ./data may also hold releases the pointer has moved past.
    const pointer = await store.read('datasets/association-practice/current.json')
    const { version } = JSON.parse(new TextDecoder().decode(pointer as Uint8Array)) as { version: string }
    const offsets = `datasets/association-practice/releases/${version}/line-offsets.bin`
    const original = (await store.read(offsets)) as Uint8Array
    const damaged = original.slice()
    damaged[0] = (damaged[0] as number) ^ 0xff
    await store.write(offsets, damaged)
    try {
      const answer = await fetch(`${worker.url}/api/datasets/association-practice/records`)
      assert.equal(answer.status, 503)
      assert.equal(answer.headers.get('Cache-Control'), 'no-store')
    } finally {
      await store.write(offsets, original)
    }
    assert.equal((await fetch(`${worker.url}/api/datasets/association-practice/records`)).status, 200)
  })

  it('answers 503 for a lexicon block in R2 that no longer matches, and the same bytes once it is restored', async () => {
    const bucket = await workerBucket(worker.mf, 'PUBLIC_RELEASES')
    const store = createR2Store(bucket)
    const strings = (await store.list('lexicon/releases')).find((f) => f.endsWith('/strings.bin')) as string
    const before = await fetch(`${worker.url}/api/lexicon/words/harbour`)
    const expected = await before.text()
    assert.equal(before.status, 200)
    const original = (await store.read(strings)) as Uint8Array
    const damaged = original.slice()
    // One byte in the middle of the file: a block the word above did not read.
    const at = Math.floor(damaged.byteLength / 2)
    damaged[at] = (damaged[at] as number) ^ 0xff
    await store.write(strings, damaged)
    try {
      const answer = await fetch(`${worker.url}/api/lexicon/words/harbour`)
      assert.equal(answer.status, 503)
      assert.equal(((await answer.json()) as { code: string }).code, 'lexicon_unavailable')
    } finally {
      await store.write(strings, original)
    }
    const after = await fetch(`${worker.url}/api/lexicon/words/harbour`)
    assert.equal(after.status, 200)
    assert.equal(await after.text(), expected)
  })

  it('serves a release published into R2 by the operator functions, and 503 once it is withdrawn', async () => {
    const stores = {
      public: createR2Store(await workerBucket(worker.mf, 'PUBLIC_RELEASES')),
      private: createR2Store(await workerBucket(worker.mf, 'PRIVATE_RELEASES')),
    }
    const release = await buildDatasetRelease(syntheticInput('observed-language', 7))
    await publishRelease(stores, release)
    const page = () =>
      fetch(`${worker.url}/api/datasets/observed-language/records`, {
        headers: { Authorization: `Bearer ${privateReader.secret}` },
      })
    const served = await page()
    assert.equal(served.status, 200)
    assert.equal(((await served.json()) as { version: string }).version, release.version)
    await revokeCurrentRelease(stores, 'observed-language', release.version)
    const withdrawn = await page()
    assert.equal(withdrawn.status, 503)
    assert.equal(withdrawn.headers.get('Cache-Control'), 'no-store')
  })

  it('`publish --to r2` and `keys create --to kv` upload what the worker then serves, files before manifest before pointer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'publish-r2-'))
    const release = await buildDatasetRelease(
      syntheticInput('literary-context', 30, { salt: ' (from the CLI)' }),
    )
    for (const file of release.files) await writeFile(join(dir, file.path), file.bytes)
    await writeFile(join(dir, 'manifest.json'), serializeManifest(release.manifest))
    // The wrangler command is the boundary to Cloudflare's account; this stand-in records each call.
    const calls = join(dir, 'calls.jsonl')
    const fake = join(dir, 'fake-wrangler.mjs')
    await writeFile(
      fake,
      `import { appendFileSync, readFileSync } from 'node:fs'
const args = process.argv.slice(2)
const at = args.indexOf('--file')
const file = at >= 0 ? readFileSync(args[at + 1]).toString('base64') : null
appendFileSync(${JSON.stringify(calls)}, JSON.stringify({ args, file }) + '\\n')
`,
    )
    const env = { WRANGLER: `${process.execPath} ${fake}` }
    const published = await cli(['publish', dir, '--to', 'r2', '--bucket', 'lexicon-public'], env)
    assert.equal(published.code, 0, published.stderr)
    const created = await cli(
      ['keys', 'create', '--scopes', 'dictionary', '--to', 'kv', '--namespace-id', 'ns1', '--json'],
      env,
    )
    assert.equal(created.code, 0, created.stderr)
    const { digest } = JSON.parse(created.stdout) as { digest: string }

    type Call = { args: string[]; file: string | null }
    const recorded = (await readFile(calls, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Call)
    const puts = recorded.filter((c) => c.args[0] === 'r2')
    const names = puts.map((c) => (c.args[3] as string).replace(/^lexicon-public\//, ''))
    const prefix = `datasets/literary-context/releases/${release.version}/`
    assert.deepEqual(names, [
      ...release.files.map((f) => prefix + f.path),
      `${prefix}manifest.json`,
      'datasets/literary-context/current.json',
    ])
    assert.ok(puts.every((c) => c.args.includes('--remote')))
    const bucket = createR2Store(await workerBucket(worker.mf, 'PUBLIC_RELEASES'))
    for (const [i, call] of puts.entries())
      await bucket.write(names[i] as string, new Uint8Array(Buffer.from(call.file as string, 'base64')))
    const page = await fetch(`${worker.url}/api/datasets/literary-context/records`)
    assert.equal(page.status, 200)
    const body = (await page.json()) as { version: string; total: number }
    assert.deepEqual([body.version, body.total], [release.version, 30])

    const kvCall = recorded.find((c) => c.args[0] === 'kv') as Call
    assert.deepEqual(kvCall.args.slice(0, 4), ['kv', 'key', 'put', digest])
    assert.deepEqual(kvCall.args.slice(5), ['--namespace-id', 'ns1', '--remote'])
    const kv = await workerKv(worker.mf)
    await kv.put(digest, kvCall.args[4] as string)
    assert.deepEqual((await createKvKeyStore(kv).get(digest))?.datasets, ['dictionary'])
  })

  it('the R2 BlobStore: stat with the ETag as state, clipped ranges, streamed ranges, stored SHA-256, folder listing', async () => {
    const store = createR2Store(await workerBucket(worker.mf, 'PRIVATE_RELEASES'))
    await store.write('probe/a.txt', '0123456789')
    await store.write('probe-other/b.txt', 'x')
    const stat = await store.stat('probe/a.txt')
    assert.equal(stat?.size, 10)
    await store.write('probe/a.txt', '0123456789')
    assert.equal((await store.stat('probe/a.txt'))?.state, stat?.state, 'same bytes, same ETag')
    assert.equal(new TextDecoder().decode((await store.readRange('probe/a.txt', 2, 5)) ?? undefined), '234')
    assert.equal(new TextDecoder().decode((await store.readRange('probe/a.txt', 8, 50)) ?? undefined), '89')
    assert.equal((await store.readRange('probe/a.txt', 20, 30))?.byteLength, 0)
    assert.equal(await store.readRange('probe/missing', 0, 1), null)
    assert.equal(await text(await store.stream('probe/a.txt', { start: 3, end: 7 })), '3456')
    assert.equal(await text(await store.stream('probe/a.txt', { start: 5, end: 5 })), '')
    assert.equal(await text(await store.stream('probe/a.txt')), '0123456789')
    assert.equal(await store.stream('probe/missing'), null)
    assert.equal(await store.sha256?.('probe/a.txt'), await sha256Hex('0123456789'))
    assert.deepEqual(await store.list('probe'), ['probe/a.txt'])
    await store.remove('probe/a.txt')
    assert.equal(await store.stat('probe/a.txt'), null)
  })

  it('the KV key store: records by digest only, a record under another digest is no record', async () => {
    const keys = createKvKeyStore(await workerKv(worker.mf))
    const { record } = await keyRecord(['dictionary'])
    await keys.put(record)
    assert.deepEqual(await keys.get(record.digest), record)
    const other = 'f'.repeat(64)
    await (await workerKv(worker.mf)).put(other, JSON.stringify(record))
    assert.equal(await keys.get(other), null)
    assert.equal(await keys.get('not-a-digest'), null)
    assert.ok((await keys.list()).some((r) => r.digest === record.digest))
  })

  it('KV keeps one revoke beside twenty creates apart (one value per key), as the worker then answers', async () => {
    const keys = createKvKeyStore(await workerKv(worker.mf))
    const word = (secret: string) =>
      fetch(`${worker.url}/api/words/dog`, { headers: { Authorization: `Bearer ${secret}` } }).then(
        (r) => r.status,
      )
    for (let trial = 0; trial < 10; trial++) {
      const revoked = await keyRecord(['dictionary'])
      await keys.put(revoked.record)
      const created = await Promise.all(Array.from({ length: 20 }, () => keyRecord(['dictionary'])))
      await Promise.all([
        keys.put({ ...revoked.record, active: false }),
        ...created.map((key) => keys.put(key.record)),
      ])
      assert.equal(await word(revoked.secret), 401, `trial ${trial}`)
      for (const key of created) assert.equal(await word(key.secret), 200, `trial ${trial}`)
    }
  })
})

describe('a worker deployment with missing or invalid settings', () => {
  it('answers every request 503 naming the invalid settings, never their values', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'worker-empty-'))
    const secret = 'too-short-secret-value'
    const worker = await startWorker({
      publicDir: empty,
      privateDir: empty,
      keys: [],
      settings: { CURSOR_SECRET: secret, ARGUMENT_PROVIDER_BASE_URL: 'ftp://example.org' },
    })
    try {
      const answer = await fetch(`${worker.url}/api/usage`)
      assert.equal(answer.status, 503)
      assert.equal(answer.headers.get('Cache-Control'), 'no-store')
      const body = await answer.text()
      assert.match(body, /CURSOR_SECRET/)
      assert.match(body, /ARGUMENT_PROVIDER_BASE_URL/)
      assert.doesNotMatch(body, new RegExp(secret))
    } finally {
      await worker.close()
    }
  })

  it('without LOG_SIGNING_KEY the log routes answer 503 saying so, and the rest of the service runs', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'worker-empty-'))
    const worker = await startWorker({
      publicDir: empty,
      privateDir: empty,
      keys: [],
      settings: { CURSOR_SECRET },
    })
    try {
      const answer = await fetch(`${worker.url}/v1/verify/consensus`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      })
      const ready = (await (await fetch(`${worker.url}/readyz`)).json()) as {
        checks: { name: string; ready: boolean; detail: string }[]
      }
      const log = ready.checks.find((c) => c.name === 'observation-log')
      assert.equal(log?.ready, false)
      assert.match(log?.detail ?? '', /LOG_SIGNING_KEY is not set/)
      assert.equal((await fetch(`${worker.url}/api/datasets`)).status, 200)
      assert.ok([400, 503].includes(answer.status))
    } finally {
      await worker.close()
    }
  })
})
