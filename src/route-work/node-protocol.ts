/**
 * The messages between the route-work pool and its worker threads, and the worker's side of them: a
 * request names a registered task and carries its validated input and the request's handoff (what the
 * composition root hands each request's work, the lexicon as the main thread found it for this request, say,
 * its release files in shared memory so that no thread holds a copy); the reply carries the answer's JSON
 * bytes (transferred, not copied) or the typed problem the route answers with, as data.
 */
import type { MessagePort } from 'node:worker_threads'
import { ProblemError, type Problem } from '../validation/problem'
import { registerRouteTasks, runRouteTask, unregisteredTask, type AnyRouteTask } from './task'

export type WorkRequest<Handoff = unknown> = { id: number; name: string; input: unknown; handoff: Handoff }

export type WorkReply =
  /**
   * Sent once the worker listens (messages posted to a thread before that may be lost under tsx), with
   * the names of the tasks the thread registered.
   */
  | { ready: true; tasks: string[] }
  | { id: number; ok: true; bytes: Uint8Array }
  | {
      id: number
      ok: false
      /** The route's answer when the task threw a `ProblemError`; null for any other failure. */
      problem: Problem | null
    }

export type ServeWorkOptions<Handoff, Context> = {
  /** The tasks this thread runs: the same list the main thread's pool registered. */
  tasks: ReadonlyArray<AnyRouteTask<Context>>
  /** The context of a request's task, from what the request brings. */
  context: (handoff: Handoff) => Context
}

/** Answers every request arriving on `port`, one at a time, with the context its handoff gives. */
export function serveWork<Handoff, Context>(
  port: MessagePort,
  options: ServeWorkOptions<Handoff, Context>,
): void {
  const registry = registerRouteTasks(options.tasks)
  port.on('message', async (request: WorkRequest<Handoff>) => {
    try {
      const task = registry.named(request.name)
      if (!task) throw unregisteredTask(request.name, 'the route-work thread')
      const bytes = await runRouteTask(task, request.input as never, options.context(request.handoff))
      port.postMessage({ id: request.id, ok: true, bytes } satisfies WorkReply, [bytes.buffer as ArrayBuffer])
    } catch (err) {
      const problem = err instanceof ProblemError ? err.problem : null
      port.postMessage({ id: request.id, ok: false, problem } satisfies WorkReply)
    }
  })
  port.postMessage({ ready: true, tasks: registry.names() } satisfies WorkReply)
}
