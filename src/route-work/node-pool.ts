/**
 * The Node runner of route work: a fixed pool of worker threads and a queue in front of them bounded by
 * estimated work (src/route-work/task-cost.ts), not by a count of requests. Each request's lexicon, checked by the
 * main thread's provider as in process, goes to the thread with the request as shared memory: the threads
 * hold no copy of it. A request whose work finds every thread busy waits in the queue unless the work
 * already waiting, with its own, would keep the threads busy longer than the bound; then it is answered at
 * once with 503 `busy` and a `Retry-After` of that wait, so a burst of heavy requests can neither stall the
 * event loop (`/healthz`, the lexicon routes) nor pile up without bound, while quick requests still queue.
 * A thread that dies fails only the request it was running (500) and is replaced.
 */
import { Worker } from 'node:worker_threads'
import { apiError } from '../http/errors'
import type { RouteWorkRunner } from './runner'
import { estimatedMs } from './task-cost'
import type { TaskInput, TaskName } from './tasks'
import type { LexiconProvider } from '../lexicon/release'
import { lexiconHandoff, type LexiconHandoff, type WorkReply, type WorkRequest } from './node-protocol'

export type WorkerPoolOptions = {
  /** Worker threads. */
  size: number
  /**
   * Estimated milliseconds of waiting work per thread that the queue may hold: a request whose work would
   * take it past this is answered 503. 0: no request waits.
   */
  queueMs: number
  /** The lexicon the tasks read, checked for each request; its files are in shared memory. */
  lexicon: LexiconProvider
  /** The worker's entry module; by default the service's own (src/route-thread.ts). */
  entry?: URL
}

type Job = {
  message: Omit<WorkRequest, 'id' | 'lexicon'>
  /** The lexicon as this request found it (asked for when the request arrived). */
  lexicon: Promise<LexiconHandoff>
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

function unavailable() {
  return apiError(503, 'busy', 'No worker thread is available to run this request right now.', {
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  })
}

/** The 503 of a full queue, asking the client to come back once the work waiting now should be done. */
function queueFull(waitMs: number, options: WorkerPoolOptions) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000))
  return apiError(503, 'busy', 'Every worker is busy and the queue of waiting requests is full.', {
    hint: `Retry after ${seconds} second(s); the service runs ${options.size} such request(s) at once and queues about ${options.queueMs} ms of work per thread.`,
    headers: { 'Retry-After': String(seconds) },
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

export function createWorkerPool(options: WorkerPoolOptions): RouteWorkRunner & {
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
        thread.ready = true
        dispatch()
        return
      }
      const job = thread.job
      if (!job || reply.id !== thread.id) return
      thread.job = null
      if (reply.ok) job.resolve(reply.bytes)
      else if (reply.error)
        job.reject(apiError(reply.error.status, reply.error.code, reply.error.message, reply.error.extra))
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
        apiError(
          500,
          'internal_error',
          'The work of this request stopped unexpectedly; it was not completed.',
          {
            hint: `Its thread ended (${why instanceof Error ? why.name : String(why)}) and has been replaced.`,
          },
        ),
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
      void job.lexicon.then(
        (lexicon) => {
          if (thread.job === job && thread.id === id)
            thread.worker.postMessage({ ...job.message, id, lexicon } satisfies WorkRequest)
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
    run<N extends TaskName>(name: N, input: TaskInput<N>): Promise<Uint8Array> {
      if (closed || threads.length === 0) return Promise.reject(unavailable())
      const cost = estimatedMs(name, input)
      // A thread free to take it (a starting thread counts as free) takes it now; otherwise it waits if
      // the threads would get through the waiting work and its own within the bound.
      const free = threads.filter((t) => !t.job).length
      const waitPerThread = (waitingMs + cost) / threads.length
      if (queue.length >= free && waitPerThread > options.queueMs) {
        return Promise.reject(queueFull(waitingMs / threads.length, options))
      }
      return new Promise((resolve, reject) => {
        const lexicon = options.lexicon.current().then(lexiconHandoff)
        queue.push({ message: { name, input }, lexicon, cost, resolve, reject })
        waitingMs += cost
        dispatch()
      })
    },
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
