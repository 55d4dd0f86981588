/**
 * Shapes of the semantic `/v1` routes shared by every group (spans, releases, discovery) and of the
 * meaning-in-context routes (resolve, compare, illuminate). One zod schema per shape: validation, types and
 * the OpenAPI document.
 */
import { z } from '@hono/zod-openapi'
import { MeaningIdSchema } from '../lexicon/schemas'
import { PARTS_OF_SPEECH } from '../lexicon/wordnet-format'
import { unitString } from '../validation/text-length'
import { BOUNDS, ILLUMINATE_DEFAULT_CANDIDATES } from './bounds'
import { FEATURE_KINDS } from './meaning/features'

export const SpanSchema = z
  .object({
    start: z.number().int().min(0).openapi({ description: 'First UTF-16 code unit (inclusive).' }),
    end: z.number().int().min(1).openapi({ description: 'UTF-16 code unit after the last (exclusive).' }),
  })
  .strict()
  .refine((s) => s.end > s.start, { message: 'span end must be greater than start', path: ['end'] })
  .openapi('Span', {
    description:
      'A half-open range [start, end) of UTF-16 code units into the text it refers to (JavaScript string indices): `text.slice(start, end)`.',
  })

export type SpanBody = z.infer<typeof SpanSchema>

export const ReleaseIdSchema = z
  .string()
  .regex(/^[a-f0-9]{64}$/)
  .openapi({
    description: 'The lexicon release the answer was computed from (as in `GET /api/lexicon`).',
  })

export const PassageSchema = unitString({
  min: 1,
  max: BOUNDS.passageChars,
  tooShort: 'passage must not be empty',
  tooLong: `passage must be at most ${BOUNDS.passageChars} characters`,
}).openapi({ description: `The text, 1 to ${BOUNDS.passageChars} UTF-16 code units.` })

/** Hints a caller that already knows them may give with a target. */
const HintFields = {
  lemma: unitString({
    min: 1,
    max: BOUNDS.targetTextChars,
    tooShort: 'lemma must not be empty',
    tooLong: `lemma must be at most ${BOUNDS.targetTextChars} characters`,
  })
    .optional()
    .openapi({
      description:
        'Hint: the lexicon word the target is a form of (`run` for `ran`). Candidates are narrowed to it; a word the written form cannot reach is still used when the lexicon has it (`be` for `’s`).',
    }),
  partOfSpeech: z
    .enum(PARTS_OF_SPEECH)
    .optional()
    .openapi({ description: 'Hint: the part of speech of the target; candidates are narrowed to it.' }),
}

const TextTargetSchema = z
  .object({
    text: unitString({
      min: 1,
      max: BOUNDS.targetTextChars,
      tooLong: `target text must be at most ${BOUNDS.targetTextChars} characters`,
    }).openapi({
      description:
        'The expression as written in the passage (case and runs of white space ignored, whole words only), for example `banks` or `gave up`.',
      example: 'bank',
    }),
    occurrence: z
      .number()
      .int()
      .min(1)
      .max(BOUNDS.occurrence)
      .optional()
      .openapi({ description: 'Which occurrence, counting from 1 (default 1).' }),
    ...HintFields,
  })
  .strict()

const SpanTargetSchema = z
  .object({
    span: SpanSchema.openapi({
      description:
        'Must cover whole words: it starts and ends on word boundaries, where a clitic (`England` in `England’s`, `do` in `don’t`) and an abbreviation’s full stop (`Mr.`) count as boundaries.',
    }),
    ...HintFields,
  })
  .strict()

export const TargetSchema = z.union([TextTargetSchema, SpanTargetSchema]).openapi('Target', {
  description: 'What to resolve: a text and its occurrence, or a span of the passage.',
})

const ContextTextSchema = (side: 'before' | 'after') =>
  unitString({
    max: BOUNDS.contextChars,
    tooLong: `context.${side} must be at most ${BOUNDS.contextChars} characters`,
  })
    .optional()
    .openapi({
      description: `Text ${side} the passage, at most ${BOUNDS.contextChars} UTF-16 code units: read as evidence (and for one sense per discourse), never searched for targets or offset into.`,
    })

