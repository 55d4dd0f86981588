/**
 * The web client's routes: the page at `/` (revalidated on every visit) and its content-hashed assets under
 * `/assets/` (cached for a year, immutable), all with a strict Content-Security-Policy and `nosniff`.
 */
import type { Context } from 'hono'
import { apiError, errorResponse } from '../http/errors'
import { createRouter } from '../http/router'
import { ASSET_NAME, type WebAsset, type WebAssets } from './assets'

/**
 * Scripts and styles only from this origin (no inline script or style, no eval), requests only to this
 * origin, no framing, no plugins, no base-URI or form tricks.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
}

export const PAGE_CACHE_CONTROL = 'no-cache'
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'

function send(c: Context, asset: WebAsset, cacheControl: string): Response {
  const gzip = asset.gzip && /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'Content-Type': asset.contentType,
    'Cache-Control': cacheControl,
    Vary: 'Accept-Encoding',
  }
  if (gzip) headers['Content-Encoding'] = 'gzip'
  const body = gzip ? (asset.gzip as Uint8Array) : asset.body
  headers['Content-Length'] = String(body.byteLength)
  return new Response(c.req.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { headers })
}

function notFound(c: Context): Response {
  const res = errorResponse(c, apiError(404, 'route_not_found', `No route matches ${c.req.path}.`))
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.headers.set(name, value)
  return res
}

export function webRoutes(assets: WebAssets) {
  const app = createRouter()
  app.get('/', async (c) => {
    const page = await assets.index()
    return page ? send(c, page, PAGE_CACHE_CONTROL) : notFound(c)
  })
  app.get('/assets/:name', async (c) => {
    const name = c.req.param('name')
    const asset = ASSET_NAME.test(name) ? await assets.asset(name) : undefined
    return asset ? send(c, asset, ASSET_CACHE_CONTROL) : notFound(c)
  })
  return app
}
