/**
 * The burst rate limiter of cloud review and transcription (spec 5.10 and 8). Its interface is the one of a
 * Cloudflare Workers rate-limiting binding, `limit({ key }) → { success }`, so on Workers the binding is
 * passed as is; on Node the embedded limiter below implements it in process. Either is local to one
 * deployment location and eventually consistent: a burst limit, not a global quota.
 */
import { RATE_LIMIT_PATTERN } from '../../config'

/** What the limiter answers; `retryAfterSeconds` is optional because a platform binding does not say. */
export type RateLimitOutcome = { success: boolean; retryAfterSeconds?: number }

export interface RateLimiter {
  limit(options: { key: string }): Promise<RateLimitOutcome>
}

/** A limit of `requests` per `windowSeconds` for each key. */
export type RateLimitRule = { requests: number; windowSeconds: number }

/** Reads `5/60s` (requests per window in seconds), the form of the ARGUMENT_RATE_LIMIT setting. */
export function parseRateLimit(text: string): RateLimitRule | null {
  const match = RATE_LIMIT_PATTERN.exec(text)
  if (!match) return null
  return { requests: Number(match[1]), windowSeconds: Number(match[2]) }
}

export function describeRateLimit(rule: RateLimitRule): string {
  return `${rule.requests} request${rule.requests === 1 ? '' : 's'} per ${rule.windowSeconds} seconds per key`
}

/** How often, in calls, keys whose every request has left the window are forgotten. */
const SWEEP_EVERY = 1024

/**
 * A sliding-window log per key: a request is allowed when fewer than `requests` were allowed in the last
 * `windowSeconds`. A refusal says when the oldest counted request leaves the window. Memory is one
 * timestamp per allowed request still in its window, per key.
 */
export function createWindowLimiter(rule: RateLimitRule, now: () => number = Date.now): RateLimiter {
  const windowMs = rule.windowSeconds * 1000
  const allowed = new Map<string, number[]>()
  let calls = 0

  function sweep(at: number): void {
    for (const [key, times] of allowed) {
      if ((times[times.length - 1] as number) <= at - windowMs) allowed.delete(key)
    }
  }

  return {
    async limit({ key }) {
      const at = now()
      if (++calls % SWEEP_EVERY === 0) sweep(at)
      const times = allowed.get(key) ?? []
      let expired = 0
      while (expired < times.length && (times[expired] as number) <= at - windowMs) expired++
      if (expired > 0) times.splice(0, expired)
      if (times.length < rule.requests) {
        times.push(at)
        allowed.set(key, times)
        return { success: true }
      }
      const freesAt = (times[0] as number) + windowMs
      return { success: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - at) / 1000)) }
    },
  }
}
