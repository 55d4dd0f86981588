/**
 * The meanings a reverse dictionary answers without matching definitions: a word's opposites ("the
 * opposite of hot") and, for "very big", the adjectives WordNet clusters around it. Through WordNet's
 * antonym (`!`) and similar-to (`&`) pointers: an antonym of the word's own sense first, then a synonym's
 * antonym ("big" is in the meaning of "large", whose antonym is "small") or, for a satellite adjective
 * ("ancient"), its head's antonym, then the adjectives similar to an antonym ("cold": "icy", "frigid").
 * And the converse of a verb ("buy": "sell"), since a place is defined by what is done there from its side:
 * "a place where you buy food" is a marketplace "where groceries are sold".
 */
import { baseForms } from '../lexicon/morphology'
import {
  normalizeLemma,
  pointersOf,
  senseSynset,
  senseSynsetPos,
  senseWritten,
  sensesOf,
  synsetSenses,
  synsetType,
  type Lexicon,
} from '../lexicon/lexicon'
import type { PartOfSpeech } from '../lexicon/wordnet-format'
import { perLexicon } from '../text/per-lexicon'
import { meaningTerms } from './terms'

/** A meaning found through pointers: how directly (0 first) and from which sense of the word (0 its first). */
export type Related = { sense: number; tier: number; order: number }

/** The word's senses, or its base forms' ("happier": "happy"), of one part of speech when given. */
function sensesOfWord(lexicon: Lexicon, word: string, pos?: PartOfSpeech): number[] {
  const lemma = normalizeLemma(word)
  let senses = [...sensesOf(lexicon, lemma)]
  if (senses.length === 0)
    senses = baseForms(lexicon, lemma, pos).flatMap((base) => [...sensesOf(lexicon, base.word)])
  return pos === undefined ? senses : senses.filter((s) => senseSynsetPos(lexicon, s) === pos)
}

/** The satellites of an adjective head synset (`&` pointers to satellites), each sense of them. */
function satellitesOf(lexicon: Lexicon, head: number): number[] {
  const out: number[] = []
  for (const [symbol, target] of pointersOf(lexicon, head))
    if (symbol === '&' && synsetType(lexicon, target) === 's') out.push(...synsetSenses(lexicon, target))
  return out
}

export function oppositesOf(lexicon: Lexicon, word: string, pos?: PartOfSpeech): Related[] {
  const out: Related[] = []
  const heads: Array<[number, number]> = []
  sensesOfWord(lexicon, word, pos).forEach((sense, order) => {
    const synset = senseSynset(lexicon, sense)
    for (const [symbol, target, source, targetSense] of pointersOf(lexicon, synset)) {
      if (symbol !== '!') continue
      const own = source === sense || source === -1
      if (targetSense === -1)
        for (const s of synsetSenses(lexicon, target)) out.push({ sense: s, tier: 1, order })
      else out.push({ sense: targetSense, tier: own ? 0 : 1, order })
      heads.push([target, order])
    }
    if (synsetType(lexicon, synset) !== 's') return
    for (const [symbol, head] of pointersOf(lexicon, synset)) {
      if (symbol !== '&') continue
      for (const [headSymbol, target, , targetSense] of pointersOf(lexicon, head))
        if (headSymbol === '!' && targetSense !== -1) {
          out.push({ sense: targetSense, tier: 1, order })
          heads.push([target, order])
        }
    }
  })
  for (const [head, order] of heads)
    for (const sense of satellitesOf(lexicon, head)) out.push({ sense, tier: 2, order })
  return out
}

/** The adjectives clustered around an adjective's meanings: its head's satellites ("big": "huge", "vast"). */
export function similarAdjectivesOf(lexicon: Lexicon, word: string): Related[] {
  const out: Related[] = []
  sensesOfWord(lexicon, word).forEach((sense, order) => {
    const synset = senseSynset(lexicon, sense)
    const type = synsetType(lexicon, synset)
    if (type === 'a') for (const s of satellitesOf(lexicon, synset)) out.push({ sense: s, tier: 0, order })
    if (type !== 's') return
    for (const [symbol, head] of pointersOf(lexicon, synset))
      if (symbol === '&') for (const s of satellitesOf(lexicon, head)) out.push({ sense: s, tier: 1, order })
  })
  return out
}

/** Per base verb, its irregular forms in the exception list ("sell": "sold"), as definitions write them. */
const irregularVerbForms = perLexicon((lexicon) => {
  const out = new Map<string, string[]>()
  for (const [form, bases] of Object.entries(lexicon.exceptions.verb))
    for (const base of bases) out.set(base, [...(out.get(base) ?? []), form])
  return out
})

/**
 * The stems of the converses of a description's verbs, their first meaning's antonyms with their irregular
 * forms ("buy": "sell", "sold"; "borrow": "lend", "lent"), less the description's own terms.
 */
export function converseTerms(lexicon: Lexicon, description: string, terms: readonly string[]): string[] {
  const out = new Set<string>()
  for (const [word] of description.toLowerCase().matchAll(/[a-z]+/g)) {
    const first = sensesOfWord(lexicon, word, 'verb')[0]
    if (first === undefined) continue
    for (const [symbol, , source, targetSense] of pointersOf(lexicon, senseSynset(lexicon, first))) {
      if (symbol !== '!' || source !== first || targetSense === -1) continue
      const converse = senseWritten(lexicon, targetSense)
      for (const form of [converse, ...(irregularVerbForms(lexicon).get(converse) ?? [])])
        for (const term of meaningTerms(form)) if (!terms.includes(term)) out.add(term)
    }
  }
  return [...out]
}
