/**
 * Every route within an isolate's memory: one worker in workerd with V8's heap limited to ISOLATE_HEAP_MB
 * answers the heaviest valid request of every route of the contract and of /v1 (bench/every-route.ts), one
 * after another, each with its expected status. Past the limit workerd aborts and the request gets no
 * answer (a V8 heap past its limit is fatal to the workerd process). `npm run bench -- worker` sends the same list with the isolate's memory after each.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  everyRouteCases,
  everyRouteSetup,
  seedObservations,
  sendCase,
  type EveryRouteSetup,
  type RouteCase,
} from '../../bench/every-route'
import { workerdPids } from '../../bench/workerd-process'
import { loadBuiltLexicon } from '../../src/releases/built-lexicon'
import { HEAVY_WORKER_TEST_MS, ISOLATE_HEAP_MB, startWorker, type WorkerServer } from '../helpers/worker'

/** A case slower than this is named in the output as it ends. */
const SLOW_CASE_SECONDS = 60

describe(`every route under a ${ISOLATE_HEAP_MB} MB isolate heap`, () => {
  let setup: EveryRouteSetup
  let worker: WorkerServer
  let cases: RouteCase[]

  before(async () => {
    setup = await everyRouteSetup({
      CURSOR_SECRET: 'every-route-cursor-secret-of-32-characters-or-more',
      LOG_SIGNING_KEY: Buffer.alloc(32, 11).toString('base64'),
    })
    cases = await everyRouteCases((await loadBuiltLexicon()).lexicon, setup)
    worker = await startWorker({ ...setup.worker, v8Flags: [`--max-heap-size=${ISOLATE_HEAP_MB}`] })
    await seedObservations(worker.url, setup)
  })
  after(async () => {
    await Promise.all([worker?.close(), setup?.provider.close()])
  })

  it(
    'answers the heaviest request of every route with its status, in one isolate',
    { timeout: HEAVY_WORKER_TEST_MS },
    async () => {
      const processes = await workerdPids()
      const kept = new Map<string, string>()
      const wrong: string[] = []
      for (const c of cases) {
        const started = performance.now()
        const answer = await sendCase(worker.url, c, kept).catch((err: unknown) => ({ status: String(err) }))
        const seconds = Math.round((performance.now() - started) / 1000)
        if (answer.status !== c.status) wrong.push(`${c.method} ${c.name}: ${answer.status}, not ${c.status}`)
        // Said at once: a worker that stalls holds every later case, and the test's time limit ends it
        // before the assertion below could name the case (the heaviest take about 30 s under load).
        if (answer.status !== c.status || seconds > SLOW_CASE_SECONDS) {
          console.log(`${c.method} ${c.name}: ${answer.status} after ${seconds} s`)
        }
      }
      assert.deepEqual(wrong, [])
      // A resend after a reset connection (sendCase) must not hide an abort: the same workerd answered all.
      assert.deepEqual(await workerdPids(), processes)
      assert.equal(processes.length, 1)
    },
  )
})
