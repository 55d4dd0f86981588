/**
 * One contract suite, two runtimes: the same requests go to the Node server (src/node.ts, on the releases
 * in ./data) and to the Workers entry in workerd (src/cloudflare.ts through Miniflare, with R2, KV, the Durable
 * Object log and the rate-limit binding seeded from the same releases and keys), and the answers must agree:
 * status, body byte for byte, and the headers the contract names.
 *
 * Where the runtimes differ on purpose, this file says so:
 * - `GET /api/argument` describes the deployment's burst limiter, which is the in-process window on Node
 *   and the platform binding on Workers; that one field is compared apart.
 * - KV is eventually consistent: a revoked key may still pass for up to 60 seconds at locations other than
 *   the one where it was revoked (Node sees the change on the next request). Miniflare is one location, so
 *   here a revocation is seen at once, as on Node; the test cannot show the delay, and the README says it.
 */
import assert from 'node:assert/strict'
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Server } from 'node:http'
import { createFileKeyStore } from '../../src/auth/fs-key-store'
import { generateSecret, secretDigest, type KeyRecord } from '../../src/auth/keys'
import { loadConfig } from '../../src/config'
import { createApp } from '../../src/app'
import { nodeAppDeps, serveNodeApp } from '../../src/node'
import { createFsStore } from '../../src/storage/fs-store'
import { observation } from '../consensus/fixture'
import { startWorker, type WorkerServer } from '../helpers/worker'
import { fetchAgain } from '../helpers/fetch-again'
import { SEMANTIC_BODIES } from '../helpers/semantic-bodies'

/**
 * The headers the contract names, compared on every answer (X-Request-Id: each request sends its own).
 * Content-Length is framing, not contract: workerd may send a body chunked where Node states its length,
 * and the bodies themselves are compared whole.
 */
const CONTRACT_HEADERS = [
  'content-type',
  'cache-control',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'allow',
  'www-authenticate',
  'retry-after',
  'etag',
  'repr-digest',
  'content-range',
  'accept-ranges',
  'x-request-id',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-resource-policy',
  'content-security-policy',
]

const SETTINGS = {
  CURSOR_SECRET: 'contract-cursor-secret-of-at-least-32-characters',
  LOG_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64'),
  LOG_ORIGIN: 'contract.example/observations',
}

type Keys = Record<'observed' | 'contributor' | 'dictionary' | 'unscoped' | 'revoked' | 'expired', string>

async function makeKeys(): Promise<{ secrets: Keys; records: KeyRecord[] }> {
  const later = Date.now() + 3_600_000
  const specs: Record<keyof Keys, Omit<KeyRecord, 'digest'>> = {
    observed: { active: true, expiresAt: later, datasets: ['observed-language'] },
    contributor: { active: true, expiresAt: later, datasets: ['observations'] },
    dictionary: { active: true, expiresAt: later, datasets: ['dictionary'] },
    unscoped: { active: true, expiresAt: later, datasets: [] },
    revoked: { active: false, expiresAt: later, datasets: ['observed-language'] },
    expired: { active: true, expiresAt: Date.now() - 1, datasets: ['observed-language'] },
  }
  const secrets = {} as Keys
  const records: KeyRecord[] = []
  for (const [name, spec] of Object.entries(specs) as [keyof Keys, Omit<KeyRecord, 'digest'>][]) {
    secrets[name] = generateSecret()
    records.push({ digest: await secretDigest(secrets[name]), ...spec })
  }
  return { secrets, records }
}

/** The Node server as `npm start` runs it, on a DATA_DIR whose releases are ./data's (linked, not copied). */
async function startNode(records: KeyRecord[]): Promise<{ url: string; close: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'contract-node-'))
  await mkdir(join(dir, 'private'))
  await symlink(resolve('data/public'), join(dir, 'public'))
  await symlink(resolve('data/private/datasets'), join(dir, 'private', 'datasets'))
  const keys = createFileKeyStore(createFsStore(join(dir, 'private')))
  for (const record of records) await keys.put(record)
  // Port 0 (any free port) is for tests only, so it is set past the configuration's checks. The Node server
  // runs as `npm start` runs it, answer cache included.
  const config = {
    ...loadConfig({ ...SETTINGS, DATA_DIR: dir, ARGUMENT_RATE_LIMIT: '5/60s' }),
    PORT: 0,
  }
  const deps = nodeAppDeps(config, () => {})
  const { server, address } = await serveNodeApp(createApp(deps), deps, config)
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await new Promise<void>((done) => (server as Server).close(() => done()))
      await rm(dir, { recursive: true, force: true })
    },
  }
}

