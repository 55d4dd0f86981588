/**
 * The request-size guard of the argument routes: the bound is enforced while reading, whether the size is
 * announced by Content-Length or the body comes chunked, and a body past it answers 413 at once.
 */
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { apiError } from '../http/errors'

export function limitBodyTo(maxBytes: number, message: string, hint: string): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw apiError(413, 'payload_too_large', message, {
        hint,
        // The rest of the body is not read, so the connection cannot carry another request.
        headers: { Connection: 'close' },
      })
    },
  })
}
