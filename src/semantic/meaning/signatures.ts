/**
 * Signature bags for knowledge-based disambiguation (extended Lesk): for each meaning, the words of its
 * definition and examples, its synonyms, and the words and definitions of related meanings (hypernyms,
 * hyponyms, similar meanings, derivations, domains, parts and wholes), each weighted by where it came from
 * and by how rare it is across the lexicon's glosses. Built lazily per meaning and kept for the lexicon's
 * lifetime; an evaluation can build one that leaves out a held-out example.
 */
import type { SynsetRow } from '../../lexicon/compile'
import { type Lexicon, pointersOf, senseAt, senseWritten, synsetAt, synsetCount } from '../../lexicon/lexicon'
import { RELATION_TYPES, type PointerSymbol, type RelationType } from '../../lexicon/wordnet-format'
import { functionClass } from '../../text/function-words'
import { boundedCache } from '../../text/bounded-cache'
import { givenPerLexicon, perLexicon } from '../../text/per-lexicon'
import { matchKeys } from '../../text/word-forms'
import { glossCounts, glossFrequencyOf } from './gloss-frequency-file'

/** Where a signature word came from: `definition`, `example`, `synonym`, or a relation and its word. */
export type SignatureTerm = { weight: number; source: string }
export type Signature = Map<string, SignatureTerm>

type RelationUse = { words: number; gloss: number; limit: number }

/** How much each relation's words and glosses count, and how many related meanings are read. */
const RELATION_USE: Partial<Record<RelationType, RelationUse>> = {
  hypernym: { words: 0.8, gloss: 0.5, limit: 4 },
  instanceHypernym: { words: 0.8, gloss: 0.5, limit: 4 },
  hyponym: { words: 0.6, gloss: 0.3, limit: 12 },
  instanceHyponym: { words: 0.5, gloss: 0, limit: 12 },
  similarTo: { words: 0.7, gloss: 0.4, limit: 8 },
  alsoSee: { words: 0.6, gloss: 0.3, limit: 6 },
  verbGroup: { words: 0.6, gloss: 0.4, limit: 6 },
  attribute: { words: 0.7, gloss: 0.3, limit: 4 },
  entailment: { words: 0.6, gloss: 0.3, limit: 4 },
  cause: { words: 0.6, gloss: 0.3, limit: 4 },
  derivation: { words: 0.8, gloss: 0.3, limit: 8 },
  pertainym: { words: 0.8, gloss: 0.4, limit: 4 },
  participle: { words: 0.7, gloss: 0.3, limit: 2 },
  topicDomain: { words: 1, gloss: 0.3, limit: 3 },
  regionDomain: { words: 0.8, gloss: 0.2, limit: 3 },
  usageDomain: { words: 0.5, gloss: 0, limit: 3 },
  partMeronym: { words: 0.6, gloss: 0.2, limit: 8 },
  memberMeronym: { words: 0.5, gloss: 0.2, limit: 8 },
  substanceMeronym: { words: 0.6, gloss: 0.2, limit: 6 },
  partHolonym: { words: 0.7, gloss: 0.3, limit: 4 },
  memberHolonym: { words: 0.6, gloss: 0.3, limit: 4 },
  substanceHolonym: { words: 0.6, gloss: 0.3, limit: 4 },
  topicMember: { words: 0.4, gloss: 0, limit: 12 },
}

const WEIGHT = { definition: 1, example: 0.8, synonym: 1 }

const isGlossLetter = (code: number) => code >= 97 && code <= 122
const APOSTROPHE = 39

/**
 * Each word of a lower-case text, in order: a run of letters a-z, with an apostrophe and more letters
 * kept inside it (what `/[a-z]+(?:'[a-z]+)?/g` matches), read without a match object per word.
 */
function forEachGlossWord(text: string, use: (word: string) => void): void {
  const length = text.length
  for (let at = 0; at < length;) {
    if (!isGlossLetter(text.charCodeAt(at))) {
      at++
      continue
    }
    const start = at
    while (at < length && isGlossLetter(text.charCodeAt(at))) at++
    if (text.charCodeAt(at) === APOSTROPHE && isGlossLetter(text.charCodeAt(at + 1))) {
      at++
      while (at < length && isGlossLetter(text.charCodeAt(at))) at++
    }
    use(text.slice(start, at))
  }
}

