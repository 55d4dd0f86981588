/**
 * How a word sounds, for its record: CMUdict's pronunciations (src/lexicon/pronunciation-file.ts) with IPA,
 * syllables and stress, and the part of speech of each where the word's pronunciations differ by stress and
 * the lexicon has the word as a noun and a verb ("record": the noun stressed first, the verb later, as
 * English noun-verb pairs are). Otherwise a pronunciation is for any part of speech, and the record says so.
 */
import type { z } from '@hono/zod-openapi'
import type { SoundSchema } from './learner-schemas'
import type { Lexicon } from './lexicon'
import { arpabetOf, readPronunciation, type Pronunciation } from './pronunciation-file'
import type { PartOfSpeech } from './wordnet-format'

export type Sound = z.infer<typeof SoundSchema>

/** Where the first primary stress falls (syllable index), or -1. */
const primaryAt = (p: Pronunciation) => p.stress.indexOf('1')

export function wordSound(lexicon: Lexicon, word: string, parts: readonly PartOfSpeech[]): Sound {
  if (word.includes(' '))
    return {
      pronunciations: [],
      note: `"${word}" is a phrase; the CMU Pronouncing Dictionary gives single words only.`,
    }
  const entries = arpabetOf(lexicon, word).map((a) => ({ ...readPronunciation(a), partsOfSpeech: null }))
  if (entries.length === 0)
    return { pronunciations: [], note: `"${word}" is not in the CMU Pronouncing Dictionary.` }
  const firsts = new Set(entries.map(primaryAt))
  const byStress = firsts.size > 1 && firsts.has(0) && parts.includes('noun') && parts.includes('verb')
  if (!byStress)
    return {
      pronunciations: entries,
      note: entries.length > 1 ? 'Which pronunciation goes with which part of speech is not known.' : null,
    }
  const nominal = parts.filter((p) => p !== 'verb' && p !== 'adverb')
  return {
    pronunciations: entries.map((e) => ({ ...e, partsOfSpeech: primaryAt(e) === 0 ? nominal : ['verb'] })),
    note: 'Parts of speech assigned by stress: stressed on the first syllable as a noun, later as a verb.',
  }
}
