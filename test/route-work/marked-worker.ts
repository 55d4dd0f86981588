/**
 * The service's route-work thread with two test behaviours keyed to an arguments request whose first
 * message id is a marker: `crash` ends the thread, `sleep` holds it for 1.5 s before the work runs, long
 * enough for the requests a test queues behind it to arrive on a busy machine. Only the pool tests start
 * it; the service's own entry has no such markers.
 */
import { parentPort } from 'node:worker_threads'
import type { WorkRequest } from '../../src/route-work/node-protocol'

parentPort?.on('message', (request: WorkRequest) => {
  const marker = (request.input as { messages?: Array<{ id: string }> }).messages?.[0]?.id
  if (marker === 'crash') process.exit(1)
  if (marker === 'sleep') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_500)
})
await import('../../src/route-thread')
