/**
 * What the lexicon can make of a word form found in running text: each reading is one lemma in one part of
 * speech with its meanings. Inflected forms are mapped to their lemmas through WordNet's morphology
 * (exception lists and detachment rules), so "whales" reads as the noun "whale".
 */
import {
  isLemma,
  type Lexicon,
  normalizeLemma,
  senseKey,
  sensesOf,
  senseSynsetPos,
  senseWritten,
} from '../../lexicon/lexicon'
import { baseForms } from '../../lexicon/morphology'
import type { PartOfSpeech } from '../../lexicon/wordnet-format'

export type Reading = { lemma: string; partOfSpeech: PartOfSpeech; senses: number[] }

/** Senses of `lemma` in `pos` whose written form is lower case: common words, not names ("may", not "May"). */
export function commonSenses(lexicon: Lexicon, lemma: string, pos?: PartOfSpeech): number[] {
  return sensesOf(lexicon, lemma).filter((sense) => {
    const written = senseWritten(lexicon, sense)
    return written === written.toLowerCase() && (pos === undefined || senseSynsetPos(lexicon, sense) === pos)
  })
}

/** The word part of a token: a possessive `'s` is not part of the word it follows. */
export function wordPart(token: string): string {
  return token.replace(/['’]s$/i, '')
}

/** Every reading of a form (any case), the form itself first, then its base forms; each lemma and part once. */
export function readingsOf(lexicon: Lexicon, form: string): Reading[] {
  const word = normalizeLemma(form)
  const out: Reading[] = []
  const seen = new Set<string>()
  const add = (lemma: string, pos: PartOfSpeech) => {
    const key = `${pos}:${lemma}`
    if (seen.has(key)) return
    seen.add(key)
    const senses = commonSenses(lexicon, lemma, pos)
    if (senses.length > 0) out.push({ lemma, partOfSpeech: pos, senses })
  }
  if (isLemma(lexicon, word)) {
    for (const sense of sensesOf(lexicon, word)) add(word, senseSynsetPos(lexicon, sense))
  }
  for (const base of baseForms(lexicon, word)) add(base.word, base.partOfSpeech)
  return out
}

/** Meaning IDs (WordNet sense keys) of sense indices, in the lexicon's order. */
export function meaningIds(lexicon: Lexicon, senses: readonly number[]): string[] {
  return senses.map((sense) => senseKey(lexicon, sense))
}
