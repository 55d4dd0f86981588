/**
 * The shapes of the observation and consensus routes, one zod schema each: request validation, types and
 * the OpenAPI document. Bounds are in LIMITS, which the README and the tests read.
 */
import { z } from '@hono/zod-openapi'
import { unitString } from '../validation/text-length'

export const LIMITS = {
  expression: 100,
  meaning: 100,
  label: 200,
  url: 2_000,
  passage: 2_000,
  /** Entries counted and returned as evidence by one consensus read (the earliest ones in the log). */
  evidence: 100,
  /** Characters of one leaf in a verify request; no leaf the service writes is longer. */
  leaf: 16_384,
  /** Hashes in one proof: enough for any tree of up to 2^64 entries. */
  proofHashes: 64,
  checkpointNote: 4_096,
  observationBodyBytes: 32 * 1024,
  predictBodyBytes: 32 * 1024,
  verifyBodyBytes: 6 * 1024 * 1024,
} as const

export const ENTRY_FORMAT = 'lexicon-service/observation/v1'

const HashSchema = z
  .string()
  .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be a base64 SHA-256 hash (44 characters)')
  .openapi({
    description: 'A SHA-256 hash in standard base64.',
    example: 'bjQLnP+zepicpUTmu3gKLHiQHT+zNzh2hRGjBhevoB0=',
  })

const TreeSizeSchema = z
  .number()
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(Number.MAX_SAFE_INTEGER, 'is too large')

const ExpressionSchema = unitString({
  min: 1,
  max: LIMITS.expression,
  tooShort: 'expression must not be empty',
  tooLong: `expression must be at most ${LIMITS.expression} characters`,
})
  .refine((s) => s.trim().length > 0, 'expression must not be blank')
  .openapi({ description: 'A word or phrase as written, at most 100 characters.', example: 'banks' })

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

const PassageSchema = unitString({
  min: 1,
  max: LIMITS.passage,
  tooShort: 'passage must not be empty',
  tooLong: `passage must be at most ${LIMITS.passage} characters`,
}).refine((s) => !LONE_SURROGATE.test(s), 'passage must be well-formed UTF-16 (no lone surrogates)')

const SpanSchema = z
  .object({
    start: z.number().int().min(0).max(LIMITS.passage),
    end: z.number().int().min(0).max(LIMITS.passage),
  })
  .openapi('Span', {
    description: 'A half-open range [start, end) of UTF-16 code units in the passage.',
    example: { start: 19, end: 24 },
  })

const MeaningSchema = unitString({
  min: 1,
  max: LIMITS.meaning,
  tooShort: 'meaning must not be empty',
  tooLong: `meaning must be at most ${LIMITS.meaning} characters`,
}).openapi({ description: 'A lexicon meaning ID (WordNet sense key).', example: 'bank%1:17:01::' })

const SourceUrlSchema = unitString({
  max: LIMITS.url,
  tooLong: `url must be at most ${LIMITS.url} characters`,
})
  .refine((s) => {
    try {
      const url = new URL(s)
      return url.protocol === 'https:' || url.protocol === 'http:'
    } catch {
      return false
    }
  }, 'url must be an absolute http or https URL')
  .openapi({ description: 'Where the passage was found. Metadata only: the service never fetches it.' })

export const ObservationRequestSchema = z
  .object({
    expression: ExpressionSchema,
    meaning: MeaningSchema.openapi({
      description: 'The meaning the expression is used in; one of its meaning IDs.',
    }),
    source: z.object({
      label: unitString({
        min: 1,
        max: LIMITS.label,
        tooShort: 'label must not be empty',
        tooLong: `label must be at most ${LIMITS.label} characters`,
      }).openapi({ description: 'A human label for the source, for example a title and author.' }),
      url: SourceUrlSchema.optional(),
      passage: PassageSchema.openapi({ description: 'The quoted passage, 1 to 2,000 characters.' }),
      span: SpanSchema.openapi({ description: 'Where the expression stands in the passage.' }),
    }),
    mayShare: z
      .literal(true, { error: 'mayShare must be true: contribute only passages you may share' })
      .openapi({
        description: 'The contributor states they may share the passage; it is published in the log.',
      }),
  })
  .openapi('ObservationRequest')

export type ObservationInput = z.infer<typeof ObservationRequestSchema>

