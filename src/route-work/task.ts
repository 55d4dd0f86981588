/**
 * Route tasks as typed handles: each feature defines the CPU-heavy part of its routes with
 * `defineRouteTask` in its own module (src/semantic/tasks.ts, ...), its route files run a task by its
 * handle, and the composition roots (src/app.ts, and src/route-thread.ts for the Node threads) register
 * the features' lists. The name is only how a request names its task to a worker thread. Route work knows
 * no feature: what a task is given besides its input (the lexicon of the request's release, say) is the
 * `Context` the root provides.
 */

/** What a task is estimated to cost (src/route-work/task-cost.ts). */
export type TaskCost<Input> = {
  /**
   * One thread's milliseconds per thousand UTF-16 code units of text in the request, measured on the
   * heaviest valid request of the route (`npm run bench -- routes`, CPU ms in the pool) and rounded up.
   */
  msPerThousandUnits: number
  /** The part of the input that is read, when not all of it is (default: the whole input). */
  text?(input: Input): unknown
}

export type RouteTask<Input, Context> = {
  /** Unique among the registered tasks: how a request names its task to a worker thread. */
  readonly name: string
  readonly cost: TaskCost<Input>
  /** The answer: a value sent as JSON, or its JSON bytes already (an answer too large to hold twice). */
  run(input: Input, context: Context): Promise<unknown>
}

/** A task of any input, as registries and runners hold it (a task's input and context are its own). */
export type AnyRouteTask<Context = never> = RouteTask<never, Context>

export function defineRouteTask<Input, Context>(task: RouteTask<Input, Context>): RouteTask<Input, Context> {
  return Object.freeze({ ...task, cost: Object.freeze({ ...task.cost }) })
}

export type RouteTaskRegistry<Context> = {
  /** Whether this very handle was registered (not merely a task of the same name). */
  has(task: AnyRouteTask<never>): boolean
  /** The registered task of a name, as a worker thread finds the task a request names. */
  named(name: string): AnyRouteTask<Context> | undefined
  names(): string[]
}

/** The registry of `tasks`; two tasks of one name are an error at once. */
export function registerRouteTasks<Context>(
  tasks: ReadonlyArray<AnyRouteTask<Context>>,
): RouteTaskRegistry<Context> {
  const byName = new Map<string, AnyRouteTask<Context>>()
  for (const task of tasks) {
    const known = byName.get(task.name)
    if (known && known !== task) throw new Error(`Two route tasks are named "${task.name}".`)
    byName.set(task.name, task)
  }
  return {
    has: (task) => byName.get(task.name) === task,
    named: (name) => byName.get(name),
    names: () => [...byName.keys()],
  }
}

/** The error of a task its runner does not know: a composition root forgot to register it. */
export function unregisteredTask(name: string, where = 'the route-work runner'): Error {
  return new Error(
    `The route task "${name}" is not registered with ${where}: add its feature's task list to the composition roots (src/app.ts, src/route-thread.ts).`,
  )
}

const encoder = new TextEncoder()

/**
 * Runs a task and encodes its answer as the JSON bytes the route sends; a task whose answer is too large to
 * hold as objects and text at once (illuminate, evaluate-evidence) answers with its bytes already.
 */
export async function runRouteTask<Input, Context>(
  task: RouteTask<Input, Context>,
  input: Input,
  context: Context,
): Promise<Uint8Array> {
  const answer = await task.run(input, context)
  return answer instanceof Uint8Array ? answer : encoder.encode(JSON.stringify(answer))
}
