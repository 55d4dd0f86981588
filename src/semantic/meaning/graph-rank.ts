/**
 * Knowledge evidence from the WordNet graph: personalised PageRank seeded by the context, as UKB's ppr_w2w
 * does (Agirre & Soroa 2009). PageRank is linear in its teleport vector, so the rank seeded by all context
 * words is the weighted sum of each word's own rank (teleport mass on the meanings of that word alone); a
 * word's rank depends only on the word, so it is computed once per written form and kept, and every target
 * of every passage sums the ranks of the words around it (its own word excluded, as in w2w). Each word's
 * rank is approximated by local push (Andersen, Chung & Lang 2006): mass is pushed out of a synset only
 * while its residual exceeds `PUSH_EPSILON` times its degree, so the work per word is bounded by
 * 1 / (epsilon × teleport) whatever the graph's size, and only the synsets near the word are touched.
 * The graph is WordNet's relations between synsets (lexical pointers at their synsets; WordNet lists each
 * relation both ways) and, in place of UKB's hand-disambiguated glosses, a link from each synset to the
 * meaning each content word of its definition nearly always has. Those links go one way, so a candidate's rank also
 * takes one step's worth from the synsets its own links reach (`candidateRank`).
 */
import {
  type Lexicon,
  pointersOf,
  senseNumber,
  senseSynset,
  sensesOf,
  senseTagCount,
  synsetCount,
  synsetDefinition,
} from '../../lexicon/lexicon'
import { functionClass, isAuxiliaryForm } from '../../text/function-words'
import { boundedCache } from '../../text/bounded-cache'
import { perLexicon } from '../../text/per-lexicon'
import { formReadings } from '../../text/word-forms'

/** The chance of jumping back to the seeds at each step (1 − UKB's damping 0.85). */
const TELEPORT = 0.15
/** Residual per unit of degree below which a synset's mass is no longer pushed. */
const PUSH_EPSILON = 2e-4
/** Ranks below this are dropped from a word's kept rank. */
const KEEP_RANK = 1e-5

/** A word's rank over the synsets near its meanings, ascending by synset. */
export type WordRank = { synsets: Int32Array; ranks: Float32Array }

/** Synset neighbours: a few dozen bytes each; a long passage's words reach a few tens of thousands. */
const NEIGHBOUR_CACHE_LIMIT = 60_000
/** Definition words' dominant meanings: a few dozen bytes each, every gloss word of a long passage's region. */
const DOMINANT_CACHE_LIMIT = 50_000
/** Share of a word's tagged uses its meaning must hold for a definition's word to link to it. */
const DOMINANT_SHARE = 0.8
/** Word ranks: a few kilobytes each, more words than the heaviest request reads. */
const RANK_CACHE_LIMIT = 4_000

type Scratch = { rank: Float64Array; residual: Float64Array; queued: Uint8Array }

const graphState = perLexicon((lexicon) => ({
  neighbours: boundedCache<number, Int32Array>(NEIGHBOUR_CACHE_LIMIT),
  dominantSynsets: boundedCache<string, number | null>(DOMINANT_CACHE_LIMIT),
  ranks: boundedCache<string, WordRank | null>(RANK_CACHE_LIMIT),
  scratch: null as Scratch | null,
  size: synsetCount(lexicon),
}))

/**
 * The synset a written word nearly always means: the one holding at least `DOMINANT_SHARE` of the word's
 * tagged uses (WordNet's tag counts, plus a little that decreases with sense order), over all its readings;
 * undefined when no meaning dominates. Kept per word.
 */
function dominantSynset(lexicon: Lexicon, lower: string): number | undefined {
  const cache = graphState(lexicon).dominantSynsets
  const cached = cache.get(lower)
  if (cached !== undefined) return cached ?? undefined
  const weights = seedSynsets(lexicon, lower)
  let total = 0
  let best: number | null = null
  let bestWeight = 0
  for (const [synset, weight] of weights) {
    total += weight
    if (weight > bestWeight) {
      bestWeight = weight
      best = synset
    }
  }
  const dominant = best !== null && bestWeight >= DOMINANT_SHARE * total ? best : null
  cache.set(lower, dominant)
  return dominant ?? undefined
}

/**
 * The distinct synsets a synset links to: its relations (taken both ways by WordNet's own pairs) and the
 * meaning each content word of its definition nearly always has (a gloss link, as UKB's hand-disambiguated
 * glosses, kept only where the word's tag counts leave little doubt: a link to the usual meaning of an
 * ambiguous word, `plant` in the definition of a flowerpot, would pull towards the usual meaning wherever
 * the glossed word is near).
 */
