/**
 * The Node runner of route work: a fixed pool of worker threads and a queue in front of them bounded by
 * estimated work (src/route-work/task-cost.ts), not by a count of requests. What each request's work needs
 * from the main thread (on the service: its lexicon, checked by the main thread's provider as in process,
 * as shared memory, so the threads hold no copy of it) is the handoff the composition root supplies, asked
 * for when the request arrives and sent to the thread with it. A request whose work finds every thread busy
 * waits in the queue unless the work already waiting, with its own, would keep the threads busy longer
 * than the bound; then it is answered at once with 503 `busy` and a `Retry-After` of that wait, so a burst
 * of heavy requests can neither stall the event loop (`/healthz`, the lexicon routes) nor pile up without
 * bound, while quick requests still queue. A thread that dies fails only the request it was running (500)
 * and is replaced.
 */
import { Worker } from 'node:worker_threads'
import { ProblemError, type Problem } from '../validation/problem'
import type { RouteWorkRunner } from './runner'
import { registerRouteTasks, unregisteredTask, type AnyRouteTask } from './task'
import { estimatedMs } from './task-cost'
import type { WorkReply, WorkRequest } from './node-protocol'

export type WorkerPoolOptions<Handoff> = {
  /** Worker threads. */
  size: number
  /**
   * Estimated milliseconds of waiting work per thread that the queue may hold: a request whose work would
   * take it past this is answered 503. 0: no request waits.
   */
  queueMs: number
  /** The tasks the threads run: the list the worker entry registers too (checked when a thread starts). */
  tasks: ReadonlyArray<AnyRouteTask<never>>
  /**
   * What a request's work needs from the main thread, asked for when the request arrives and sent to the
   * thread with it (a rejection is the request's answer).
   */
  handoff: () => Promise<Handoff>
  /** The worker's entry module; by default the service's own (src/route-thread.ts). */
  entry?: URL
}

type Job = {
  message: Omit<WorkRequest, 'id' | 'handoff'>
  /** What this request's work needs, as the request found it (asked for when the request arrived). */
  handoff: Promise<unknown>
  /** Estimated milliseconds of a thread's time. */
  cost: number
  resolve: (bytes: Uint8Array) => void
  reject: (err: unknown) => void
}

type Thread = { worker: Worker; ready: boolean; job: Job | null; id: number }

/** Seconds a client is asked to wait when no thread can take its request (none started yet). */
const RETRY_AFTER_SECONDS = 1
const YOUNG_GENERATION_MB = 8
const OLD_GENERATION_LIMIT_MB = 512
const RESTART_PAUSE_MS = 1_000

const busy = (problem: Omit<Extract<Problem, { kind: 'unavailable' }>, 'kind' | 'code'>) =>
  new ProblemError({ kind: 'unavailable', code: 'busy', ...problem })

function unavailable() {
  return busy({
    message: 'No worker thread is available to run this request right now.',
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  })
}

/** The 503 of a full queue, asking the client to come back once the work waiting now should be done. */
function queueFull(waitMs: number, options: { size: number; queueMs: number }) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000))
  return busy({
    message: 'Every worker is busy and the queue of waiting requests is full.',
    hint: `Retry after ${seconds} second(s); the service runs ${options.size} such request(s) at once and queues about ${options.queueMs} ms of work per thread.`,
    retryAfterSeconds: seconds,
  })
}

/**
 * How to start a worker on `entry`: a module file as it is, TypeScript source (tests, `npm run bench`
 * under tsx) through tsx's loader, which a worker thread does not inherit from its parent.
 */
