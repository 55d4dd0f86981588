/**
 * The argument routes' shapes, one zod schema each: the review request (`ArgumentInput`, shared by local and
 * cloud mode) and the local review result (the capabilities document is in capabilities-schema.ts). Used for
 * validation, for types and for the OpenAPI document.
 */
import { z } from '@hono/zod-openapi'
import { unitString } from '../validation/text-length'
import { ARGUMENT_LIMITS } from './limits'
import { sentenceBounds, type SentenceBounds } from '../text/sentences'

const L = ARGUMENT_LIMITS
const UNIT_NOTE = 'Characters are UTF-16 code units (what JavaScript `String.length` counts).'

/** A string bounded in characters (sentence bounds are checked on the whole input, see `ArgumentInputSchema`). */
function boundedText(field: string, maxCharacters: number, minCharacters = 0) {
  return unitString({
    min: minCharacters,
    max: maxCharacters,
    notString: `${field} must be a string`,
    tooShort: `${field} must be at least ${minCharacters} character${minCharacters === 1 ? '' : 's'}`,
    tooLong: `${field} must be at most ${maxCharacters.toLocaleString('en-US')} characters (UTF-16 code units)`,
  })
}

export const ArgumentSourceSchema = z
  .strictObject({
    id: unitString({
      min: L.sources.id.minCharacters,
      max: L.sources.id.maxCharacters,
      notString: 'id must be a string',
      tooShort: 'id must not be empty',
      tooLong: `id must be at most ${L.sources.id.maxCharacters} characters`,
    }).openapi({
      description: 'Unique within the request; passages into this source name it.',
      example: 's1',
    }),
    label: unitString({
      min: L.sources.label.minCharacters,
      max: L.sources.label.maxCharacters,
      notString: 'label must be a string',
      tooShort: 'label must not be empty',
      tooLong: `label must be at most ${L.sources.label.maxCharacters} characters`,
    }).openapi({ description: 'How the source is cited.', example: 'Health survey 2023, p. 4' }),
    text: boundedText('text', L.sources.text.maxCharacters).openapi({
      description: `The source text, at most ${L.sources.text.maxCharacters.toLocaleString('en-US')} characters and ${L.sources.text.maxSentences} sentences. ${UNIT_NOTE}`,
    }),
    url: unitString({
      max: L.sources.url.maxCharacters,
      notString: 'url must be a string',
      tooLong: `url must be at most ${L.sources.url.maxCharacters} characters`,
    })
      .optional()
      .openapi({
        description:
          'Where the source comes from: metadata only, echoed back, never fetched or followed by the service.',
      }),
  })
  .openapi('ArgumentSource')

const ArgumentFieldsSchema = z
  .strictObject({
    text: boundedText('text', L.text.maxCharacters, L.text.minCharacters).openapi({
      description: `The argument: ${L.text.minCharacters} to ${L.text.maxCharacters.toLocaleString('en-US')} characters, at most ${L.text.maxSentences} sentences. ${UNIT_NOTE}`,
      example: 'The survey shows that all residents support the new park.',
    }),
    context: boundedText('context', L.context.maxCharacters)
      .optional()
      .openapi({
        description: `Background the argument responds to, at most ${L.context.maxCharacters.toLocaleString('en-US')} characters. Its vocabulary counts as known when listing argument terms that no source uses.`,
      }),
    reply: boundedText('reply', L.reply.maxCharacters)
      .optional()
      .openapi({
        description: `A reply to the argument, at most ${L.reply.maxCharacters.toLocaleString('en-US')} characters: compared with the argument (what it takes up, what it leaves aside).`,
      }),
    sources: z
      .array(ArgumentSourceSchema, { error: 'sources must be an array' })
      .max(L.sources.maxCount, `sources must have at most ${L.sources.maxCount} entries`)
      .default([])
      .openapi({ description: `At most ${L.sources.maxCount} sources, each with a unique id.` }),
    mode: z.enum(['local', 'cloud'], { error: 'mode must be "local" or "cloud"' }).default('local').openapi({
      description:
        '`local` (default): deterministic text checks, no key. `cloud`: model-assisted review, needs a key with the `argument-review` entitlement, `consent: true`, and a configured provider.',
    }),
    consent: z.boolean({ error: 'consent must be a boolean' }).optional().openapi({
      description:
        'Must be `true` in cloud mode: consent to send the texts to the AI provider. Ignored in local mode.',
    }),
  })
  .superRefine((input, ctx) => {
    const seen = new Map<string, number>()
    input.sources.forEach((source, index) => {
      const first = seen.get(source.id)
      if (first === undefined) seen.set(source.id, index)
      else {
        ctx.addIssue({
          code: 'custom',
          path: ['sources', index, 'id'],
          message: `id must be unique within the request ("${source.id}" is also sources.${first}.id)`,
        })
      }
    })
    if (input.mode === 'cloud' && input.consent !== true) {
      ctx.addIssue({
        code: 'custom',
        path: ['consent'],
        message: 'consent must be true in cloud mode (the texts are sent to an AI provider)',
      })
    }
  })
  .openapi('ArgumentInput', {
    description: `The review request. JSON, at most ${L.requestBytes.toLocaleString('en-US')} bytes. ${UNIT_NOTE} Unknown fields are refused.`,
  })

