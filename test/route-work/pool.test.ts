/**
 * Route work in the worker-thread pool, through real HTTP: answers are the same bytes as in process, the
 * queue takes estimated work up to its bound and answers 503 with Retry-After one request past it, and a thread that dies fails only its own request (500) while
 * the pool goes on answering.
 */
import assert from 'node:assert/strict'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { createFileKeyStore } from '../../src/auth/fs-key-store'
import { entryLeaf, isEntryProblem, observationEntry } from '../../src/consensus/entry'
import { createNoteSigner, generateSeed } from '../../src/consensus/log/note'
import type { ObservationLog } from '../../src/consensus/log/observation-log'
import { createLogProvider } from '../../src/consensus/provider'
import { createFsStore } from '../../src/storage/fs-store'
import { ErrorSchema } from '../../src/http/errors'
import { routeWorkPool } from '../../src/node'
import { argumentsTask } from '../../src/semantic/tasks'
import { estimatedMs } from '../../src/route-work/task-cost'
import { testLexicon, testLexiconProvider } from '../helpers/lexicon'
import { openTestLog } from '../consensus/fixture'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'

const MARKED_WORKER = new URL('./marked-worker.ts', import.meta.url)

async function appWith(work?: ReturnType<typeof routeWorkPool>, log?: ObservationLog): Promise<TestServer> {
  const dir = await mkdtemp(join(tmpdir(), 'pool-'))
  const keys = createFileKeyStore(createFsStore(join(dir, 'private')))
  return startServer(
    createApp({
      lexicon: await testLexiconProvider(),
      usage: await testUsageProvider(),
      ...(work && { work }),
      ...(log && { consensus: { log: createLogProvider(async () => log), keys } }),
    }),
  )
}

/** A log holding observations of `bank` in both meanings, so a consensus read has entries and proofs. */
async function bankLog(): Promise<ObservationLog> {
  const log = await openTestLog(
    join(await mkdtemp(join(tmpdir(), 'pool-log-')), 'log'),
    await createNoteSigner('test.example/observations', generateSeed()),
  )
  const lexicon = await testLexicon()
  const passage = 'We sat on the bank of the river and watched the water.'
  for (const [meaning, contributor] of [
    ['bank%1:17:01::', 'a'],
    ['bank%1:17:01::', 'b'],
    ['bank%1:14:00::', 'c'],
  ] as const) {
    const input = {
      expression: 'bank',
      meaning,
      source: { label: 'Test', passage, span: { start: 14, end: 18 } },
    }
    const entry = observationEntry(lexicon, { ...input, mayShare: true }, contributor)
    if (isEntryProblem(entry)) throw new Error(entry.message)
    await log.append(entryLeaf(entry))
  }
  return log
}

function post(server: TestServer, path: string, body: unknown): Promise<Response> {
  return fetch(server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}

const passage = 'She sat on the bank of the river and watched the water. The bank raised its rates.'
const claim = 'All children must eat vegetables every day.'

/** One ordinary request per route that runs in the pool, and the 422 of a target that is not there. */
const REQUESTS: Array<[string, unknown]> = [
  ['/v1/resolve', { passage, target: { text: 'bank' } }],
  ['/v1/resolve', { passage, target: { text: 'missing' } }],
  [
    '/v1/compare',
    {
      first: { passage: 'He deposited the cheque at the bank.', target: { text: 'bank' } },
      second: { passage: 'They fished from the bank of the river.', target: { text: 'bank' } },
    },
  ],
  ['/v1/illuminate', { passage, select: { mode: 'content-words' } }],
  ['/v1/claims/compare', { first: claim, second: 'Some young children may not eat vegetables.' }],
  [
    '/v1/arguments/analyze',
    {
      messages: [
        { id: 'm1', text: 'Cycling lanes reduce accidents because drivers slow down. So build more.' },
      ],
    },
  ],
  [
    '/v1/claims/evaluate-evidence',
    {
      claim,
      excerpts: [
        { id: 'a', text: 'Children do not need vegetables every day. Some eat fruit instead.' },
        { id: 'b', text: 'The weather was cold.' },
      ],
    },
  ],
  ['/v1/predict/consensus', { expression: 'bank', passage }],
  ['/v1/predict/consensus', { expression: 'bank', passage, span: { start: 15, end: 19 } }],
  ['/v1/predict/consensus', { expression: 'banks', passage: 'The banks raised their rates.' }],
  [
    '/api/argument/review',
    {
      text: 'The survey shows that all residents support the new park.',
      sources: [{ id: 's1', label: 'Survey', text: 'Most residents who answered support the park.' }],
    },
  ],
]

describe('route work in worker threads', () => {
  let pool: ReturnType<typeof routeWorkPool>
  let pooled: TestServer
  let inProcess: TestServer
  let log: ObservationLog
  before(async () => {
    pool = routeWorkPool({ size: 1, queueMs: 10_000, lexicon: await testLexiconProvider() })
    log = await bankLog()
    pooled = await appWith(pool, log)
    inProcess = await appWith(undefined, log)
  })
  after(async () => {
    await pooled.close()
    await inProcess.close()
    await pool.close()
    await log.close()
  })

  it('answers every route with the same status, headers and bytes as in process', async () => {
    for (const [path, body] of REQUESTS) {
      const [a, b] = await Promise.all([post(pooled, path, body), post(inProcess, path, body)])
      assert.equal(a.status, b.status, path)
      assert.equal(a.headers.get('content-type'), b.headers.get('content-type'), path)
      assert.equal(a.headers.get('cache-control'), b.headers.get('cache-control'), path)
      const [textA, textB] = [await a.text(), await b.text()]
      if (path === '/v1/predict/consensus') {
        assert.equal(a.status, 200, textA)
        const state = JSON.parse(textA) as { counted: number; lexicon: { meaning: string | null } | null }
        assert.equal(state.counted, 3)
        assert.notEqual(state.lexicon, null)
      }
      if (a.status === 200) assert.equal(textA, textB, path)
      else
        assert.deepEqual(
          { ...(JSON.parse(textA) as object), requestId: null },
          { ...(JSON.parse(textB) as object), requestId: null },
          path,
        )
    }
  })
})

const marked = (id: string) => ({ messages: [{ id, text: 'Buses will be slower next year.' }] })
/** Two of these requests fill the queue of the pools below to its bound exactly. */
const QUEUE_MS = 2 * estimatedMs(argumentsTask, marked('m1'))

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 5))
}

