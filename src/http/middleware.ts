/**
 * The middleware every route shares: request id, CORS for public data, 404 and 405 with the shared error
 * shape, and the last-resort error handler that never leaks internals.
 */
import type { OpenAPIHono } from '@hono/zod-openapi'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { requestId } from 'hono/request-id'
import { HTTPException } from 'hono/http-exception'
import { ApiError, apiError, errorResponse } from './errors'
import { publicCors } from './cors'
import { headContentLength } from './head'
import type { AppEnv } from './router'

/** Paths whose 405 answers are plain text, as the dataset contract requires. */
const PLAIN_TEXT_405 = /^\/api\/datasets(?:\/|$)/

export function useSharedMiddleware(app: OpenAPIHono<AppEnv>): void {
  app.use(
    '*',
    // Hono keeps an incoming id only when it is plain word characters; a short cap keeps logs tidy.
    requestId({ headerName: 'X-Request-Id', limitLength: 128 }),
  )
  app.use('*', headContentLength)
  app.use('*', publicCors)
  app.use(
    '*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) => {
        const allow = methods.join(', ')
        if (PLAIN_TEXT_405.test(c.req.path)) {
          return c.text(`Method ${c.req.method} is not allowed here. Allowed: ${allow}.\n`, 405, {
            Allow: allow,
            'Cache-Control': 'no-store',
          })
        }
        return errorResponse(
          c,
          apiError(405, 'method_not_allowed', `Method ${c.req.method} is not allowed on ${c.req.path}.`, {
            headers: { Allow: allow },
          }),
        )
      },
    }),
  )
  app.notFound((c) => errorResponse(c, apiError(404, 'route_not_found', `No route matches ${c.req.path}.`)))
  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err)
    if (err instanceof HTTPException) {
      return errorResponse(c, apiError(err.status, 'http_error', err.message || 'Request failed.'))
    }
    console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), error: String(err) }))
    return errorResponse(c, apiError(500, 'internal_error', 'The service failed to answer this request.'))
  })
}
