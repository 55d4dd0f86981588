/**
 * The Node service's key indexer: the key file's bytes handed to one worker thread (key-index-thread.ts),
 * which parses and checks them and hands back the index's arrays, so the event loop only reads the file
 * and later binary-searches the index. The thread starts with the first file; it stops when idle for a
 * while, giving back the memory a large parse took, unless it keeps an index to update (a file the `keys`
 * commands wrote), whose next change it then reads in milliseconds.
 */
import { Worker } from 'node:worker_threads'
import type { KeyIndexer } from './fs-key-store'
import type { KeyFileReading } from './key-file'

export type IndexJob = { id: number; bytes: Uint8Array }
/** `kept`: the thread keeps the index to update it when the file next changes. */
export type IndexReply = { id: number; reading: KeyFileReading; kept: boolean }

/** Idle time after which a thread keeping no index stops: keys change rarely, and its heap after a whole parse is large. */
const IDLE_MS = 30_000

/** The entry: the TypeScript source under tsx (tests, `npm run bench`), or the bundle's file beside dist/node.mjs. */
function entry(): { source: URL | string; evaluated: boolean } {
  const self = import.meta.url
  if (!self.endsWith('.ts')) return { source: new URL('./key-index-thread.mjs', self), evaluated: false }
  // A worker thread does not inherit tsx's loader from its parent.
  const href = JSON.stringify(new URL('./key-index-thread.ts', self).href)
  return {
    source: `import('tsx/esm/api').then(({ register }) => { register(); return import(${href}) })`,
    evaluated: true,
  }
}

type Waiting = Map<number, { resolve: (reading: KeyFileReading) => void; reject: (err: Error) => void }>

export function keyIndexThread(): KeyIndexer {
  const { source, evaluated } = entry()
  let current: { worker: Worker; waiting: Waiting } | null = null
  let idle: NodeJS.Timeout | undefined
  let nextId = 1

  function start(): { worker: Worker; waiting: Waiting } {
    const thread = { worker: new Worker(source, { eval: evaluated }), waiting: new Map() as Waiting }
    const { worker, waiting } = thread
    const failAll = (err: Error) => {
      if (current === thread) current = null
      for (const job of waiting.values()) job.reject(err)
      waiting.clear()
    }
    worker.on('message', (reply: IndexReply) => {
      waiting.get(reply.id)?.resolve(reply.reading)
      waiting.delete(reply.id)
      if (waiting.size > 0) return
      // Idle, it is never what keeps the process alive; a job waiting for it does.
      worker.unref()
      if (reply.kept) return
      idle = setTimeout(() => {
        // Out of use before it stops: a job arriving now starts a new thread.
        if (current === thread) current = null
        void worker.terminate()
      }, IDLE_MS)
      idle.unref()
    })
    worker.on('error', failAll)
    worker.on('exit', () => failAll(new Error('the key index thread stopped')))
    return thread
  }

  return (bytes) =>
    new Promise((resolve, reject) => {
      clearTimeout(idle)
      current ??= start()
      current.worker.ref()
      const id = nextId++
      current.waiting.set(id, { resolve, reject })
      // Handed over, not copied, when the bytes are a whole buffer of their own.
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      const own = whole ? bytes : bytes.slice()
      const job: IndexJob = { id, bytes: own }
      current.worker.postMessage(job, [own.buffer as ArrayBuffer])
    })
}
