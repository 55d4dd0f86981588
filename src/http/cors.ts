/**
 * CORS for public data: any origin may read, no credentials. Headers are added after the handler has
 * answered, because touching `c.res` before it (as hono/cors does) makes Hono rebuild the response around
 * its body, which pushes @hono/node-server off its fast path onto web streams (about 50 µs a request).
 */
import type { MiddlewareHandler } from 'hono'

const ALLOW_METHODS = 'GET, HEAD, POST, OPTIONS'
const ALLOW_HEADERS = 'Authorization, Content-Type, X-Service-Consent, X-Request-Id, Range, If-None-Match'
const EXPOSE_HEADERS =
  'X-Request-Id, ETag, Repr-Digest, Retry-After, Content-Length, Content-Range, Accept-Ranges, WWW-Authenticate, Allow'

export const publicCors: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'OPTIONS') {
    return c.body(null, 204, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': ALLOW_METHODS,
      'Access-Control-Allow-Headers': c.req.header('Access-Control-Request-Headers') ?? ALLOW_HEADERS,
      'Access-Control-Max-Age': '600',
      Vary: 'Access-Control-Request-Headers',
    })
  }
  await next()
  c.res.headers.set('Access-Control-Allow-Origin', '*')
  c.res.headers.set('Access-Control-Expose-Headers', EXPOSE_HEADERS)
}
