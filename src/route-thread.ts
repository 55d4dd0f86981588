/**
 * A route-work thread, a composition root of its own: registers every feature's route tasks (the lists
 * src/app.ts registers with the pool, checked when the thread starts) and answers the pool's requests
 * (src/route-work/node-pool.ts) with the lexicon each request brings in shared memory, so the thread loads
 * no release of its own.
 */
import { parentPort, type MessagePort } from 'node:worker_threads'
import { ARGUMENT_TASKS } from './argument/tasks'
import { CONSENSUS_TASKS } from './consensus/tasks'
import type { RouteTaskContext } from './app'
import { handedLexiconContext, type LexiconHandoff } from './lexicon/task-context'
import { serveWork } from './route-work/node-protocol'
import { semanticPassageReader } from './semantic/meaning/passage-reader'
import { SEMANTIC_TASKS } from './semantic/tasks'

const lexiconContext = handedLexiconContext()

serveWork<LexiconHandoff, RouteTaskContext>(parentPort as MessagePort, {
  tasks: [...SEMANTIC_TASKS, ...ARGUMENT_TASKS, ...CONSENSUS_TASKS],
  context: (handoff) => ({ ...lexiconContext(handoff), passageReader: semanticPassageReader }),
})
