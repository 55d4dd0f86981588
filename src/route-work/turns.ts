/**
 * Route work taking turns in one isolate (Workers): a heavy request over a lexicon read in blocks pins the
 * blocks it reads and holds its evidence on the heap until it ends, and requests in one isolate interleave
 * at every fetch of blocks, so two or three heaviest requests at once would together pass an isolate's
 * memory where each alone fits. Here heavy route work runs one request at a time, in arrival order; light
 * route work (estimated under LIGHT_MS) and the light routes (lookups, pages: not route work) never wait.
 * The queue is bounded as the Node pool's is (src/route-work/node-pool.ts): by estimated work
 * (src/route-work/task-cost.ts), not by a count of requests. A request that would take the waiting work past the
 * bound is answered at once with 503 `busy` and a `Retry-After` of the waiting work's time, from the
 * estimate scaled by how long this isolate's work has really taken.
 */
import { ProblemError } from '../validation/problem'
import type { RouteWorkRunner } from './runner'
import type { AnyRouteTask, RouteTask } from './task'
import { estimatedMs } from './task-cost'

export type TurnOptions = {
  /** Estimated milliseconds of work that may wait for its turn; past it a request is answered 503. */
  queueMs: number
  /** Milliseconds since some fixed time (tests pass their own clock). */
  now?: () => number
}

/** How often a waiting request looks whether its turn has come. */
const POLL_MS = 10
/**
 * Work estimated under this many milliseconds (a review or a resolve of a few thousand characters) runs at
 * once, beside whatever runs: it pins few blocks and little heap, and waiting turns would cap it at one
 * request per poll (local reviews in workerd: 106 a second, where they answered 345 to 541 without turns).
 */
const LIGHT_MS = 20

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function takingTurns(
  runner: RouteWorkRunner,
  options: TurnOptions,
): RouteWorkRunner & {
  /** Whether a request's work is running, and what waits (for tests). */
  load(): { running: boolean; queued: number; waitingMs: number }
} {
  const now = options.now ?? (() => Date.now())
  /** The waiting requests, in arrival order, each known by a symbol of its own. */
  const queue: symbol[] = []
  let running = false
  let waitingMs = 0
  /** Real milliseconds per estimated millisecond of the work finished so far. */
  let pace = 1
  let estimatedDone = 0
  let realDone = 0

  function queueFull() {
    const seconds = Math.max(1, Math.ceil((waitingMs * pace) / 1000))
    return new ProblemError({
      kind: 'unavailable',
      code: 'busy',
      message: 'The work of other requests is running here and the queue of waiting requests is full.',
      hint: `Retry after ${seconds} second(s); this isolate runs one such request at a time and queues about ${options.queueMs} ms of estimated work.`,
      retryAfterSeconds: seconds,
    })
  }

  return {
    async run<Input>(task: RouteTask<Input, never>, input: Input): Promise<Uint8Array> {
      const cost = estimatedMs(task, input)
      if (cost < LIGHT_MS) return runner.run(task, input)
      if (running || queue.length > 0) {
        if (waitingMs + cost > options.queueMs) throw queueFull()
        const ticket = Symbol('turn')
        queue.push(ticket)
        waitingMs += cost
        // Each waiting request looks for its turn on a timer of its own rather than being woken by the
        // request before it: on Workers a request's work (its fetches of blocks) must run in its own
        // context, and a request with nothing of its own under way is taken for hung and cancelled.
        // A timer stays set for the whole wait, so that there is never a moment with nothing under way.
        const underWay = setInterval(() => {}, POLL_MS * 100)
        try {
          while (running || queue[0] !== ticket) await pause(POLL_MS)
        } finally {
          clearInterval(underWay)
        }
        queue.shift()
        waitingMs = queue.length === 0 ? 0 : waitingMs - cost
      }
      running = true
      const started = now()
      try {
        return await runner.run(task, input)
      } finally {
        // The turn passes before the answer goes out, so a client's next request finds it free.
        estimatedDone += cost
        realDone += now() - started
        pace = Math.max(1, realDone / estimatedDone)
        running = false
      }
    },
    registered: (task: AnyRouteTask) => runner.registered?.(task) ?? true,
    close: () => runner.close(),
    load: () => ({ running, queued: queue.length, waitingMs }),
  }
}
