/**
 * Guards for JSON POST routes, run before validation: the content type must be JSON (else 415), the body
 * at most `maxBytes` (413, counted while reading when there is no Content-Length), and the JSON must
 * parse (400 `invalid_json`). Each answers with the shared error shape.
 */
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { every } from 'hono/combine'
import { apiError } from '../http/errors'

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;.*)?$/i

export function jsonBody(maxBytes: number): MiddlewareHandler {
  return every(
    async (c, next) => {
      const type = c.req.header('Content-Type')
      if (!type || !JSON_TYPE.test(type)) {
        throw apiError(
          415,
          'unsupported_media_type',
          'Send the body as JSON with "Content-Type: application/json".',
        )
      }
      await next()
    },
    bodyLimit({
      maxSize: maxBytes,
      onError: () => {
        throw apiError(413, 'payload_too_large', `The request body must be at most ${maxBytes} bytes.`, {
          // The rest of the body is not read, so the connection cannot carry another request.
          headers: { Connection: 'close' },
        })
      },
    }),
    async (c, next) => {
      try {
        await c.req.json()
      } catch {
        throw apiError(400, 'invalid_json', 'The request body is not valid JSON.')
      }
      await next()
    },
  )
}
