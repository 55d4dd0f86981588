/**
 * The shapes of `GET /api/lexicon/search`: its query (one kind of search, the filters, the page) and its
 * answer (the words found, each with what a learner reads beside it). One schema per shape, for validation,
 * types and the OpenAPI document.
 */
import { z } from '@hono/zod-openapi'
import { FREQUENCY_BANDS, FrequencyBandSchema } from '../lexicon/learner-schemas'
import { PARTS_OF_SPEECH } from '../lexicon/wordnet-format'
import { unitString } from '../validation/text-length'

export const MAX_PATTERN = 50
export const MAX_DESCRIPTION = 200
export const MAX_LIMIT = 100
export const DEFAULT_LIMIT = 20
export const MAX_CURSOR = 200
export const MAX_SYLLABLES = 20

/** The kinds of search; a request asks exactly one. */
export const SEARCH_KINDS = ['spelled', 'sounds', 'rhymes', 'means', 'random'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

/** A short text of letters of a given alphabet (`what` names it for the error). */
const lettered = (name: string, alphabet: RegExp, what: string) =>
  unitString({
    min: 1,
    max: MAX_PATTERN,
    tooShort: `${name} must not be empty`,
    tooLong: `${name} must be at most ${MAX_PATTERN} characters`,
  })
    .refine((value) => alphabet.test(value), { error: `${name} takes ${what} only` })
    .optional()

const word = (name: string, description: string, example: string) =>
  lettered(name, /^[A-Za-z' -]+$/, 'letters, apostrophes, hyphens and spaces').openapi({
    param: { name, in: 'query' },
    description,
    example,
  })

/** An optional integer query parameter from 1 to `max`. */
const integerParam = (name: string, max: number, description: string) => {
  const error = `${name} must be an integer from 1 to ${max}`
  return z.coerce
    .number({ error })
    .int(error)
    .min(1, error)
    .max(max, error)
    .optional()
    .openapi({ param: { name, in: 'query' }, description })
}

export const SearchQuerySchema = z.object({
  spelled: lettered(
    'spelled',
    /^[A-Za-z'?*-]+$/,
    'letters, apostrophes, hyphens and the wildcards ? and *',
  ).openapi({
    param: { name: 'spelled', in: 'query' },
    description: `Words spelt like this, 1 to ${MAX_PATTERN} characters, any case: \`?\` stands for one letter, \`*\` for any run of letters (none too). Commonest first.`,
    example: 'r?n*',
  }),
  sounds: word(
    'sounds',
    `Words that sound like this spelling (a word or not), 1 to ${MAX_PATTERN} characters: the same consonant sounds, the same stressed vowel first, then the commonest.`,
    'nite',
  ),
  rhymes: word(
    'rhymes',
    `Words that rhyme with this word, 1 to ${MAX_PATTERN} characters, by its CMU Pronouncing Dictionary pronunciation: perfect rhymes (the same sounds from the last stressed vowel on), commonest first, then near rhymes (that vowel, and consonants of the same kind after it).`,
    'light',
  ),
  means: unitString({
    min: 1,
    max: MAX_DESCRIPTION,
    tooShort: 'means must not be empty',
    tooLong: `means must be at most ${MAX_DESCRIPTION} characters (UTF-16 code units)`,
  })
    .optional()
    .openapi({
      param: { name: 'means', in: 'query' },
      description: `A reverse dictionary: words for a meaning described in a few words, 1 to ${MAX_DESCRIPTION} UTF-16 code units. "The opposite of X" or "not X" answers X's opposites (WordNet's antonyms, then the adjectives like them), with a \`note\` saying so. Otherwise ranked by how well a meaning's definition matches the description's words (BM25 over stemmed words, the definition's head counting most; a description opening with its kind, such as "a place where" or "a person who", favouring meanings of that kind; for "very X", the adjectives like X), how close the word's vector in the meaning model is to the description's, whether corpus readers met that meaning, and how common the word is. The description's own words are not answered.`,
      example: 'a large body of water',
    }),
  random: z
    .enum(['true'], { error: 'random takes true only' })
    .optional()
    .openapi({
      param: { name: 'random', in: 'query' },
      description:
        'Random words of the English word list (uniform, after the filters): `band=common` gives words a learner meets. `limit` words (default 1), no cursor; a new draw each request.',
      example: 'true',
    }),
  pos: z
    .enum(PARTS_OF_SPEECH, { error: `pos must be one of ${PARTS_OF_SPEECH.join(', ')}` })
    .optional()
    .openapi({
      param: { name: 'pos', in: 'query' },
      description:
        'Only words the lexicon has in this part of speech, or inflected forms of such words ("ran" is a verb).',
    }),
  syllables: integerParam(
    'syllables',
    MAX_SYLLABLES,
    'Only words of this many syllables in the CMU Pronouncing Dictionary (words it lacks are left out).',
  ),
  band: z
    .enum(FREQUENCY_BANDS, { error: `band must be one of ${FREQUENCY_BANDS.join(', ')}` })
    .optional()
    .openapi({ param: { name: 'band', in: 'query' }, description: 'Only words of this frequency band.' }),
  safe: z
    .enum(['true', 'false'], { error: 'safe takes true or false' })
    .optional()
    .openapi({
      param: { name: 'safe', in: 'query' },
      description:
        'Classroom-safe (default `true`): leave out every word with a meaning marked offensive or vulgar, or on the LDNOOBW profanity list, whichever kind of search. `false` answers them too.',
    }),
  limit: integerParam(
    'limit',
    MAX_LIMIT,
    `Words per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}; 1 for \`random\`).`,
  ),
  cursor: unitString({
    min: 1,
    max: MAX_CURSOR,
    tooShort: 'cursor must not be empty',
    tooLong: `cursor must be at most ${MAX_CURSOR} characters`,
  })
    .optional()
    .openapi({
      param: { name: 'cursor', in: 'query' },
      description:
        'Omit for the first page; otherwise the `nextCursor` of the previous page, unchanged, with the same query. A search pages through at most its first 1,000 words.',
    }),
})

export type SearchQuery = z.infer<typeof SearchQuerySchema>

export const FoundWordSchema = z
  .object({
    word: z.string().openapi({
      description: 'The word as written: lower case, or with its capitals when it is only a name ("Ron").',
      example: 'run',
    }),
    partsOfSpeech: z.array(z.enum(PARTS_OF_SPEECH)).openapi({
      description:
        'The parts of speech the lexicon has the word in; for an inflected form, those of its base forms. Empty when neither is a lexicon word ("the").',
      example: ['noun', 'verb'],
    }),
    formOf: z.string().nullable().openapi({
      description: 'For an inflected form that is not itself a lexicon word, its base word ("ran" → "run").',
      example: null,
    }),
    zipf: z.number().nullable().openapi({
      description: 'SUBTLEX-US Zipf value, as in the word record; null when the subtitles lack the word.',
      example: 5.44,
    }),
    band: FrequencyBandSchema,
    syllables: z.number().int().nullable().openapi({
      description:
        'Syllables in the CMU Pronouncing Dictionary (its first pronunciation); null when it lacks the word.',
      example: 1,
    }),
    rhyme: z
      .enum(['perfect', 'near'])
      .optional()
      .openapi({ description: '`rhymes` only: the kind of rhyme.' }),
    score: z.number().optional().openapi({
      description:
        '`means`: how well the word fits, 0 to 1. `sounds`: 1 when its stressed vowel is the one the spelling says, 0.5 otherwise.',
    }),
    meaning: z.string().optional().openapi({
      description: '`means` only: the meaning ID of the word whose definition matched best.',
      example: 'ocean%1:17:00::',
    }),
    definition: z.string().optional().openapi({
      description: '`means` only: that meaning’s definition, the reason the word is answered.',
    }),
  })
  .openapi('FoundWord')

export type FoundWord = z.infer<typeof FoundWordSchema>

export const SearchResultSchema = z
  .object({
    kind: z.enum(SEARCH_KINDS),
    query: z.string().openapi({ description: 'What was searched for, as given (`true` for random).' }),
    words: z.array(FoundWordSchema).max(MAX_LIMIT),
    nextCursor: z.string().nullable().openapi({
      description: 'Pass unchanged as `cursor` for the next page; null on the last page and for `random`.',
    }),
    note: z.string().nullable().openapi({
      description:
        'Why no word could be found, when that is known ("… is not in the CMU Pronouncing Dictionary").',
    }),
  })
  .openapi('LexiconSearchResult', {
    description: 'Words found, best first, each with its parts of speech, frequency band and syllables.',
  })

export type SearchResult = z.infer<typeof SearchResultSchema>
