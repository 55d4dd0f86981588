/**
 * CORS for public data: any origin may read, no credentials. The response headers are added after the
 * handler has answered, because touching `c.res` before it (as hono/cors does) makes Hono rebuild the
 * response around its body, which pushes @hono/node-server off its fast path onto web streams.
 */
import type { Context } from 'hono'

const ALLOW_METHODS = 'GET, HEAD, POST, OPTIONS'
const ALLOW_HEADERS = 'Authorization, Content-Type, X-Service-Consent, X-Request-Id, Range, If-None-Match'
const EXPOSE_HEADERS =
  'X-Request-Id, ETag, Repr-Digest, Retry-After, Content-Length, Content-Range, Accept-Ranges, WWW-Authenticate, Allow'

/**
 * Routes the composition root names read-only (the dataset routes, spec 4.3) allow GET, HEAD and OPTIONS,
 * and the Authorization header.
 */
export const READ_ONLY_METHODS = 'GET, HEAD, OPTIONS'
const READ_ONLY_HEADERS = 'Authorization, X-Request-Id, Range, If-Range, If-None-Match'

/** The headers every answer carries so that browsers on other origins may read it. */
export const CORS_RESPONSE_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSE_HEADERS,
} as const

/** Whether a path's routes are read-only; the composition root says which (none unless it does). */
export type ReadOnlyPaths = (path: string) => boolean

/** The 204 answer to a preflight `OPTIONS` request. */
export function preflight(c: Context, readOnly: ReadOnlyPaths): Response {
  if (readOnly(c.req.path)) {
    return c.body(null, 204, {
      Allow: READ_ONLY_METHODS,
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': READ_ONLY_METHODS,
      'Access-Control-Allow-Headers': READ_ONLY_HEADERS,
      'Access-Control-Max-Age': '600',
    })
  }
  return c.body(null, 204, {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': ALLOW_METHODS,
    'Access-Control-Allow-Headers': c.req.header('Access-Control-Request-Headers') ?? ALLOW_HEADERS,
    'Access-Control-Max-Age': '600',
    Vary: 'Access-Control-Request-Headers',
  })
}
