/**
 * The messages between the route-work pool and its worker threads, and the worker's side of them: a
 * request names a task and carries its validated input; the reply carries the answer's JSON bytes
 * (transferred, not copied) or the `ApiError` the route answers with.
 */
import type { MessagePort } from 'node:worker_threads'
import { ApiError } from '../http/errors'
import { runTask, type TaskContext, type TaskName } from './tasks'

/** What a worker thread loads: the public release root (its lexicon) and how often to recheck it. */
export type WorkerSetup = { publicRoot: string }

export type WorkRequest = { id: number; name: TaskName; input: unknown }

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

/** Answers every request arriving on `port`, one at a time, with the tasks run against `ctx`. */
export function serveWork(port: MessagePort, ctx: TaskContext): void {
  port.on('message', async (request: WorkRequest) => {
    try {
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