function workerSource(entry: URL): { source: URL | string; evaluated: boolean } {
  if (!entry.pathname.endsWith('.ts')) return { source: entry, evaluated: false }
  const script = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}) })`
  return { source: script, evaluated: true }
}

/** The service's worker entry: `src/route-thread.ts` from the sources, or `route-thread.mjs` beside the bundle. */
function defaultEntry(): URL {
  const self = import.meta.url
  return new URL(self.endsWith('.ts') ? '../route-thread.ts' : './route-thread.mjs', self)
}

export function createWorkerPool<Handoff>(options: WorkerPoolOptions<Handoff>): RouteWorkRunner & {
  /** Threads and waiting requests right now (for tests and the benchmark). */
  load(): { busy: number; queued: number; waitingMs: number; size: number }
} {
  const threads: Thread[] = []
  const queue: Job[] = []
  /** The sum of the costs of the jobs in the queue. */
  let waitingMs = 0
  let nextId = 1
  let closed = false
  const { source, evaluated } = workerSource(options.entry ?? defaultEntry())
  const registry = registerRouteTasks(options.tasks)
  let reportedMissing = false

  function spawn(): Thread {
    const worker = new Worker(source, {
      eval: evaluated,
      // A smaller young generation than V8's default: the service with one thread, idle, measured 403 MB
      // resident with the default and 385 MB with this. The old generation's limit is far above what a
      // thread keeps (about 60 MB plus its bounded caches), but V8 grows the heap between full collections
      // by a factor that shrinks with that limit: 4 without it, about 1.4 with 512 MB, so the garbage of a
      // heavy request is collected at about 80 MB rather than 230 (peak RSS under four heaviest
      // evaluate-evidence requests: 490 MB without, 330 to 350 with). The more frequent full collections cost
      // CPU once the thread keeps much (arguments/analyze after the other routes: 380 ms instead of 265).
      resourceLimits: {
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
        maxOldGenerationSizeMb: OLD_GENERATION_LIMIT_MB,
      },
    })
    const thread: Thread = { worker, ready: false, job: null, id: 0 }
    worker.on('message', (reply: WorkReply) => {
      if ('ready' in reply) {
        const missing = registry.names().filter((name) => !reply.tasks.includes(name))
        // The threads' entry registers its own lists: one that misses a task fails that task's requests
        // (500), which is said once, when the first thread starts.
        if (missing.length > 0 && !reportedMissing) {
          reportedMissing = true
          for (const name of missing) {
            const error = unregisteredTask(name, 'the route-work thread').message
            console.error(JSON.stringify({ level: 'error', error }))
          }
        }
        thread.ready = true
        dispatch()
        return
      }
      const job = thread.job
      if (!job || reply.id !== thread.id) return
      thread.job = null
      if (reply.ok) job.resolve(reply.bytes)
      else if (reply.problem) job.reject(new ProblemError(reply.problem))
      else job.reject(new Error('route work failed in its worker'))
      dispatch()
    })
    const replace = (why: unknown) => {
      const index = threads.indexOf(thread)
      if (index === -1) return
      threads.splice(index, 1)
      const job = thread.job
      thread.job = null
      job?.reject(
        new ProblemError({
          kind: 'failed',
          code: 'internal_error',
          message: 'The work of this request stopped unexpectedly; it was not completed.',
          hint: `Its thread ended (${why instanceof Error ? why.name : String(why)}) and has been replaced.`,
        }),
      )
      if (closed) return
      if (thread.ready) {
        threads.push(spawn())
        return
      }
      // A thread that dies before it is ready (its entry or the release cannot load) is retried after a
      // pause rather than at once, and the requests waiting for it are not kept waiting meanwhile.
      for (const waiting of queue.splice(0)) waiting.reject(unavailable())
      waitingMs = 0
      setTimeout(() => closed || threads.push(spawn()), RESTART_PAUSE_MS).unref()
    }
    worker.on('error', replace)
    worker.on('exit', (code) => replace(`exit code ${code}`))
    worker.unref()
    return thread
  }

  function dispatch(): void {
    for (const thread of threads) {
      if (queue.length === 0) return
      if (thread.job || !thread.ready) continue
      const job = queue.shift() as Job
      waitingMs = queue.length === 0 ? 0 : waitingMs - job.cost
      const id = nextId++
      thread.job = job
      thread.id = id
      void job.handoff.then(
        (handoff) => {
          if (thread.job === job && thread.id === id)
            thread.worker.postMessage({ ...job.message, id, handoff } satisfies WorkRequest)
        },
        (err: unknown) => {
          if (thread.job !== job || thread.id !== id) return
          thread.job = null
          job.reject(err)
          dispatch()
        },
      )
    }
  }

  for (let i = 0; i < options.size; i++) threads.push(spawn())

  return {
    run(task, input) {
      if (!registry.has(task)) return Promise.reject(unregisteredTask(task.name))
      if (closed || threads.length === 0) return Promise.reject(unavailable())
      const cost = estimatedMs(task, input)
      // A thread free to take it (a starting thread counts as free) takes it now; otherwise it waits if
      // the threads would get through the waiting work and its own within the bound.
      const free = threads.filter((t) => !t.job).length
      const waitPerThread = (waitingMs + cost) / threads.length
      if (queue.length >= free && waitPerThread > options.queueMs) {
        return Promise.reject(queueFull(waitingMs / threads.length, options))
      }
      return new Promise((resolve, reject) => {
        const handoff = options.handoff()
        queue.push({ message: { name: task.name, input }, handoff, cost, resolve, reject })
        waitingMs += cost
        dispatch()
      })
    },
    registered: (task) => registry.has(task),
    async close() {
      closed = true
      for (const job of queue.splice(0)) job.reject(unavailable())
      waitingMs = 0
      await Promise.all(threads.splice(0).map((t) => t.worker.terminate()))
    },
    load: () => ({
      busy: threads.filter((t) => t.job).length,
      queued: queue.length,
      waitingMs,
      size: threads.length,
    }),
  }
}