export const PassageContextSchema = z
  .object({ before: ContextTextSchema('before'), after: ContextTextSchema('after') })
  .strict()
  .optional()
  .openapi('PassageContext', {
    description:
      'The text around the passage (the sentences before and after it in its document), for evidence only. Spans in the answer point into the passage; context words that counted are marked `context-before` or `context-after`.',
  })

const MaxCandidatesSchema = z
  .number()
  .int()
  .min(1)
  .max(BOUNDS.candidates)
  .optional()
  .openapi({ description: `How many ranked candidate meanings to return, 1 to ${BOUNDS.candidates}.` })

/** Rejects a target span that runs past its passage. */
function spanInsidePassage(
  value: { passage: string; target: z.infer<typeof TargetSchema> },
  ctx: z.RefinementCtx,
  path: Array<string | number>,
): void {
  if ('span' in value.target && value.target.span.end > value.passage.length) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'target', 'span', 'end'],
      message: `span end must be at most the passage length (${value.passage.length})`,
    })
  }
}

const PassageTargetSchema = z
  .object({ passage: PassageSchema, context: PassageContextSchema, target: TargetSchema })
  .strict()
  .superRefine((v, ctx) => spanInsidePassage(v, ctx, []))

export const ResolveRequestSchema = z
  .object({
    passage: PassageSchema,
    context: PassageContextSchema,
    target: TargetSchema,
    maxCandidates: MaxCandidatesSchema,
  })
  .strict()
  .superRefine((v, ctx) => spanInsidePassage(v, ctx, []))
  .openapi('ResolveRequest', {
    example: { passage: 'She sat on the bank of the river and watched the water.', target: { text: 'bank' } },
  })

export const CompareRequestSchema = z
  .object({ first: PassageTargetSchema, second: PassageTargetSchema, maxCandidates: MaxCandidatesSchema })
  .strict()
  .openapi('CompareRequest', {
    example: {
      first: { passage: 'He deposited the cheque at the bank.', target: { text: 'bank' } },
      second: { passage: 'They fished from the bank of the river.', target: { text: 'bank' } },
    },
  })

export const IlluminateRequestSchema = z
  .object({
    passage: PassageSchema,
    context: PassageContextSchema,
    select: z
      .discriminatedUnion('mode', [
        z
          .object({
            mode: z.literal('targets'),
            targets: z
              .array(TargetSchema)
              .min(1)
              .max(BOUNDS.illuminateTargets, `at most ${BOUNDS.illuminateTargets} targets`),
          })
          .strict(),
        z
          .object({
            mode: z.literal('expressions'),
            expressions: z
              .array(unitString({ min: 1, max: BOUNDS.targetTextChars }))
              .min(1)
              .max(BOUNDS.illuminateExpressions, `at most ${BOUNDS.illuminateExpressions} expressions`)
              .openapi({
                description:
                  'Lexicon words or phrases; every occurrence in any inflected form is resolved (`bank` finds `banks`).',
              }),
          })
          .strict(),
        z.object({ mode: z.literal('content-words') }).strict(),
      ])
      .openapi({
        description:
          '`targets`: listed occurrences; `expressions`: every occurrence of the given lexicon words; `content-words`: every content word and multiword expression of the passage.',
      }),
    maxCandidates: z
      .number()
      .int()
      .min(1)
      .max(BOUNDS.illuminateCandidates)
      .optional()
      .openapi({
        description: `Candidate meanings per occurrence, 1 to ${BOUNDS.illuminateCandidates} (default ${ILLUMINATE_DEFAULT_CANDIDATES}).`,
      }),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.select.mode !== 'targets') return
    v.select.targets.forEach((target, i) =>
      spanInsidePassage({ passage: v.passage, target }, ctx, ['select', 'targets', i]),
    )
  })
  .openapi('IlluminateRequest', {
    example: {
      passage: 'The bank raised its rates; the river bank flooded.',
      select: { mode: 'content-words' },
    },
  })

