/**
 * Typed problems (src/validation/problem.ts) as HTTP answers: each kind's status, its headers
 * (`Retry-After`, `WWW-Authenticate`) and the shared JSON error body. The one place a problem becomes a
 * status, used by the app's error handler for a thrown `ProblemError` and by route files for a returned one.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Problem, ProblemKind } from '../validation/problem'
import { apiError, type ApiError } from './errors'

export const PROBLEM_STATUS = {
  unprocessable: 422,
  unauthorized: 401,
  forbidden: 403,
  unavailable: 503,
  failed: 500,
  rate_limited: 429,
  upstream_failed: 502,
} as const satisfies Record<ProblemKind, ContentfulStatusCode>

function problemHeaders(problem: Problem): Record<string, string> | undefined {
  if (problem.kind === 'unauthorized') return { 'WWW-Authenticate': problem.challenge }
  if (
    (problem.kind === 'unavailable' || problem.kind === 'rate_limited') &&
    problem.retryAfterSeconds !== undefined
  )
    return { 'Retry-After': String(problem.retryAfterSeconds) }
  return undefined
}

/** The `ApiError` a problem answers with. */
export function problemApiError(problem: Problem): ApiError {
  return apiError(PROBLEM_STATUS[problem.kind], problem.code, problem.message, {
    details: problem.details,
    hint: problem.hint,
    headers: problemHeaders(problem),
  })
}
