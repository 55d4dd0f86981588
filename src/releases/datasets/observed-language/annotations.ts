/**
 * The annotation files of observed-language, as the repository holds them (content/observed-language): per
 * passage, where it sits in which address, its rights clearance and review, and the claims observed in it
 * with their spans, kinds and review decisions. Reviewer notes live here and never leave: the release is
 * built from an allowlist of fields (see export.ts).
 */
import { z } from 'zod'

export const GUIDELINE_ID = 'observed-language-claims/1'

export const CLAIM_KINDS = ['proposal', 'commitment', 'quantitative', 'causal'] as const
export type ClaimKind = (typeof CLAIM_KINDS)[number]

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')

/** Review facts: who reviewed, when, under which guideline. `notes` is the reviewer's own and is never exported. */
export const ReviewSchema = z.object({
  reviewer: z.string().min(1),
  reviewedAt: isoDate,
  guideline: z.string().min(1),
  notes: z.string().optional(),
})

export const ClaimAnnotationSchema = z.object({
  id: z.string().min(1).max(250),
  /** Half-open UTF-16 offsets into the passage. */
  start: z.number().int().min(0),
  end: z.number().int().min(1),
  /** The claim as it reads in the passage: the span must give exactly this text. */
  text: z.string().min(1),
  kind: z.enum(CLAIM_KINDS),
  review: ReviewSchema.extend({ decision: z.enum(['accepted', 'rejected']) }).nullable(),
})

export const PassageAnnotationSchema = z.object({
  id: z.string().min(1).max(250),
  /** The address, by `speechKey` (year and speaker). */
  speech: z.string().min(1),
  /** Half-open UTF-16 offsets of the passage in the address text of the edition named by the file. */
  start: z.number().int().min(0),
  end: z.number().int().min(1),
  /** SHA-256 of the passage text, so a changed edition cannot slip different words under old spans. */
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
  rights: z
    .object({
      status: z.enum(['cleared', 'not-cleared', 'pending']),
      basis: z.string().min(1),
      clearedBy: z.string().min(1),
      clearedAt: isoDate,
    })
    .nullable(),
  review: ReviewSchema.extend({ status: z.enum(['reviewed', 'pending']) }).nullable(),
  claims: z.array(ClaimAnnotationSchema),
})

export const AnnotationFileSchema = z.object({
  guideline: z.string().min(1),
  source: z.object({ registry: z.literal('npm'), package: z.string(), version: z.string() }),
  procedure: z.string().min(1),
  passages: z.array(z.unknown()),
})

export type ClaimAnnotation = z.infer<typeof ClaimAnnotationSchema>
export type PassageAnnotation = z.infer<typeof PassageAnnotationSchema>
export type AnnotationFile = z.infer<typeof AnnotationFileSchema>
