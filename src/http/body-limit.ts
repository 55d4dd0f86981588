/**
 * The request-size guard of every route that takes a body: the bound is enforced while reading, whether the
 * size is announced by Content-Length or the body comes chunked, and a body past it answers 413 at once.
 */
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { apiError } from './errors'

export function limitBodyTo(maxBytes: number, message: string, hint: string): MiddlewareHandler {
  const refuse = (): never => {
    throw apiError(413, 'payload_too_large', message, {
      hint,
      // The rest of the body is not read, so the connection cannot carry another request.
      headers: { Connection: 'close' },
    })
  }
  const countWhileReading = bodyLimit({ maxSize: maxBytes, onError: refuse })
  return async (c, next) => {
    // HTTP framing makes a body exactly as long as its Content-Length, so a declared length is checked
    // without touching the body: the adapter then reads it in one piece instead of through a stream.
    const declared = c.req.header('Content-Length')
    if (declared !== undefined && c.req.header('Transfer-Encoding') === undefined) {
      if (Number.parseInt(declared, 10) > maxBytes) refuse()
      return next()
    }
    return countWhileReading(c, next)
  }
}
