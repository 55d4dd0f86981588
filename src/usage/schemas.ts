/**
 * The authored-usage shapes as served (spec 2.2, 2.3, 4.2), one zod schema each: they validate the release
 * files when loaded, type the code and describe the routes in the OpenAPI document. The shapes are made
 * for a learning app: every passage carries its highlighted words as half-open UTF-16 ranges, each with
 * the meaning IDs it is used in and their short definitions, so the app can render without another call.
 */
import { z } from '@hono/zod-openapi'

export const USAGE_CHANNELS = ['caption', 'message', 'claim', 'community'] as const
export type UsageChannel = (typeof USAGE_CHANNELS)[number]

export const USAGE_STATUS = 'editorial-preview' as const
export const SCENE_ID_PATTERN = /^[a-z]+(?:-[a-z]+)*$/

const sha256 = z.string().regex(/^[a-f0-9]{64}$/)

export const UsageChannelSchema = z.enum(USAGE_CHANNELS).openapi('UsageChannel', {
  description:
    'Where the words are used: `caption` (a photo or video caption), `message` (a private message), `claim` (a public claim or statement), `community` (a post or reply in a community forum).',
})

const CountsByChannelSchema = z.object({
  caption: z.number().int().nonnegative(),
  message: z.number().int().nonnegative(),
  claim: z.number().int().nonnegative(),
  community: z.number().int().nonnegative(),
})

export const UsageSourceSchema = z
  .object({
    title: z.string().openapi({ example: 'lexicon-service authored usage' }),
    authors: z.string().openapi({ example: 'The lexicon-service maintainers' }),
    written: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .openapi({ description: 'When the material was written (ISO date).', example: '2026-11-22' }),
    license: z.object({
      name: z.string().openapi({ example: 'Creative Commons Attribution 4.0 International' }),
      spdx: z.string().openapi({ example: 'CC-BY-4.0' }),
      url: z.string().openapi({ example: 'https://creativecommons.org/licenses/by/4.0/' }),
    }),
    review: z.object({
      status: z.literal('unreviewed').openapi({
        description: 'Nobody but its authors has reviewed the material: it is editorial teaching text.',
      }),
      note: z.string(),
    }),
    attribution: z.string().openapi({ description: 'How to credit the material when reusing it.' }),
    definitions: z
      .object({
        source: z.string().openapi({ example: 'WordNet 3.1, Princeton University' }),
        license: z.string(),
        url: z.string(),
        lexiconRelease: sha256.openapi({ description: 'The lexicon release the meaning IDs resolve in.' }),
      })
      .openapi({
        description:
          'Where the short definitions beside each meaning ID come from: they are quoted from the lexicon, not written by the usage authors.',
      }),
  })
  .openapi('UsageSource', {
    description:
      'Provenance of the authored usage material: who wrote it, when, under which license, review state.',
  })

export const UsageMeaningSchema = z
  .object({
    id: z.string().openapi({
      description: 'Meaning ID (WordNet sense key), resolvable at `/api/lexicon/words/{word}?sense={id}`.',
      example: 'imply%2:32:00::',
    }),
    partOfSpeech: z.enum(['noun', 'verb', 'adjective', 'adverb']),
    definition: z.string().openapi({ example: 'express or state indirectly' }),
  })
  .openapi('UsageMeaning', { description: 'One lexicon meaning of the word it belongs to.' })

export const UsageHighlightSchema = z
  .object({
    start: z.number().int().nonnegative().openapi({ description: 'First UTF-16 code unit of the span.' }),
    end: z
      .number()
      .int()
      .positive()
      .openapi({ description: 'One past the last UTF-16 code unit (half-open).' }),
    text: z.string().openapi({ description: 'The highlighted words as written, `text.slice(start, end)`.' }),
    word: z
      .string()
      .openapi({ description: 'The lexicon word (lemma) the span is a form of.', example: 'imply' }),
    meanings: z
      .array(UsageMeaningSchema)
      .min(1)
      .openapi({ description: 'The meanings the word is used in here.' }),
  })
  .openapi('UsageHighlight', {
    description: 'A word or phrase whose choice matters, as a half-open UTF-16 range into the passage text.',
  })

export const UsagePassageSchema = z
  .object({
    text: z.string(),
    highlights: z
      .array(UsageHighlightSchema)
      .min(1)
      .openapi({ description: 'In text order, never overlapping.' }),
    note: z.string().openapi({ description: 'What the word choice does in this passage.' }),
  })
  .openapi('UsagePassage')

export const UsageVersionSchema = z
  .object({
    label: z.string().openapi({ description: 'A short name for this version.', example: 'Firm' }),
    ...UsagePassageSchema.shape,
  })
  .openapi('UsageVersion', { description: 'One telling of the situation, and what its word choice does.' })

export const UsageSceneSchema = z
  .object({
    id: z.string().regex(SCENE_ID_PATTERN).openapi({ example: 'running-late' }),
    channel: UsageChannelSchema,
    title: z.string().openapi({ example: 'Running late' }),
    situation: z.string().openapi({ description: 'The everyday situation all three versions tell.' }),
    versions: z.array(UsageVersionSchema).length(3).openapi({
      description: 'Three contrasting versions that differ in word choice, each with a note on what it does.',
    }),
    takeaway: z.string().openapi({ description: 'The one thing to remember.' }),
    relatedContrasts: z.array(z.string()).openapi({
      description: 'Ids of contrasts (in `/api/usage/contrasts`) that explain the words at work.',
    }),
  })
  .openapi('UsageScene', { description: 'One everyday situation told three ways.' })

