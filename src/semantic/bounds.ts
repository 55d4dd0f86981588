/**
 * The bounds of the semantic routes, in one place: the schemas enforce them, `GET /v1` reports them and the
 * tests try each at the limit and one past it. Text lengths are UTF-16 code units, as spans are.
 */
export const BOUNDS = {
  /** Request body, shared with the review route (spec section 8). */
  bodyBytes: 450_000,
  passageChars: 12_000,
  /** Each of `context.before` and `context.after` of the meaning routes. */
  contextChars: 2_000,
  targetTextChars: 100,
  occurrence: 12_000,
  candidates: 100,
  illuminateTargets: 200,
  /** Occurrences one illuminate request resolves (a 12,000-character passage of prose has about 1,500). */
  illuminateOccurrences: 3_000,
  /** Candidates per occurrence in illuminate, which keeps its answer to a few megabytes at most. */
  illuminateCandidates: 10,
  illuminateExpressions: 20,
  claimChars: 2_000,
  messages: 50,
  messageChars: 12_000,
  messageSentences: 100,
  idChars: 100,
  authorChars: 100,
  excerpts: 20,
  excerptChars: 24_000,
  excerptSentences: 600,
  labelChars: 200,
} as const

/** Candidate meanings shown per occurrence by illuminate unless the request asks for more. */
export const ILLUMINATE_DEFAULT_CANDIDATES = 3
