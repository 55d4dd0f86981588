/**
 * How two content terms relate through the lexicon: the same word, synonyms (a shared meaning), derivations,
 * broader or narrower (hypernym chains), and opposites (antonyms, directly or through a similar adjective's
 * antonym). Facts per lemma are gathered once per lexicon.
 */
import type { SenseRow, SynsetRow } from '../../lexicon/compile'
import { pointersOf, sensesOf, type Lexicon } from '../../lexicon/lexicon'
import { perLexicon } from '../text/per-lexicon'
import type { Term } from './reading'

export type TermRelation = 'same-word' | 'synonym' | 'derivation' | 'broader' | 'narrower'

export type Opposition = { via: 'antonym' | 'indirect-antonym'; meanings: [string, string] }

type LemmaFacts = {
  synsets: Set<number>
  derivations: Set<string>
  /** Ancestor synsets through hypernyms, up to ANCESTOR_DEPTH levels (dog → animal is seven). */
  ancestors: Set<number>
  antonyms: Map<string, Opposition>
}

const ANCESTOR_DEPTH = 12
/** Lemmas whose facts are kept (a few kilobytes each, mostly ancestor sets) before the memo starts over. */
const FACTS_CACHE_LIMIT = 20_000

const factsCache = perLexicon(() => new Map<string, LemmaFacts>())

function lemmaOf(lexicon: Lexicon, sense: number): string {
  return (lexicon.senses[sense] as SenseRow)[1].toLowerCase()
}

function facts(lexicon: Lexicon, lemma: string): LemmaFacts {
  const cache = factsCache(lexicon)
  const cached = cache.get(lemma)
  if (cached) return cached
  const result: LemmaFacts = {
    synsets: new Set(),
    derivations: new Set(),
    ancestors: new Set(),
    antonyms: new Map(),
  }
  const addAntonyms = (
    fromSense: number,
    antonymIndex: number,
    via: Opposition['via'],
    targetSense: number,
  ) => {
    const from = (lexicon.senses[fromSense] as SenseRow)[0]
    const targets = via === 'antonym' ? [targetSense] : (lexicon.synsets[antonymIndex] as SynsetRow)[5]
    for (const t of targets) {
      const word = lemmaOf(lexicon, t)
      if (!result.antonyms.has(word))
        result.antonyms.set(word, { via, meanings: [from, (lexicon.senses[t] as SenseRow)[0]] })
    }
    if (via === 'indirect-antonym') return
    // Satellites similar to the antonym head are opposites too (`wet` against `arid`, through `dry`).
    for (const [symbol, target] of pointersOf(lexicon, antonymIndex)) {
      if (symbol !== '&') continue
      for (const t of (lexicon.synsets[target] as SynsetRow)[5]) {
        const word = lemmaOf(lexicon, t)
        if (!result.antonyms.has(word))
          result.antonyms.set(word, {
            via: 'indirect-antonym',
            meanings: [from, (lexicon.senses[t] as SenseRow)[0]],
          })
      }
    }
  }
  for (const sense of sensesOf(lexicon, lemma)) {
    const synsetIndex = (lexicon.senses[sense] as SenseRow)[2]
    const synset = lexicon.synsets[synsetIndex] as SynsetRow
    result.synsets.add(synsetIndex)
    for (const [symbol, target, source, targetSense] of pointersOf(lexicon, synsetIndex)) {
      if (source !== -1 && source !== sense) continue
      if (symbol === '+' && targetSense !== -1) result.derivations.add(lemmaOf(lexicon, targetSense))
      if (symbol === '!' && targetSense !== -1) addAntonyms(sense, target, 'antonym', targetSense)
      if (symbol === '&' && synset[1] === 's') {
        // A satellite's opposites are its head adjective's antonyms.
        for (const [headSymbol, headTarget, headSource, headTargetSense] of pointersOf(lexicon, target)) {
          if (headSymbol === '!' && headTargetSense !== -1 && headSource !== -1) {
            addAntonyms(sense, headTarget, 'indirect-antonym', headTargetSense)
          }
        }
      }
    }
    let frontier = [synsetIndex]
    for (let depth = 0; depth < ANCESTOR_DEPTH && frontier.length > 0; depth++) {
      const next: number[] = []
      for (const s of frontier) {
        for (const [symbol, target] of pointersOf(lexicon, s)) {
          if ((symbol === '@' || symbol === '@i') && !result.ancestors.has(target)) {
            result.ancestors.add(target)
            next.push(target)
          }
        }
      }
      frontier = next
    }
  }
  if (cache.size >= FACTS_CACHE_LIMIT) cache.clear()
  cache.set(lemma, result)
  return result
}

/** The closest relation of term `a` to term `b`, from a's side (`broader`: a is more general than b). */
export function relateTerms(lexicon: Lexicon, a: Term, b: Term): TermRelation | null {
  if (a.lemma === b.lemma || a.keys.some((k) => b.keys.includes(k))) return 'same-word'
  const fa = facts(lexicon, a.lemma)
  const fb = facts(lexicon, b.lemma)
  if (fa.synsets.size === 0 || fb.synsets.size === 0) return null
  for (const s of fa.synsets) if (fb.synsets.has(s)) return 'synonym'
  if (fa.derivations.has(b.lemma) || fb.derivations.has(a.lemma)) return 'derivation'
  for (const s of fa.synsets) if (fb.ancestors.has(s)) return 'broader'
  for (const s of fb.synsets) if (fa.ancestors.has(s)) return 'narrower'
  return null
}

