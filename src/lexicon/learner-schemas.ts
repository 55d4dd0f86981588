/**
 * The shapes of what a word record tells a learner beyond WordNet: how common the word is in speech and how
 * it sounds. Kept apart from the record's own schemas (src/lexicon/schemas.ts), which name them.
 */
import { z } from '@hono/zod-openapi'
import { PARTS_OF_SPEECH } from './wordnet-format'

/** The bands a learner reads, from the word's Zipf value in SUBTLEX-US (src/lexicon/frequency.ts). */
export const FREQUENCY_BANDS = ['very common', 'common', 'less common', 'rare'] as const

export const FrequencyBandSchema = z.enum(FREQUENCY_BANDS).openapi({
  description:
    'How common the word is in spoken English (SUBTLEX-US Zipf value): very common 5 and above (about one in every 10,000 words or more often), common 4 to 5, less common 3 to 4, rare below 3 or not in the subtitles.',
  example: 'common',
})

export const FrequencySchema = z
  .object({
    zipf: z.number().nullable().openapi({
      description:
        'log10 of the word form’s count per billion words of SUBTLEX-US (American film and television subtitles, 51 million words), Laplace-smoothed; 1 to 7. Null when the subtitles do not have the word.',
      example: 4.71,
    }),
    band: FrequencyBandSchema.nullable().openapi({
      description: 'Null for a phrase (SUBTLEX-US counts single words only).',
    }),
  })
  .openapi('Frequency', {
    description: 'How often the word is heard, from SUBTLEX-US (Brysbaert & New, 2009).',
  })

export const PronunciationSchema = z
  .object({
    arpabet: z.string().openapi({
      description: 'The CMU Pronouncing Dictionary entry in ARPAbet, stress digits on the vowels.',
      example: 'R EH1 K ER0 D',
    }),
    ipa: z
      .string()
      .openapi({ description: 'The same in the IPA, stress marks before syllables.', example: 'ˈɹɛkɚd' }),
    syllables: z.number().int().openapi({ example: 2 }),
    stress: z.string().openapi({
      description: 'One digit per syllable: 1 primary stress, 2 secondary, 0 none.',
      example: '10',
    }),
    partsOfSpeech: z
      .array(z.enum(PARTS_OF_SPEECH))
      .nullable()
      .openapi({
        description:
          'The parts of speech this pronunciation is for, where the word’s pronunciations differ by stress and the word is a noun and a verb ("record": the noun stressed on its first syllable, the verb on a later one); null when it is not known, and then any.',
        example: ['noun'],
      }),
  })
  .openapi('Pronunciation')

export const SoundSchema = z
  .object({
    pronunciations: z.array(PronunciationSchema).openapi({
      description: 'Every pronunciation CMUdict gives, in its order; empty when the word is not in it.',
    }),
    note: z.string().nullable().openapi({
      description: 'Why there is no pronunciation, or how the parts of speech were assigned.',
    }),
  })
  .openapi('Sound', { description: 'How the word sounds, from the CMU Pronouncing Dictionary 0.7b.' })

export const meaningShareSchema = {
  share: z.number().nullable().openapi({
    description:
      'This meaning’s share of the word’s tags in the semantic concordances (SemCor), 0 to 1; null when none of the word’s meanings was tagged.',
    example: 0.62,
  }),
  mostCommon: z.boolean().openapi({
    description: 'The word’s most often tagged meaning (only one per word, and only when it was tagged).',
  }),
}
