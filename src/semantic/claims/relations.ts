/**
 * How two content terms relate through the lexicon: the same word, synonyms (a shared meaning), derivations,
 * broader or narrower (hypernym chains), and opposites (antonyms, directly or through a similar adjective's
 * antonym). Facts per lemma are gathered once per lexicon.
 */
import {
  type Lexicon,
  pointersOf,
  senseKey,
  sensesOf,
  senseSynset,
  senseWritten,
  synsetAt,
  synsetCount,
  synsetSenses,
  synsetType,
} from '../../lexicon/lexicon'
import { partOfSpeech, type PartOfSpeech } from '../../lexicon/wordnet-format'
import { boundedCache } from '../../text/bounded-cache'
import { fnv1a } from '../../text/fnv1a'
import { perLexicon } from '../../text/per-lexicon'
import { formReadings, matchKeys } from '../../text/word-forms'
import { CONSTRUCTION_KEY } from './paraphrase'
import type { Term } from './reading'

export type TermRelation = 'same-word' | 'synonym' | 'derivation' | 'broader' | 'narrower'

export type Opposition = { via: 'antonym' | 'indirect-antonym'; meanings: [string, string] }

type LemmaFacts = {
  synsets: Set<number>
  derivations: Set<string>
  /** Ancestor synsets through hypernyms, up to ANCESTOR_DEPTH levels (dog → animal is seven). */
  ancestors: Set<number>
  antonyms: Map<string, Opposition>
  /** Adjective synsets similar to this lemma's (`huge` and `large`): read as synonyms. */
  similar: Set<number>
}

const ANCESTOR_DEPTH = 12
/**
 * Lemmas whose facts are kept (about 1.6 KB each, mostly ancestor sets), the oldest dropped first: the
 * heaviest evidence request reads 11,000, and a bound below what one request reads rebuilds facts over and
 * over (at 2,000 that request took 70 % more CPU).
 */
const FACTS_CACHE_LIMIT = 16_000
/** Lemmas whose near ancestors are kept (about 300 bytes each; the heaviest requests read a few hundred). */
const NEAR_ANCESTOR_CACHE_LIMIT = 10_000

const factsCache = perLexicon(() => boundedCache<string, LemmaFacts>(FACTS_CACHE_LIMIT))

