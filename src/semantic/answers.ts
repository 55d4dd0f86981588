/**
 * The answer bodies of the semantic POST routes, built from their validated requests and the lexicon. They
 * are route work (src/route-work): the same functions run in the request's process or in a worker thread, so an
 * answer is the same wherever it was computed. A target problem throws an `unprocessable` problem (the
 * route's 422).
 */
import type { z } from '@hono/zod-openapi'
import { ProblemError } from '../validation/problem'
import type { Lexicon } from '../lexicon/lexicon'
import { analyzeMessages } from './claims/arguments'
import { compareReadings } from './claims/compare'
import { evidenceSummary, fitExcerpt, type ExcerptFit } from './claims/evidence'
import { relateClaims } from './claims/inference'
import { claimsSummary, comparisonBody, readingBody } from './claims/present'
import { readClaim } from './claims/reading'
import type {
  ArgumentsRequestSchema,
  ClaimsCompareRequestSchema,
  EvidenceRequestSchema,
} from './claims/schemas'
import { illuminate } from './meaning/illuminate'
import { compareTargets } from './meaning/compare'
import { METHOD, resolveTarget } from './meaning/operations'
import type { LexiconSteps } from '../lexicon/reading'
import { jsonWithArrayRuns } from '../route-work/json-runs'
import type { CompareRequestSchema, IlluminateRequestSchema, ResolveRequestSchema } from './schemas'

function targetProblem(problem: { code: string; message: string; path: string }) {
  return new ProblemError({
    kind: 'unprocessable',
    code: problem.code,
    message: problem.message,
    details: [{ path: problem.path, message: problem.message }],
    hint: 'Targets are matched as written, on word boundaries; spans are UTF-16 code units and must cover whole words.',
  })
}

/** A meaning answer with the release and method it rests on, or the problem of its target (thrown). */
function answered<T extends object>(
  lexicon: Lexicon,
  result: { ok: true; value: T } | { ok: false; problem: { code: string; message: string; path: string } },
) {
  if (!result.ok) throw targetProblem(result.problem)
  return { release: lexicon.manifest.release, method: METHOD, ...result.value }
}

export function resolveAnswer(lexicon: Lexicon, body: z.infer<typeof ResolveRequestSchema>) {
  const options = { context: body.context, maxCandidates: body.maxCandidates }
  return answered(lexicon, resolveTarget(lexicon, body.passage, body.target, options))
}

export function compareAnswer(lexicon: Lexicon, body: z.infer<typeof CompareRequestSchema>) {
  return answered(lexicon, compareTargets(lexicon, body.first, body.second, body.maxCandidates))
}

/**
 * The answer of `/v1/illuminate` as its JSON bytes: its items are serialized as they are resolved, in steps
 * over the lexicon (src/semantic/meaning/illuminate.ts), never held whole as objects.
 */
export async function illuminateAnswer(
  lexicon: Lexicon,
  steps: LexiconSteps,
  body: z.infer<typeof IlluminateRequestSchema>,
): Promise<Uint8Array> {
  const options = { context: body.context, maxCandidates: body.maxCandidates }
  const result = await illuminate(steps, body.passage, body.select, options)
  if (!result.ok) throw targetProblem(result.problem)
  const { items, ...rest } = result.value
  return jsonWithArrayRuns({ release: lexicon.manifest.release, method: METHOD }, 'items', items, rest)
}

export function claimsCompareAnswer(lexicon: Lexicon, body: z.infer<typeof ClaimsCompareRequestSchema>) {
  const first = readClaim(lexicon, body.first)
  const second = readClaim(lexicon, body.second)
  const comparison = compareReadings(lexicon, first, second)
  const related = relateClaims(lexicon, first, second, comparison, compareReadings(lexicon, second, first))
  return {
    release: lexicon.manifest.release,
    first: readingBody(first),
    second: readingBody(second),
    comparison: comparisonBody(comparison),
    inference: { fromSecond: related.fromSecond, fromFirst: related.fromFirst },
    summary: {
      ...claimsSummary(comparison, first.terms.length, second.terms.length),
      relation: related.relation,
      confidence: related.confidence,
      direction: related.direction,
    },
  }
}

export function argumentsAnswer(body: z.infer<typeof ArgumentsRequestSchema>) {
  return {
    ...analyzeMessages(body.messages),
    note: 'Candidate claims found from wording cues; they are not verdicts, and a link shows a discourse marker, not a valid inference.',
  }
}

const encoder = new TextEncoder()

/**
 * Excerpts fitted per step where the lexicon is read in blocks: the heaviest request has 18, and a step of
 * one each took twice the time of the whole in one step (16.4 s against 8.2 in workerd), each step having
 * its own rounds of fetching.
 */
const PAGED_EXCERPTS = 6

/**
 * The answer of `/v1/claims/evaluate-evidence` as its JSON bytes: the claim read in one step over the
 * lexicon, then the excerpts in steps of a few, each excerpt's part of the answer serialized at once (on
 * Workers a step pins only its own blocks; the heaviest request, 24,000-character excerpts as many as fit
 * 450 KB, came within 2 MB of a 64 MB isolate heap computed whole).
 */
export async function evidenceAnswer(
  lexicon: Lexicon,
  steps: LexiconSteps,
  body: z.infer<typeof EvidenceRequestSchema>,
): Promise<Uint8Array> {
  const claim = await steps.step((over) => readClaim(over, body.claim))
  const excerpts: Uint8Array[] = []
  const fits: Array<Pick<ExcerptFit, 'fit' | 'relation'>> = []
  const run = steps.paged ? PAGED_EXCERPTS : Math.max(1, body.excerpts.length)
  for (let start = 0; start < body.excerpts.length; start += run) {
    const slice = body.excerpts.slice(start, start + run)
    const done = await steps.step((over) =>
      slice.map((excerpt) => {
        const f = fitExcerpt(over, claim, excerpt)
        const json = JSON.stringify({ ...f, comparison: f.comparison ? comparisonBody(f.comparison) : null })
        return { bytes: encoder.encode(json), fit: f.fit, relation: f.relation }
      }),
    )
    excerpts.push(...done.map((d) => d.bytes))
    fits.push(...done)
  }
  const { counts, relations, statement } = evidenceSummary(fits)
  return jsonWithArrayRuns(
    { release: lexicon.manifest.release, claim: readingBody(claim) },
    'excerpts',
    excerpts,
    { summary: { relations, counts, statement } },
  )
}
