/**
 * The middleware every route shares: request id, CORS for public data, hardening headers, HEAD lengths, 404 and
 * 405 with the shared error shape, and the last-resort error handler that never leaks internals (a release
 * that logic found unservable, `ReleaseUnavailableError`, is its 503). It knows no feature's paths: which
 * paths are read-only is given by the composition root.
 */
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { TrieRouter } from 'hono/router/trie-router'
import { HTTPException } from 'hono/http-exception'
import { ApiError, apiError, errorResponse } from './errors'
import { CORS_RESPONSE_HEADERS, preflight, READ_ONLY_METHODS, type ReadOnlyPaths } from './cors'
import { addHeadContentLength } from './head'
import { ReleaseUnavailableError } from '../storage/release-unavailable'
import { ProblemError } from '../validation/problem'
import { problemApiError } from './problems'
import { unavailable } from './unavailable'
import { acceptRequestId, REQUEST_ID_HEADER } from './request-id'
import type { AppEnv } from './router'

/**
 * Headers every answer carries whatever it is: browsers must not guess a type other than the one sent, pass
 * on the address of the page that asked, frame an answer, or let another site's page load one as a no-cors
 * resource (an image, a script), through which it could read it by side channels. Reads from other sites
 * are CORS requests, which `Cross-Origin-Resource-Policy` does not apply to: the public API stays open.
 */
export const EVERY_ANSWER_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const

/**
 * The policy of an answer that sets none of its own (every API answer: nothing in it may load or run, or be
 * framed); the web client's page and assets carry their own (src/client-assets/routes.ts).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'"

/**
 * Request id, preflight, and the headers every answer carries, in one layer: each extra async layer costs
 * every request, and the headers are set once, after the handler, however it built its response.
 */
const sharedHeaders =
  (readOnly: ReadOnlyPaths): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const id = acceptRequestId(c.req.header(REQUEST_ID_HEADER))
    c.set('requestId', id)
    if (c.req.method === 'OPTIONS') {
      c.res = preflight(c, readOnly)
    } else {
      await next()
      if (c.req.method === 'HEAD') await addHeadContentLength(c)
    }
    const headers = c.res.headers
    headers.set(REQUEST_ID_HEADER, id)
    for (const [name, value] of Object.entries(CORS_RESPONSE_HEADERS)) headers.set(name, value)
    for (const [name, value] of Object.entries(EVERY_ANSWER_HEADERS)) headers.set(name, value)
    if (!headers.has('Content-Security-Policy')) {
      headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY)
    }
  }

/**
 * The methods the app routes on a path, for the `Allow` of a 405; none when the path is unknown. Found only
 * when nothing matched, so the 405 costs no request that does match a route.
 */
function routedMethods(app: OpenAPIHono<AppEnv>): (path: string) => string[] {
  let router: TrieRouter<string[]> | undefined
  return (path) => {
    if (!router) {
      const byPath = new Map<string, Set<string>>()
      for (const route of app.routes) {
        if (route.method === 'ALL' || route.method === 'HEAD') continue
        const methods = byPath.get(route.path) ?? new Set<string>()
        methods.add(route.method)
        if (route.method === 'GET') methods.add('HEAD')
        byPath.set(route.path, methods)
      }
      router = new TrieRouter()
      for (const [routePath, methods] of byPath) router.add('ALL', routePath, [...methods])
    }
    const allowed = new Set<string>()
    for (const [methods] of router.match('ALL', path)[0]) for (const method of methods) allowed.add(method)
    return [...allowed]
  }
}

function methodNotAllowed(c: Context, methods: string[], readOnly: ReadOnlyPaths): Response {
  // Read-only routes (the dataset routes, spec 4.3) answer 405 in plain text and allow exactly GET, HEAD
  // and OPTIONS.
  if (readOnly(c.req.path)) {
    const allow = READ_ONLY_METHODS
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
}

export type SharedMiddlewareOptions = {
  /** Paths whose routes are read-only: their preflight and 405 allow exactly GET, HEAD and OPTIONS. */
  readOnlyPaths?: ReadOnlyPaths
}

const NONE: ReadOnlyPaths = () => false

export function useSharedMiddleware(app: OpenAPIHono<AppEnv>, options: SharedMiddlewareOptions = {}): void {
  const readOnly = options.readOnlyPaths ?? NONE
  app.use('*', sharedHeaders(readOnly))
  const methodsOn = routedMethods(app)
  app.notFound((c) => {
    const allowed = methodsOn(c.req.path)
    if (allowed.length > 0 && !allowed.includes(c.req.method)) return methodNotAllowed(c, allowed, readOnly)
    return errorResponse(c, apiError(404, 'route_not_found', `No route matches ${c.req.path}.`))
  })
  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err)
    if (err instanceof ProblemError) return errorResponse(c, problemApiError(err.problem))
    if (err instanceof ReleaseUnavailableError) {
      return errorResponse(c, unavailable(err.release, { problems: err.problems }))
    }
    if (err instanceof HTTPException) {
      return errorResponse(c, apiError(err.status, 'http_error', err.message || 'Request failed.'))
    }
    console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), error: String(err) }))
    return errorResponse(c, apiError(500, 'internal_error', 'The service failed to answer this request.'))
  })
}