const ContextPlaceSchema = z.enum(['passage', 'context-before', 'context-after']).openapi({
  description:
    'Which text the word was read in: the passage, or the request’s `context.before` or `context.after`.',
})

const PosDistributionSchema = z.object({
  noun: z.number(),
  verb: z.number(),
  adjective: z.number(),
  adverb: z.number(),
})

const ExplanationSchema = z.string().nullable().openapi({
  description:
    'One line in plain words saying what this evidence found for this meaning; null when it did not count.',
})

const CandidateSchema = z
  .object({
    meaning: MeaningIdSchema,
    word: z.string(),
    partOfSpeech: z.enum(PARTS_OF_SPEECH),
    senseNumber: z.number().int(),
    lexicographerFile: z.string(),
    definition: z.string(),
    score: z.number().openapi({ description: 'Sum of the evidence contributions below.' }),
    share: z.number().openapi({ description: 'Softmax of the scores over all candidates (0..1).' }),
    evidence: z.object({
      frequency: z.object({
        tagCount: z.number().int().openapi({ description: 'Times tagged in the semantic concordances.' }),
        corpusCount: z.number().nullable().openapi({
          description:
            'Times SemCor tagged this meaning (shares when an instance had two gold meanings); null when SemCor never tagged the word in this part of speech.',
        }),
        contribution: z.number(),
        explanation: ExplanationSchema,
      }),
      learned: z.object({
        contribution: z.number(),
        features: z
          .array(
            z.object({
              feature: z.string().openapi({
                description:
                  '`w:` a surrounding word (base form); `c…:` a local collocation (offsets from the target and the words written there, `<s>`/`</s>` for the sentence edge); `p…:` a neighbour’s word class; `a:` a noun the target takes, by a shallow reading of its sentence: `after` the head of the noun phrase right after it (a verb’s object, the noun an adjective qualifies), `after-of` (any preposition) that preposition’s object, `before` the nearest noun before it past auxiliaries and adverbs (a verb’s subject), each by base form (`a:after=mailman`) and by the lexicographer file of its most tagged meaning (`a:after~noun.person`).',
              }),
              kind: z.enum(FEATURE_KINDS),
              words: z
                .array(z.object({ word: z.string(), in: ContextPlaceSchema, span: SpanSchema }))
                .openapi({ description: 'The context words the feature came from.' }),
              weight: z.number().openapi({
                description:
                  'The weight the word’s learned classifier gives this meaning for the feature; the learned contribution is their sum times the learned weight.',
              }),
            }),
          )
          .openapi({
            description: `The learned context features that counted, strongest first (at most 8).`,
          }),
        explanation: ExplanationSchema,
      }),
      similarity: z.object({
        cosine: z.number().nullable().openapi({
          description:
            'Cosine between the context vector (the GloVe word vectors of the surrounding words, the nearest weighing most) and the meaning’s vector (the mean context of its SemCor occurrences, the words of its definition and examples, and the contexts of its synset and of the synsets next to it), both centred on the mean context; null when the word was never tagged in SemCor, has one meaning, or no surrounding word has a vector.',
        }),
        contribution: z.number(),
        explanation: ExplanationSchema,
      }),
      overlap: z.object({
        contribution: z.number(),
        matches: z.array(
          z.object({
            word: z.string().openapi({ description: 'The context word as written.' }),
            in: ContextPlaceSchema,
            span: SpanSchema.openapi({ description: 'Where the word stands in the text named by `in`.' }),
            matched: z.string().openapi({ description: 'The form that matched the meaning’s signature.' }),
            source: z.string().openapi({
              description:
                'Where in the meaning’s signature: `definition`, `example`, `synonym`, or a relation and its words.',
            }),
            weight: z.number(),
          }),
        ),
        explanation: ExplanationSchema,
      }),
      partOfSpeech: z.object({
        probability: z.number(),
        contribution: z.number(),
        explanation: ExplanationSchema,
      }),
      domain: z.object({
        share: z.number().openapi({
          description: 'Share of the neighbouring words’ possible meanings in this lexicographer file.',
        }),
        contribution: z.number(),
        explanation: ExplanationSchema,
      }),
      discourse: z.object({
        contribution: z.number().openapi({
          description: 'One sense per discourse: from the other occurrences of the same word.',
        }),
        explanation: ExplanationSchema,
      }),
      topic: z.object({
        cosine: z.number().nullable().openapi({
          description:
            'Cosine between the context vector and the meaning’s vector read from the lexicon alone (the word vectors of its definition, examples, synonyms and related meanings, topic domains among them); null when either has none.',
        }),
        contribution: z.number(),
        words: z
          .array(z.object({ word: z.string(), in: ContextPlaceSchema, span: SpanSchema }))
          .openapi({ description: 'Words of the target’s sentence nearest the meaning (at most 2).' }),
        explanation: ExplanationSchema,
      }),
      collocation: z.object({
        contribution: z.number(),
        words: z
          .array(
            z.object({
              word: z.string(),
              in: ContextPlaceSchema,
              span: SpanSchema,
              role: z.enum(['after', 'before', 'of', 'verb']).openapi({
                description:
                  '`after`: the noun after the target (a verb’s object, the noun an adjective describes); `before`: the noun before it (a subject); `of`: the object of a preposition after it; `verb`: the verb a noun target follows.',
              }),
              cosine: z
                .number()
                .openapi({ description: 'Cosine of the word with the meaning’s lexicon vector.' }),
              written: z
                .boolean()
                .openapi({ description: 'The word is written in the meaning’s definition or examples.' }),
            }),
          )
          .openapi({ description: 'The words bound to the target, read shallowly from its sentence.' }),
        explanation: ExplanationSchema,
      }),
    }),
  })
  .openapi('MeaningCandidate')