/** Whether the two terms are opposites in the lexicon, and through which meanings. */
export function opposeTerms(lexicon: Lexicon, a: Term, b: Term): Opposition | null {
  const direct = facts(lexicon, a.lemma).antonyms.get(b.lemma)
  if (direct) return direct
  const reverse = facts(lexicon, b.lemma).antonyms.get(a.lemma)
  return reverse ? { via: reverse.via, meanings: [reverse.meanings[1], reverse.meanings[0]] } : null
}

type TermKeys = { id: string; indexed: string[]; probes: string[] }

/**
 * Bounds on the pairs one comparison tries, so that its work grows with the length of the texts and not
 * with their product. Neither is reached by ordinary prose; only repetitive or contrived input is affected.
 * A term repeated more often than MAX_REPEATS in the first text (same word, same form) is paired only in
 * its first MAX_REPEATS occurrences; each term of the second text is paired with at most MAX_PARTNERS terms
 * of the first, found in the order of its keys: word forms first, then meanings, ancestors, derivations and
 * antonyms.
 */
export const PAIR_BOUNDS = { MAX_REPEATS: 16, MAX_PARTNERS: 64 } as const

const termKeysCache = perLexicon(() => new Map<string, TermKeys>())

/** The keys under which a term is indexed (what it is) and those it probes with (what it may relate to). */
function termKeys(lexicon: Lexicon, term: Term): TermKeys {
  const cache = termKeysCache(lexicon)
  const id = term.keys.length === 0 ? term.lemma : `${term.lemma}\u0000${term.keys.join('\u0000')}`
  const cached = cache.get(id)
  if (cached) return cached
  const keys = { id, ...keysOf(lexicon, term) }
  if (cache.size >= FACTS_CACHE_LIMIT) cache.clear()
  cache.set(id, keys)
  return keys
}

function keysOf(lexicon: Lexicon, term: Term): { indexed: string[]; probes: string[] } {
  const f = facts(lexicon, term.lemma)
  const words = [`w:${term.lemma}`, ...term.keys.map((k) => `w:${k}`)]
  return {
    indexed: [
      ...words,
      ...[...f.synsets].map((synset) => `s:${synset}`),
      ...[...f.ancestors].map((ancestor) => `a:${ancestor}`),
      ...[...f.derivations].map((word) => `d:${word}`),
      ...[...f.antonyms.keys()].map((word) => `n:${word}`),
    ],
    probes: [
      ...words,
      ...[...f.synsets].flatMap((synset) => [`s:${synset}`, `a:${synset}`]),
      ...[...f.ancestors].map((ancestor) => `s:${ancestor}`),
      ...[...f.derivations].map((word) => `w:${word}`),
      `d:${term.lemma}`,
      ...[...f.antonyms.keys()].map((word) => `w:${word}`),
      `n:${term.lemma}`,
    ],
  }
}

/**
 * The probe keys of a term list, indexed once per list: an evidence request compares one claim with every
 * sentence of its excerpts, so the claim's index is built once and each sentence only looks its own terms
 * up in it (work in proportion to the excerpt's length, not claim terms × sentences).
 */
const probeIndexes = new WeakMap<readonly Term[], Map<string, number[]>>()

function probeIndex(lexicon: Lexicon, terms: readonly Term[]): Map<string, number[]> {
  const cached = probeIndexes.get(terms)
  if (cached) return cached
  const index = new Map<string, number[]>()
  const repeats = new Map<string, number>()
  terms.forEach((term, i) => {
    const keys = termKeys(lexicon, term)
    const seen = repeats.get(keys.id) ?? 0
    repeats.set(keys.id, seen + 1)
    if (seen >= PAIR_BOUNDS.MAX_REPEATS) return
    for (const key of keys.probes) {
      const list = index.get(key)
      if (!list) index.set(key, [i])
      else if (list[list.length - 1] !== i) list.push(i)
    }
  })
  probeIndexes.set(terms, index)
  return index
}

/**
 * The pairs (i, j) of `a` and `b` terms that may relate or oppose, in order of i then j: those sharing a
 * word form, a meaning, a derivation, an ancestor or an antonym, found through an index of `a` (built once
 * per list) rather than by trying every pair, within PAIR_BOUNDS, so a long excerpt costs time in
 * proportion to its length.
 */
export function candidatePairs(
  lexicon: Lexicon,
  a: readonly Term[],
  b: readonly Term[],
): Array<[number, number]> {
  const index = probeIndex(lexicon, a)
  const codes: number[] = []
  const partners = new Set<number>()
  b.forEach((term, j) => {
    partners.clear()
    search: for (const key of termKeys(lexicon, term).indexed) {
      for (const i of index.get(key) ?? []) {
        if (partners.has(i)) continue
        partners.add(i)
        codes.push(i * b.length + j)
        if (partners.size === PAIR_BOUNDS.MAX_PARTNERS) break search
      }
    }
  })
  return codes.sort((x, y) => x - y).map((code) => [Math.floor(code / b.length), code % b.length])
}
