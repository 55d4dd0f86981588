/**
 * The worker within an isolate's memory: workerd with V8's heap limited to ISOLATE_HEAP_MB (the blocks a
 * request pins come beside it), where the heaviest valid /v1/illuminate (every content word of 12,000
 * characters, its blocks mostly cold) answers for passages from several places in the book, one after
 * another in the same isolate, and three at once (they take turns: src/route-work/turns.ts) with a light
 * request answered meanwhile (workerd serves every connection on one thread: src/lexicon/reading.ts). Past the limit
 * workerd aborts and the request fails. `npm run bench -- worker` runs the heaviest request of every route
 * so, with the isolate's memory after each, and these passages with their time.
 */
import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import {
  heaviestIlluminate,
  illuminateStatus,
  PASSAGES_AT_ONCE,
  PASSAGES_IN_TURN,
} from '../../bench/illuminate-passages'
import { HEAVY_WORKER_TEST_MS, ISOLATE_HEAP_MB, startWorker, type WorkerServer } from '../helpers/worker'

describe('the worker under an isolate heap limit', () => {
  let worker: WorkerServer | undefined
  // In a hook, so that a test past its time limit still stops workerd instead of leaving it running.
  after(() => worker?.close())

  it(
    `answers the heaviest valid /v1/illuminate of several passages in turn, and three at once, in a ${ISOLATE_HEAP_MB} MB heap`,
    { timeout: HEAVY_WORKER_TEST_MS },
    async () => {
      const server = await startWorker({
        publicDir: 'data/public',
        privateDir: 'data/private',
        publicOnly: (path) => path.startsWith('lexicon/'),
        keys: [],
        settings: { LOG_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64') },
        v8Flags: [`--max-heap-size=${ISOLATE_HEAP_MB}`],
      })
      worker = server
      for (const from of PASSAGES_IN_TURN) {
        assert.equal(await illuminateStatus(server.url, heaviestIlluminate(from)), '200', `from ${from}`)
      }
      const answered: string[] = []
      const atOnce = PASSAGES_AT_ONCE.map((from) =>
        illuminateStatus(server.url, heaviestIlluminate(from)).finally(() => answered.push('illuminate')),
      )
      const light = fetch(`${server.url}/healthz`).finally(() => answered.push('healthz'))
      assert.deepEqual(await Promise.all(atOnce), ['200', '200', '200'])
      assert.equal((await light).status, 200)
      assert.equal(answered[0], 'healthz', 'a light request is answered while the heavy ones take turns')
    },
  )
})
