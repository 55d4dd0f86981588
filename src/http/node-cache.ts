/**
 * The Node request listener: @hono/node-server's, behind a small in-memory shared cache. A repeat of a
 * public GET (a popular word, a common prefix) is answered from memory without running the app, about as
 * cheaply as a static file. Stored answers are dropped as soon as the app's readiness report changes (a
 * release swapped, withdrawn or damaged), checked at most every `recheckMs` as traffic flows, so a change
 * shows as promptly as without the cache. The cache is part of the origin, not an intermediary, so it
 * sends no `Age`; every answer still gets its own request id.
 */
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server'
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http'
import { createLruCache } from './body-cache'
import { acceptRequestId, REQUEST_ID_HEADER } from './request-id'
import { isStorableRequest, PER_ANSWER_HEADERS, sharedMaxAge } from './shared-cache'

type NodeBindings = HttpBindings | Http2Bindings

export type FetchHandler = (request: Request, env: NodeBindings) => Response | Promise<Response>

export type ResponseCacheOptions = {
  /** Total bytes of stored answers; 0 turns the cache off. */
  maxBytes: number
  /** How often, at most, `servingState` is asked; 0 turns the cache off. */
  recheckMs: number
  /** A fingerprint of everything the stored answers depend on (release ids and states). */
  servingState: () => Promise<string>
}

type StoredAnswer = { status: number; headers: OutgoingHttpHeaders; body: Buffer; expires: number }

/** A larger answer is served but not kept: one entry must not crowd out hundreds of word records. */
const MAX_STORED_BODY = 1 << 20
/** What an entry costs besides its body (headers, key, bookkeeping), so tiny answers are not free. */
const ENTRY_OVERHEAD = 512

export function cachingListener(fetch: FetchHandler, options: ResponseCacheOptions): RequestListener {
  if (options.maxBytes <= 0 || options.recheckMs <= 0) return getRequestListener(fetch)
  const stored = createLruCache<StoredAnswer>({
    maxEntries: Math.ceil(options.maxBytes / ENTRY_OVERHEAD),
    maxWeight: options.maxBytes,
    weigh: (answer) => answer.body.byteLength + ENTRY_OVERHEAD,
  })
  // Bumped whenever stored answers are dropped, so an answer computed before a change is not stored after it.
  let generation = 0
  let servingState: string | undefined
  let checkedAt = 0
  let checking = false
  const dropAll = () => {
    stored.clear()
    generation++
  }
  const recheck = (now: number) => {
    if (checking || now - checkedAt < options.recheckMs) return
    checking = true
    checkedAt = now
    options
      .servingState()
      .then((state) => {
        if (servingState !== undefined && state !== servingState) dropAll()
        servingState = state
      }, dropAll)
      .finally(() => {
        checking = false
      })
  }

  // The key of a GET that missed, found once by the listener and taken here when its answer comes back.
  const missed = new WeakMap<object, string>()

  const origin = getRequestListener(async (request: Request, env: NodeBindings) => {
    const storedGeneration = generation
    const response = await fetch(request, env)
    const key = missed.get(env.incoming)
    const maxAge = key === undefined ? 0 : sharedMaxAge(response.status, (name) => response.headers.get(name))
    if (key === undefined || maxAge <= 0) return response
    const body = Buffer.from(await response.arrayBuffer())
    const headers = storedHeaders(response.headers, body.byteLength)
    if (body.byteLength <= MAX_STORED_BODY && generation === storedGeneration) {
      stored.set(key, { status: response.status, headers, body, expires: Date.now() + maxAge * 1000 })
    }
    const requestId = response.headers.get(REQUEST_ID_HEADER)
    return new Response(body, {
      status: response.status,
      headers: requestId === null ? headers : { ...headers, [REQUEST_ID_HEADER]: requestId },
    } as ResponseInit)
  })

  return (incoming, outgoing) => {
    const now = Date.now()
    recheck(now)
    const key = storageKey(incoming)
    if (key !== undefined) {
      const answer = stored.get(key)
      if (answer !== undefined && answer.expires > now) return answerFromStore(incoming, outgoing, answer)
      if (answer !== undefined) stored.delete(key)
      if (incoming.method === 'GET') missed.set(incoming, key)
    }
    return origin(incoming, outgoing)
  }
}

function storageKey(incoming: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | undefined {
  const headers = incoming.headers
  if (!isStorableRequest(incoming.method ?? '', (name) => headers[name])) return undefined
  return `${headers.host ?? ''} ${incoming.url ?? ''}`
}

function storedHeaders(headers: Headers, length: number): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {}
  for (const [name, value] of headers) if (!PER_ANSWER_HEADERS.has(name)) kept[name] = value
  kept['content-length'] = length
  return kept
}

function answerFromStore(incoming: IncomingMessage, outgoing: ServerResponse, answer: StoredAnswer): void {
  const requestId = acceptRequestId(incoming.headers['x-request-id'] as string | undefined)
  outgoing.writeHead(answer.status, { ...answer.headers, [REQUEST_ID_HEADER]: requestId })
  if (incoming.method === 'HEAD') outgoing.end()
  else outgoing.end(answer.body)
}
