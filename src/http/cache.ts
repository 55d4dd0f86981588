/**
 * Cache-Control per route family. Successful answers get the family's policy; errors are always `no-store`
 * (set where errors are rendered), so a cached error never outlives its cause.
 */
import type { MiddlewareHandler } from 'hono'

export const CachePolicy = {
  /** Lexicon and public datasets: stable within a release. */
  publicData: 'public, max-age=3600',
  /** Authored usage and discovery documents: may change with a new release soon. */
  shortLived: 'public, max-age=300',
  /** Private data, reviews, health and anything per request. */
  noStore: 'no-store',
} as const

export function cacheControl(policy: string): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.res.status < 400 && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', policy)
  }
}
