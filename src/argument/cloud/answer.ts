/**
 * The answer the model must give, as one zod schema: validated on return, and sent to the provider as the
 * structured-output JSON Schema. Its bounds and judgments are published in `GET /api/argument`.
 */
import { z } from '@hono/zod-openapi'
import { CLOUD_LIMITS } from '../limits'

/** Bounds of the model's answer beyond the claim count; an answer past any of them is over-long (502). */
export const ANSWER_BOUNDS = {
  claimCharacters: 600,
  explanationCharacters: 2_000,
  overviewCharacters: 2_000,
  citationsPerClaim: 8,
  quoteCharacters: 2_000,
} as const

export const JUDGMENTS = ['supported', 'contradicted', 'mixed', 'not-addressed'] as const
/** Judgments that say the sources bear on a claim, and so must cite them. */
export const CITED_JUDGMENTS: ReadonlySet<string> = new Set(['supported', 'contradicted', 'mixed'])

/** What the model must answer. Lengths are checked here; the provider is only told the item counts. */
export const ModelAnswerSchema = z.strictObject({
  claims: z
    .array(
      z.strictObject({
        quote: z
          .string()
          .min(1)
          .max(ANSWER_BOUNDS.quoteCharacters)
          .describe('The claim as written: a passage copied character for character from `text`.'),
        claim: z.string().min(1).max(ANSWER_BOUNDS.claimCharacters).describe('The claim restated plainly.'),
        judgment: z.enum(JUDGMENTS),
        explanation: z.string().max(ANSWER_BOUNDS.explanationCharacters),
        citations: z
          .array(
            z.strictObject({
              sourceId: z.string().describe('The `id` of a supplied source.'),
              quote: z
                .string()
                .min(1)
                .max(ANSWER_BOUNDS.quoteCharacters)
                .describe("A passage copied character for character from that source's `text`."),
            }),
          )
          .max(ANSWER_BOUNDS.citationsPerClaim),
      }),
    )
    .max(CLOUD_LIMITS.maxCentralClaims),
  termReadings: z
    .array(
      z.strictObject({
        term: z.string().describe('A term of `dictionaryTerms`.'),
        meaningId: z
          .string()
          .nullable()
          .describe('One of the meaning ids listed for that term, or null when the text does not settle it.'),
        explanation: z.string().max(ANSWER_BOUNDS.explanationCharacters),
      }),
    )
    .max(CLOUD_LIMITS.maxDictionaryTerms),
  overview: z.string().max(ANSWER_BOUNDS.overviewCharacters),
})

export type ModelAnswer = z.infer<typeof ModelAnswerSchema>
