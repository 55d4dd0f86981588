/**
 * The cloud shapes the service answers and accepts, one zod schema each, all in the OpenAPI document: the
 * model-assisted review (after verification), the transcription request, its consent header and result.
 */
import { z } from '@hono/zod-openapi'
import { CLOUD_LIMITS, TRANSCRIPTION_LIMITS } from '../limits'
import { PassageSchema } from '../schemas'
import { JUDGMENTS } from './answer'

const JudgmentSchema = z.enum(JUDGMENTS).openapi({
  description:
    'How the supplied sources bear on the claim: `supported`, `contradicted`, `mixed` (some passages support it, others contradict it) or `not-addressed`. Only the texts of the request count; `not-addressed` is not a negative factual judgment.',
})

export const CandidateMeaningSchema = z
  .object({
    id: z.string().openapi({ description: 'Meaning ID (WordNet sense key).', example: 'bank%1:14:00::' }),
    partOfSpeech: z.enum(['noun', 'verb', 'adjective', 'adverb']),
    definition: z.string(),
  })
  .openapi('CandidateMeaning')

export const DictionaryTermSchema = z
  .object({
    term: z.string().openapi({ example: 'bank' }),
    occurrences: z.number().int().openapi({ description: 'How often the term occurs in `text`.' }),
    meanings: z.array(CandidateMeaningSchema).openapi({
      description: `The candidate meanings sent, at most ${CLOUD_LIMITS.maxCandidateSensesPerTerm}, in WordNet order (commonest first).`,
    }),
    meaningsTotal: z
      .number()
      .int()
      .openapi({ description: 'How many meanings the lexicon has for the term.' }),
  })
  .openapi('DictionaryTerm', { description: 'A dictionary term of the argument sent to the provider.' })

const FoundQuoteSchema = {
  passage: PassageSchema.openapi({
    description: 'Where the service found the quotation (its first occurrence), computed by the service.',
  }),
  occurrences: z.number().int().positive().openapi({ description: 'How often it occurs verbatim there.' }),
}

export const ModelAssistedReviewSchema = z
  .object({
    mode: z.literal('cloud'),
    method: z.literal('model-assisted'),
    notices: z.array(z.string()).openapi({ description: 'What this review is and is not.' }),
    model: z.string().openapi({ description: 'The model that wrote the reading (ARGUMENT_MODEL).' }),
    lexicon: z.object({ release: z.string() }),
    usage: z
      .object({ release: z.string() })
      .openapi({ description: 'The usage release of the editorial notes.' }),
    sent: z
      .object({
        fields: z.array(z.enum(['text', 'context', 'reply', 'sources'])),
        sources: z.array(z.object({ id: z.string(), label: z.string(), url: z.string().optional() })),
        dictionaryTerms: z.array(DictionaryTermSchema),
        editorialNotes: z.array(z.object({ id: z.string(), title: z.string() })).openapi({
          description: 'The usage contrasts sent as editorial notes (full text at /api/usage/contrasts).',
        }),
      })
      .openapi({ description: 'Everything the provider received besides the instructions, named.' }),
    claims: z
      .array(
        z.object({
          quote: z.string().openapi({ description: 'The claim as written in `text`, verbatim.' }),
          ...FoundQuoteSchema,
          claim: z.string().openapi({ description: "The model's plain restatement." }),
          judgment: JudgmentSchema,
          explanation: z.string(),
          citations: z.array(
            z.object({
              sourceId: z.string(),
              label: z.string(),
              quote: z.string().openapi({ description: 'A passage of that source, verbatim.' }),
              ...FoundQuoteSchema,
            }),
          ),
        }),
      )
      .openapi({
        description: `At most ${CLOUD_LIMITS.maxCentralClaims} central claims. Every quotation was checked verbatim by the service, and every supported, contradicted or mixed judgment cites at least one source passage.`,
      }),
    termReadings: z.array(
      z.object({
        term: z.string(),
        meaningId: z.string().nullable().openapi({ description: 'One of the candidates sent, or null.' }),
        definition: z.string().nullable(),
        explanation: z.string(),
      }),
    ),
    overview: z.string(),
  })
  .openapi('ModelAssistedReview', {
    description:
      'An AI interpretation of the central claims against the supplied sources, verified by the service before it is shown: quotations verbatim, judgments cited, meanings among the candidates sent. It performs no external verification, and a model reading can be wrong.',
  })

export type ModelAssistedReview = z.infer<typeof ModelAssistedReviewSchema>
export type DictionaryTerm = z.infer<typeof DictionaryTermSchema>
export type CandidateMeaning = z.infer<typeof CandidateMeaningSchema>

export const TranscriptionFormSchema = z
  .strictObject({
    file: z.instanceof(File, { error: 'file must be a file part (a binary field with a filename)' }).openapi({
      type: 'string',
      format: 'binary',
      description: `The audio file: ${TRANSCRIPTION_LIMITS.fileTypes.map((t) => t.name).join(', ')}, recognised by its leading bytes and its declared type.`,
    }),
  })
  .openapi('TranscriptionRequest', {
    description: `One binary field \`file\` and nothing else. The whole request is at most ${TRANSCRIPTION_LIMITS.maxRequestBytes} bytes (20 MiB); clients keep files to ${TRANSCRIPTION_LIMITS.maxClientFileBytes} bytes (19 MiB).`,
  })

export const ConsentHeaderSchema = z.object({
  'x-service-consent': z
    .literal(TRANSCRIPTION_LIMITS.consentHeader.value, {
      error: `the header ${TRANSCRIPTION_LIMITS.consentHeader.name}: ${TRANSCRIPTION_LIMITS.consentHeader.value} is required: the audio is sent to an AI provider`,
    })
    .openapi({
      param: { name: 'x-service-consent', in: 'header' },
      description: `${TRANSCRIPTION_LIMITS.consentHeader.name}: consent to send the audio to the AI provider.`,
    }),
})

export const TranscriptSchema = z
  .object({
    method: z.literal('speech-transcription'),
    transcript: z.string().openapi({ description: 'The transcript, for the user to read and edit.' }),
    editable: z.literal(true),
    reviewRequired: z.literal(true),
    characters: z.number().int().openapi({ description: 'UTF-16 code units.' }),
    sentences: z.number().int(),
    model: z.string().openapi({ description: 'The transcription model (TRANSCRIPTION_MODEL).' }),
    file: z.object({
      type: z
        .string()
        .openapi({ description: 'The type recognised from the leading bytes.', example: 'MP3' }),
      bytes: z.number().int(),
    }),
    limits: z.array(z.string()).openapi({ description: 'What the transcript is and is not.' }),
  })
  .openapi('Transcript', {
    description:
      'An editable transcript of the speech in the file, within the bounds of a review `text` so it can be reviewed after the user has read and corrected it.',
  })

export type Transcript = z.infer<typeof TranscriptSchema>
