/**
 * Typed problems: what logic reports when it cannot answer (a target not in the passage, a key not valid,
 * a release not servable, every worker busy) as plain data, without knowing HTTP. Logic returns them or
 * throws them in a `ProblemError`; they cross a worker thread as they are (structured clone), and only the
 * HTTP side (src/http/problems.ts, for the route files and the app's error handler) turns a kind into a
 * status, headers and the shared JSON error body.
 */

/** A field that failed, or a file that failed its check: its path and what is wrong with it. */
export type ProblemDetail = { path: string; message: string }

type ProblemFields = {
  /** Stable machine-readable code, for example `target_not_found`. */
  code: string
  /** Human-readable explanation. */
  message: string
  details?: ProblemDetail[]
  /** What the client can do next. */
  hint?: string
}

export type Problem =
  /** The request is well formed but cannot be answered as asked (HTTP 422). */
  | ({ kind: 'unprocessable' } & ProblemFields)
  /** No valid credential (HTTP 401); `challenge` is the scheme and realm the client should answer with. */
  | ({ kind: 'unauthorized'; challenge: string } & ProblemFields)
  /** A valid credential without the right to this (HTTP 403). */
  | ({ kind: 'forbidden' } & ProblemFields)
  /** Not servable now (HTTP 503); `retryAfterSeconds` when trying again later can help. */
  | ({ kind: 'unavailable'; retryAfterSeconds?: number } & ProblemFields)
  /** The work failed in a way the client cannot mend (HTTP 500). */
  | ({ kind: 'failed' } & ProblemFields)
  /** Too many requests for now (HTTP 429); try again after `retryAfterSeconds`. */
  | ({ kind: 'rate_limited'; retryAfterSeconds: number } & ProblemFields)
  /** A service this one relies on failed or answered out of bounds (HTTP 502). */
  | ({ kind: 'upstream_failed' } & ProblemFields)

export type ProblemKind = Problem['kind']

/** A problem thrown through code that cannot return it (an answer built deep in a task, a provider). */
export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.message)
    this.name = 'ProblemError'
  }
}

/** Seconds a client is asked to wait when something it needs is not servable now. */
export const NOT_READY_RETRY_SECONDS = 30

/** A provider's state (a release, the log): ready, or unavailable for a reason, naming the files that failed. */
type ProviderState =
  | { status: 'ready' }
  | { status: 'unavailable'; reason: string; problems?: ReadonlyArray<{ path: string; problem: string }> }

/**
 * The problem of a provider that is not ready: `{what.message}: {reason}.`, the failed files (by name, a
 * full storage path cut) as details, worth retrying in NOT_READY_RETRY_SECONDS.
 */
export function notReadyProblem(
  state: Extract<ProviderState, { status: 'unavailable' }>,
  what: { code: string; message: string },
): Problem {
  return {
    kind: 'unavailable',
    code: what.code,
    message: `${what.message}: ${state.reason.replace(/\.$/, '')}.`,
    details: state.problems?.map((p) => ({
      path: p.path.slice(p.path.lastIndexOf('/') + 1),
      message: p.problem,
    })),
    retryAfterSeconds: NOT_READY_RETRY_SECONDS,
  }
}

/** The ready state, or a thrown `ProblemError` of `notReadyProblem`. */
export function readyOrProblem<S extends ProviderState>(
  state: S,
  what: { code: string; message: string },
): Extract<S, { status: 'ready' }> {
  if (state.status === 'ready') return state as Extract<S, { status: 'ready' }>
  throw new ProblemError(notReadyProblem(state as Extract<ProviderState, { status: 'unavailable' }>, what))
}