function lemmaOf(lexicon: Lexicon, sense: number): string {
  return senseWritten(lexicon, sense).toLowerCase()
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
    similar: new Set(),
  }
  const addAntonyms = (
    fromSense: number,
    antonymIndex: number,
    via: Opposition['via'],
    targetSense: number,
  ) => {
    const from = senseKey(lexicon, fromSense)
    const targets = via === 'antonym' ? [targetSense] : synsetSenses(lexicon, antonymIndex)
    for (const t of targets) {
      const word = lemmaOf(lexicon, t)
      if (!result.antonyms.has(word) || (via === 'antonym' && result.antonyms.get(word)?.via !== 'antonym'))
        result.antonyms.set(word, { via, meanings: [from, senseKey(lexicon, t)] })
    }
    if (via === 'indirect-antonym') return
    // Satellites similar to the antonym head are opposites too (`wet` against `arid`, through `dry`).
    for (const [symbol, target] of pointersOf(lexicon, antonymIndex)) {
      if (symbol !== '&') continue
      for (const t of synsetSenses(lexicon, target)) {
        const word = lemmaOf(lexicon, t)
        if (!result.antonyms.has(word))
          result.antonyms.set(word, {
            via: 'indirect-antonym',
            meanings: [from, senseKey(lexicon, t)],
          })
      }
    }
  }
  for (const sense of sensesOf(lexicon, lemma)) {
    const synsetIndex = senseSynset(lexicon, sense)
    const synset = synsetAt(lexicon, synsetIndex)
    result.synsets.add(synsetIndex)
    for (const [symbol, target, source, targetSense] of pointersOf(lexicon, synsetIndex)) {
      // A synonym's antonym, and the antonym's synonyms, are opposites too (`fall` is in the synset of
      // `decrease`, whose antonym is `increase`).
      if (symbol === '!' && targetSense !== -1) addAntonyms(sense, target, 'indirect-antonym', targetSense)
      if (source !== -1 && source !== sense) continue
      // Pertainyms are derivations too: `shrewdly` is derived from `shrewd`.
      if ((symbol === '+' || symbol === '\\') && targetSense !== -1)
        result.derivations.add(lemmaOf(lexicon, targetSense))
      if (symbol === '&' && (synset[1] === 's' || synset[1] === 'a')) result.similar.add(target)
      if (symbol === '!' && targetSense !== -1 && source === sense)
        addAntonyms(sense, target, 'antonym', targetSense)
      if (symbol === '&' && synset[1] === 's') {
        // A satellite's opposites are its head adjective's antonyms.
        for (const [headSymbol, headTarget, headSource, headTargetSense] of pointersOf(lexicon, target)) {
          if (headSymbol === '!' && headTargetSense !== -1 && headSource !== -1) {
            addAntonyms(sense, headTarget, 'indirect-antonym', headTargetSense)
          }
        }
      }
    }
    // What excludes a broader word excludes this one too: `ban` is a way to `forbid`, whose antonym is
    // `permit`.
    for (const [symbol, parent] of pointersOf(lexicon, synsetIndex)) {
      if (symbol !== '@') continue
      for (const [parentSymbol, target, , targetSense] of pointersOf(lexicon, parent))
        if (parentSymbol === '!' && targetSense !== -1)
          addAntonyms(sense, target, 'indirect-antonym', targetSense)
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
  cache.set(lemma, result)
  return result
}

/**
 * Which meanings relations are read in: `as-read`, only in the part of speech each term is read as; `any`,
 * in every part of speech (ranking an excerpt's sentences, where a cheaper, looser match is enough).
 */
export type PartsOfSpeech = 'as-read' | 'any'

/**
 * The closest relation of term `a` to term `b`, from a's side (`broader`: a is more general than b).
 * Meanings and hypernyms count only in the part of speech each term is read as: `lounging` (a verb) is no
 * synonym of `sofa` through the noun `lounge`, and `object` (a noun) is not broader than the verb `chasing`.
 * Derivations cross parts of speech by nature.
 */
export function relateTerms(
  lexicon: Lexicon,
  a: Term,
  b: Term,
  partsOfSpeech: PartsOfSpeech = 'as-read',
): TermRelation | null {
  if (a.lemma === b.lemma) return 'same-word'
  const shared = a.keys.find((k) => b.keys.includes(k))
  if (shared !== undefined) return shared.startsWith(CONSTRUCTION_KEY) ? 'synonym' : 'same-word'
  const fa = facts(lexicon, a.lemma)
  const fb = facts(lexicon, b.lemma)
  if (fa.synsets.size === 0 || fb.synsets.size === 0) return null
  const pos = partsOfSpeech === 'any' ? undefined : samePartOfSpeech(a, b)
  const fits = (s: number) => pos === undefined || (pos !== null && synsetPartOfSpeech(lexicon, s) === pos)
  for (const s of fa.synsets) if ((fb.synsets.has(s) || fb.similar.has(s)) && fits(s)) return 'synonym'
  if (fa.derivations.has(b.lemma) || fb.derivations.has(a.lemma)) return 'derivation'
  for (const s of fa.synsets) if (fb.ancestors.has(s) && fits(s)) return 'broader'
  for (const s of fb.synsets) if (fa.ancestors.has(s) && fits(s)) return 'narrower'
  return null
}

/** How many of a word's first meanings in its part of speech make a relation ordinary rather than rare. */
const COMMON_SENSES = 2

/** The synsets of a lemma's first COMMON_SENSES meanings in a part of speech (all of them without one). */
function commonSynsets(lexicon: Lexicon, lemma: string, pos: PartOfSpeech | null): number[] {
  const senses = sensesOf(lexicon, lemma).filter(
    (sense) => pos === null || synsetPartOfSpeech(lexicon, senseSynset(lexicon, sense)) === pos,
  )
  // A phrase (`give up`) is specific already: each of its meanings counts.
  const all = pos === null || lemma.includes(' ')
  return (all ? senses : senses.slice(0, COMMON_SENSES)).map((sense) => senseSynset(lexicon, sense))
}

/** Synsets whose ancestors are kept (a few hundred bytes each). */
const SYNSET_ANCESTOR_CACHE_LIMIT = 10_000
const synsetAncestorCache = perLexicon(() => boundedCache<number, Set<number>>(SYNSET_ANCESTOR_CACHE_LIMIT))

/** Hypernym ancestors of one synset, up to ANCESTOR_DEPTH levels. */
function synsetAncestors(lexicon: Lexicon, synset: number): Set<number> {
  const cache = synsetAncestorCache(lexicon)
  const cached = cache.get(synset)
  if (cached) return cached
  const out = new Set<number>()
  let frontier = [synset]
  for (let depth = 0; depth < ANCESTOR_DEPTH && frontier.length > 0; depth++) {
    const next: number[] = []
    for (const s of frontier)
      for (const [symbol, target] of pointersOf(lexicon, s))
        if ((symbol === '@' || symbol === '@i') && !out.has(target)) {
          out.add(target)
          next.push(target)
        }
    frontier = next
  }
  cache.set(synset, out)
  return out
}

/** Whether a relation of meanings holds between two synsets (from the first one's side). */
function synsetsRelate(lexicon: Lexicon, a: number, b: number, relation: TermRelation): boolean {
  if (relation === 'synonym')
    return (
      a === b ||
      pointersOf(lexicon, a).some(([symbol, target]) => symbol === '&' && target === b) ||
      pointersOf(lexicon, b).some(([symbol, target]) => symbol === '&' && target === a)
    )
  if (relation === 'broader') return synsetAncestors(lexicon, b).has(a)
  if (relation === 'narrower') return synsetAncestors(lexicon, a).has(b)
  return true
}

/**
 * Whether a relation of meanings (synonym, broader, narrower) holds between the terms' commoner meanings (the
 * first two of their part of speech each): `running` and `playing` are synonyms only through a rare meaning
 * of each (a play runs for a year), `trotting` is narrower than `sitting` only through `sit` as riding.
 */
export function relatesInCommonMeanings(lexicon: Lexicon, a: Term, b: Term, relation: TermRelation): boolean {
  if (relation !== 'synonym' && relation !== 'broader' && relation !== 'narrower') return true
  if (a.keys.some((k) => k.startsWith(CONSTRUCTION_KEY) && b.keys.includes(k))) return true
  const pos = samePartOfSpeech(a, b) ?? null
  const sa = commonSynsets(lexicon, a.lemma, pos)
  const sb = commonSynsets(lexicon, b.lemma, pos)
  return sa.some((x) => sb.some((y) => synsetsRelate(lexicon, x, y, relation)))
}

/** Both terms' part of speech when they agree, null when they differ, undefined when one is unknown. */
function samePartOfSpeech(a: Term, b: Term): PartOfSpeech | null | undefined {
  if (a.partOfSpeech === null || b.partOfSpeech === null) return undefined
  return a.partOfSpeech === b.partOfSpeech ? a.partOfSpeech : null
}

function synsetPartOfSpeech(lexicon: Lexicon, synset: number): PartOfSpeech {
  return partOfSpeech(synsetType(lexicon, synset))
}

/** Whether the two terms are opposites in the lexicon, and through which meanings. */
export function opposeTerms(lexicon: Lexicon, a: Term, b: Term): Opposition | null {
  // Every base form counts: `fell` is read as the verb `fell`, but as `fall` it opposes `increase`.
  const formsA = [a.lemma, ...a.keys.filter((k) => k !== a.lemma)]
  const formsB = [b.lemma, ...b.keys.filter((k) => k !== b.lemma)]
  for (const x of formsA) {
    const antonyms = facts(lexicon, x).antonyms
    for (const y of formsB) {
      const direct = antonyms.get(y)
      if (direct) return direct
    }
  }
  for (const y of formsB) {
    const antonyms = facts(lexicon, y).antonyms
    for (const x of formsA) {
      const reverse = antonyms.get(x)
      if (reverse) return { via: reverse.via, meanings: [reverse.meanings[1], reverse.meanings[0]] }
    }
  }
  return null
}

type TermIndex = {
  words: Map<string, number[]>
  synsets: Map<number, number[]>
  similar: Map<number, number[]>
  ancestors: Map<number, number[]>
  derivations: Map<string, number[]>
  antonyms: Map<string, number[]>
  /** `pairBound`'s reach per lower-case word, as an excerpt repeats its words from sentence to sentence. */
  wordReach: Map<string, WordReach | null>
  /** `candidatePairs`' partners per term of the other text (by lemma and keys, all that its probe reads). */
  partners: Map<string, number[]>
  /** `wordReach`'s sets, made when a bound is first asked of the index (a comparison of two texts never asks). */
  reachSets: ReachSets | null
}

/**
 * For `wordReach`'s first question: the words a form may be found under, and the meanings as bit sets over
 * synset numbers (a bit test for each meaning an excerpt word reaches, not a search).
 */
type ReachSets = {
  anyForm: Set<string>
  anyMeaning: Uint32Array
  meaningKeys: Uint32Array
  /** Bit sets over `wordBit` of `anyForm` and of `words`' keys: a word they miss is not among them. */
  formBits: Uint32Array
  wordBits: Uint32Array
}

/** Words (and terms) whose `pairBound` reach (and partners) one index keeps before it starts over. */
const MAY_PAIR_MEMO_LIMIT = 50_000

/**
 * Bounds on the pairs one comparison tries, so that its work grows with the length of the texts and not
 * with their product. Neither is reached by ordinary prose; only repetitive or contrived input is affected.
 * A term repeated more often than MAX_REPEATS in the first text (same word, same forms) is paired only in
 * its first MAX_REPEATS occurrences; each term of the second text is paired with at most MAX_PARTNERS terms
 * of the first, found in the order of its probes: word forms first, then meanings, ancestors, derivations
 * and antonyms.
 */
export const PAIR_BOUNDS = { MAX_REPEATS: 16, MAX_PARTNERS: 64 } as const

/** One index per term list: a claim is indexed once, however many excerpt sentences it is compared with. */
const termIndexes = new WeakMap<readonly Term[], TermIndex>()

function push<K>(map: Map<K, number[]>, key: K, i: number): void {
  const list = map.get(key)
  if (!list) map.set(key, [i])
  else if (list[list.length - 1] !== i) list.push(i)
}

function indexTerms(lexicon: Lexicon, terms: readonly Term[]): TermIndex {
  const cached = termIndexes.get(terms)
  if (cached) return cached
  const index: TermIndex = {
    words: new Map(),
    synsets: new Map(),
    similar: new Map(),
    ancestors: new Map(),
    derivations: new Map(),
    antonyms: new Map(),
    wordReach: new Map(),
    partners: new Map(),
    reachSets: null,
  }
  const repeats = new Map<string, number>()
  terms.forEach((term, i) => {
    const id = term.keys.length === 0 ? term.lemma : `${term.lemma}\u0000${term.keys.join('\u0000')}`
    const seen = repeats.get(id) ?? 0
    repeats.set(id, seen + 1)
    if (seen >= PAIR_BOUNDS.MAX_REPEATS) return
    push(index.words, term.lemma, i)
    for (const key of term.keys) push(index.words, key, i)
    const f = facts(lexicon, term.lemma)
    for (const synset of f.synsets) push(index.synsets, synset, i)
    for (const synset of f.similar) push(index.similar, synset, i)
    for (const ancestor of f.ancestors) push(index.ancestors, ancestor, i)
    for (const word of f.derivations) push(index.derivations, word, i)
    for (const word of f.antonyms.keys()) push(index.antonyms, word, i)
    for (const key of term.keys)
      if (key !== term.lemma)
        for (const word of facts(lexicon, key).antonyms.keys()) push(index.antonyms, word, i)
  })
  termIndexes.set(terms, index)
  return index
}

function reachSets(lexicon: Lexicon, index: TermIndex): ReachSets {
  if (index.reachSets) return index.reachSets
  const anyForm = new Set([...index.words.keys(), ...index.derivations.keys(), ...index.antonyms.keys()])
  const meanings = new Set([...index.synsets.keys(), ...index.similar.keys(), ...index.ancestors.keys()])
  index.reachSets = {
    anyForm,
    anyMeaning: bitSet(lexicon, meanings),
    meaningKeys: bitSet(lexicon, index.synsets.keys()),
    formBits: wordBitSet(anyForm),
    wordBits: wordBitSet(index.words.keys()),
  }
  return index.reachSets
}

/**
 * The pairs (i, j) of `a` and `b` terms that may relate or oppose: those sharing a word form, a meaning, a
 * derivation, an ancestor or an antonym, found through an index of `a` (built once per term list) probed
 * with each `b` term's facts rather than by trying every pair, so a long excerpt costs time in proportion
 * to its length.
 */
export function candidatePairs(
  lexicon: Lexicon,
  a: readonly Term[],
  b: readonly Term[],
): Array<[number, number]> {
  const index = indexTerms(lexicon, a)
  const pairs: Array<[number, number]> = []
  b.forEach((term, j) => {
    const key = `${term.lemma}\u0000${term.keys.join('\u0000')}`
    let partners = index.partners.get(key)
    if (!partners) {
      const found = new Set<number>()
      probe(lexicon, index, term.lemma, term.keys, (list) => {
        if (list)
          for (const i of list) {
            if (found.size >= PAIR_BOUNDS.MAX_PARTNERS) return
            found.add(i)
          }
      })
      partners = [...found]
      if (index.partners.size >= MAY_PAIR_MEMO_LIMIT) index.partners.clear()
      index.partners.set(key, partners)
    }
    for (const i of partners) pairs.push([i, j])
  })
  return pairs.sort((x, y) => x[0] - y[0] || x[1] - y[1])
}

/** Everything in the index a term with this lemma and these keys may relate to or oppose. */
function probe(
  lexicon: Lexicon,
  index: TermIndex,
  lemma: string,
  keys: readonly string[],
  add: (list: readonly number[] | undefined) => void,
): void {
  for (const word of [lemma, ...keys]) {
    add(index.words.get(word))
    add(index.derivations.get(word))
    add(index.antonyms.get(word))
  }
  const f = facts(lexicon, lemma)
  for (const synset of f.synsets) {
    add(index.synsets.get(synset))
    add(index.similar.get(synset))
    add(index.ancestors.get(synset))
  }
  for (const synset of f.similar) add(index.synsets.get(synset))
  for (const ancestor of f.ancestors) add(index.synsets.get(ancestor))
  for (const word of f.derivations) add(index.words.get(word))
  for (const word of f.antonyms.keys()) add(index.words.get(word))
  for (const key of keys)
    if (key !== lemma) for (const word of facts(lexicon, key).antonyms.keys()) add(index.words.get(word))
}

/**
 * An upper bound on the score `alignTerms` can give a sentence of these lower-case words (aligned pairs, and
 * opposed pairs at 0.9): each word read as any lemma it can be, against the claim's index. Pairs are one to
 * one, so at most as many as the claim terms or the words that reach one; opposed pairs are at most the
 * antonym links the words reach. 0 means no candidate pair at all: the sentence need not be read.
 */
export function pairBound(lexicon: Lexicon, terms: readonly Term[], words: readonly string[]): number {
  const index = indexTerms(lexicon, terms)
  const sets = reachSets(lexicon, index)
  const memo = index.wordReach
  const reached = new Set<number>()
  let pairingWords = 0
  let opposed = 0
  for (const lower of words) {
    let reach = memo.get(lower)
    if (reach === undefined) {
      reach = wordReach(index, sets, wordProbe(lexicon, lower))
      if (memo.size >= MAY_PAIR_MEMO_LIMIT) memo.clear()
      memo.set(lower, reach)
    }
    if (reach === null) continue
    pairingWords++
    for (const i of reach.terms) reached.add(i)
    opposed += reach.opposed
  }
  return Math.min(reached.size, pairingWords) + 0.9 * opposed
}

/**
 * Everything `probe` reads of a lower-case word read as any lemma it can be, gathered once per word for all
 * claims: its forms, the words they derive from or oppose, their meanings, and the meanings they reach
 * (similar adjectives and ancestors, sorted).
 */
type WordProbe = {
  forms: string[]
  /** Words the forms derive from or to. */
  related: string[]
  antonyms: string[]
  /** Sorted, as is `reach`. */
  synsets: Int32Array
  reach: Int32Array
  /**
   * `reachesAny`'s first question in one array, as most words answer no: the `wordBit` of each form, then
   * of each related word and antonym, then the synsets and the reach (which are views into it).
   */
  question: Int32Array
  formsEnd: number
  wordsEnd: number
  synsetsEnd: number
}

/** Words whose probe is kept (a few hundred bytes each) before the memo starts over. */
const WORD_PROBE_LIMIT = 20_000

const wordProbes = perLexicon(() => boundedCache<string, WordProbe>(WORD_PROBE_LIMIT))

function wordProbe(lexicon: Lexicon, lower: string): WordProbe {
  const cache = wordProbes(lexicon)
  const cached = cache.get(lower)
  if (cached) return cached
  const forms = [
    ...new Set([lower, ...matchKeys(lexicon, lower), ...formReadings(lexicon, lower).map((r) => r.word)]),
  ]
  const related = new Set<string>()
  const antonyms = new Set<string>()
  const synsets = new Set<number>()
  const reach = new Set<number>()
  for (const form of forms) {
    const f = facts(lexicon, form)
    for (const word of f.derivations) related.add(word)
    for (const word of f.antonyms.keys()) antonyms.add(word)
    for (const synset of f.synsets) synsets.add(synset)
    for (const synset of f.similar) reach.add(synset)
    for (const synset of f.ancestors) reach.add(synset)
  }
  const words = [...related, ...antonyms]
  const question = Int32Array.from([
    ...forms.map(wordBit),
    ...words.map(wordBit),
    ...Int32Array.from(synsets).sort(),
    ...Int32Array.from(reach).sort(),
  ])
  const formsEnd = forms.length
  const wordsEnd = formsEnd + words.length
  const synsetsEnd = wordsEnd + synsets.size
  const result: WordProbe = {
    forms,
    related: [...related],
    antonyms: [...antonyms],
    synsets: question.subarray(wordsEnd, synsetsEnd),
    reach: question.subarray(synsetsEnd),
    question,
    formsEnd,
    wordsEnd,
    synsetsEnd,
  }
  cache.set(lower, result)
  return result
}

/** What one word reaches in a claim's index: the claim terms it may pair with, and how many by antonymy. */
type WordReach = { terms: readonly number[]; opposed: number }

/**
 * `probe` of every form of the word against the index: the claim terms it may relate to or oppose (a superset
 * of `candidatePairs`' partners of any term the word can be read as), or null when there are none. Most
 * words of an excerpt reach nothing, so a first pass only asks whether anything is found.
 */
function wordReach(index: TermIndex, sets: ReachSets, word: WordProbe): WordReach | null {
  if (!reachesAny(index, sets, word)) return null
  const terms = new Set<number>()
  const opposed = new Set<number>()
  visitReach(index, word, (list, opposes) => {
    for (const i of list) (opposes ? opposed : terms).add(i)
    return false
  })
  for (const i of opposed) terms.add(i)
  return { terms: [...terms], opposed: opposed.size }
}

/**
 * Whether `visitReach` would find anything, asked without building lists. Most excerpt words reach nothing,
 * and this is the question asked of each of them: first of the word's one array against the index's bit
 * sets, where a word's bit set only says it may be there; then, for the few that may, of the words
 * themselves.
 */
function reachesAny(index: TermIndex, sets: ReachSets, word: WordProbe): boolean {
  const q = word.question
  let k = 0
  for (; k < word.formsEnd; k++)
    if (hasBit(sets.formBits, q[k] as number)) return reachesExactly(index, sets, word)
  for (; k < word.wordsEnd; k++)
    if (hasBit(sets.wordBits, q[k] as number)) return reachesExactly(index, sets, word)
  for (; k < word.synsetsEnd; k++) if (hasBit(sets.anyMeaning, q[k] as number)) return true
  for (; k < q.length; k++) if (hasBit(sets.meaningKeys, q[k] as number)) return true
  return false
}

function reachesExactly(index: TermIndex, sets: ReachSets, word: WordProbe): boolean {
  for (const form of word.forms) if (sets.anyForm.has(form)) return true
  for (const related of word.related) if (index.words.has(related)) return true
  for (const antonym of word.antonyms) if (index.words.has(antonym)) return true
  return anyIn(sets.anyMeaning, word.synsets) || anyIn(sets.meaningKeys, word.reach)
}

/** Bits of the bit sets over words: a few thousand, as a claim has a few dozen words. */
const WORD_BITS = 4096

/** A word's bit in a bit set over words. */
function wordBit(word: string): number {
  return fnv1a(word) % WORD_BITS
}

function wordBitSet(words: Iterable<string>): Uint32Array {
  const bits = new Uint32Array(WORD_BITS / 32)
  for (const word of words) setBit(bits, wordBit(word))
  return bits
}

function bitSet(lexicon: Lexicon, synsets: Iterable<number>): Uint32Array {
  const bits = new Uint32Array((synsetCount(lexicon) + 31) >>> 5)
  for (const s of synsets) setBit(bits, s)
  return bits
}

function setBit(bits: Uint32Array, bit: number): void {
  bits[bit >>> 5] = (bits[bit >>> 5] as number) | (1 << (bit & 31))
}

function hasBit(bits: Uint32Array, bit: number): boolean {
  return ((bits[bit >>> 5] as number) & (1 << (bit & 31))) !== 0
}

function anyIn(bits: Uint32Array, synsets: Int32Array): boolean {
  for (const s of synsets) if (hasBit(bits, s)) return true
  return false
}

/**
 * Calls `visit` with each list of claim terms the word reaches (`opposes`: through antonymy) until it
 * returns true; answers whether it did.
 */
function visitReach(
  index: TermIndex,
  word: WordProbe,
  visit: (list: readonly number[], opposes: boolean) => boolean,
): boolean {
  const at = (list: readonly number[] | undefined, opposes = false) =>
    list !== undefined && visit(list, opposes)
  for (const form of word.forms)
    if (at(index.words.get(form)) || at(index.derivations.get(form)) || at(index.antonyms.get(form), true))
      return true
  for (const related of word.related) if (at(index.words.get(related))) return true
  for (const antonym of word.antonyms) if (at(index.words.get(antonym), true)) return true
  for (const synset of word.synsets)
    if (at(index.synsets.get(synset)) || at(index.similar.get(synset)) || at(index.ancestors.get(synset)))
      return true
  if (word.reach.length <= index.synsets.size) {
    for (const synset of word.reach) if (at(index.synsets.get(synset))) return true
    return false
  }
  for (const [synset, list] of index.synsets) if (sortedHas(word.reach, synset) && at(list)) return true
  return false
}

function sortedHas(sorted: Int32Array, value: number): boolean {
  let lo = 0
  let hi = sorted.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const v = sorted[mid] as number
    if (v === value) return true
    if (v < value) lo = mid + 1
    else hi = mid - 1
  }
  return false
}

