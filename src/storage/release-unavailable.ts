/**
 * A release that cannot be served now, as storage and feature logic report it without knowing HTTP: which
 * release (its error code and message, for example `lexicon_unavailable`) and the files that failed. The app's
 * error handler answers it with 503 (src/http/middleware.ts), as `requireReady` answers a provider's state.
 */
export type ReleaseName = { code: string; message: string }

export type ReleaseProblem = { path: string; problem: string }

export class ReleaseUnavailableError extends Error {
  constructor(
    readonly release: ReleaseName,
    readonly problems: readonly ReleaseProblem[],
  ) {
    super(`${release.message}: ${problems.map((p) => `${p.path} ${p.problem}`).join(', ')}`)
    this.name = 'ReleaseUnavailableError'
  }
}
