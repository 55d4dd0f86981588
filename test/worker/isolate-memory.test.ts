/**
 * The worker within an isolate's memory: workerd with V8's heap limited to ISOLATE_HEAP_MB (the blocks a
 * request pins come beside it), where the heaviest valid /v1/illuminate (every content word of 12,000
 * characters, its blocks mostly cold) still answers. Past the limit workerd aborts and the request fails.
 * `npm run bench -- worker` runs the heaviest request of every route so, with the isolate's memory after each.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { heavyRequests } from '../../bench/heavy-requests'
import { ISOLATE_HEAP_MB, startWorker } from '../helpers/worker'

describe('the worker under an isolate heap limit', () => {
  it(`answers the heaviest valid /v1/illuminate in a ${ISOLATE_HEAP_MB} MB heap`, async () => {
    const heaviest = heavyRequests().find((h) => h.path === '/v1/illuminate')
    assert.ok(heaviest)
    const worker = await startWorker({
      publicDir: 'data/public',
      privateDir: 'data/private',
      publicOnly: (path) => path.startsWith('lexicon/'),
      keys: [],
      settings: { LOG_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64') },
      v8Flags: [`--max-heap-size=${ISOLATE_HEAP_MB}`],
    })
    try {
      const response = await fetch(`${worker.url}/v1/illuminate`, {
        method: 'POST',
        body: heaviest.body,
        headers: { 'Content-Type': 'application/json' },
      })
      assert.equal(response.status, 200)
      const body = (await response.json()) as { items: unknown[] }
      assert.ok(body.items.length > 100)
    } finally {
      await worker.close()
    }
  })
})
