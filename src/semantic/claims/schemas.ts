/** Shapes of the claims, arguments and evidence routes (`/v1/claims/*`, `/v1/arguments/analyze`). */
import { z } from '@hono/zod-openapi'
import { unitString } from '../../validation/text-length'
import { MeaningIdSchema } from '../../lexicon/schemas'
import { BOUNDS } from '../bounds'
import { ReleaseIdSchema, SpanSchema } from '../schemas'
import { countSentences } from '../../text/sentences'

const ClaimTextSchema = unitString({
  min: 1,
  max: BOUNDS.claimChars,
  tooShort: 'claim must not be empty',
  tooLong: `claim must be at most ${BOUNDS.claimChars} characters`,
}).openapi({ description: `A claim, 1 to ${BOUNDS.claimChars} UTF-16 code units.` })

const IdSchema = unitString({
  min: 1,
  max: BOUNDS.idChars,
  tooLong: `id must be at most ${BOUNDS.idChars} characters`,
}).openapi({ description: `Client-chosen id, 1 to ${BOUNDS.idChars} characters, unique in the request.` })

function uniqueIds(items: Array<{ id: string }>, ctx: z.RefinementCtx, path: string): void {
  const seen = new Set<string>()
  items.forEach((item, i) => {
    if (seen.has(item.id))
      ctx.addIssue({ code: 'custom', path: [path, i, 'id'], message: `duplicate id "${item.id}"` })
    seen.add(item.id)
  })
}

function sentenceBound(max: number) {
  return (text: string, ctx: z.RefinementCtx) => {
    const count = countSentences(text)
    if (count > max) ctx.addIssue({ code: 'custom', message: `at most ${max} sentences (found ${count})` })
  }
}

export const ClaimsCompareRequestSchema = z
  .object({ first: ClaimTextSchema, second: ClaimTextSchema })
  .strict()
  .openapi('ClaimsCompareRequest', {
    example: {
      first: 'All children must eat vegetables every day.',
      second: 'Some young children may not eat vegetables.',
    },
  })

const TermRefSchema = z
  .object({
    text: z.string(),
    span: SpanSchema,
    lemma: z.string().openapi({ description: 'The lexicon word it reads as.' }),
  })
  .openapi('TermRef')

const CueRefSchema = z
  .object({
    text: z.string(),
    span: SpanSchema,
    kind: z.enum([
      'quantifier',
      'modal',
      'hedge',
      'certainty',
      'intensifier',
      'negation',
      'time',
      'place',
      'sarcasm',
    ]),
    value: z.number().openapi({
      description:
        'Quantifier share of cases (`only one of the four` is 0.25), modal/hedge/certainty commitment, intensifier factor; 1 for qualifiers and sarcasm markers (`yeah, right`, `oh great`: marked and left alone, their words neither content nor another cue).',
    }),
  })
  .openapi('CueRef')

const FitSchema = z
  .enum(['shares-proposition', 'partial-overlap', 'differs-in-scope', 'differs-in-polarity', 'no-overlap'])
  .openapi('Fit', {
    description:
      'How the wording lines up. Never a judgement of accuracy: `differs-in-polarity` is not “refutes”, `shares-proposition` is not “confirms”.',
  })

const RelationSchema = z.enum(['follows', 'conflicts', 'neither']).openapi('Relation', {
  description:
    'What the wording alone licenses: `follows` (the other text’s words entail the claim), `conflicts` (they exclude it) or `neither`. About what the words say, never whether anything is true.',
})