export const ObservationEntrySchema = z
  .object({
    format: z.literal(ENTRY_FORMAT),
    expression: z.string(),
    lemma: z.string().openapi({ description: 'The lemma the meaning belongs to: the consensus group.' }),
    meaning: z.string(),
    source: z.object({
      label: z.string(),
      url: z.string().optional(),
      passage: z.string(),
      span: z.object({ start: z.number().int(), end: z.number().int() }),
    }),
    contributor: z.string().openapi({ description: 'Pseudonymous id of the contributing key.' }),
    mayShare: z.literal(true),
  })
  .openapi('ObservationEntry', {
    description: 'A log entry; its leaf bytes are its RFC 8785 canonical JSON in UTF-8.',
  })

export type ObservationEntry = z.infer<typeof ObservationEntrySchema>

export const CheckpointSchema = z
  .object({
    note: z.string().openapi({
      description:
        'The signed checkpoint: C2SP tlog-checkpoint text (origin, tree size, base64 root hash) signed as a C2SP signed note with Ed25519.',
    }),
    origin: z.string(),
    treeSize: z.number().int(),
    rootHash: HashSchema,
  })
  .openapi('Checkpoint')

const CheckpointInputSchema = z.object({
  note: unitString({
    min: 1,
    max: LIMITS.checkpointNote,
    tooLong: `note must be at most ${LIMITS.checkpointNote} characters`,
  }).openapi({ description: 'A signed checkpoint note; the other checkpoint fields are read from it.' }),
})

const ProofSchema = z
  .array(HashSchema)
  .max(LIMITS.proofHashes, `a proof has at most ${LIMITS.proofHashes} hashes`)
  .openapi({ description: 'RFC 9162 proof hashes, base64, in proof order.' })

export const ObservationResponseSchema = z
  .object({
    status: z.enum(['appended', 'duplicate']).openapi({
      description: '`duplicate` when the same contributor already contributed the same observation.',
    }),
    index: z.number().int(),
    leafHash: HashSchema,
    leaf: z.string().openapi({ description: 'The entry as logged: canonical JSON, hashed as UTF-8.' }),
    entry: ObservationEntrySchema,
    checkpoint: CheckpointSchema,
    inclusionProof: ProofSchema,
  })
  .openapi('ObservationReceipt')

const EvidenceEntrySchema = z
  .object({
    index: TreeSizeSchema,
    leaf: unitString({ max: LIMITS.leaf, tooLong: `leaf must be at most ${LIMITS.leaf} characters` }),
    leafHash: HashSchema.optional(),
    inclusionProof: ProofSchema,
  })
  .openapi('EvidenceEntry', { description: 'A log entry with its inclusion proof in the checkpoint.' })

export const ConsensusSummarySchema = z
  .object({
    rule: z.string().openapi({ example: 'distinct-contributors/v1' }),
    observations: z.number().int(),
    contributors: z.number().int(),
    meanings: z.array(
      z.object({
        meaning: z.string(),
        lemma: z.string(),
        observations: z.number().int(),
        contributors: z.number().int().openapi({ description: 'Distinct contributors: the support.' }),
      }),
    ),
    leading: z
      .object({
        meaning: z.string(),
        contributors: z.number().int(),
        share: z.number().openapi({ description: 'Support over all distinct contributors, 4 decimals.' }),
        margin: z.number().int().openapi({ description: 'Support minus the runner-up support.' }),
      })
      .nullable(),
    agreement: z.enum(['none', 'tied', 'weak', 'moderate', 'strong']),
  })
  .openapi('ConsensusSummary', {
    description:
      'Rule distinct-contributors/v1: support = distinct contributors per meaning (repetition never counts twice); leading = unique most support (else tied); strong: support >= 3 and share >= 0.75; moderate: support >= 2 and share >= 0.5; otherwise weak.',
  })

export type ConsensusSummary = z.infer<typeof ConsensusSummarySchema>

export const PredictRequestSchema = z
  .object({
    expression: ExpressionSchema,
    passage: PassageSchema.optional().openapi({
      description: 'A passage using the expression; the consensus is then compared with the lexicon reading.',
    }),
    span: SpanSchema.optional().openapi({
      description: 'Where the expression stands in the passage; by default its first occurrence.',
    }),
    treeSize: TreeSizeSchema.optional().openapi({
      description: 'Read the log at the checkpoint of this size (default: the current checkpoint).',
    }),
  })
  .openapi('ConsensusRequest')