/** How many of a lemma's first meanings are read for exclusive co-hyponyms: rare meanings join too much. */
const EXCLUSION_SENSES = 2
/** Hypernym hops within which two words must meet to count as co-hyponyms (dog and cat meet at carnivore). */
const EXCLUSION_HOPS = 2

const nearAncestorCache = perLexicon(() =>
  boundedCache<string, Map<number, string>>(NEAR_ANCESTOR_CACHE_LIMIT),
)

/** Ancestors of a lemma's first meanings within EXCLUSION_HOPS, each with the meaning it came from. */
function nearAncestors(lexicon: Lexicon, lemma: string): Map<number, string> {
  const cache = nearAncestorCache(lexicon)
  const cached = cache.get(lemma)
  if (cached) return cached
  const result = new Map<number, string>()
  for (const sense of sensesOf(lexicon, lemma).slice(0, EXCLUSION_SENSES)) {
    const id = senseKey(lexicon, sense)
    let frontier = [senseSynset(lexicon, sense)]
    for (let hop = 0; hop < EXCLUSION_HOPS; hop++) {
      const next: number[] = []
      for (const s of frontier)
        for (const [symbol, target] of pointersOf(lexicon, s))
          if (symbol === '@' && !result.has(target)) {
            result.set(target, id)
            next.push(target)
          }
      frontier = next
    }
  }
  cache.set(lemma, result)
  return result
}