/** Sentence k of a field is [bounds[2k], bounds[2k + 1]): found once, while the sentences are counted. */
export type InputSentences = { text: SentenceBounds; sources: SentenceBounds[] }

function sentencesWithin(
  field: string,
  text: string,
  maxSentences: number,
  path: Array<string | number>,
  ctx: z.RefinementCtx,
): SentenceBounds {
  const bounds = sentenceBounds(text)
  const sentences = bounds.length / 2
  if (sentences > maxSentences) {
    ctx.addIssue({
      code: 'custom',
      path,
      message: `${field} must be at most ${maxSentences} sentences (it has ${sentences}; the sentence rule is in GET /api/argument)`,
    })
  }
  return bounds
}

/**
 * The review request, validated: its fields, then the sentence bounds of the text and of each source. The
 * sentences found while counting them are handed on with the input (`sentences`), so the review does not
 * split the same texts again and nothing is kept between requests.
 */
export const ArgumentInputSchema = ArgumentFieldsSchema.transform((input, ctx) => {
  const sentences: InputSentences = {
    text: sentencesWithin('text', input.text, L.text.maxSentences, ['text'], ctx),
    sources: input.sources.map((source, i) =>
      sentencesWithin('text', source.text, L.sources.text.maxSentences, ['sources', i, 'text'], ctx),
    ),
  }
  return { ...input, sentences }
})

export type ArgumentInput = z.output<typeof ArgumentFieldsSchema> & { sentences?: InputSentences }

export const PassageSchema = z
  .object({
    field: z.enum(['text', 'context', 'reply', 'source']),
    sourceId: z.string().optional().openapi({ description: 'The source id, when `field` is `source`.' }),
    start: z.number().int().nonnegative(),
    end: z.number().int().nonnegative(),
  })
  .openapi('Passage', {
    description:
      'A half-open range [start, end) of UTF-16 code units into the original submitted field: `text.slice(start, end)` in JavaScript. Emoji and combining marks count as their code units.',
  })

const TermOccurrencesSchema = z
  .object({
    term: z.string().openapi({ description: 'The lemmatized term.', example: 'study' }),
    passages: z.array(PassageSchema).openapi({ description: 'Where its words are, in text order.' }),
  })
  .openapi('TermOccurrences')

const SentenceMatchSchema = z
  .object({
    passage: PassageSchema.openapi({ description: 'The matched sentence.' }),
    sentence: z
      .number()
      .int()
      .openapi({ description: 'Index of the matched sentence in its field, from 0.' }),
    score: z
      .number()
      .openapi({ description: 'Weighted overlap score from 0 to 1 (rule in GET /api/argument).' }),
    sharedTerms: z.array(TermOccurrencesSchema).openapi({
      description: 'Terms both sentences use, heaviest first; passages are in the matched sentence.',
    }),
  })
  .openapi('SentenceMatch')

