/**
 * The schema of the capabilities document (`GET /api/argument`). It sits above both the request/review
 * schemas and the cloud modules it describes, so neither imports the other through it.
 */
import { z } from '@hono/zod-openapi'
import { CloudCapabilitiesSchema } from './cloud/capabilities'

const ModeSchema = z.object({
  mode: z.enum(['local', 'cloud']),
  method: z.enum(['text-checks', 'model-assisted']),
  configured: z
    .boolean()
    .openapi({ description: 'Set up on this deployment now; not a promise that a provider is available.' }),
  missing: z
    .array(z.string())
    .openapi({ description: 'The settings it still needs, by name; empty when configured.' }),
  needsKey: z.boolean(),
  needsConsent: z.boolean(),
  summary: z.string(),
  means: z.array(z.string()),
  doesNotMean: z.array(z.string()),
  requires: z.array(z.string()).openapi({ description: 'What configuration the mode needs.' }),
})

const CharacterBoundsSchema = z.object({
  minCharacters: z.number().int().optional(),
  maxCharacters: z.number().int(),
  maxSentences: z.number().int().optional(),
})

export const CapabilitiesSchema = z
  .object({
    service: z.literal('argument-review'),
    configurationNote: z.string(),
    modes: z.array(ModeSchema),
    keys: z.object({
      scheme: z.string(),
      entitlement: z.string(),
      localReview: z.string(),
      cloudReview: z.string(),
      transcription: z.string(),
    }),
    consent: z.array(z.string()),
    limits: z.object({
      characterUnit: z.string(),
      request: z.object({ maxBytes: z.number().int(), contentType: z.string() }),
      text: CharacterBoundsSchema,
      context: CharacterBoundsSchema,
      reply: CharacterBoundsSchema,
      sources: z.object({
        maxCount: z.number().int(),
        id: CharacterBoundsSchema,
        label: CharacterBoundsSchema,
        text: CharacterBoundsSchema,
        url: CharacterBoundsSchema,
        uniqueIds: z.boolean(),
        urlFetched: z.literal(false),
      }),
      cloud: z.object({
        maxCentralClaims: z.number().int(),
        maxDictionaryTerms: z.number().int(),
        maxCandidateSensesPerTerm: z.number().int(),
        providerTimeoutSeconds: z.number().int(),
        retries: z.number().int(),
      }),
      burstRateLimit: z.object({
        appliesTo: z.array(z.string()),
        status: z.literal(429),
        exampleConfiguration: z.string(),
        note: z.string(),
      }),
    }),
    transcription: z.object({
      route: z.string(),
      configured: z.boolean(),
      missing: z.array(z.string()),
      needsKey: z.boolean(),
      consentHeader: z.object({ name: z.string(), value: z.string() }),
      maxRequestBytes: z.number().int(),
      maxClientFileBytes: z.number().int(),
      fileTypes: z.array(
        z.object({ name: z.string(), extensions: z.array(z.string()), mediaTypes: z.array(z.string()) }),
      ),
      notes: z.array(z.string()),
    }),
    cloud: CloudCapabilitiesSchema,
    textChecks: z.object({
      sentences: z.string(),
      terms: z.string(),
      stopWords: z.array(z.string()).openapi({ description: 'Words left out of the comparison.' }),
      score: z.string(),
      matchesPerSentence: z.number().int(),
      numbers: z.string(),
      quotations: z.string(),
      contrasts: z.string(),
      cues: z.string(),
      cueWords: z.object({
        negation: z.array(z.string()),
        hedge: z.array(z.string()),
        booster: z.array(z.string()),
        quantifier: z.object({
          universal: z.array(z.string()),
          partial: z.array(z.string()),
          none: z.array(z.string()),
        }),
      }),
      meaningNotes: z.string(),
      placesListed: z.number().int(),
      passages: z.string(),
    }),
    notices: z.array(z.string()),
  })
  .openapi('ArgumentCapabilities', {
    description:
      'Modes and their configuration on this deployment (not a promise of provider availability), every bound, transcription file types and sizes, consent rules and what each method means and does not mean.',
  })

export type Capabilities = z.infer<typeof CapabilitiesSchema>
