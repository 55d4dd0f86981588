/**
 * Looser links than synonymy or hypernymy between a claim word left without counterpart and an excerpt word,
 * for the combiner to weigh: one word in the other's definition (`lawn`, "a field of cultivated and mowed
 * grass", and `grass`), one a part, member or substance of the other (`finger` and `hand`), or both direct
 * kinds of the same thing (`stroll` and `hike` are both ways to `walk`). None entails by itself; together
 * with the rest of an alignment they tell a paraphrase from a claim about something else.
 */
import { type Lexicon, pointersOf, senseSynset, senseSynsetPos, sensesOf } from '../../lexicon/lexicon'
import type { PartOfSpeech, PointerSymbol } from '../../lexicon/wordnet-format'
import { boundedCache } from '../../text/bounded-cache'
import { perLexicon } from '../../text/per-lexicon'
import { definitionsOf } from './definitions'
import type { Term } from './reading'

export type LooseRelation = 'gloss' | 'part' | 'sibling'

/** How many of a lemma's first meanings in its part of speech are read: rare ones would link too much. */
const LOOSE_SENSES = 2
/** Lemmas (per part of speech) whose links are kept, a few hundred bytes each. */
const LOOSE_CACHE_LIMIT = 20_000

const PART_SYMBOLS = new Set<PointerSymbol>(['%p', '#p', '%m', '#m', '%s', '#s'])

type LooseFacts = { synsets: number[]; parts: Set<number>; parents: Set<number> }

const looseCache = perLexicon(() => boundedCache<string, LooseFacts>(LOOSE_CACHE_LIMIT))

/** A lemma's first meanings in a part of speech, what they are parts of or have as parts, and their parents. */
function looseFacts(lexicon: Lexicon, lemma: string, pos: PartOfSpeech): LooseFacts {
  const cache = looseCache(lexicon)
  const key = `${pos} ${lemma}`
  const cached = cache.get(key)
  if (cached) return cached
  const synsets = sensesOf(lexicon, lemma)
    .filter((sense) => senseSynsetPos(lexicon, sense) === pos)
    .slice(0, LOOSE_SENSES)
    .map((sense) => senseSynset(lexicon, sense))
  const parts = new Set<number>()
  const parents = new Set<number>()
  for (const s of synsets)
    for (const [symbol, target] of pointersOf(lexicon, s)) {
      if (PART_SYMBOLS.has(symbol)) parts.add(target)
      if (symbol === '@' || symbol === '@i') parents.add(target)
    }
  const result = { synsets, parts, parents }
  cache.set(key, result)
  return result
}

/** Whether a form of `word` is among the words of `by`'s first definitions. */
function inDefinitionOf(lexicon: Lexicon, word: Term, by: Term): boolean {
  if (by.partOfSpeech === null) return false
  const words = definitionsOf(lexicon, by.lemma, by.partOfSpeech).words
  return words.has(word.lemma) || word.keys.some((k) => words.has(k))
}

/** Whether one term names a part, member or substance of the other (`finger` / `hand`), either way. */
export function partLinked(lexicon: Lexicon, a: Term, b: Term): boolean {
  if (a.partOfSpeech === null || b.partOfSpeech === null) return false
  const fa = looseFacts(lexicon, a.lemma, a.partOfSpeech)
  const fb = looseFacts(lexicon, b.lemma, b.partOfSpeech)
  return fa.synsets.some((s) => fb.parts.has(s)) || fb.synsets.some((s) => fa.parts.has(s))
}

/** The closest loose link of two terms, or null: a definition first, then parts, then shared parents. */
export function looselyRelate(lexicon: Lexicon, a: Term, b: Term): LooseRelation | null {
  if (a.partOfSpeech === null || b.partOfSpeech === null) return null
  if (inDefinitionOf(lexicon, a, b) || inDefinitionOf(lexicon, b, a)) return 'gloss'
  if (partLinked(lexicon, a, b)) return 'part'
  if (a.partOfSpeech !== b.partOfSpeech) return null
  const fa = looseFacts(lexicon, a.lemma, a.partOfSpeech)
  const fb = looseFacts(lexicon, b.lemma, b.partOfSpeech)
  for (const p of fa.parents) if (fb.parents.has(p)) return 'sibling'
  return null
}