const NumberKindSchema = z.enum(['number', 'percent', 'percentage-points', 'date'])

const NumberCheckSchema = z
  .object({
    passage: PassageSchema,
    text: z.string().openapi({ example: '45%' }),
    kind: NumberKindSchema,
    value: z.string().openapi({ description: 'Normalized value: decimal, or ISO date.', example: '45' }),
    status: z.enum(['same-value-in-match', 'other-value-in-match', 'not-in-matches']).openapi({
      description:
        'Compared with the figure of the same slot in the listed matched sentences (`sameSlot`): it has the same value; it has another value (a same value said of something else does not count); there is no figure of that kind and unit.',
    }),
    inMatches: z
      .array(
        z.object({
          passage: PassageSchema,
          text: z.string(),
          value: z.string(),
          sameValue: z.boolean(),
          sameSlot: z.boolean().openapi({
            description:
              'Whether this is the figure of the same slot: the one whose clause lines up best with the figure’s own (the words near it, and what it counts). Only that one is compared.',
          }),
        }),
      )
      .openapi({
        description:
          'Figures of the same kind (and unit, when both have one) in the listed matched sentences; a year meets years of the same event.',
      }),
    elsewhere: z.array(PassageSchema).openapi({
      description: 'The same kind and value in sentences that are not listed matches (first 5).',
    }),
    elsewhereTotal: z.number().int(),
    observation: z.string(),
  })
  .openapi('NumberCheck')

const CueWordSchema = z.object({
  passage: PassageSchema,
  word: z.string(),
  quantity: z.enum(['universal', 'partial', 'none']).optional(),
})

const CueObservationSchema = z
  .object({
    cue: z.enum(['negation', 'hedge', 'booster', 'quantifier']),
    match: PassageSchema.openapi({ description: 'The matched sentence the cue is compared with.' }),
    words: z.array(CueWordSchema).openapi({ description: 'Cue words of this kind in the sentence.' }),
    matchWords: z
      .array(CueWordSchema)
      .openapi({ description: 'Cue words of this kind in the matched sentence.' }),
    observation: z.string().openapi({ description: 'A text observation for a human reader, not a verdict.' }),
  })
  .openapi('CueObservation')

const FramingSchema = z
  .object({
    kind: z.enum(['report', 'denial', 'sarcasm', 'scare-quotes']),
    passage: PassageSchema,
    text: z.string(),
  })
  .openapi('Framing')

const ContrastSchema = z
  .object({
    kind: z.enum(['vote', 'change', 'duration', 'opposite']).openapi({
      description:
        '`vote`: `unanimously` beside a tally with votes against (or the reverse); `change`: a factor in words (`doubled`, `halved`) beside both ends of a change that give another ratio; `duration`: a duration in words (`for a year`) beside durations of which none is it; `opposite`: a direction or outcome word (`higher`, `end`) where the best match has its opposite (`lower`, `continue`) and not the word.',
    }),
    passage: PassageSchema.openapi({ description: 'The words in the sentence.' }),
    text: z.string(),
    match: PassageSchema.openapi({ description: 'The matched sentence.' }),
    matchPassage: PassageSchema.openapi({ description: 'The words in the matched sentence.' }),
    matchText: z.string(),
    observation: z.string().openapi({ description: 'A text observation for a human reader, not a verdict.' }),
  })
  .openapi('Contrast', {
    description:
      'A figure or direction written in words set against what a matched sentence writes for it: two passages to read side by side.',
  })

const FoldedExtrasSchema = z
  .object({
    unsourced: z.array(TermOccurrencesSchema).openapi({
      description: 'Terms of this sentence that no source and not the context uses (passages here).',
    }),
    meanings: z.array(TermOccurrencesSchema).openapi({
      description:
        'Terms of this sentence shared with a listed match that have a meaning note (`meaningNotes`, by `term`).',
    }),
    summary: z.string().openapi({ description: 'One line saying what is folded, for a collapsed view.' }),
  })
  .openapi('FoldedExtras', {
    description:
      'Vocabulary observations of one sentence folded into one group, to be shown collapsed: they are about words, not about what the sentence says. The field-wide lists stay in `vocabulary.unsourced` and `meaningNotes`.',
  })