/**
 * Inverse document frequency of words over every synset's gloss (definition and examples), scaled to 0..1:
 * the counts are the release's (`gloss-frequency.bin`, counted by the builder), so no gloss is read here.
 */
export const glossRarity = perLexicon((lexicon) => {
  const synsets = synsetCount(lexicon)
  const scale = Math.log(synsets + 1)
  const countOf = glossCounts(glossFrequencyOf(lexicon))
  return (word: string) => Math.log((synsets + 1) / (countOf(word) + 1)) / scale
})

function addWords(lexicon: Lexicon, bag: Signature, text: string, weight: number, source: string): void {
  const rarity = glossRarity(lexicon)
  forEachGlossWord(text.toLowerCase(), (word) => {
    if (word.length < 2 || functionClass(word) !== undefined) return
    const w = weight * rarity(word)
    for (const key of matchKeys(lexicon, word)) {
      const held = bag.get(key)
      if (!held || held.weight < w) bag.set(key, { weight: w, source })
    }
  })
}

function synsetWords(lexicon: Lexicon, synset: SynsetRow, except = -1): string {
  return synset[5]
    .filter((s) => s !== except)
    .map((s) => senseWritten(lexicon, s))
    .join(' ')
}

/** Builds a meaning's signature; `heldOut` is an example text that must not be seen (evaluation). */
export function buildSignature(lexicon: Lexicon, sense: number, heldOut?: string): Signature {
  const bag: Signature = new Map()
  const row = senseAt(lexicon, sense)
  const synset = synsetAt(lexicon, row[2])
  addWords(lexicon, bag, synset[3], WEIGHT.definition, 'definition')
  for (const example of synset[4]) {
    if (example !== heldOut) addWords(lexicon, bag, example, WEIGHT.example, 'example')
  }
  addWords(lexicon, bag, synsetWords(lexicon, synset, sense), WEIGHT.synonym, 'synonym')
  const used = new Map<RelationType, number>()
  for (const [symbol, target, source, targetSense] of pointersOf(lexicon, row[2])) {
    if (source !== -1 && source !== sense) continue
    const relation = RELATION_TYPES[symbol as PointerSymbol]
    const use = RELATION_USE[relation]
    if (!use) continue
    const count = used.get(relation) ?? 0
    if (count >= use.limit) continue
    used.set(relation, count + 1)
    const related = synsetAt(lexicon, target)
    const words = targetSense === -1 ? synsetWords(lexicon, related) : senseWritten(lexicon, targetSense)
    const label = `${relation} "${words.split(' ').slice(0, 3).join(' ')}"`
    addWords(lexicon, bag, words, use.words, label)
    if (use.gloss > 0) addWords(lexicon, bag, related[3], use.gloss, `${label} definition`)
  }
  return bag
}

/**
 * Signatures kept at most (about 4 KB each): all 207,000 meanings would take most of a gigabyte, so the
 * oldest built is dropped first once this many (about 24 MB) are held; the heaviest requests of every
 * route together build 4,300.
 */
const SIGNATURE_CACHE_LIMIT = 6_000
/**
 * The same on Workers (a lexicon read in blocks), where memos live for one request and its heap is what an
 * isolate has: the heaviest /v1/illuminate ended its computation with 94 to 116 MB of heap (Node over the
 * paged release, three passages) with 6,000 and 100 parsed model entries, 69 to 72 MB with these bounds and
 * 30 entries, in the same time.
 */
const PAGED_SIGNATURE_CACHE_LIMIT = 1_000

const signatureCache = perLexicon((lexicon) =>
  boundedCache<number, Signature>(lexicon.pages ? PAGED_SIGNATURE_CACHE_LIMIT : SIGNATURE_CACHE_LIMIT),
)

/** Signatures built ahead of a computation, by sense (src/semantic/meaning/built-meanings.ts). */
export const givenSignatures = givenPerLexicon<number, Signature>()

/** The meaning's signature: given, or built on first use and kept while the cache has room. */
export function signatureOf(lexicon: Lexicon, sense: number): Signature {
  const given = givenSignatures.get(lexicon, sense)
  if (given) return given
  const cache = signatureCache(lexicon)
  let signature = cache.get(sense)
  if (!signature) {
    signature = buildSignature(lexicon, sense)
    cache.set(sense, signature)
  }
  return signature
}