const InferenceStepSchema = z
  .object({
    kind: z
      .enum([
        'alignment',
        'related',
        'opposite',
        'exclusive',
        'claim-only',
        'cue',
        'roles',
        'number',
        'date',
        'order',
        'attribution',
        'modality',
        'rule',
        'premise',
      ])
      .openapi({
        description:
          '`alignment`: an aligned pair of terms (its explanation says when the words relate only through rare meanings); `related`: a claim term without counterpart loosely linked to an excerpt term (`gloss`, `part` or `sibling`), weaker than an alignment; `opposite`: antonyms; `exclusive`: co-hyponyms that exclude each other (dog / cat); `claim-only`: a claim term with no counterpart; `cue`: a negation, quantifier or modality cue, a time or place qualifier without counterpart, or excerpt words a denial adds to the claim’s (which leave it open); `roles`: aligned words in another order; `number`: numbers that differ, or a claim quantity and the excerpt quantity of the same slot (what is measured, its unit and the words around it) with whether the excerpt keeps within it, cannot both hold with it, or allows more; `date`: the same for dates (`in 1932` / `in the 1950s`, `by 2025`, `since March 2008`); `order`: two events put in the same or the opposite order by `before` / `after`, or an order read as a cause; `attribution`: a frame of the excerpt (`critics claim that`, `according to the mayor`: the claim would rest on that source; `the study found that`, `no one disputes that`: established; `it is false that`: denied); `modality`: a permission against an obligation, or an association against a cause; `rule`: a rule of meaning that decided the relation (its `lexical` names it: `non-factive`, `implicative`, `privative-adjective`, `subsective-adjective`, `contrary-denied`, `comparative`, `before-clause`, `disjunction`, `unsupported-word`), which then stands in for the weighed counts; `premise`: a sentence the excerpt implies when read as one text (an elided verb phrase restored, a pronoun resolved, `all A are B` applied, a comparison carried over), which the claim was compared with instead of a single sentence. For `number`, `date` and `modality` steps the claim and excerpt references hold the compared words with their lower-case text as `lemma`.',
      }),
    claim: z.union([CueRefSchema, TermRefSchema]).nullable(),
    excerpt: z.union([CueRefSchema, TermRefSchema]).nullable(),
    lexical: z.string().nullable().openapi({
      description:
        'Lexical relation of the pair from the claim’s side: `same-word`, `synonym`, `derivation`, `broader` (the claim’s word is more general), `narrower`, `definition` (one word heads the other’s WordNet definition, `cat` in `kitten`’s, or the claim word’s definition is worded in the excerpt), `antonym` (also opposite prepositions of aligned objects, `inside` / `outside`), `indirect-antonym`, `exclusive`; for `related` steps `gloss` (one word in the other’s definition, `lawn` / `grass`), `part` (a part, member or substance of the other, `finger` / `hand`) or `sibling` (direct kinds of the same thing, `stroll` / `hike`). Synonyms, broader and narrower words count only in the part of speech each word is read in; a derivation includes an adverb and its adjective (`quietly` / `quiet`).',
    }),
    monotonicity: z.enum(['upward', 'downward']).nullable().openapi({
      description:
        'Of the claim term’s position: `downward` under negation, `no`, `few` and in the restrictor of `all`/`every`, where a narrower word follows from a broader one instead of the reverse.',
    }),
    effect: z.enum(['supports', 'blocks', 'flips']).openapi({
      description: '`supports` the inference, `blocks` it, or `flips` it towards exclusion.',
    }),
    explanation: z.string(),
  })
  .openapi('InferenceStep')

export const InferenceSchema = z
  .object({
    relation: RelationSchema,
    confidence: z.number().openapi({
      description:
        'Probability of `relation` under the combiner (for `neither`: one minus the larger of the other two), calibrated on SICK training pairs.',
    }),
    probabilities: z.object({ follows: z.number(), conflicts: z.number(), neither: z.number() }),
    steps: z.array(InferenceStepSchema).openapi({
      description:
        'The chain that led there: each aligned pair with its lexical relation and the monotonicity of its position, each cue that flipped or blocked the inference.',
    }),
  })
  .openapi('Inference')

export const ComparisonSchema = z
  .object({
    proposition: z.object({
      shared: z.array(
        z.object({
          first: TermRefSchema,
          second: TermRefSchema,
          relation: z.enum(['same-word', 'synonym', 'derivation', 'broader', 'narrower']).openapi({
            description: '`broader`: the first term is more general (a hypernym) than the second.',
          }),
        }),
      ),
      onlyFirst: z.array(TermRefSchema),
      onlySecond: z.array(TermRefSchema),
      opposites: z.array(
        z.object({
          first: TermRefSchema,
          second: TermRefSchema,
          via: z.enum(['antonym', 'indirect-antonym']),
          meanings: z.array(MeaningIdSchema).length(2),
        }),
      ),
      polarity: z.object({
        first: z.enum(['affirmative', 'negative']),
        second: z.enum(['affirmative', 'negative']),
        differs: z.boolean(),
        firstCues: z.array(CueRefSchema),
        secondCues: z.array(CueRefSchema),
      }),
      orderPreserved: z.boolean().openapi({
        description:
          'Whether the aligned terms come in the same order in both (false for `cats chase dogs` against `dogs chase cats`).',
      }),
      firstCoverage: z.number().openapi({ description: 'Share of the first text’s content terms aligned.' }),
      overlap: z.number().openapi({ description: 'Aligned pairs over all distinct content terms of both.' }),
    }),
    scope: z.array(
      z.object({
        aspect: z.enum(['quantifier', 'subject', 'time', 'place']),
        first: z.union([CueRefSchema, TermRefSchema]).nullable(),
        second: z.union([CueRefSchema, TermRefSchema]).nullable(),
        explanation: z.string(),
      }),
    ),
    strength: z.array(
      z.object({
        aspect: z.enum(['certainty', 'degree']),
        first: z.object({ value: z.number(), cues: z.array(CueRefSchema) }),
        second: z.object({ value: z.number(), cues: z.array(CueRefSchema) }),
        explanation: z.string(),
      }),
    ),
  })
  .openapi('ClaimComparison', {
    description: 'Spans of `first` point into the first text, spans of `second` into the second.',
  })

