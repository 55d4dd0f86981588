/**
 * A route-work thread: answers the pool's requests (src/route-work/node-pool.ts) with the lexicon each request
 * brings in shared memory, so the thread loads no release of its own.
 */
import { parentPort, type MessagePort } from 'node:worker_threads'
import { serveWork } from './route-work/node-protocol'

serveWork(parentPort as MessagePort)