/**
 * Whether two terms are co-hyponyms that exclude each other (dog / cat, man / woman, guitar / piano): same
 * part of speech, neither related to the other by meaning, hypernym chain, derivation or antonymy, and
 * their first meanings meet within two hypernym hops. Returns the meanings through which they meet.
 */
export function excludeTerms(lexicon: Lexicon, a: Term, b: Term): [string, string] | null {
  if (a.partOfSpeech === null || a.partOfSpeech !== b.partOfSpeech) return null
  if (a.partOfSpeech !== 'noun' && a.partOfSpeech !== 'verb') return null
  if (relateTerms(lexicon, a, b) || opposeTerms(lexicon, a, b)) return null
  const na = nearAncestors(lexicon, a.lemma)
  const nb = nearAncestors(lexicon, b.lemma)
  for (const [synset, meaning] of na) {
    const other = nb.get(synset)
    if (other && minimumDepth(lexicon, synset) >= EXCLUSION_DEPTH) return [meaning, other]
  }
  return null
}

/**
 * How specific a meeting point must be (hypernym steps from the root on the shortest path): `adult` (4)
 * makes man / woman exclusive, `person` (3) does not make motorcyclist / man.
 */
const EXCLUSION_DEPTH = 4

/** Synsets whose depth is kept (about 40 bytes each). */
const DEPTH_CACHE_LIMIT = 20_000
const depthCache = perLexicon(() => boundedCache<number, number>(DEPTH_CACHE_LIMIT))

function minimumDepth(lexicon: Lexicon, synset: number): number {
  const cache = depthCache(lexicon)
  const cached = cache.get(synset)
  if (cached !== undefined) return cached
  let depth = 0
  let frontier = [synset]
  const seen = new Set(frontier)
  while (frontier.length > 0 && depth < 30) {
    const next: number[] = []
    for (const s of frontier) {
      const parents = pointersOf(lexicon, s).filter(([symbol]) => symbol === '@' || symbol === '@i')
      if (parents.length === 0) {
        cache.set(synset, depth)
        return depth
      }
      for (const [, target] of parents)
        if (!seen.has(target)) {
          seen.add(target)
          next.push(target)
        }
    }
    frontier = next
    depth++
  }
  cache.set(synset, depth)
  return depth
}
