/**
 * The cloud section of `GET /api/argument`: how the provider is set up (never the secret), the burst limit,
 * and the published rules of cloud review and transcription, so a client can see what is sent, what is
 * verified and why an answer can be refused.
 */
import { z } from '@hono/zod-openapi'
import { CLOUD_LIMITS } from '../limits'
import { AUDIO_RECOGNITION_RULE } from './audio'
import { RETRY_AFTER_FALLBACK_SECONDS } from './guards'
import { EDITORIAL_NOTE_RULE, EDITORIAL_NOTES_SENT, TERM_SELECTION_RULE } from './payload'
import { ANSWER_BOUNDS, JUDGMENTS } from './answer'
import type { CloudReport } from './setup'
import { TRANSCRIPT_BOUNDS } from './transcribe'
import { VERIFICATION_RULES } from './verify'

export const CloudCapabilitiesSchema = z
  .object({
    provider: z.object({
      api: z.string(),
      apiKeyConfigured: z.boolean().openapi({ description: 'Whether a provider key is set; never the key.' }),
      reviewModel: z.string().nullable().openapi({ description: 'ARGUMENT_MODEL, or null when not set.' }),
      transcriptionModel: z.string().openapi({ description: 'TRANSCRIPTION_MODEL (it has a default).' }),
      rateLimiter: z.string().nullable().openapi({ description: 'The configured limiter, or null.' }),
      timeoutSeconds: z.number().int(),
      retries: z.literal(0),
      storage: z.string(),
    }),
    rateLimit: z.object({
      key: z.string(),
      retryAfter: z.string(),
    }),
    review: z.object({
      sent: z
        .array(z.string())
        .openapi({ description: 'Everything the provider receives, and nothing else.' }),
      termSelection: z.string(),
      editorialNotes: z.string(),
      maxEditorialNotes: z.number().int(),
      judgments: z.array(z.enum(JUDGMENTS)),
      answerBounds: z.object({
        maxClaims: z.number().int(),
        maxCitationsPerClaim: z.number().int(),
        maxTermReadings: z.number().int(),
        maxQuoteCharacters: z.number().int(),
        maxClaimCharacters: z.number().int(),
        maxExplanationCharacters: z.number().int(),
        maxOverviewCharacters: z.number().int(),
      }),
      verification: z.array(z.string()).openapi({
        description:
          'The rules the answer is checked against, in order; the first that fails is named by the 502.',
      }),
    }),
    transcription: z.object({
      recognition: z.string(),
      transcriptBounds: z.object({ maxCharacters: z.number().int(), maxSentences: z.number().int() }),
    }),
  })
  .openapi('ArgumentCloudCapabilities', {
    description:
      'How cloud review and transcription are set up on this deployment and the rules they follow. Configuration, not a promise that the provider is available.',
  })

export type CloudCapabilities = z.infer<typeof CloudCapabilitiesSchema>

export function cloudCapabilities(report: CloudReport): CloudCapabilities {
  return {
    provider: {
      ...report.provider,
      timeoutSeconds: CLOUD_LIMITS.providerTimeoutSeconds,
      retries: 0,
      storage:
        'Every review request asks the provider not to store it (store: false). That is not a zero-retention guarantee: what the provider keeps is governed by its own terms. The service keeps and logs nothing of the request or the answer.',
    },
    rateLimit: {
      key: 'Per key: the limiter sees a pseudonym of the key, never the secret. Cloud review and transcription share one limit.',
      retryAfter: `A 429 carries Retry-After in seconds: when the oldest counted request leaves the window, or ${RETRY_AFTER_FALLBACK_SECONDS} seconds when a platform limiter does not say.`,
    },
    review: {
      sent: [
        'The submitted text, and the context and reply when given.',
        'The supplied sources: id, label, url (as metadata; nobody fetches it) and text.',
        `At most ${CLOUD_LIMITS.maxDictionaryTerms} dictionary terms of the text, each with at most ${CLOUD_LIMITS.maxCandidateSensesPerTerm} candidate meanings (meaning IDs and definitions).`,
        `At most ${EDITORIAL_NOTES_SENT} editorial notes from the authored usage material on words the text uses.`,
        'The instructions and the JSON Schema of the answer; no tools, so the model cannot fetch anything.',
      ],
      termSelection: TERM_SELECTION_RULE,
      editorialNotes: EDITORIAL_NOTE_RULE,
      maxEditorialNotes: EDITORIAL_NOTES_SENT,
      judgments: [...JUDGMENTS],
      answerBounds: {
        maxClaims: CLOUD_LIMITS.maxCentralClaims,
        maxCitationsPerClaim: ANSWER_BOUNDS.citationsPerClaim,
        maxTermReadings: CLOUD_LIMITS.maxDictionaryTerms,
        maxQuoteCharacters: ANSWER_BOUNDS.quoteCharacters,
        maxClaimCharacters: ANSWER_BOUNDS.claimCharacters,
        maxExplanationCharacters: ANSWER_BOUNDS.explanationCharacters,
        maxOverviewCharacters: ANSWER_BOUNDS.overviewCharacters,
      },
      verification: [...VERIFICATION_RULES],
    },
    transcription: { recognition: AUDIO_RECOGNITION_RULE, transcriptBounds: { ...TRANSCRIPT_BOUNDS } },
  }
}