function neighboursOf(lexicon: Lexicon, synset: number): Int32Array {
  const state = graphState(lexicon)
  const cached = state.neighbours.get(synset)
  if (cached) return cached
  const seen = new Set<number>()
  for (const pointer of pointersOf(lexicon, synset)) if (pointer[1] !== synset) seen.add(pointer[1])
  for (const word of synsetDefinition(lexicon, synset)
    .toLowerCase()
    .match(/[a-z]+(?:-[a-z]+)*/g) ?? []) {
    if (word.length < 3 || functionClass(word) !== undefined || isAuxiliaryForm(word)) continue
    const target = dominantSynset(lexicon, word)
    if (target !== undefined && target !== synset) seen.add(target)
  }
  const out = Int32Array.from(seen)
  state.neighbours.set(synset, out)
  return out
}

/**
 * The synsets a written word can mean, over all its lexicon readings, each weighted as often as it was
 * tagged (WordNet's tag counts, plus a little that decreases with sense order), as UKB's dictionary weights.
 */
export function seedSynsets(lexicon: Lexicon, lower: string): Map<number, number> {
  const seeds = new Map<number, number>()
  for (const reading of formReadings(lexicon, lower)) {
    for (const sense of sensesOf(lexicon, reading.word)) {
      const synset = senseSynset(lexicon, sense)
      const weight = senseTagCount(lexicon, sense) + 1 / (1 + senseNumber(lexicon, sense))
      seeds.set(synset, Math.max(seeds.get(synset) ?? 0, weight))
    }
  }
  return seeds
}

/** Personalised PageRank with the teleport mass spread evenly over `seeds`, by local push. */
function pushRank(lexicon: Lexicon, seeds: ReadonlyMap<number, number>): WordRank {
  const state = graphState(lexicon)
  state.scratch ??= {
    rank: new Float64Array(state.size),
    residual: new Float64Array(state.size),
    queued: new Uint8Array(state.size),
  }
  const { rank, residual, queued } = state.scratch
  const touched: number[] = []
  const queue: number[] = []
  let total = 0
  for (const weight of seeds.values()) total += weight
  for (const [seed, weight] of seeds) {
    if (residual[seed] === 0 && rank[seed] === 0) touched.push(seed)
    residual[seed] = (residual[seed] as number) + weight / total
    if (!queued[seed]) {
      queued[seed] = 1
      queue.push(seed)
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const u = queue[head] as number
    queued[u] = 0
    const mass = residual[u] as number
    const next = neighboursOf(lexicon, u)
    if (mass < PUSH_EPSILON * Math.max(1, next.length)) continue
    residual[u] = 0
    if (next.length === 0) {
      rank[u] = (rank[u] as number) + mass
      continue
    }
    rank[u] = (rank[u] as number) + TELEPORT * mass
    const share = ((1 - TELEPORT) * mass) / next.length
    for (const v of next) {
      if (residual[v] === 0 && rank[v] === 0) touched.push(v)
      residual[v] = (residual[v] as number) + share
      if (
        !queued[v] &&
        (residual[v] as number) >= PUSH_EPSILON * Math.max(1, neighboursOf(lexicon, v).length)
      ) {
        queued[v] = 1
        queue.push(v)
      }
    }
  }
  touched.sort((a, b) => a - b)
  const kept = touched.filter((s) => (rank[s] as number) >= KEEP_RANK)
  const out: WordRank = {
    synsets: Int32Array.from(kept),
    ranks: Float32Array.from(kept, (s) => rank[s] as number),
  }
  for (const s of touched) {
    rank[s] = 0
    residual[s] = 0
    queued[s] = 0
  }
  return out
}

/** The rank seeded by one written word's meanings (null when it has none), computed once per word and kept. */
export function wordRank(lexicon: Lexicon, lower: string): WordRank | null {
  const cache = graphState(lexicon).ranks
  const cached = cache.get(lower)
  if (cached !== undefined) return cached
  const seeds = seedSynsets(lexicon, lower)
  const rank = seeds.size === 0 ? null : pushRank(lexicon, seeds)
  cache.set(lower, rank)
  return rank
}

/** A word's rank at one synset (0 when the push never reached it). */
export function rankAt(rank: WordRank, synset: number): number {
  const { synsets } = rank
  let lo = 0
  let hi = synsets.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((synsets[mid] as number) < synset) lo = mid + 1
    else hi = mid
  }
  return synsets[lo] === synset ? (rank.ranks[lo] as number) : 0
}

/**
 * The rank a word gives a candidate meaning: its rank at the candidate's synset, plus what one more step
 * from the candidate's neighbours would bring it (each neighbour's rank over its degree, damped). Gloss links
 * go one way only (from a definition to its words), so this reads the links of the candidate's own
 * definition as well as the ones pointing at it.
 */
export function candidateRank(lexicon: Lexicon, rank: WordRank, synset: number): number {
  let sum = rankAt(rank, synset)
  for (const v of neighboursOf(lexicon, synset)) {
    const r = rankAt(rank, v)
    if (r > 0) sum += ((1 - TELEPORT) * r) / Math.max(1, neighboursOf(lexicon, v).length)
  }
  return sum
}
