/**
 * The Node request listener: @hono/node-server's, behind a small in-memory shared cache. A repeat of a
 * public GET (a popular word, a common prefix) is answered from memory without running the app, about as
 * cheaply as a static file. Every stored answer is keyed by the change token it was computed under: each
 * request that may be answered from memory first gets the token of its path (a stat of the pointer,
 * manifest and files that path's answers depend on, and the count of changes the app's own checks found),
 * asked after the request arrived and shared by the requests read in one turn of the event loop, and only
 * an answer stored under that same token is served, so no stored answer outlives the release it was
 * computed for, not even by one request. The
 * cache is part of the origin, not an intermediary, so it sends no `Age`; every answer gets its own
 * request id.
 */
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server'
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http'
import { createLruCache } from '../storage/body-cache'
import { acceptRequestId, REQUEST_ID_HEADER } from './request-id'
import { isStorableRequest, PER_ANSWER_HEADERS, sharedMaxAge } from './shared-cache'

type NodeBindings = HttpBindings | Http2Bindings

export type FetchHandler = (request: Request, env: NodeBindings) => Response | Promise<Response>

export type ResponseCacheOptions = {
  /** Total bytes of stored answers; 0 turns the cache off. */
  maxBytes: number
  /**
   * A token of everything the answers for a path depend on (pointer and manifest states, change counts):
   * any change of it means an answer stored for that path may be stale. Asked on every request the cache
   * could answer, with the request's path; a token known at once (a string) lets a stored answer be sent
   * from the request event itself, without a promise.
   */
  changeToken: (path: string) => string | Promise<string>
  /**
   * Which paths share one token (the lexicon's routes, one dataset's routes): the token of a scope is asked
   * once per turn of the event loop and shared by the requests read in that turn. Absent: every path is a
   * scope of its own.
   */
  tokenScope?: (path: string) => string
}

type StoredAnswer = {
  status: number
  headers: OutgoingHttpHeaders
  /**
   * The same headers as a flat name, value list, which Node writes without listing an object's keys:
   * answering from memory is the hot path of the lexicon routes.
   */
  flatHeaders: string[]
  body: Buffer
  expires: number
  token: string
}

/** A larger answer is served but not kept: one entry must not crowd out hundreds of word records. */
const MAX_STORED_BODY = 1 << 20
/** What an entry costs besides its body (headers, key, bookkeeping), so tiny answers are not free. */
const ENTRY_OVERHEAD = 512

export function cachingListener(fetch: FetchHandler, options: ResponseCacheOptions): RequestListener {
  if (options.maxBytes <= 0) return getRequestListener(fetch)
  const stored = createLruCache<StoredAnswer>({
    maxEntries: Math.ceil(options.maxBytes / ENTRY_OVERHEAD),
    maxWeight: options.maxBytes,
    weigh: (answer) => answer.body.byteLength + ENTRY_OVERHEAD,
  })
  // The key and token of a GET that missed, found by the listener and taken when its answer returns.
  const missed = new WeakMap<object, { key: string; token: string }>()

  const origin = getRequestListener(async (request: Request, env: NodeBindings) => {
    const response = await fetch(request, env)
    const miss = missed.get(env.incoming)
    const maxAge =
      miss === undefined ? 0 : sharedMaxAge(response.status, (name) => response.headers.get(name))
    if (miss === undefined || maxAge <= 0) return response
    const body = Buffer.from(await response.arrayBuffer())
    const headers = storedHeaders(response.headers, body.byteLength)
    // An answer computed across a change may be of either release: it is stored under the token seen
    // before it was computed, which the next request after the change no longer matches.
    if (body.byteLength <= MAX_STORED_BODY) {
      const expires = Date.now() + maxAge * 1000
      const flatHeaders = Object.entries(headers).flatMap(([name, value]) => [name, String(value)])
      stored.set(miss.key, {
        status: response.status,
        headers,
        flatHeaders,
        body,
        expires,
        token: miss.token,
      })
    }
    const requestId = response.headers.get(REQUEST_ID_HEADER)
    return new Response(body, {
      status: response.status,
      headers: requestId === null ? headers : { ...headers, [REQUEST_ID_HEADER]: requestId },
    } as ResponseInit)
  })

  const answer = (incoming: IncomingMessage, outgoing: ServerResponse, key: string, token?: string) => {
    const found = stored.get(key)
    if (found !== undefined && found.token === token && found.expires > Date.now()) {
      return answerFromStore(incoming, outgoing, found)
    }
    if (found !== undefined) stored.delete(key)
    if (incoming.method === 'GET' && token !== undefined) missed.set(incoming, { key, token })
    return origin(incoming, outgoing)
  }

  const tokenOf = tokensPerTurn(options)

  return (incoming, outgoing) => {
    const key = storageKey(incoming)
    if (key === undefined) return origin(incoming, outgoing)
    const url = incoming.url ?? ''
    const query = url.indexOf('?')
    // A token that cannot be read is no token: nothing is then reused or kept.
    let token: string | Promise<string>
    try {
      token = tokenOf(query === -1 ? url : url.slice(0, query), incoming.socket)
    } catch {
      return answer(incoming, outgoing, key, undefined)
    }
    if (typeof token === 'string') return answer(incoming, outgoing, key, token)
    return token.then(
      (known) => answer(incoming, outgoing, key, known),
      () => answer(incoming, outgoing, key, undefined),
    )
  }
}

/**
 * The change token of a path, asked once per scope in each turn of the event loop. Every request read in
 * one turn arrived before that turn's poll for I/O returned, so a token asked during the turn was asked
 * after each of them arrived: each still sees the files as they were after it was sent. A second request
 * read from the same connection in one turn (pipelined) may have arrived after the token was asked, so it
 * asks again. The stats behind a token (seven for the lexicon) are most of what a stored answer costs.
 */
function tokensPerTurn(
  options: ResponseCacheOptions,
): (path: string, socket: object) => string | Promise<string> {
  const scopeOf = options.tokenScope ?? ((path: string) => path)
  let tokens: Map<string, string | Promise<string>> | null = null
  let asked: Set<object> | null = null
  const endTurn = () => {
    tokens = null
    asked = null
  }
  return (path, socket) => {
    if (tokens === null || asked === null) {
      tokens = new Map()
      asked = new Set()
      setImmediate(endTurn)
    }
    const scope = scopeOf(path)
    let token = asked.has(socket) ? undefined : tokens.get(scope)
    if (token === undefined) {
      token = options.changeToken(path)
      tokens.set(scope, token)
    }
    asked.add(socket)
    return token
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
  // The request id goes on the end of the stored list for the length of the call: writeHead has turned
  // the list into the header block when it returns, so no copy of the list is made per answer.
  const headers = answer.flatHeaders
  headers.push(REQUEST_ID_HEADER, requestId)
  try {
    outgoing.writeHead(answer.status, headers)
  } finally {
    headers.length -= 2
  }
  if (incoming.method === 'HEAD') outgoing.end()
  else outgoing.end(answer.body)
}