const SentenceReviewSchema = z
  .object({
    index: z.number().int(),
    passage: PassageSchema,
    terms: z
      .array(TermOccurrencesSchema)
      .openapi({ description: 'Content terms of the sentence, in text order.' }),
    matches: z
      .array(SentenceMatchSchema)
      .openapi({ description: 'The best matched sentences sharing content terms (at most 5), best first.' }),
    otherMatchingSentences: z
      .number()
      .int()
      .openapi({ description: 'How many more sentences share at least one term but are not listed.' }),
    numbers: z.array(NumberCheckSchema),
    cues: z.array(CueObservationSchema).openapi({
      description:
        'Cue differences with the best matched sentence that is not a title or heading, at most one per cue class; a cue of the matched sentence counts only in a clause that shares a word with the sentence.',
    }),
    contrasts: z
      .array(ContrastSchema)
      .openapi({ description: 'At most one of each kind, best match first.' }),
    extras: FoldedExtrasSchema.nullable().openapi({
      description:
        'Folded vocabulary observations of the sentence; null when there are none, and for reply sentences.',
    }),
    framing: z.array(FramingSchema).openapi({
      description:
        'How the sentence presents what it says, by the shared cue reader: `report` (`critics claim …`: attributed, not asserted by the writer), `denial` (`nobody said …`), `sarcasm` (`yeah, right`, `oh great`, `so-called`) or `scare-quotes` (a word or two in double quotes). Cue words inside them belong to them; a sentence marked as sarcasm gets no cue observations, since its words may mean the opposite.',
    }),
  })
  .openapi('SentenceReview')

const QuotationSchema = z
  .object({
    passage: PassageSchema.openapi({ description: 'The quoted words, without the quote marks.' }),
    quote: z.string(),
    status: z.enum(['verbatim', 'normalized', 'in-parts', 'not-found']),
    places: z.array(PassageSchema).openapi({
      description: 'Where it was found (first 5 per text); for `in-parts`, one passage per part.',
    }),
    placesTotal: z.number().int(),
    closest: z
      .object({
        passage: PassageSchema,
        text: z.string(),
        sharedShare: z
          .number()
          .openapi({ description: 'Share of the quotation’s distinct words it has (0.5 to 1).' }),
        onlyInQuote: z
          .array(z.string())
          .openapi({ description: 'Words of the quotation the passage lacks.' }),
        onlyInPassage: z
          .array(z.string())
          .openapi({ description: 'Words of the passage the quotation lacks.' }),
      })
      .nullable()
      .openapi({
        description:
          'For `not-found`: the passage of the searched texts closest to the quotation (the sentence sharing the largest share of its words, at least half, cut to the stretch they span) and how it differs; null otherwise or when none shares half its words.',
      }),
    observation: z.string(),
  })
  .openapi('Quotation')

const UnusedSourceTermSchema = z.object({
  term: z.string(),
  count: z.number().int().openapi({ description: 'Occurrences in all sources.' }),
  sources: z.array(z.string()).openapi({ description: 'Ids of the sources that use it.' }),
  first: PassageSchema,
  inMatchedSentences: z.boolean().openapi({
    description: 'Whether it occurs in a source sentence listed as a match of an argument sentence.',
  }),
})

const MeaningNoteSchema = z
  .object({
    term: z.string(),
    passages: z.array(PassageSchema).openapi({ description: 'Its occurrences in the argument.' }),
    sharedInSentences: z
      .number()
      .int()
      .openapi({ description: 'Argument sentences in which it is a shared term of a listed match.' }),
    meanings: z.array(
      z.object({
        id: z.string().openapi({ description: 'Meaning ID (WordNet sense key).', example: 'bank%1:14:00::' }),
        partOfSpeech: z.enum(['noun', 'verb', 'adjective', 'adverb']),
        definition: z.string(),
      }),
    ),
    meaningsTotal: z.number().int(),
    note: z.string(),
  })
  .openapi('MeaningNote')

