/**
 * The middleware every route shares: request id, CORS for public data, 404 and 405 with the shared error
 * shape, and the last-resort error handler that never leaks internals.
 */
import type { OpenAPIHono } from '@hono/zod-openapi'
import { cors } from 'hono/cors'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { requestId } from 'hono/request-id'
import { HTTPException } from 'hono/http-exception'
import { ApiError, apiError, errorResponse } from './errors'
import { headContentLength } from './head'
import type { AppEnv } from './router'

/** Paths whose 405 answers are plain text, as the dataset contract requires. */
const PLAIN_TEXT_405 = /^\/api\/datasets(?:\/|$)/
const DATASET_METHODS = ['GET', 'HEAD', 'OPTIONS']

export function useSharedMiddleware(app: OpenAPIHono<AppEnv>): void {
  app.use(
    '*',
    // Hono keeps an incoming id only when it is plain word characters; a short cap keeps logs tidy.
    requestId({ headerName: 'X-Request-Id', limitLength: 128 }),
  )
  app.use('*', headContentLength)
  const sharedCors = cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Service-Consent', 'X-Request-Id'],
    exposeHeaders: ['X-Request-Id', 'ETag', 'Repr-Digest', 'Retry-After', 'Content-Length'],
    maxAge: 600,
  })
  // The dataset routes are read-only: preflight and plain OPTIONS allow GET, HEAD and the Authorization header.
  const datasetCors = cors({
    origin: '*',
    allowMethods: DATASET_METHODS,
    allowHeaders: ['Authorization', 'X-Request-Id'],
    exposeHeaders: [
      'X-Request-Id',
      'ETag',
      'Repr-Digest',
      'Retry-After',
      'Content-Length',
      'Content-Range',
      'Accept-Ranges',
    ],
    maxAge: 600,
  })
  app.use('*', async (c, next) => {
    if (!PLAIN_TEXT_405.test(c.req.path)) return sharedCors(c, next)
    const answer = await datasetCors(c, next)
    answer?.headers.set('Allow', DATASET_METHODS.join(', '))
    return answer
  })
  app.use(
    '*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) => {
        if (PLAIN_TEXT_405.test(c.req.path)) {
          const allow = DATASET_METHODS.join(', ')
          return c.text(`Method ${c.req.method} is not allowed here. Allowed: ${allow}.\n`, 405, {
            Allow: allow,
            'Cache-Control': 'no-store',
          })
        }
        return errorResponse(
          c,
          apiError(405, 'method_not_allowed', `Method ${c.req.method} is not allowed on ${c.req.path}.`, {
            headers: { Allow: methods.join(', ') },
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
