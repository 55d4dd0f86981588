/**
 * The request-body guard of every JSON POST route (semantic `/v1`, consensus, argument review): JSON only
 * (415 otherwise), at most `maxBytes` (413, counted while the body is read, so a chunked body cannot slip past
 * a missing Content-Length), and well-formed JSON (400 `invalid_json`), all in the shared error shape.
 */
import type { MiddlewareHandler } from 'hono'
import { limitBodyTo } from './body-limit'
import { apiError } from './errors'

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/** `tooLargeHint` says where the route's bounds are listed. */
export function jsonBody(
  maxBytes: number,
  tooLargeHint = 'Send a shorter passage or fewer items; the bounds are listed at GET /v1.',
): MiddlewareHandler {
  const limit = limitBodyTo(
    maxBytes,
    `The request body is larger than ${maxBytes.toLocaleString('en-US')} bytes.`,
    tooLargeHint,
  )
  return async (c, next) => {
    const type = c.req.header('Content-Type') ?? ''
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1]
    if (!JSON_TYPE.test(type) || (charset && charset.toLowerCase() !== 'utf-8')) {
      throw apiError(
        415,
        'unsupported_media_type',
        'The request body must be JSON (application/json, UTF-8).',
        {
          headers: { 'Accept-Post': 'application/json' },
        },
      )
    }
    return limit(c, async () => {
      try {
        await c.req.json()
      } catch {
        throw apiError(400, 'invalid_json', 'The request body is not well-formed JSON.')
      }
      await next()
    })
  }
}