describe('a full queue and a dying thread', () => {
  let pool: ReturnType<typeof routeWorkPool>
  let server: TestServer
  before(async () => {
    pool = routeWorkPool({
      size: 1,
      queueMs: QUEUE_MS,
      lexicon: await testLexiconProvider(),
      entry: MARKED_WORKER,
    })
    server = await appWith(pool)
  })
  after(async () => {
    await server.close()
    await pool.close()
  })

  it('queues work up to its bound and answers 503 busy with Retry-After one request past it', async () => {
    const running = post(server, '/v1/arguments/analyze', marked('sleep'))
    await until(() => pool.load().busy === 1)
    const queued = [post(server, '/v1/arguments/analyze', marked('m1'))]
    await until(() => pool.load().queued === 1)
    queued.push(post(server, '/v1/arguments/analyze', marked('m2')))
    // At the bound: the second waiting request was accepted.
    await until(() => pool.load().queued === 2)
    assert.equal(pool.load().waitingMs, QUEUE_MS)
    const refused = await post(server, '/v1/arguments/analyze', marked('m3'))
    assert.equal(refused.status, 503)
    assert.equal(refused.headers.get('retry-after'), '1')
    assert.equal(refused.headers.get('cache-control'), 'no-store')
    const error = ErrorSchema.parse(await refused.json())
    assert.equal(error.code, 'busy')
    assert.equal((await running).status, 200)
    for (const answer of await Promise.all(queued)) assert.equal(answer.status, 200)
    assert.equal(pool.load().waitingMs, 0)
    assert.equal((await post(server, '/v1/arguments/analyze', marked('m1'))).status, 200)
  })

  it('refuses a request whose own estimated work is past the bound while others wait, and queues a smaller one', async () => {
    const running = post(server, '/v1/arguments/analyze', marked('sleep'))
    await until(() => pool.load().busy === 1)
    const queued = post(server, '/v1/arguments/analyze', marked('m1'))
    await until(() => pool.load().queued === 1)
    const longer = { messages: [{ id: 'm2', text: 'Buses will be much slower next year, and trams too.' }] }
    const refused = await post(server, '/v1/arguments/analyze', longer)
    assert.equal(refused.status, 503)
    assert.equal(ErrorSchema.parse(await refused.json()).code, 'busy')
    const fits = await post(server, '/v1/arguments/analyze', marked('m3'))
    assert.equal(fits.status, 200)
    assert.equal((await running).status, 200)
    assert.equal((await queued).status, 200)
  })

  it('answers 500 for the request whose thread died, and the next request is answered', async () => {
    const crashed = await post(server, '/v1/arguments/analyze', marked('crash'))
    assert.equal(crashed.status, 500)
    assert.equal(ErrorSchema.parse(await crashed.json()).code, 'internal_error')
    const next = await post(server, '/v1/arguments/analyze', marked('m1'))
    assert.equal(next.status, 200)
    const body = (await next.json()) as { claims: Array<{ messageId: string }> }
    assert.equal(body.claims[0]?.messageId, 'm1')
    assert.equal(pool.load().size, 1)
  })
})

describe('a thread that cannot start', () => {
  it('answers 503 busy with Retry-After instead of keeping the request waiting', async () => {
    const pool = routeWorkPool({
      size: 1,
      queueMs: QUEUE_MS,
      lexicon: await testLexiconProvider(),
      entry: new URL('./no-such-worker.mjs', import.meta.url),
    })
    const server = await appWith(pool)
    try {
      const answer = await post(server, '/v1/arguments/analyze', {
        messages: [{ id: 'm1', text: 'Hi there.' }],
      })
      assert.equal(answer.status, 503)
      assert.equal(answer.headers.get('retry-after'), '1')
      assert.equal(ErrorSchema.parse(await answer.json()).code, 'busy')
    } finally {
      await server.close()
      await pool.close()
    }
  })
})