export const DecisionSchema = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('chosen'),
      meaning: MeaningIdSchema,
      word: z.string(),
      partOfSpeech: z.enum(PARTS_OF_SPEECH),
      definition: z.string(),
      margin: z.number().openapi({ description: 'Lead of the best share over the second.' }),
    }),
    z.object({
      status: z.literal('abstained'),
      reason: z.enum(['small-margin', 'not-in-lexicon', 'no-context']).openapi({
        description:
          '`small-margin`: the best meaning does not lead by the margin; `not-in-lexicon`: not a lexicon word; `no-context`: no word around the target (in the passage or its context) and no other occurrence could be read.',
      }),
      margin: z.number().nullable(),
      explanation: z.string(),
    }),
  ])
  .openapi('MeaningDecision', {
    description:
      'The chosen meaning, or an explicit abstention: the best candidate does not lead by the margin, the expression is not a lexicon word, or nothing around it could be read.',
  })

export const ResolutionSchema = z
  .object({
    target: z.object({ text: z.string(), span: SpanSchema }),
    readings: z
      .array(
        z.object({
          word: z.string(),
          partOfSpeech: z.enum(PARTS_OF_SPEECH),
          via: z.enum(['exact', 'exception-list', 'suffix-rule']),
        }),
      )
      .openapi({ description: 'The lexicon words the written form can be (`gave up` → give up).' }),
    word: z.string().nullable().openapi({
      description: 'The lexicon word of the chosen (or best) meaning; null when not in the lexicon.',
    }),
    partOfSpeech: z.object({
      distribution: PosDistributionSchema,
      cues: z.array(z.string()).openapi({ description: 'Contextual cues the tagger used.' }),
    }),
    candidateCount: z.number().int(),
    candidates: z.array(CandidateSchema).openapi({ description: 'Ranked, best first.' }),
    decision: DecisionSchema,
    discourse: z.object({
      otherOccurrences: z.number().int().openapi({
        description: 'Other occurrences of the same word in the passage whose scores were pooled.',
      }),
    }),
  })
  .openapi('Resolution')

export const MethodSchema = z
  .object({
    id: z.string(),
    features: z.array(z.string()),
    abstainMargin: z.number(),
    model: z
      .object({ name: z.string(), version: z.string() })
      .openapi({ description: 'The learned model (a record in `GET /v1/releases`).' }),
  })
  .openapi('DisambiguationMethod')

export const ResolveResultSchema = ResolutionSchema.extend({
  release: ReleaseIdSchema,
  method: MethodSchema,
}).openapi('ResolveResult')