const ReadingSchema = z
  .object({
    cues: z.array(CueRefSchema),
    polarity: z.enum(['affirmative', 'negative']),
    certainty: z
      .number()
      .openapi({ description: 'Commitment of the wording (0..1); a bare assertion is 0.8.' }),
    degree: z.number().openapi({ description: 'Product of intensifier factors; 1 without any.' }),
    subject: z.object({ text: z.string(), span: SpanSchema, head: TermRefSchema.nullable() }).nullable(),
  })
  .openapi('ClaimReading')

export const ClaimsCompareResultSchema = z
  .object({
    release: ReleaseIdSchema,
    first: ReadingSchema,
    second: ReadingSchema,
    comparison: ComparisonSchema,
    inference: z
      .object({
        fromSecond: InferenceSchema.openapi({
          description:
            'Whether the second text’s wording entails or excludes the first (first as the claim).',
        }),
        fromFirst: InferenceSchema.openapi({
          description: 'Whether the first text’s wording entails or excludes the second.',
        }),
      })
      .openapi({ description: 'Steps of `fromFirst` name the second text as `claim`.' }),
    summary: z.object({
      fit: FitSchema,
      relation: RelationSchema.openapi({
        description:
          '`conflicts` when either text’s wording excludes the other, else `follows` when either entails the other (see `direction`), else `neither`.',
      }),
      confidence: z
        .number()
        .openapi({ description: 'Confidence of `relation` in the direction it was found.' }),
      direction: z.enum(['second-entails-first', 'first-entails-second', 'both']).nullable().openapi({
        description: 'For `follows`: which text’s wording entails the other. Null otherwise.',
      }),
      differences: z.array(z.string()),
      note: z.string(),
    }),
  })
  .openapi('ClaimsCompareResult')

export const ArgumentsRequestSchema = z
  .object({
    messages: z
      .array(
        z
          .object({
            id: IdSchema,
            author: unitString({ min: 1, max: BOUNDS.authorChars })
              .optional()
              .openapi({ description: 'Shown back with each candidate; not analysed.' }),
            text: unitString({
              min: 1,
              max: BOUNDS.messageChars,
              tooLong: `message text must be at most ${BOUNDS.messageChars} characters`,
            }).superRefine(sentenceBound(BOUNDS.messageSentences)),
          })
          .strict(),
      )
      .min(1)
      .max(BOUNDS.messages, `at most ${BOUNDS.messages} messages`),
  })
  .strict()
  .superRefine((v, ctx) => uniqueIds(v.messages, ctx, 'messages'))
  .openapi('ArgumentsRequest', {
    example: {
      messages: [
        {
          id: 'm1',
          author: 'ana',
          text: 'Cycling lanes reduce accidents because drivers slow down. So the city should build more.',
        },
        { id: 'm2', text: 'Buses will be slower next year.' },
      ],
    },
  })