type Answer = { status: number; headers: Record<string, string | null>; body: Buffer }
type Request = {
  method?: string
  path: string
  headers?: Record<string, string>
  json?: unknown
  body?: string
}

async function send(base: string, request: Request, id: string): Promise<Answer> {
  const headers: Record<string, string> = { 'X-Request-Id': id, ...request.headers }
  let body: string | undefined = request.body
  if (request.json !== undefined) {
    body = JSON.stringify(request.json)
    headers['Content-Type'] ??= 'application/json'
  }
  const init = { method: request.method ?? 'GET', headers, body }
  // The worker's first semantic requests (reading the lexicon's blocks from R2) leave the other server's
  // connection idle long enough for a reused connection to be closed under the client.
  const response = await fetchAgain(base + request.path, init)
  return {
    status: response.status,
    headers: Object.fromEntries(CONTRACT_HEADERS.map((name) => [name, response.headers.get(name)])),
    body: Buffer.from(await response.arrayBuffer()),
  }
}

/** Byte equality, reported as the first difference in context rather than two whole bodies. */
function assertSameBytes(actual: Buffer, expected: Buffer, what: string): void {
  if (actual.equals(expected)) return
  let at = 0
  while (at < actual.length && at < expected.length && actual[at] === expected[at]) at++
  const around = (b: Buffer) => b.subarray(Math.max(0, at - 80), at + 160).toString('utf8')
  assert.fail(
    `${what} differs at byte ${at} (worker ${actual.length} bytes, Node ${expected.length}):\n worker: ${around(actual)}\n node:   ${around(expected)}`,
  )
}