export const CompareResultSchema = z
  .object({
    release: ReleaseIdSchema,
    method: MethodSchema,
    first: ResolutionSchema,
    second: ResolutionSchema,
    verdict: z.enum(['same', 'related', 'different', 'undecidable']).openapi({
      description:
        '`same`: the readings’ chance of one meaning plus `rule.likenessWeight` times the likeness of the two contexts reaches `rule.sameThreshold`; `related`: otherwise the readings’ chance of the same or a related meaning (a shared or direct hypernym, the same lexicographer file for nouns and verbs, the same cluster of similar adjectives) reaches `rule.relatedThreshold`; `different`: neither, or the two uses settle on different parts of speech; `undecidable`: neither reading chose a meaning.',
    }),
    reason: z.enum([
      'same-meaning',
      'related-meanings',
      'different-meanings',
      'different-parts-of-speech',
      'both-abstained',
    ]),
    chances: z
      .object({
        same: z.number().openapi({ description: 'Sum over meanings of the product of the two shares.' }),
        related: z
          .number()
          .openapi({ description: 'Sum of the products of the shares of related, different meanings.' }),
      })
      .openapi({ description: 'From every candidate of both readings, not only those shown.' }),
    likeness: z
      .object({
        cosine: z.number().nullable().openapi({
          description:
            'Cosine between the two occurrences’ context vectors (the word vectors of the surrounding words, the nearest weighing most, centred on the mean context); null when either use has no surrounding word with a vector.',
        }),
        words: z
          .object({
            first: z.object({ word: z.string(), in: ContextPlaceSchema, span: SpanSchema }),
            second: z.object({ word: z.string(), in: ContextPlaceSchema, span: SpanSchema }),
            cosine: z.number(),
          })
          .nullable()
          .openapi({
            description:
              'The two words of the targets’ sentences, one near each use (among the 8 nearest), whose vectors are most alike; null when no pair reaches a cosine of 0.4.',
          }),
        explanation: z.string(),
      })
      .openapi({
        description: 'How alike the words around the two uses are: evidence that compares the uses directly.',
      }),
    rule: z
      .object({
        sameScore: z
          .number()
          .openapi({ description: '`chances.same` + `likenessWeight` × `likeness.cosine`.' }),
        likenessWeight: z.number(),
        sameThreshold: z.number().openapi({ description: '`same` when `sameScore` reaches it.' }),
        relatedThreshold: z.number().openapi({
          description: 'Otherwise `related` when `chances.same` + `chances.related` reaches it.',
        }),
      })
      .openapi({
        description:
          'What decided the verdict: the weight and thresholds were chosen on the project’s own pairs.',
      }),
    explanation: z.string().openapi({
      description:
        'The verdict in words: the meaning each use most likely has, how related meanings are related, and what the readings and the likeness gave against what the rule needs.',
    }),
  })
  .openapi('CompareResult')

export const IlluminateResultSchema = z
  .object({
    release: ReleaseIdSchema,
    method: MethodSchema,
    items: z.array(ResolutionSchema),
    unmatched: z
      .array(z.string())
      .openapi({ description: '`expressions` mode: the expressions that do not occur in the passage.' }),
    summary: z.object({
      occurrences: z.number().int(),
      chosen: z.number().int(),
      abstained: z.number().int(),
      notInLexicon: z.number().int(),
      meanings: z
        .array(
          z.object({
            meaning: MeaningIdSchema,
            word: z.string(),
            partOfSpeech: z.enum(PARTS_OF_SPEECH),
            definition: z.string(),
            occurrences: z.number().int(),
            spans: z.array(SpanSchema),
          }),
        )
        .openapi({ description: 'Meanings chosen in the passage, most frequent first.' }),
      lexicographerFiles: z
        .array(z.object({ file: z.string(), occurrences: z.number().int() }))
        .openapi({ description: 'Supersenses of the chosen meanings, most frequent first.' }),
    }),
  })
  .openapi('IlluminateResult')

export type ResolutionBody = z.infer<typeof ResolutionSchema>