const LexiconComparisonSchema = z
  .object({
    resolver: z.string().openapi({ description: 'Which lexicon reading produced `meaning`.' }),
    method: z.string(),
    span: SpanSchema,
    meaning: z.string().nullable(),
    support: z
      .number()
      .int()
      .openapi({ description: 'Distinct contributors who observed the meaning read here.' }),
    share: z.number().openapi({
      description: 'That meaning’s share of the distinct contributors to the expression (4 decimals).',
    }),
    strength: z.enum(['strong', 'moderate', 'weak', 'none']).openapi({
      description: 'The consensus rule’s thresholds applied to that meaning’s own support and share.',
    }),
    agreement: z.enum(['agrees', 'other-meaning', 'unobserved', 'no-consensus', 'no-reading']).openapi({
      description:
        'The passage is compared with the consensus of the meaning it uses: `agrees` (it is the leading meaning), `other-meaning` (contributors observed it too, while another leads: a different use, not a disagreement), `unobserved` (no contributor observed this meaning), `no-consensus` (no observations), `no-reading` (the lexicon reading abstains).',
    }),
    note: z.string(),
  })
  .openapi('LexiconComparison')

export const PredictResponseSchema = z
  .object({
    expression: z.string(),
    lemmas: z.array(z.string()).openapi({ description: 'Lemmas whose observations are counted.' }),
    checkpoint: CheckpointSchema,
    consensus: ConsensusSummarySchema,
    total: z.number().int().openapi({ description: 'Entries for these lemmas in the checkpoint.' }),
    counted: z.number().int().openapi({ description: 'Entries counted: the earliest, at most 100.' }),
    entries: z.array(EvidenceEntrySchema),
    lexicon: LexiconComparisonSchema.nullable(),
  })
  .openapi('ConsensusState', {
    description: 'Consensus grounded in a signed checkpoint; post it unchanged to /v1/verify/consensus.',
  })

export const VerifyRequestSchema = z
  .object({
    expression: ExpressionSchema.optional().openapi({
      description: 'When given, the entries must be exactly the counted entries for it in the checkpoint.',
    }),
    checkpoint: CheckpointInputSchema,
    entries: z
      .array(EvidenceEntrySchema)
      .max(LIMITS.evidence, `at most ${LIMITS.evidence} entries`)
      .openapi({ description: 'A consensus state’s entries, or any entries of the log.' }),
    consensus: ConsensusSummarySchema.optional().openapi({
      description: 'The consensus claimed for the entries; compared with the recomputed one.',
    }),
    previous: z
      .object({
        checkpoint: CheckpointInputSchema,
        consistencyProof: ProofSchema.optional().openapi({
          description: 'Proof from the previous checkpoint to this one; by default the log supplies it.',
        }),
      })
      .optional()
      .openapi({ description: 'An earlier checkpoint this one must extend.' }),
  })
  .openapi('VerifyConsensusRequest')

export type VerifyRequest = z.infer<typeof VerifyRequestSchema>

const VERIFY_STEPS = [
  'checkpoint-signature',
  'checkpoint-body',
  'leaf-hashes',
  'inclusion-proofs',
  'entries',
  'consistency',
  'log-agreement',
  'completeness',
  'consensus',
] as const

const VerifyStepSchema = z.object({
  step: z.enum(VERIFY_STEPS),
  status: z.enum(['passed', 'failed', 'skipped']),
  detail: z.string(),
  indices: z.array(z.number().int()).optional().openapi({ description: 'The entries this step failed on.' }),
  expected: z.string().optional().openapi({
    description:
      'On every failed step: the value the check expected (for `consensus`, recomputed from the entries).',
  }),
  found: z.string().optional().openapi({
    description: 'On every failed step: the value it found instead (for `consensus`, the claimed one).',
  }),
})

export const VerifyResponseSchema = z
  .object({
    valid: z.boolean(),
    failedStep: z.enum(VERIFY_STEPS).nullable().openapi({ description: 'The first step that failed.' }),
    steps: z.array(VerifyStepSchema),
    checkpoint: z.object({ origin: z.string(), treeSize: z.number().int(), rootHash: HashSchema }).nullable(),
    consensus: ConsensusSummarySchema.nullable().openapi({ description: 'Recomputed from the entries.' }),
  })
  .openapi('VerifyConsensusResult')

export type VerifyResponse = z.infer<typeof VerifyResponseSchema>
export type VerifyStep = z.infer<typeof VerifyStepSchema>
