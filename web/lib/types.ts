/**
 * The shapes of the service's answers (and of the review request) the page reads, inferred from the zod
 * schemas the service validates and documents them with (the OpenAPI document at /openapi.json has them
 * all), so the page and the service cannot disagree. Every import here is `import type`: it is erased when
 * the page is bundled, so neither zod nor any server module reaches the browser.
 */
import type { z } from 'zod'
import type { ErrorSchema } from '../../src/http/errors'
import type { PrefixResultSchema, WordRecordSchema } from '../../src/lexicon/schemas'
import type { LexiconNotFoundSchema } from '../../src/lexicon/routes'
import type {
  UsageContrastListSchema,
  UsageContrastSchema,
  UsageHighlightSchema,
  UsageSceneListSchema,
  UsageSceneResultSchema,
  UsageSceneSchema,
  UsageSourceSchema,
} from '../../src/usage/schemas'
import type {
  ArgumentInputSchema,
  ArgumentSourceSchema,
  PassageSchema,
  TextCheckReviewSchema,
} from '../../src/argument/schemas'
import type { ModelAssistedReviewSchema, TranscriptSchema } from '../../src/argument/cloud/schemas'
import type { CapabilitiesSchema } from '../../src/argument/capabilities-schema'
import type { EvidenceResultSchema } from '../../src/semantic/claims/schemas'
import type {
  IlluminateResultSchema,
  ResolutionSchema,
  ResolveResultSchema,
} from '../../src/semantic/schemas'
import type {
  CatalogueSchema,
  DatasetManifestSchema,
  DatasetRecordSchema,
  PageSchema,
} from '../../src/datasets/schemas'
import type { DatasetStatisticsSchema } from '../../src/datasets/statistics'

/** The shared error body of every route. */
export type ErrorBody = z.infer<typeof ErrorSchema>

// Lexicon: GET /api/lexicon/words?prefix= and GET /api/lexicon/words/{word}.
export type PrefixResult = z.infer<typeof PrefixResultSchema>
export type WordRecord = z.infer<typeof WordRecordSchema>
export type LexiconNotFound = z.infer<typeof LexiconNotFoundSchema>
export type Meaning = WordRecord['meanings'][number]

// Authored usage: GET /api/usage/scenes, /api/usage/scenes/{id}, /api/usage/contrasts.
export type UsageSource = z.infer<typeof UsageSourceSchema>
export type UsageHighlight = z.infer<typeof UsageHighlightSchema>
export type UsageScene = z.infer<typeof UsageSceneSchema>
export type UsageContrast = z.infer<typeof UsageContrastSchema>
export type UsageSceneList = z.infer<typeof UsageSceneListSchema>
export type UsageContrastList = z.infer<typeof UsageContrastListSchema>
export type UsageSceneResult = z.infer<typeof UsageSceneResultSchema>

// Argument review: GET /api/argument, POST /api/argument/review and /api/argument/transcribe.
/** A source of the review request as sent (before the service's defaults). */
export type ReviewSource = z.input<typeof ArgumentSourceSchema>
/** The review request as the page sends it: always with its list of sources, empty or not. */
export type ReviewInput = z.input<typeof ArgumentInputSchema> & { sources: ReviewSource[] }
export type Passage = z.infer<typeof PassageSchema>
export type LocalReview = z.infer<typeof TextCheckReviewSchema>
export type MeaningNote = LocalReview['meaningNotes'][number]
export type CloudReview = z.infer<typeof ModelAssistedReviewSchema>
export type Capabilities = z.infer<typeof CapabilitiesSchema>
export type Transcript = z.infer<typeof TranscriptSchema>

// Meaning in context: POST /v1/resolve and /v1/illuminate.
export type Resolution = z.infer<typeof ResolutionSchema>
export type ResolveResult = z.infer<typeof ResolveResultSchema>
export type IlluminateResult = z.infer<typeof IlluminateResultSchema>

// A second opinion on one sentence and its source sentence: POST /v1/claims/evaluate-evidence.
export type EvidenceResult = z.infer<typeof EvidenceResultSchema>

// Datasets: GET /api/datasets, /api/datasets/{dataset} and /api/datasets/{dataset}/records.
export type Catalogue = z.infer<typeof CatalogueSchema>
export type DatasetManifest = z.infer<typeof DatasetManifestSchema>
export type DatasetRecord = z.infer<typeof DatasetRecordSchema>
export type DatasetPage = z.infer<typeof PageSchema>
// GET /api/datasets/{dataset}/statistics.
export type DatasetStatistics = z.infer<typeof DatasetStatisticsSchema>