export const UsageTermSchema = z
  .object({
    word: z.string().openapi({ example: 'infer' }),
    gist: z.string().openapi({ description: 'What the word does, in one plain sentence.' }),
    meanings: z.array(UsageMeaningSchema).min(1),
  })
  .openapi('UsageTerm', { description: 'One of the words or phrases a contrast sets side by side.' })

export const UsageContrastSchema = z
  .object({
    id: z.string().regex(SCENE_ID_PATTERN).openapi({ example: 'imply-infer' }),
    channel: UsageChannelSchema,
    title: z.string().openapi({ example: 'Imply or infer' }),
    summary: z.string().openapi({ description: 'The question that tells the words apart.' }),
    terms: z.array(UsageTermSchema).min(2),
    difference: z.string().openapi({ description: 'The difference explained.' }),
    examples: z.array(UsagePassageSchema).min(2).openapi({ description: 'The difference shown in use.' }),
    takeaway: z.string(),
  })
  .openapi('UsageContrast', {
    description: 'A small set of words or phrases people confuse or choose between.',
  })

export const UsageFileSchema = z
  .object({ path: z.string(), bytes: z.number().int().nonnegative(), sha256 })
  .openapi('UsageFile', { description: 'A release file with its byte length and SHA-256.' })

export const UsageManifestSchema = z
  .object({
    version: sha256.openapi({
      description:
        'SHA-256 over the canonical content (RFC 8785 JSON of status, source, limitations and records).',
    }),
    name: z.literal('usage'),
    status: z.literal(USAGE_STATUS),
    source: UsageSourceSchema,
    coverage: z.object({
      channels: z.array(UsageChannelSchema),
      scenes: z.object({ total: z.number().int(), byChannel: CountsByChannelSchema }),
      contrasts: z.object({ total: z.number().int(), byChannel: CountsByChannelSchema }),
      meaningIds: z.number().int().openapi({ description: 'Distinct meaning IDs the material points to.' }),
    }),
    limitations: z.array(z.string()),
    files: z.array(UsageFileSchema),
    build: z.object({
      format: z.string().openapi({ description: 'Version of the release format and builder.' }),
      deterministic: z.literal(true),
      inputs: z.object({
        files: z.number().int().openapi({ description: 'Authored source files the release was built from.' }),
        sha256: sha256.openapi({ description: 'SHA-256 over the authored files (paths and digests).' }),
      }),
    }),
  })
  .openapi('UsageManifest', {
    description:
      'The current authored-usage release: version, coverage, limitations, source and file hashes.',
  })

export type UsageSource = z.infer<typeof UsageSourceSchema>
export type UsageMeaning = z.infer<typeof UsageMeaningSchema>
export type UsageHighlight = z.infer<typeof UsageHighlightSchema>
export type UsagePassage = z.infer<typeof UsagePassageSchema>
export type UsageScene = z.infer<typeof UsageSceneSchema>
export type UsageContrast = z.infer<typeof UsageContrastSchema>
export type UsageManifest = z.infer<typeof UsageManifestSchema>

function usageListSchema<T extends z.ZodType>(records: T, name: string, what: string) {
  return z
    .object({
      release: sha256.openapi({ description: 'The release version the records belong to.' }),
      status: z.literal(USAGE_STATUS),
      source: UsageSourceSchema,
      count: z.number().int().nonnegative(),
      records: z.array(records),
    })
    .openapi(name, {
      description: `The ${what} of the current release, in id order, filtered by channel if asked.`,
    })
}

export const UsageSceneListSchema = usageListSchema(UsageSceneSchema, 'UsageSceneList', 'scenes')
export const UsageContrastListSchema = usageListSchema(UsageContrastSchema, 'UsageContrastList', 'contrasts')

export const UsageSceneResultSchema = z
  .object({
    release: sha256,
    status: z.literal(USAGE_STATUS),
    source: UsageSourceSchema,
    scene: UsageSceneSchema,
  })
  .openapi('UsageSceneResult')

const versionParam = z
  .string()
  .optional()
  .openapi({
    param: { name: 'version', in: 'query' },
    description:
      'The exact current release version (from `GET /api/usage`). Any other value answers 409: restart from the manifest.',
  })

export const UsageVersionQuerySchema = z.object({ version: versionParam })

export const UsageListQuerySchema = z.object({
  version: versionParam,
  channel: z
    .enum(USAGE_CHANNELS, { error: `channel must be one of ${USAGE_CHANNELS.join(', ')}` })
    .optional()
    .openapi({ param: { name: 'channel', in: 'query' }, description: 'Only the records of this channel.' }),
})

export const SceneParamsSchema = z.object({
  id: z
    .string()
    .regex(
      SCENE_ID_PATTERN,
      'id must be lowercase letters in words joined by single hyphens (^[a-z]+(?:-[a-z]+)*$)',
    )
    .openapi({ param: { name: 'id', in: 'path' }, example: 'running-late' }),
})
