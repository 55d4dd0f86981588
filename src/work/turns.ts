/**
 * Route work taking turns in one isolate (Workers): a heavy request over a lexicon read in blocks pins the
 * blocks it reads and holds its evidence on the heap until it ends, and requests in one isolate interleave
 * at every fetch of blocks, so two or three heaviest requests at once would together pass an isolate's
 * memory where each alone fits. Here route work runs one request at a time, in arrival order; the light
 * routes (lookups, pages) are not route work and never wait. The queue is bounded as the Node pool's is
 * (src/work/node-pool.ts): by estimated work (src/work/task-cost.ts), not by a count of requests. A request
 * that would take the waiting work past the bound is answered at once with 503 `busy` and a `Retry-After`
 * of the waiting work's time, from the estimate scaled by how long this isolate's work has really taken.
 */
import { apiError } from '../http/errors'
import type { RouteWorkRunner } from './runner'
import { estimatedMs } from './task-cost'
import type { TaskInput, TaskName } from './tasks'

export type TurnOptions = {
  /** Estimated milliseconds of work that may wait for its turn; past it a request is answered 503. */
  queueMs: number
  /** Milliseconds since some fixed time (tests pass their own clock). */
  now?: () => number
}

type Waiting = { cost: number; start: () => void }

export function takingTurns(
  runner: RouteWorkRunner,
  options: TurnOptions,
): RouteWorkRunner & {
  /** Whether a request's work is running, and what waits (for tests). */
  load(): { running: boolean; queued: number; waitingMs: number }
} {
  const now = options.now ?? (() => Date.now())
  const queue: Waiting[] = []
  let running = false
  let waitingMs = 0
  /** Real milliseconds per estimated millisecond of the work finished so far. */
  let pace = 1
  let estimatedDone = 0
  let realDone = 0

  function next(): void {
    const turn = queue.shift()
    waitingMs = queue.length === 0 ? 0 : waitingMs - (turn?.cost ?? 0)
    running = turn !== undefined
    turn?.start()
  }

  function queueFull() {
    const seconds = Math.max(1, Math.ceil((waitingMs * pace) / 1000))
    return apiError(
      503,
      'busy',
      'The work of other requests is running here and the queue of waiting requests is full.',
      {
        hint: `Retry after ${seconds} second(s); this isolate runs one such request at a time and queues about ${options.queueMs} ms of estimated work.`,
        headers: { 'Retry-After': String(seconds) },
      },
    )
  }

  return {
    run<N extends TaskName>(name: N, input: TaskInput<N>): Promise<Uint8Array> {
      const cost = estimatedMs(name, input)
      if (running && waitingMs + cost > options.queueMs) return Promise.reject(queueFull())
      return new Promise<Uint8Array>((resolve, reject) => {
        const start = () => {
          const started = now()
          // The turn passes before the answer goes out, so a client's next request finds it free.
          const done = () => {
            estimatedDone += cost
            realDone += now() - started
            pace = Math.max(1, realDone / estimatedDone)
            next()
          }
          runner.run(name, input).then(
            (bytes) => {
              done()
              resolve(bytes)
            },
            (err: unknown) => {
              done()
              reject(err)
            },
          )
        }
        if (running) {
          queue.push({ cost, start })
          waitingMs += cost
        } else {
          running = true
          start()
        }
      })
    },
    close: () => runner.close(),
    load: () => ({ running, queued: queue.length, waitingMs }),
  }
}
