/**
 * Why a cloud request produced nothing to show: the provider failed, its answer broke a rule of the review,
 * or the transcript is out of bounds. Each failure names its stable code and the rule, and never carries
 * what the provider said, which may echo the submitted texts or internal details.
 */

export type FailureKind =
  /** The provider could not be reached, took too long, or answered with an error status. */
  | 'provider'
  /** The provider answered, but the answer is malformed, refused, incomplete, too long or untraceable. */
  | 'answer'
  /** The transcript is empty or too long to be reviewed. */
  | 'transcript'

export type CloudFailure = {
  kind: FailureKind
  code: string
  /** The rule that failed, as named in the capabilities document and the OpenAPI description. */
  rule: string
  message: string
  /** Where in the answer the rule failed (dotted path), when it is one place. */
  path?: string
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: CloudFailure }

export function failed(
  kind: FailureKind,
  code: string,
  rule: string,
  message: string,
  path?: string,
): { ok: false; failure: CloudFailure } {
  return {
    ok: false,
    failure: path === undefined ? { kind, code, rule, message } : { kind, code, rule, message, path },
  }
}
