/**
 * Where route work runs, behind one small interface so the app stays a portable fetch handler: in the
 * request's own isolate (Workers, tests, `ROUTE_WORKERS=0`), or in a pool of worker threads on Node
 * (src/route-work/node-pool.ts). A runner answers with the JSON bytes of the route's 200 body, or throws the
 * `ApiError` the route answers with (503 `busy` with `Retry-After` when a pool's queue is full).
 */
import type { Context, TypedResponse } from 'hono'
import { requireReady } from '../http/unavailable'
import { LEXICON_UNAVAILABLE, type LexiconProvider } from '../lexicon/release'
import { runTask, type TaskContext, type TaskInput, type TaskName } from './tasks'

export type RouteWorkRunner = {
  run<N extends TaskName>(name: N, input: TaskInput<N>): Promise<Uint8Array>
  /** Stops the runner's threads, if it has any. */
  close(): Promise<void>
}

/** The lexicon for tasks, through the provider: 503 `lexicon_unavailable` when it is not ready. */
export function taskContext(lexicon: LexiconProvider): TaskContext {
  return { lexicon: async () => requireReady(await lexicon.current(), LEXICON_UNAVAILABLE).lexicon }
}

/** Runs each task in the caller's isolate, on its event loop. */
export function inProcessRunner(lexicon: LexiconProvider): RouteWorkRunner {
  const ctx = taskContext(lexicon)
  return { run: (name, input) => runTask(ctx, name, input), close: async () => {} }
}

/**
 * A 200 JSON answer from a runner's bytes, with the headers middleware set on the context, typed as the
 * route's body (the bytes are that body, serialized where the work ran).
 */
export async function workAnswer<T, N extends TaskName>(
  c: Context,
  runner: RouteWorkRunner,
  name: N,
  input: TaskInput<N>,
): Promise<TypedResponse<T, 200, 'json'>> {
  const bytes = await runner.run(name, input)
  const response = c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/json' })
  return response as unknown as TypedResponse<T, 200, 'json'>
}
