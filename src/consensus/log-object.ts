/**
 * The observation log on Workers: a Durable Object, the log's single writer, holding the entries in its
 * SQLite storage (log/sql-log-store.ts) behind the same ObservationLog as on Node (group commit, deduplication,
 * the RFC 9162 tree). Workers reach it over the fetch wire protocol below and keep a replica of the tree
 * (log/replica-log.ts), so proofs and checkpoints are computed where the request is answered.
 *
 * Protocol (internal; the worker alone calls it):
 * - `POST /append` with the leaf bytes: `{ index, duplicate, treeSize }` as JSON.
 * - `GET /entries?from=N&count=C`: entries from index N on, at most C (default and limit ENTRIES_PAGE), each as a 4-byte big-endian
 *   length and the leaf, with the log's size in the `Log-Size` header.
 */
import { ConfigSchema } from '../config'
import { entryGroup } from './entry'
import type { LogWriter } from './log/replica-log'
import { openObservationLog, type ObservationLog } from './log/observation-log'
import { signerFrom } from './log/signing-key'
import { createSqlLogStore, type SqlStorageLike } from './log/sql-log-store'

export const ENTRIES_PAGE = 4096
export const LOG_SIZE_HEADER = 'Log-Size'

export type LogObjectEnv = { LOG_SIGNING_KEY?: string; LOG_ORIGIN?: string }

/** The log's signer, from the LOG_SIGNING_KEY secret: on Workers there is no private folder to keep one in. */
export function workerLogSigner(env: LogObjectEnv) {
  if (!env.LOG_SIGNING_KEY) {
    return Promise.reject(
      new Error('LOG_SIGNING_KEY is not set (set it with `wrangler secret put LOG_SIGNING_KEY`)'),
    )
  }
  return signerFrom(
    env.LOG_SIGNING_KEY,
    ConfigSchema.shape.LOG_ORIGIN.parse(env.LOG_ORIGIN || undefined),
    'LOG_SIGNING_KEY',
  )
}

function encodeEntries(leaves: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(leaves.reduce((sum, leaf) => sum + 4 + leaf.byteLength, 0))
  const view = new DataView(out.buffer)
  let at = 0
  for (const leaf of leaves) {
    view.setUint32(at, leaf.byteLength)
    out.set(leaf, at + 4)
    at += 4 + leaf.byteLength
  }
  return out
}

export function decodeEntries(bytes: Uint8Array): Uint8Array[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const leaves: Uint8Array[] = []
  let at = 0
  while (at < bytes.byteLength) {
    const length = view.getUint32(at)
    leaves.push(bytes.slice(at + 4, at + 4 + length))
    at += 4 + length
  }
  return leaves
}

export class ObservationLogObject {
  private opening: Promise<ObservationLog> | null = null

  constructor(
    private readonly ctx: { storage: SqlStorageLike },
    private readonly env: LogObjectEnv,
  ) {}

  private log(): Promise<ObservationLog> {
    this.opening ??= (async () =>
      openObservationLog({
        store: createSqlLogStore(this.ctx.storage),
        signer: await workerLogSigner(this.env),
        groupOf: entryGroup,
      }))()
    // A failed open is tried again by the next request.
    this.opening.catch(() => (this.opening = null))
    return this.opening
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url)
    let log: ObservationLog
    try {
      log = await this.log()
    } catch (err) {
      return new Response(err instanceof Error ? err.message : String(err), { status: 503 })
    }
    if (request.method === 'POST' && url.pathname === '/append') {
      const appended = await log.append(new Uint8Array(await request.arrayBuffer()))
      return Response.json({
        index: appended.index,
        duplicate: appended.duplicate,
        treeSize: appended.treeSize,
      })
    }
    if (request.method === 'GET' && url.pathname === '/entries') {
      const from = Number(url.searchParams.get('from') ?? '0')
      const count = Number(url.searchParams.get('count') ?? ENTRIES_PAGE)
      const size = log.size()
      if (!Number.isInteger(from) || from < 0 || from > size) {
        return new Response(`from must be an integer from 0 to ${size}`, { status: 400 })
      }
      if (!Number.isInteger(count) || count < 1 || count > ENTRIES_PAGE) {
        return new Response(`count must be an integer from 1 to ${ENTRIES_PAGE}`, { status: 400 })
      }
      const leaves: Uint8Array[] = []
      for (let at = from; at < Math.min(size, from + count); at++) leaves.push(await log.read(at))
      return new Response(encodeEntries(leaves) as Uint8Array<ArrayBuffer>, {
        headers: { [LOG_SIZE_HEADER]: String(size) },
      })
    }
    return new Response('not found', { status: 404 })
  }
}

/** The part of a Durable Object stub the worker calls. */
export type LogObjectStub = { fetch(url: string, init?: RequestInit): Promise<Response> }

async function expectOk(response: Response, what: string): Promise<Response> {
  if (response.ok) return response
  throw new Error(
    `the observation log's writer failed to ${what}: ${response.status} ${await response.text()}`,
  )
}

/**
 * The worker's side of the protocol above. A stub is an I/O object of the request that made it, so each
 * call asks `stubOf` for one of its own.
 */
export function logWriterFor(stubOf: () => LogObjectStub): LogWriter {
  return {
    async append(leaf) {
      const response = await expectOk(
        await stubOf().fetch('https://observation-log/append', {
          method: 'POST',
          body: leaf as Uint8Array<ArrayBuffer>,
        }),
        'append',
      )
      return (await response.json()) as { index: number; duplicate: boolean; treeSize: number }
    },
    async entries(from, count = ENTRIES_PAGE) {
      const response = await expectOk(
        await stubOf().fetch(`https://observation-log/entries?from=${from}&count=${count}`),
        'read entries',
      )
      const size = Number(response.headers.get(LOG_SIZE_HEADER))
      return { leaves: decodeEntries(new Uint8Array(await response.arrayBuffer())), size }
    },
  }
}
