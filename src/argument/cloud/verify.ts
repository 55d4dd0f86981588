/**
 * Verification of the model's answer before anyone sees it (spec 4.4, cloud rules 2 to 5). The rules, in
 * the order they are checked; the first that fails is the one a 502 names:
 *
 * - `answer-format`: a chat completion whose message content is JSON of the answer's shape.
 * - `no-refusal`: the model did not refuse.
 * - `complete-answer`: the completion finished normally (not cut off by length or a content filter).
 * - `answer-bounds`: at most 12 claims, 8 citations per claim, 8 term readings, and the stated lengths.
 * - `claim-quote-verbatim`: every claim quote occurs verbatim in `text` and holds a letter or digit.
 * - `citation-source-known`: every citation names a supplied source.
 * - `citation-quote-verbatim`: every citation quote occurs verbatim in the source it names.
 * - `judgment-cited`: every supported, contradicted or mixed judgment carries at least one citation.
 * - `meaning-from-candidates`: every term reading is about a term sent, with one of its meanings sent, or null.
 *
 * The offsets are the service's own: the first occurrence, as a half-open UTF-16 range.
 */
import { z } from '@hono/zod-openapi'
import { passage } from '../passages'
import type { ArgumentInput, Passage } from '../schemas'
import { failed, type Outcome } from './failures'
import type { ReviewPayload } from './payload'
import { CITED_JUDGMENTS, ModelAnswerSchema, type ModelAnswer } from './answer'
import type { CandidateMeaning, ModelAssistedReview } from './schemas'

export const VERIFICATION_RULES = [
  'answer-format: the provider answers a chat completion whose message content is JSON of the review shape.',
  'no-refusal: the model did not refuse.',
  'complete-answer: the completion finished normally, not cut off by length or a content filter.',
  'answer-bounds: at most 12 claims, 8 citations per claim and 8 term readings, each text within its stated length.',
  'claim-quote-verbatim: every claim quotation occurs verbatim in the submitted text and holds a letter or digit.',
  'citation-source-known: every citation names a supplied source by its id.',
  'citation-quote-verbatim: every citation quotation occurs verbatim in the source it names.',
  'judgment-cited: every supported, contradicted or mixed judgment carries at least one citation.',
  'meaning-from-candidates: every term reading names a term that was sent and one of its meanings that was sent, or no meaning.',
] as const

const CompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullish(),
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
      }),
    )
    .min(1),
})

type VerifiedReading = Pick<ModelAssistedReview, 'claims' | 'termReadings' | 'overview'>

/** Finish reasons the provider documents; any other value is not echoed. */
const KNOWN_FINISH_REASONS: ReadonlySet<string> = new Set([
  'length',
  'content_filter',
  'tool_calls',
  'function_call',
])

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

function malformed(message: string, path?: string) {
  return failed('answer', 'model_answer_malformed', 'answer-format', message, path)
}

export function verifyAnswer(
  raw: string,
  input: ArgumentInput,
  payload: ReviewPayload,
): Outcome<VerifiedReading> {
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return malformed('The AI provider did not answer with JSON.')
  }
  const completion = CompletionSchema.safeParse(json)
  if (!completion.success) return malformed('The AI provider did not answer with a chat completion.')
  const choice = completion.data.choices[0] as z.infer<typeof CompletionSchema>['choices'][number]
  if (choice.message.refusal) {
    return failed('answer', 'model_refused', 'no-refusal', 'The model refused to review this request.')
  }
  if (choice.finish_reason !== 'stop') {
    return failed(
      'answer',
      'model_answer_incomplete',
      'complete-answer',
      `The model's answer is incomplete (${KNOWN_FINISH_REASONS.has(choice.finish_reason ?? '') ? `finish reason "${choice.finish_reason}"` : 'no normal finish reason'}).`,
    )
  }
  if (typeof choice.message.content !== 'string') return malformed("The model's answer has no content.")
  let content: unknown
  try {
    content = JSON.parse(choice.message.content)
  } catch {
    return malformed("The model's answer is not JSON.")
  }
  const answer = ModelAnswerSchema.safeParse(content)
  if (!answer.success) {
    const issue = answer.error.issues[0] as z.core.$ZodIssue
    const path = issue.path.map(String).join('.')
    if (issue.code === 'too_big') {
      return failed(
        'answer',
        'model_answer_too_long',
        'answer-bounds',
        `The model's answer is over-long at ${path}: ${issue.message}.`,
        path,
      )
    }
    return malformed(
      `The model's answer does not have the review shape at ${path || 'the top'}: ${issue.message}.`,
      path,
    )
  }
  return traceAnswer(answer.data, input, payload)
}

