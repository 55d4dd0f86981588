/**
 * Which answers a shared cache in front of the app may keep and reuse, after RFC 9111 narrowed to what this
 * service needs: a 200 JSON answer to a plain GET that the app itself marks `public` with a `max-age`.
 * Requests that carry credentials, conditions, ranges or their own cache directives always reach the app,
 * and so does anything the app marks `private`, `no-store` or `no-cache`, or varies on a request header.
 */

type HeaderLookup = (name: string) => string | string[] | null | undefined

/** Request headers that make an answer personal, partial or conditional, or that ask for a fresh one. */
const BYPASS_HEADERS = [
  'authorization',
  'cookie',
  'range',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'if-range',
  'cache-control',
  'pragma',
] as const

/** True when a stored answer may serve this request, or this request's answer may be stored. */
export function isStorableRequest(method: string, header: HeaderLookup): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false
  for (const name of BYPASS_HEADERS) if (header(name) != null) return false
  return true
}

/** The seconds for which the app lets a shared cache reuse this answer; 0 when it may not be stored. */
export function sharedMaxAge(status: number, header: HeaderLookup): number {
  if (status !== 200 || header('vary') != null || header('set-cookie') != null) return 0
  if (!String(header('content-type') ?? '').startsWith('application/json')) return 0
  const directives = String(header('cache-control') ?? '').toLowerCase()
  if (!/\bpublic\b/.test(directives) || /\b(?:private|no-store|no-cache)\b/.test(directives)) return 0
  const age = /\bs-maxage=(\d+)/.exec(directives) ?? /\bmax-age=(\d+)/.exec(directives)
  return age ? Number(age[1]) : 0
}

/** Headers that belong to one answer on one connection, never to a stored answer. */
export const PER_ANSWER_HEADERS: ReadonlySet<string> = new Set([
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
])