export const ArgumentsResultSchema = z
  .object({
    claims: z.array(
      z.object({
        id: z.string().openapi({ description: '`{messageId}#{n}`, stable for the same input.' }),
        messageId: z.string(),
        author: z.string().nullable(),
        span: SpanSchema.openapi({ description: 'Into the message’s text.' }),
        text: z.string(),
        kind: z.enum(['factual', 'evaluative', 'causal', 'comparative', 'predictive', 'recommendation']),
        cue: z
          .object({ text: z.string(), span: SpanSchema })
          .nullable()
          .openapi({ description: 'The words that marked the kind.' }),
        basis: z.string().openapi({ description: 'Why this is a candidate of this kind, in words.' }),
        frame: z
          .object({
            kind: z.enum(['report', 'denial']),
            text: z.string(),
            span: SpanSchema,
            speaker: z.string().openapi({ description: 'Who the words are attributed to, as written.' }),
          })
          .nullable()
          .openapi({
            description:
              'A report frame at the clause start: `report` (`critics say …`: attributed, not asserted by the writer) or `denial` (`nobody said …`: the reported words are not asserted, and their cues do not set the kind).',
          }),
        sarcasm: z
          .object({ kind: z.enum(['marker', 'scare-quotes']), text: z.string(), span: SpanSchema })
          .nullable()
          .openapi({
            description:
              'A sarcasm marker in the claim: an interjection such as `yeah, right`, `oh great` or `as if` (followed by punctuation), `so-called`, or scare quotes around a word or two. The claim is marked and left alone: its words may mean the opposite, so it is not read as what the writer asserts or denies.',
          }),
        quantifiers: z.array(z.object({ text: z.string(), span: SpanSchema, value: z.number() })).openapi({
          description:
            'Quantifiers in the claim with the share of cases they claim: words (`most`, `few`, `no`) and counted shares (`only one of the four studies` is 0.25).',
        }),
      }),
    ),
    links: z.array(
      z.object({
        premise: z.string(),
        conclusion: z.string(),
        messageId: z.string(),
        marker: z.object({ text: z.string(), span: SpanSchema }),
      }),
    ),
    relations: z
      .array(
        z.object({
          from: z.string(),
          to: z.string(),
          relation: z.enum(['support', 'rebuttal', 'concession', 'contrast']),
          cue: z.object({ messageId: z.string(), text: z.string(), span: SpanSchema }).openapi({
            description: 'The words that show the relation; the span points into that message’s text.',
          }),
          basis: z.string(),
        }),
      )
      .openapi({
        description:
          '`contrast`: a marker such as `however` sets a claim against the one before it in the same message. `support`, `rebuttal`, `concession`: a reply’s opening (`I agree`, `That’s not true`, `Granted, … but`) answers the earlier claim of another author it shares most content words with. Cue readings, not judgements.',
      }),
    skipped: z.array(z.object({ messageId: z.string(), span: SpanSchema, reason: z.string() })),
    note: z.string(),
  })
  .openapi('ArgumentsResult')

export const EvidenceRequestSchema = z
  .object({
    claim: ClaimTextSchema,
    excerpts: z
      .array(
        z
          .object({
            id: IdSchema,
            label: unitString({ min: 1, max: BOUNDS.labelChars }).optional(),
            text: unitString({
              min: 1,
              max: BOUNDS.excerptChars,
              tooLong: `excerpt text must be at most ${BOUNDS.excerptChars} characters`,
            }).superRefine(sentenceBound(BOUNDS.excerptSentences)),
          })
          .strict(),
      )
      .min(1)
      .max(BOUNDS.excerpts, `at most ${BOUNDS.excerpts} excerpts`),
  })
  .strict()
  .superRefine((v, ctx) => uniqueIds(v.excerpts, ctx, 'excerpts'))
  .openapi('EvidenceRequest', {
    example: {
      claim: 'Coffee raises blood pressure.',
      excerpts: [{ id: 'e1', text: 'In the trial, coffee did not raise blood pressure in adults.' }],
    },
  })

export const EvidenceResultSchema = z
  .object({
    release: ReleaseIdSchema,
    claim: ReadingSchema,
    excerpts: z.array(
      z.object({
        id: z.string(),
        label: z.string().nullable(),
        fit: FitSchema,
        sentence: z.object({ span: SpanSchema, text: z.string() }).nullable().openapi({
          description: 'The excerpt sentence that aligns best with the claim; spans point into the excerpt.',
        }),
        comparison: ComparisonSchema.nullable().openapi({
          description: '`first` is the claim, `second` the excerpt.',
        }),
        relation: RelationSchema.openapi({
          description:
            'Whether the wording of the excerpt’s best-aligned sentence entails the claim (`follows`), excludes it (`conflicts`) or neither. Kept beside `fit`, which describes overlap only.',
        }),
        confidence: z
          .number()
          .openapi({ description: 'Calibrated probability of `relation` (see `Inference`).' }),
        inference: InferenceSchema.openapi({
          description:
            'The steps behind `relation`; `claim` spans point into the claim, `excerpt` spans into the excerpt.',
        }),
        explanation: z.string(),
      }),
    ),
    summary: z.object({
      relations: z.object({
        follows: z.number().int(),
        conflicts: z.number().int(),
        neither: z.number().int(),
      }),
      counts: z.object({
        'shares-proposition': z.number().int(),
        'partial-overlap': z.number().int(),
        'differs-in-scope': z.number().int(),
        'differs-in-polarity': z.number().int(),
        'no-overlap': z.number().int(),
      }),
      statement: z.string().openapi({ description: 'Counts in words; never a verdict on the claim.' }),
    }),
  })
  .openapi('EvidenceResult')