describe('the Node server and the worker in workerd answer alike', () => {
  let node: { url: string; close: () => Promise<void> }
  let worker: WorkerServer
  let keys: Keys
  let sent = 0

  before(async () => {
    const made = await makeKeys()
    keys = made.secrets
    ;[node, worker] = await Promise.all([
      startNode(made.records),
      startWorker({
        publicDir: 'data/public',
        privateDir: 'data/private',
        keys: made.records,
        settings: SETTINGS,
        rateLimit: 5,
      }),
    ])
  })
  after(async () => {
    await Promise.all([node?.close(), worker?.close()])
  })

  /** Sends the request to both, asserts they agree, and returns Node's answer. */
  async function same(request: Request, compare?: (node: Answer, worker: Answer) => void): Promise<Answer> {
    const id = `contract-${++sent}`
    const fromNode = await send(node.url, request, id)
    const fromWorker = await send(worker.url, request, id)
    const what = `${request.method ?? 'GET'} ${request.path}`
    assert.equal(fromWorker.status, fromNode.status, `${what}: status`)
    assert.deepEqual(fromWorker.headers, fromNode.headers, `${what}: contract headers`)
    if (compare) compare(fromNode, fromWorker)
    else assertSameBytes(fromWorker.body, fromNode.body, `${what}: body`)
    return fromNode
  }
  const json = (answer: Answer) => JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>
  /**
   * `/readyz` alike but for the key store's check, which only Node has: its key file can be damaged as a
   * whole, while KV holds one entry per key and has no whole to check (src/auth/readiness.ts).
   */
  const sameReadiness = () =>
    same({ path: '/readyz' }, (node, worker) => {
      const { checks, ...rest } = json(node) as { checks: { name: string }[] }
      const nodeKeys = checks.filter((c) => c.name === 'keys')
      assert.equal(nodeKeys.length, 1, 'Node reports its key store')
      assert.deepEqual(json(worker), { ...rest, checks: checks.filter((c) => c.name !== 'keys') })
    })
  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` })

  it('health, readiness, the OpenAPI document, an unknown route', async () => {
    for (const path of ['/healthz', '/openapi.json', '/no/such/route']) await same({ path })
    await sameReadiness()
  })

  it('lexicon routes', async () => {
    for (const path of [
      '/api/lexicon',
      '/api/lexicon/words?prefix=ban',
      '/api/lexicon/words?prefix=b',
      '/api/lexicon/words/dog',
      '/api/lexicon/words/bank?sense=bank%251%3A17%3A01%3A%3A',
      '/api/lexicon/words/no-such-wordxyz',
      '/api/lexicon/search?spelled=r%3Fn*&pos=verb&syllables=1&band=common',
      '/api/lexicon/search?spelled=*zzq*',
      '/api/lexicon/search?sounds=nite',
      '/api/lexicon/search?rhymes=light&limit=100',
      '/api/lexicon/search?means=a%20large%20body%20of%20water',
      '/api/lexicon/search?means=the%20opposite%20of%20hot',
      '/api/lexicon/search?means=a%20place%20where%20you%20can%20buy%20food',
      '/api/lexicon/search?means=very%20big',
      '/api/lexicon/search?spelled=cat&colour=red',
    ])
      await same({ path })
    await same({ method: 'HEAD', path: '/api/lexicon/words/dog' })
    await same({ path: '/api/lexicon/search?random=true&band=common' }, (node, worker) => {
      const words = (answer: Answer) => json(answer).words as Array<{ band: string }>
      assert.equal(words(worker).length, 1)
      assert.deepEqual(
        words(worker).map((w) => w.band),
        words(node).map((w) => w.band),
      )
    })
  })

  it('the legacy word route: keys from the file store on Node and from KV on Workers', async () => {
    const path = '/api/words/geese'
    await same({ path })
    for (const secret of [keys.unscoped, keys.revoked, keys.dictionary])
      await same({ path, headers: bearer(secret) })
    await same({ path: '/api/words/no-such-wordxyz', headers: bearer(keys.dictionary) })
  })

  it('usage routes', async () => {
    const manifest = json(await same({ path: '/api/usage' }))
    const version = manifest.version as string
    const scenes = json(await same({ path: `/api/usage/scenes?version=${version}` }))
    const first = (scenes.records as { id: string }[])[0]?.id as string
    for (const path of [
      '/api/usage/scenes?channel=claim',
      '/api/usage/scenes?channel=bogus',
      '/api/usage/contrasts?channel=message',
      `/api/usage/scenes/${first}`,
      '/api/usage/scenes/Not_An_Id',
      '/api/usage/scenes/no-such-scene',
      `/api/usage?version=${'0'.repeat(64)}`,
    ])
      await same({ path })
  })

  it('public dataset routes: catalogue, manifest, pages by cursor and by start, records, downloads with ranges', async () => {
    await same({ path: '/api/datasets' })
    for (const dataset of ['literary-context', 'association-practice']) {
      const manifest = json(await same({ path: `/api/datasets/${dataset}` }))
      const page = json(await same({ path: `/api/datasets/${dataset}/records?version=${manifest.version}` }))
      const cursor = page.nextCursor as string
      const second = json(await same({ path: `/api/datasets/${dataset}/records?cursor=${cursor}` }))
      const records = `/api/datasets/${dataset}/records?version=${manifest.version}`
      assert.deepEqual(json(await same({ path: `${records}&start=${page.count}` })), second)
      await same({ path: `${records}&start=${Number(manifest.recordCount) - 1}` })
      await same({ path: `${records}&start=${String(manifest.recordCount)}` })
      await same({ path: `${records}&start=1&cursor=${cursor}` })
      const id = (second.records as { id: string }[])[0]?.id as string
      await same({ path: `/api/datasets/${dataset}/records/${encodeURIComponent(id)}` })
      await same({ method: 'HEAD', path: `/api/datasets/${dataset}/records` })
      await same({ method: 'HEAD', path: `/api/datasets/${dataset}/download` })
      await same({ path: `/api/datasets/${dataset}/download`, headers: { Range: 'bytes=100-4099' } })
      await same({ path: `/api/datasets/${dataset}/download`, headers: { Range: 'bytes=-50' } })
      const found = json(
        await same({ path: `/api/datasets/${dataset}/search?q=whale&filter=partOfSpeech:noun&limit=5` }),
      )
      await same({
        path: `/api/datasets/${dataset}/search?q=whale&filter=partOfSpeech:noun&cursor=${found.nextCursor}`,
      })
      await same({ path: `/api/datasets/${dataset}/search?q=whale&filter=partOfSpeech:noun&start=5&limit=5` })
      await same({ path: `/api/datasets/${dataset}/search?filter=nothing:x` })
      await same({ path: `/api/datasets/${dataset}/statistics` })
    }
    await same({ path: '/api/datasets/literary-context/download' })
    for (const path of [
      '/api/datasets/literary-context/records?cursor=not-a-cursor',
      '/api/datasets/literary-context/records?version=abc',
      `/api/datasets/literary-context/records?version=${'0'.repeat(64)}`,
      '/api/datasets/literary-context/records/no-such-record',
      `/api/datasets/literary-context/records/${'x'.repeat(251)}`,
      '/api/datasets/no-such-dataset',
    ])
      await same({ path })
    await same({ method: 'OPTIONS', path: '/api/datasets/literary-context/records' })
    await same({ method: 'DELETE', path: '/api/datasets/literary-context/records' })
  })

  it('the private dataset: keys from the file store on Node and from KV on Workers', async () => {
    const path = '/api/datasets/observed-language/records'
    await same({ path })
    for (const secret of [keys.unscoped, keys.revoked, keys.expired, keys.observed, 'x'.repeat(43)])
      await same({ path, headers: bearer(secret) })
    await same({ path: '/api/datasets/observed-language/download', headers: bearer(keys.observed) })
  })

  it('argument review: capabilities (the limiter described per runtime), local reviews and bad input', async () => {
    await same({ path: '/api/argument' }, (fromNode, fromWorker) => {
      const n = json(fromNode)
      const w = json(fromWorker)
      const limiter = (body: Record<string, unknown>) =>
        (body.cloud as { provider: { rateLimiter: string } }).provider
      assert.match(limiter(n).rateLimiter, /in-process/)
      assert.match(limiter(w).rateLimiter, /ARGUMENT_RATE_LIMITER/)
      limiter(n).rateLimiter = limiter(w).rateLimiter
      assert.deepEqual(w, n)
    })
    const review = '/api/argument/review'
    await same({
      method: 'POST',
      path: review,
      json: {
        text: 'All 45% of residents support the park. It is "clearly popular".',
        sources: [{ id: 'a', label: 'A', text: 'Residents like the park. About 45% support it.' }],
      },
    })
    await same({ method: 'POST', path: review, json: { text: 'x'.repeat(12_000) } })
    await same({ method: 'POST', path: review, json: { text: 'x'.repeat(12_001) } })
    await same({ method: 'POST', path: review, json: { text: '' } })
    await same({ method: 'POST', path: review, body: 'text', headers: { 'Content-Type': 'text/plain' } })
    await same({
      method: 'POST',
      path: review,
      body: '{"text":',
      headers: { 'Content-Type': 'application/json' },
    })
    await same({ method: 'POST', path: review, json: { text: 'Fine.', pad: 'y'.repeat(450_001) } })
    await same({ method: 'POST', path: review, json: { text: 'Fine.', mode: 'cloud', consent: true } })
  })

  it('/v1 discovery and the semantic routes', async () => {
    await same({ path: '/v1' })
    for (const [path, json] of Object.entries(SEMANTIC_BODIES))
      assert.equal((await same({ method: 'POST', path, json })).status, 200, path)
    await same({
      method: 'POST',
      path: '/v1/resolve',
      json: { passage: 'a dog barked', target: { text: 'cat' } },
    })
    await same({ method: 'GET', path: '/v1/resolve' })
  })

  it('transcription without configuration or key', async () => {
    await same({ method: 'POST', path: '/api/argument/transcribe' })
    await same({ method: 'POST', path: '/api/argument/transcribe', headers: bearer(keys.observed) })
  })

  it('observations and consensus: the Durable Object log gives the Node log’s entries, proofs and checkpoints', async () => {
    await same({ path: '/v1/releases' })
    await same({ method: 'POST', path: '/v1/observations', json: observation() })
    await same({
      method: 'POST',
      path: '/v1/observations',
      json: observation(),
      headers: bearer(keys.observed),
    })
    const contributor = bearer(keys.contributor)
    const appended = json(
      await same({ method: 'POST', path: '/v1/observations', json: observation(), headers: contributor }),
    )
    assert.equal(appended.status, 'appended')
    await same({ method: 'POST', path: '/v1/observations', json: observation(), headers: contributor })
    await same({
      method: 'POST',
      path: '/v1/observations',
      json: observation(
        { expression: 'banks' },
        { passage: 'Both banks of the river flooded.', span: { start: 5, end: 10 } },
      ),
      headers: contributor,
    })
    await same({
      method: 'POST',
      path: '/v1/observations',
      json: observation({ meaning: 'dog%1:05:00::' }),
      headers: contributor,
    })
    const predicted = json(
      await same({
        method: 'POST',
        path: '/v1/predict/consensus',
        json: { expression: 'bank', passage: 'They fished from the bank of the river.' },
      }),
    )
    await same({ method: 'POST', path: '/v1/predict/consensus', json: { expression: 'bank', treeSize: 1 } })
    await same({ method: 'POST', path: '/v1/predict/consensus', json: { expression: 'bank', treeSize: 99 } })
    await same({ method: 'POST', path: '/v1/verify/consensus', json: predicted })
    await same({ path: '/v1/releases' })
    await sameReadiness()
  })
})
