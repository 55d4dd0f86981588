/**
 * A route-work thread: loads the lexicon of the public release root it is given (verified like the main
 * thread's, and rechecked the same way) and answers the pool's requests (src/work/node-pool.ts).
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads'
import { createLexiconProvider } from '../lexicon/release'
import { createFsStore } from '../storage/fs-store'
import { serveWork, type WorkerSetup } from './node-protocol'
import { collectLoadingGarbage } from './collect-garbage'
import { taskContext } from './runner'

const setup = workerData as WorkerSetup
const lexicon = createLexiconProvider(createFsStore(setup.publicRoot))
serveWork(parentPort as MessagePort, taskContext(lexicon))
// Load now, so that the first request does not wait for it.
await lexicon.current()
collectLoadingGarbage()
