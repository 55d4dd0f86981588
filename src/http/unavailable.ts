/**
 * The one way every feature says "not servable now": 503 with the shared error body and, when trying again
 * later can help, `Retry-After: 30`. `requireReady` turns a provider's state (a release, the log) into its
 * ready value or that answer (the typed problem `notReadyProblem` gives, as HTTP), so features share this
 * instead of importing each other's route files.
 */
import { NOT_READY_RETRY_SECONDS, notReadyProblem } from '../validation/problem'
import { apiError, type ApiError } from './errors'
import { problemApiError } from './problems'

/** A file that failed its check, as providers report it (a full storage path is cut to its name). */
export type ProblemFile = { path: string; problem: string }

export type Unavailability = { code: string; message: string }

export function unavailable(
  what: Unavailability,
  options: { problems?: readonly ProblemFile[]; hint?: string; retry?: boolean } = {},
): ApiError {
  return apiError(503, what.code, what.message, {
    details: options.problems?.map((p) => ({
      path: p.path.slice(p.path.lastIndexOf('/') + 1),
      message: p.problem,
    })),
    hint: options.hint,
    headers: options.retry === false ? undefined : { 'Retry-After': String(NOT_READY_RETRY_SECONDS) },
  })
}

type ProviderState = { status: 'ready' } | { status: 'unavailable'; reason: string; problems?: ProblemFile[] }

/** The ready state, or a 503 whose message is `{what.message}: {reason}.` with the failed files as details. */
export function requireReady<S extends ProviderState>(
  state: S,
  what: Unavailability,
): Extract<S, { status: 'ready' }> {
  if (state.status === 'ready') return state as Extract<S, { status: 'ready' }>
  throw problemApiError(notReadyProblem(state as Extract<ProviderState, { status: 'unavailable' }>, what))
}
