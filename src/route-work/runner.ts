/**
 * Where route work runs, behind one small interface so the app stays a portable fetch handler: in the
 * request's own isolate (Workers, tests, `ROUTE_WORKERS=0`), or in a pool of worker threads on Node
 * (src/route-work/node-pool.ts). A runner is given a task's handle (src/route-work/task.ts) and its input;
 * it answers with the JSON bytes of the route's 200 body, or throws: a `ProblemError` the route answers
 * with (503 `busy` with `Retry-After` when a pool's queue is full, the task's own problems), anything else
 * a 500.
 */
import type { Context, TypedResponse } from 'hono'
import { registerRouteTasks, runRouteTask, unregisteredTask, type AnyRouteTask, type RouteTask } from './task'

export type RouteWorkRunner = {
  run<Input>(task: RouteTask<Input, never>, input: Input): Promise<Uint8Array>
  /**
   * Whether the runner can run `task` (it was registered by the composition root); a runner without it
   * (a test's) takes any task.
   */
  registered?(task: AnyRouteTask): boolean
  /** Stops the runner's threads, if it has any. */
  close(): Promise<void>
}

/**
 * Checked where routes are built, so that a task the composition root did not register is an error when
 * the app starts rather than when a request comes for it.
 */
export function requireRegistered(runner: RouteWorkRunner, tasks: ReadonlyArray<AnyRouteTask>): void {
  for (const task of tasks)
    if (runner.registered && !runner.registered(task)) throw unregisteredTask(task.name)
}

/** Runs each of `tasks` in the caller's isolate, on its event loop, given `context`. */
export function inProcessRunner<Context>(options: {
  tasks: ReadonlyArray<AnyRouteTask<Context>>
  context: Context
}): RouteWorkRunner {
  const registry = registerRouteTasks(options.tasks)
  return {
    run: async (task, input) => {
      if (!registry.has(task)) throw unregisteredTask(task.name)
      return runRouteTask(task as RouteTask<typeof input, Context>, input, options.context)
    },
    registered: (task) => registry.has(task),
    close: async () => {},
  }
}

/**
 * A 200 JSON answer from the bytes of `task` run by `runner`, with the headers middleware set on the
 * context, typed as the route's body (the bytes are that body, serialized where the work ran).
 */
export async function workAnswer<T, Input = unknown>(
  c: Context,
  runner: RouteWorkRunner,
  task: RouteTask<Input, never>,
  input: Input,
): Promise<TypedResponse<T, 200, 'json'>> {
  const bytes = await runner.run(task, input)
  const response = c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/json' })
  return response as unknown as TypedResponse<T, 200, 'json'>
}