const ReplyReviewSchema = z
  .object({
    sentences: z.array(SentenceReviewSchema).openapi({
      description: 'Each reply sentence compared with the argument sentences (passages in `text`).',
    }),
    quotations: z
      .array(QuotationSchema)
      .openapi({ description: 'Quotations in the reply, checked against the argument, then the sources.' }),
    takesUp: z.array(
      z.object({
        sentence: z.number().int(),
        passage: PassageSchema,
        bestScore: z.number(),
        replySentences: z.array(z.number().int()),
        sharedTerms: z.array(z.string()),
      }),
    ),
    leavesAside: z.array(z.object({ sentence: z.number().int(), passage: PassageSchema })),
    terms: z.object({
      takenUp: z
        .array(TermOccurrencesSchema)
        .openapi({ description: 'Argument terms the reply uses (reply passages).' }),
      leftAside: z
        .array(TermOccurrencesSchema)
        .openapi({ description: 'Argument terms the reply never uses (argument passages).' }),
      newInReply: z
        .array(TermOccurrencesSchema)
        .openapi({ description: 'Reply terms the argument never uses (reply passages).' }),
    }),
  })
  .openapi('ReplyReview')

export const TextCheckReviewSchema = z
  .object({
    mode: z.literal('local'),
    method: z.literal('text-checks'),
    notices: z.array(z.string()).openapi({ description: 'What this review is and is not.' }),
    lexicon: z
      .object({ release: z.string() })
      .openapi({ description: 'The lexicon release used for terms.' }),
    fields: z.object({
      text: z.object({ characters: z.number().int(), sentences: z.number().int() }),
      context: z.object({ characters: z.number().int(), sentences: z.number().int() }).nullable(),
      reply: z.object({ characters: z.number().int(), sentences: z.number().int() }).nullable(),
      sources: z.array(
        z.object({
          id: z.string(),
          label: z.string(),
          url: z.string().optional(),
          characters: z.number().int(),
          sentences: z.number().int(),
        }),
      ),
    }),
    sentences: z
      .array(SentenceReviewSchema)
      .openapi({ description: 'Each argument sentence against the sources.' }),
    quotations: z
      .array(QuotationSchema)
      .openapi({ description: 'Quotations in the argument, checked against the sources, then the context.' }),
    vocabulary: z.object({
      unsourced: z.array(TermOccurrencesSchema).openapi({
        description: 'Argument terms that no source and not the context uses, in order of first use.',
      }),
      unusedSourceTerms: z.array(UnusedSourceTermSchema).openapi({
        description:
          'Source terms the argument never uses, most frequent first (ties in order of first appearance in the request), at most 50: the topics of the sources the argument leaves out.',
      }),
      unusedSourceTermsTotal: z
        .number()
        .int()
        .openapi({ description: 'How many distinct source terms the argument never uses, listed or not.' }),
    }),
    meaningNotes: z.array(MeaningNoteSchema),
    meaningNotesTotal: z
      .number()
      .int()
      .openapi({ description: 'Notes that qualified, listed or not (at most 16 listed).' }),
    reply: ReplyReviewSchema.nullable(),
  })
  .openapi('TextCheckReview', {
    description:
      'A deterministic vocabulary comparison: the same input gives the same bytes. It is not entailment and not fact-checking; an absent match is not a negative factual judgment.',
  })

export type TextCheckReview = z.infer<typeof TextCheckReviewSchema>
export type Passage = z.infer<typeof PassageSchema>
export type TermOccurrences = z.infer<typeof TermOccurrencesSchema>
export type SentenceReview = z.infer<typeof SentenceReviewSchema>
export type NumberCheck = z.infer<typeof NumberCheckSchema>
export type CueObservation = z.infer<typeof CueObservationSchema>
export type Contrast = z.infer<typeof ContrastSchema>
export type FoldedExtras = z.infer<typeof FoldedExtrasSchema>
export type Quotation = z.infer<typeof QuotationSchema>
export type MeaningNote = z.infer<typeof MeaningNoteSchema>
export type ReplyReview = z.infer<typeof ReplyReviewSchema>
export type UnusedSourceTerm = z.infer<typeof UnusedSourceTermSchema>
