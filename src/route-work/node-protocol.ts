/**
 * The messages between the route-work pool and its worker threads, and the worker's side of them: a
 * request names a task and carries its validated input and the lexicon as the main thread found it for
 * this request (its release files in shared memory, so no thread holds a copy); the reply carries the
 * answer's JSON bytes (transferred, not copied) or the `ApiError` the route answers with.
 */
import type { MessagePort } from 'node:worker_threads'
import { ApiError } from '../http/errors'
import { requireReady } from '../http/unavailable'
import { lexiconOfFiles, type Lexicon, type LexiconFiles } from '../lexicon/lexicon'
import { LEXICON_UNAVAILABLE, type LexiconState } from '../lexicon/release'
import type { LexiconManifest } from '../lexicon/schemas'
import { runTask, type TaskName } from './tasks'

/** The lexicon state of one request, as it crosses to a thread: the files' shared bytes, not a copy. */
export type LexiconHandoff =
  | { status: 'ready'; manifest: LexiconManifest; files: LexiconFiles }
  | Extract<LexiconState, { status: 'unavailable' }>

export function lexiconHandoff(state: LexiconState): LexiconHandoff {
  if (state.status !== 'ready') return state
  const { manifest, files } = state.lexicon
  // The pool runs on Node, whose provider holds releases whole.
  if (!files) throw new Error('a lexicon read in blocks cannot be handed to a worker thread')
  return { status: 'ready', manifest, files }
}

export type WorkRequest = { id: number; name: TaskName; input: unknown; lexicon: LexiconHandoff }

export type WorkReply =
  /** Sent once the worker listens: messages posted to a thread before that may be lost (under tsx). */
  | { ready: true }
  | { id: number; ok: true; bytes: Uint8Array }
  | {
      id: number
      ok: false
      /** The route's answer when the task threw an `ApiError`; null for any other failure. */
      error: { status: ApiError['status']; code: string; message: string; extra: ApiError['extra'] } | null
    }

/**
 * Answers every request arriving on `port`, one at a time, with the lexicon the request brings: read over
 * its shared files once per release (only the small exception table is parsed per thread).
 */
export function serveWork(port: MessagePort): void {
  let current: Lexicon | null = null
  const lexiconOf = (handoff: LexiconHandoff): Lexicon => {
    if (handoff.status !== 'ready') return requireReady<LexiconState>(handoff, LEXICON_UNAVAILABLE).lexicon
    if (current?.manifest.release !== handoff.manifest.release) {
      const read = lexiconOfFiles(handoff.manifest, handoff.files)
      if (typeof read === 'string')
        return requireReady<LexiconState>({ status: 'unavailable', reason: read }, LEXICON_UNAVAILABLE)
          .lexicon
      current = read
    }
    return current
  }
  port.on('message', async (request: WorkRequest) => {
    try {
      const ctx = { lexicon: async () => lexiconOf(request.lexicon) }
      const bytes = await runTask(ctx, request.name, request.input as never)
      port.postMessage({ id: request.id, ok: true, bytes } satisfies WorkReply, [bytes.buffer as ArrayBuffer])
    } catch (err) {
      const error =
        err instanceof ApiError
          ? { status: err.status, code: err.code, message: err.message, extra: err.extra }
          : null
      port.postMessage({ id: request.id, ok: false, error } satisfies WorkReply)
    }
  })
  port.postMessage({ ready: true } satisfies WorkReply)
}