/** The first occurrence of `quote` in `text` and how many times it occurs, or null. */
function findVerbatim(
  text: string,
  quote: string,
): { start: number; end: number; occurrences: number } | null {
  const start = text.indexOf(quote)
  if (start === -1) return null
  let occurrences = 1
  for (let at = text.indexOf(quote, start + 1); at !== -1; at = text.indexOf(quote, at + 1)) occurrences++
  return { start, end: start + quote.length, occurrences }
}

function traceAnswer(
  answer: ModelAnswer,
  input: ArgumentInput,
  payload: ReviewPayload,
): Outcome<VerifiedReading> {
  const sources = new Map(input.sources.map((s) => [s.id, s]))
  const claims: VerifiedReading['claims'] = []
  for (const [c, claim] of answer.claims.entries()) {
    const found = LETTER_OR_DIGIT.test(claim.quote) ? findVerbatim(input.text, claim.quote) : null
    if (!found) {
      return failed(
        'answer',
        'claim_quote_not_in_text',
        'claim-quote-verbatim',
        `Claim ${c + 1}'s quotation does not occur verbatim in the submitted text.`,
        `claims.${c}.quote`,
      )
    }
    const citations: VerifiedReading['claims'][number]['citations'] = []
    for (const [q, citation] of claim.citations.entries()) {
      const path = `claims.${c}.citations.${q}`
      const source = sources.get(citation.sourceId)
      if (!source) {
        return failed(
          'answer',
          'citation_unknown_source',
          'citation-source-known',
          `Claim ${c + 1} cites a source that was not supplied.`,
          `${path}.sourceId`,
        )
      }
      const inSource = findVerbatim(source.text, citation.quote)
      if (!inSource) {
        return failed(
          'answer',
          'citation_not_in_source',
          'citation-quote-verbatim',
          `Claim ${c + 1} cites a passage that does not occur verbatim in the source it names.`,
          `${path}.quote`,
        )
      }
      citations.push({
        sourceId: source.id,
        label: source.label,
        quote: citation.quote,
        passage: passage({ field: 'source', sourceId: source.id }, inSource) as Passage,
        occurrences: inSource.occurrences,
      })
    }
    if (CITED_JUDGMENTS.has(claim.judgment) && citations.length === 0) {
      return failed(
        'answer',
        'judgment_without_citation',
        'judgment-cited',
        `Claim ${c + 1} is judged ${claim.judgment} without citing any source passage.`,
        `claims.${c}.citations`,
      )
    }
    claims.push({
      quote: claim.quote,
      passage: passage({ field: 'text' }, found),
      occurrences: found.occurrences,
      claim: claim.claim,
      judgment: claim.judgment,
      explanation: claim.explanation,
      citations,
    })
  }

  const sentTerms = new Map(payload.dictionaryTerms.map((t) => [t.term, t.meanings]))
  const termReadings: VerifiedReading['termReadings'] = []
  for (const [r, reading] of answer.termReadings.entries()) {
    const meanings = sentTerms.get(reading.term)
    const meaning: CandidateMeaning | undefined =
      reading.meaningId === null ? undefined : meanings?.find((m) => m.id === reading.meaningId)
    if (!meanings || (reading.meaningId !== null && !meaning)) {
      return failed(
        'answer',
        'meaning_not_offered',
        'meaning-from-candidates',
        meanings
          ? `Term reading ${r + 1} names a meaning that was not among the candidates sent for its term.`
          : `Term reading ${r + 1} is about a term that was not sent.`,
        `termReadings.${r}`,
      )
    }
    termReadings.push({
      term: reading.term,
      meaningId: reading.meaningId,
      definition: meaning?.definition ?? null,
      explanation: reading.explanation,
    })
  }
  return { ok: true, value: { claims, termReadings, overview: answer.overview } }
}
