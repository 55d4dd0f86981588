/**
 * Finding words of the English word list beyond a prefix: by spelling with wildcards, by sound, by rhyme, by
 * meaning (a reverse dictionary) and at random, each filtered by part of speech, syllables, frequency band and
 * classroom safety, and each word answered with what a learner reads beside it (parts of speech, band,
 * syllables), so no second request is needed. Reads the word list (held whole) and the finder file (paged)
 * through the lexicon; pure otherwise, so a paged read that misses a block can run it again.
 */
import { bandOf } from '../lexicon/frequency'
import type { FREQUENCY_BANDS } from '../lexicon/learner-schemas'
import {
  pointersOf,
  senseIndexOf,
  senseKey,
  senseSynset,
  senseTagCount,
  senseWritten,
  synsetCount,
  synsetDefinition,
  synsetSenses,
  type Lexicon,
} from '../lexicon/lexicon'
import { baseForms } from '../lexicon/morphology'
import { arpabetOf } from '../lexicon/pronunciation-file'
import { writtenForm } from '../lexicon/typed-form'
import { PARTS_OF_SPEECH, type PartOfSpeech } from '../lexicon/wordnet-format'
import {
  wordAt,
  wordLine,
  wordListOf,
  wordListSize,
  prefixLines,
  type WordList,
} from '../lexicon/word-list-file'
import { dot, wordVector } from '../semantic/meaning/vectors'
import type { PagedBytes } from '../storage/paged-bytes'
import { boundedCache } from '../text/bounded-cache'
import { perLexicon } from '../text/per-lexicon'
import { seededRandom } from '../text/seeded-random'
import {
  FINDER_FILE,
  findGroup,
  groupRange,
  POS_SHIFT,
  Section,
  sectionLength,
  sectionValue,
  SYLLABLE_MASK,
  UNSAFE_BIT,
} from './finder-file'
import { descriptionShape, KINDS, type Kind } from './description'
import { converseTerms, oppositesOf, similarAdjectivesOf, type Related } from './opposites'
import { guessedVowel, soundKey, stressedVowel } from './sound-keys'
import { meaningTerms } from './terms'
import type { FoundWord } from './schemas'
import { porterStem } from '../datasets/stemmer'

/** How far a search pages: the offset of its last word is below this. */
export const MAX_RESULTS = 1000

export type Band = (typeof FREQUENCY_BANDS)[number]
export type Filters = { pos?: PartOfSpeech; syllables?: number; band?: Band; safe: boolean }

export type Asked =
  | { kind: 'spelled'; pattern: string }
  | { kind: 'sounds'; spelling: string }
  | { kind: 'rhymes'; word: string }
  | { kind: 'means'; description: string }
  | { kind: 'random'; seed: number }

export type Found =
  { ok: true; words: FoundWord[]; more: boolean; note: string | null } | { ok: false; problem: 'no_terms' }

/** A candidate before it is read for the answer: its line and what its kind adds. */
type Candidate = { line: number; extra?: Partial<FoundWord> }

type Search = {
  lexicon: Lexicon
  list: WordList
  file: PagedBytes
  filters: Filters
}

const finderOf = (lexicon: Lexicon) => lexicon.companions[FINDER_FILE] as PagedBytes

export function findWords(
  lexicon: Lexicon,
  asked: Asked,
  filters: Filters,
  offset: number,
  limit: number,
): Found {
  const search: Search = { lexicon, list: wordListOf(lexicon), file: finderOf(lexicon), filters }
  const want = offset + limit + 1
  let found: { candidates: Candidate[]; note: string | null }
  switch (asked.kind) {
    case 'spelled':
      found = { candidates: spelled(search, asked.pattern, want), note: null }
      break
    case 'sounds':
      found = { candidates: soundsLike(search, asked.spelling, want), note: null }
      break
    case 'rhymes':
      found = rhymes(search, asked.word, want)
      break
    case 'means': {
      const terms = meaningTerms(asked.description)
      if (terms.length === 0) return { ok: false, problem: 'no_terms' }
      found = means(search, asked.description, terms, want)
      break
    }
    case 'random':
      found = { candidates: randomWords(search, asked.seed, limit), note: null }
      break
  }
  const page = found.candidates.slice(offset, offset + limit)
  return {
    ok: true,
    words: page.map((c) => ({ ...describe(search, c.line), ...c.extra })),
    more: found.candidates.length > offset + limit && offset + limit < MAX_RESULTS,
    note: found.note,
  }
}

const info = (s: Search, line: number) => sectionValue(s.file, Section.info, line)
const zipfAt = (s: Search, line: number) => s.list.zipf[line] as number

/** The lexicon's parts of speech of a line's word, or its base forms' and the first base word. */
function partsOf(s: Search, line: number): { parts: PartOfSpeech[]; formOf: string | null } {
  const mask = info(s, line) >> POS_SHIFT
  if (mask !== 0) return { parts: PARTS_OF_SPEECH.filter((_, i) => mask & (1 << i)), formOf: null }
  const bases = baseForms(s.lexicon, wordAt(s.list, line))
  return {
    parts: PARTS_OF_SPEECH.filter((p) => bases.some((b) => b.partOfSpeech === p)),
    formOf: bases[0]?.word ?? null,
  }
}

function passes(s: Search, line: number): boolean {
  const value = info(s, line)
  const { pos, syllables, band, safe } = s.filters
  if (safe && value & UNSAFE_BIT) return false
  if (syllables !== undefined && (value & SYLLABLE_MASK) !== syllables) return false
  if (band !== undefined && bandOf(zipfAt(s, line)) !== band) return false
  return pos === undefined || partsOf(s, line).parts.includes(pos)
}

function describe(s: Search, line: number): FoundWord {
  const word = wordAt(s.list, line)
  const zipf = zipfAt(s, line)
  const { parts, formOf } = partsOf(s, line)
  const syllables = info(s, line) & SYLLABLE_MASK
  return {
    word: writtenForm(s.lexicon, word),
    partsOfSpeech: parts,
    formOf,
    zipf: zipf === 0 ? null : zipf,
    band: bandOf(zipf) ?? 'rare',
    syllables: syllables === 0 ? null : syllables,
  }
}

const QUESTION = 63
const STAR = 42

/** Whether a line's word matches a wildcard pattern (`?` one character, `*` any run), byte by byte. */
function globMatches(list: WordList, line: number, pattern: Uint8Array): boolean {
  const start = list.starts[line] as number
  const length = (list.tabs[line] as number) - start
  let w = 0
  let p = 0
  let starP = -1
  let starW = 0
  while (w < length) {
    const c = pattern[p]
    if (p < pattern.length && (c === QUESTION || c === list.bytes[start + w])) {
      w++
      p++
    } else if (c === STAR) {
      starP = p++
      starW = w
    } else if (starP !== -1) {
      p = starP + 1
      w = ++starW
    } else return false
  }
  while (pattern[p] === STAR) p++
  return p === pattern.length
}

/** The words a wildcard pattern spells, commonest first. */
function spelled(s: Search, pattern: string, want: number): Candidate[] {
  const bytes = new TextEncoder().encode(pattern)
  const literal = /^[^?*]*/.exec(pattern)?.[0] ?? ''
  const out: Candidate[] = []
  if (literal.length > 0) {
    const [start, end] = prefixLines(s.list, literal)
    for (let line = start; line < end; line++)
      if (globMatches(s.list, line, bytes) && passes(s, line)) out.push({ line })
    return out.sort((a, b) => zipfAt(s, b.line) - zipfAt(s, a.line) || a.line - b.line).slice(0, want)
  }
  for (let i = 0, n = wordListSize(s.list); i < n && out.length < want; i++) {
    const line = sectionValue(s.file, Section.byFrequency, i)
    if (globMatches(s.list, line, bytes) && passes(s, line)) out.push({ line })
  }
  return out
}

/** The members of group `g` of a group index, in order, that pass the filters, until `want`. */
function groupMembers(
  s: Search,
  starts: number,
  members: number,
  g: number,
  want: number,
  keep: (line: number) => boolean,
): number[] {
  const out: number[] = []
  if (g < 0) return out
  const [start, end] = groupRange(s.file, starts, g)
  for (let i = start; i < end && out.length < want; i++) {
    const line = sectionValue(s.file, members, i)
    if (keep(line) && passes(s, line)) out.push(line)
  }
  return out
}

/** How many words of a sound key are read before ranking: the commonest of the largest keys. */
const SOUND_SCAN = 3000

/**
 * Words spelt to sound alike (the same sound key), those whose stressed vowel is the one the spelling says
 * first, then the commonest.
 */
function soundsLike(s: Search, spelling: string, want: number): Candidate[] {
  const lower = spelling.toLowerCase()
  const own = wordLine(s.list, lower)
  const known = own === -1 ? undefined : arpabetOf(s.lexicon, lower)[0]
  const vowel = known ? stressedVowel(known) : guessedVowel(lower)
  const g = findGroup(s.file, Section.soundKeyEnds, Section.soundText, soundKey(lower))
  const lines = groupMembers(s, Section.soundStarts, Section.soundMembers, g, SOUND_SCAN, (l) => l !== own)
  const vowelOf = (line: number) => {
    const sound = arpabetOf(s.lexicon, wordAt(s.list, line))[0]
    return sound ? stressedVowel(sound) : guessedVowel(wordAt(s.list, line))
  }
  const scored = lines.map((line, rank) => ({ line, rank, same: vowel !== null && vowelOf(line) === vowel }))
  scored.sort((a, b) => Number(b.same) - Number(a.same) || a.rank - b.rank)
  return scored.slice(0, want).map(({ line, same }) => ({ line, extra: { score: same ? 1 : 0.5 } }))
}

/** Perfect rhymes of a word CMUdict has, commonest first, then near rhymes. */
function rhymes(s: Search, word: string, want: number): { candidates: Candidate[]; note: string | null } {
  const lower = word.toLowerCase()
  const own = wordLine(s.list, lower)
  if (own === -1 || arpabetOf(s.lexicon, lower).length === 0)
    return {
      candidates: [],
      note: `"${word}" is not in the CMU Pronouncing Dictionary, so its rhymes are not known.`,
    }
  const perfectGroup = sectionValue(s.file, Section.perfectOf, own)
  const perfect = groupMembers(
    s,
    Section.perfectStarts,
    Section.perfectMembers,
    perfectGroup,
    want,
    (l) => l !== own,
  )
  const near = groupMembers(
    s,
    Section.nearStarts,
    Section.nearMembers,
    sectionValue(s.file, Section.nearOf, own),
    want - perfect.length,
    (l) => l !== own && sectionValue(s.file, Section.perfectOf, l) !== perfectGroup,
  )
  return {
    candidates: [
      ...perfect.map((line) => ({ line, extra: { rhyme: 'perfect' as const } })),
      ...near.map((line) => ({ line, extra: { rhyme: 'near' as const } })),
    ],
    note: null,
  }
}

/** BM25's constants, for definitions where every term occurs once. */
const K1 = 1.2
const B = 0.75
/** How many of the best-matching definitions give words. */
const MEANING_SYNSETS = 200
/** How many of the words found are ranked with their vectors (the rest keep their definitions' order). */
const VECTOR_RANKED = 100

const averageTerms = perLexicon((lexicon) => {
  const file = finderOf(lexicon)
  let sum = 0
  const n = sectionLength(file, Section.synsetTerms)
  for (let i = 0; i < n; i++) sum += sectionValue(file, Section.synsetTerms, i)
  return n === 0 ? 1 : sum / n
})

/**
 * The `keep` synsets whose definitions best match the terms by BM25 over their stemmed words, with their
 * scores, best first: the first step of `means`, and on its own the baseline `npm run eval:lexicon` prints.
 */
export function definitionMatches(
  lexicon: Lexicon,
  terms: readonly string[],
  keep: number,
): Array<[number, number]> {
  const file = finderOf(lexicon)
  const synsets = synsetCount(lexicon)
  const average = averageTerms(lexicon)
  const scores = scratchScores(synsets)
  const touched: number[] = []
  try {
    for (const term of terms) {
      const g = findGroup(file, Section.termKeyEnds, Section.termText, term)
      if (g === -1) continue
      const [start, end] = groupRange(file, Section.termStarts, g)
      const df = end - start
      const idf = Math.log(1 + (synsets - df + 0.5) / (df + 0.5))
      for (let i = start; i < end; i++) {
        const synset = sectionValue(file, Section.termPostings, i)
        const length = sectionValue(file, Section.synsetTerms, synset)
        const weight = (idf * (K1 + 1)) / (1 + K1 * (1 - B + (B * length) / average))
        if (scores[synset] === 0) touched.push(synset)
        scores[synset] = (scores[synset] as number) + weight
      }
    }
    return topSynsets(scores, touched, keep)
  } finally {
    // Also when a block is missing (Workers): the search runs again once it is read, from zero.
    for (const synset of touched) scores[synset] = 0
  }
}

/** How much more a meaning counts when it is of the kind the description opens with ("a place where …"). */
const KIND_BONUS = 3
/** Opening words that say only the kind ("something you use to …"): the kind is matched, not the word. */
const KIND_ONLY = new Set(
  ['place', 'somewhere', 'something', 'thing', 'someone', 'somebody', 'object'].map(porterStem),
)

/**
 * A reverse dictionary. "The opposite of X" and "not X" answer X's opposites (src/word-finder/opposites.ts)
 * when WordNet has any. Otherwise the words of the meanings whose definitions best match the description's
 * words (BM25 over the definitions' stemmed words), a meaning counting more when its definition opens with
 * them, when its hypernym is named in the description and when it is of the kind the description opens with
 * ("a place where …": a location, structure or facility; for a place, its verbs' converses are matched too:
 * "buy", "sold"); for "very X", the adjectives clustered around X join them. Then ranked with how close each
 * word's vector in the meaning model is to the description's, whether readers met the meaning, and how common
 * the word is.
 */
function means(
  s: Search,
  description: string,
  terms: readonly string[],
  want: number,
): { candidates: Candidate[]; note: string | null } {
  const shape = descriptionShape(description)
  if (shape.opposite) {
    const opposites = oppositesOf(s.lexicon, shape.opposite.word, shape.opposite.pos)
    if (opposites.length > 0)
      return {
        candidates: relatedWords(s, opposites, terms, want),
        note: `Words opposite in meaning to "${shape.opposite.word}".`,
      }
  }
  const kindTerm = shape.kindWord === null ? null : porterStem(shape.kindWord)
  const matched =
    terms.length > 1 && KIND_ONLY.has(kindTerm ?? '') ? terms.filter((t) => t !== kindTerm) : terms
  const converse = shape.kind === 'place' ? converseTerms(s.lexicon, description, terms) : []
  const best = definitionMatches(s.lexicon, [...matched, ...converse], MEANING_SYNSETS)
  const asked = new Set(terms)
  const kinds = shape.kind === null ? 0 : 1 << KINDS.indexOf(shape.kind)
  // A definition says first what its meaning is ("a large body of water …"), then what it is like or part of.
  // And its kind is its hypernym: a lake is a "body of water", which the description may name.
  const ranked = best.map(([synset, score]): [number, number] => {
    const head = meaningTerms(synsetDefinition(s.lexicon, synset), terms.length + 1)
    const headShare = head.filter((t) => asked.has(t)).length / terms.length
    const named = namesKind(s.lexicon, synset, asked) ? 1.5 : 1
    const kind = kinds !== 0 && kindsOf(s.lexicon, synset) & kinds ? KIND_BONUS : 1
    return [synset, score * (0.5 + 0.5 * headShare) * named * kind]
  })
  const top = Math.max(...ranked.map(([, score]) => score), 1e-9)
  const words = new Map<number, { score: number; sense: number; synset: number }>()
  const offer = (sense: number, synset: number, score: number) => {
    const line = senseLine(s, sense, asked)
    if (line === -1) return
    // A meaning SemCor saw is one a learner meets: "sea" the water before "main" the ocean.
    const value = score + Math.min(0.4, 0.1 * Math.log2(1 + senseTagCount(s.lexicon, sense)))
    const held = words.get(line)
    if (!held || value > held.score) words.set(line, { score: value, sense, synset })
  }
  for (const [synset, score] of ranked)
    for (const sense of synsetSenses(s.lexicon, synset)) offer(sense, synset, score / top)
  // "Very big": the adjectives WordNet clusters around "big" are as good as the best definition matched.
  if (shape.stronger)
    for (const { sense, tier } of similarAdjectivesOf(s.lexicon, shape.stronger))
      offer(sense, senseSynset(s.lexicon, sense), 1 - 0.2 * tier)
  const passing = [...words].filter(([line]) => passes(s, line))
  const pre = (line: number, score: number) => score + 0.1 * (Math.min(zipfAt(s, line), 7) / 7)
  passing.sort((a, b) => pre(b[0], b[1].score) - pre(a[0], a[1].score) || a[0] - b[0])
  const query = descriptionVector(s.lexicon, description)
  const out: Array<Candidate & { rank: number }> = passing
    .slice(0, Math.max(want, VECTOR_RANKED))
    .map(([line, { score, sense, synset }]) => {
      const vector = query ? wordVector(s.lexicon, wordAt(s.list, line)) : null
      const cosine =
        vector && query ? Math.max(0, dot(query, vector) / Math.sqrt(dot(vector, vector) || 1)) : 0
      const rank = (pre(line, score) + 0.3 * cosine) / 1.6
      return { line, rank, extra: meaningExtra(s, rank, sense, synset) }
    })
  const candidates = out
    .sort((a, b) => b.rank - a.rank || a.line - b.line)
    .slice(0, want)
    .map(({ line, extra }) => ({ line, extra }))
  return {
    candidates,
    note: candidates.length === 0 ? 'No definition in the lexicon has these words.' : null,
  }
}

/**
 * The word-list line of a sense's word, or -1 for a phrase, for a word the description itself used (by its
 * stem) and for a word not in the list: a reverse dictionary answers single words the asker did not say.
 */
function senseLine(s: Search, sense: number, asked: ReadonlySet<string>): number {
  const written = senseWritten(s.lexicon, sense).toLowerCase()
  if (written.includes(' ') || asked.has(porterStem(written))) return -1
  return wordLine(s.list, written)
}

/** What a word found by meaning carries: its score and the meaning (and definition) it was found by. */
const meaningExtra = (s: Search, rank: number, sense: number, synset: number): Partial<FoundWord> => ({
  score: Math.round(Math.min(1, rank) * 1000) / 1000,
  meaning: senseKey(s.lexicon, sense),
  definition: synsetDefinition(s.lexicon, synset),
})

/**
 * The words of meanings found through pointers (opposites), the most direct first, then those of the word's
 * earlier senses, then those readers met most and the commonest; each word once, by its best meaning.
 */
function relatedWords(
  s: Search,
  related: readonly Related[],
  terms: readonly string[],
  want: number,
): Candidate[] {
  const asked = new Set(terms)
  const best = new Map<number, { rank: number; sense: number }>()
  for (const { sense, tier, order } of related) {
    const line = senseLine(s, sense, asked)
    if (line === -1 || !passes(s, line)) continue
    const met = Math.min(1, Math.log2(1 + senseTagCount(s.lexicon, sense)) / 6)
    const rank =
      1 - 0.3 * tier - 0.02 * Math.min(order, 5) + 0.05 * met + 0.05 * (Math.min(zipfAt(s, line), 7) / 7)
    const held = best.get(line)
    if (!held || rank > held.rank) best.set(line, { rank, sense })
  }
  return [...best]
    .sort((a, b) => b[1].rank - a[1].rank || a[0] - b[0])
    .slice(0, want)
    .map(([line, { rank, sense }]) => ({
      line,
      extra: meaningExtra(s, Math.max(0, rank), sense, senseSynset(s.lexicon, sense)),
    }))
}

/** The synsets each kind of description opening is matched to: a kind's meanings have one as a hypernym. */
const KIND_ROOTS: Readonly<Record<Kind, readonly string[]>> = {
  place: ['location%1:03:00::', 'structure%1:06:00::', 'facility%1:06:00::'],
  person: ['person%1:03:00::'],
  thing: ['instrumentality%1:06:00::'],
  animal: ['animal%1:03:00::'],
}

const kindRoots = perLexicon((lexicon) => {
  const roots = new Map<number, number>()
  KINDS.forEach((kind, bit) => {
    for (const key of KIND_ROOTS[kind]) {
      const sense = senseIndexOf(lexicon, key)
      if (sense !== undefined) {
        const synset = senseSynset(lexicon, sense)
        roots.set(synset, (roots.get(synset) ?? 0) | (1 << bit))
      }
    }
  })
  return { roots, memo: boundedCache<number, number>(50_000) }
})

/** The kinds (bits in `KINDS` order) a synset is of: the roots among it and its hypernyms. */
function kindsOf(lexicon: Lexicon, synset: number, depth = 0): number {
  const { roots, memo } = kindRoots(lexicon)
  const held = memo.get(synset)
  if (held !== undefined) return held
  let bits = roots.get(synset) ?? 0
  if (depth < 20)
    for (const [symbol, target] of pointersOf(lexicon, synset))
      if (symbol === '@' || symbol === '@i') bits |= kindsOf(lexicon, target, depth + 1)
  memo.set(synset, bits)
  return bits
}

/** Whether a word of one of the synset's hypernyms is made only of the description's words ("body of water"). */
function namesKind(lexicon: Lexicon, synset: number, asked: ReadonlySet<string>): boolean {
  for (const [symbol, target] of pointersOf(lexicon, synset)) {
    if (symbol !== '@') continue
    for (const sense of synsetSenses(lexicon, target)) {
      const terms = meaningTerms(senseWritten(lexicon, sense))
      if (terms.length > 0 && terms.every((t) => asked.has(t))) return true
    }
  }
  return false
}

/** One score per synset, reused by the searches of a thread (they run one at a time) and left all zero. */
let scratch = new Float64Array(0)
function scratchScores(synsets: number): Float64Array {
  if (scratch.length !== synsets) scratch = new Float64Array(synsets)
  return scratch
}

/** The `keep` synsets of the highest scores with their scores, best first (ties: the earlier synset), by a bounded heap. */
function topSynsets(scores: Float64Array, touched: readonly number[], keep: number): Array<[number, number]> {
  const heap: Array<[number, number]> = []
  const worse = (a: [number, number], b: [number, number]) => a[1] < b[1] || (a[1] === b[1] && a[0] > b[0])
  const swap = (i: number, j: number) =>
    ([heap[i], heap[j]] = [heap[j] as [number, number], heap[i] as [number, number]])
  for (const synset of touched) {
    const entry: [number, number] = [synset, scores[synset] as number]
    if (heap.length === keep) {
      if (!worse(heap[0] as [number, number], entry)) continue
      heap[0] = entry
      for (let i = 0; ;) {
        const l = 2 * i + 1
        const r = l + 1
        let m = i
        if (l < heap.length && worse(heap[l] as [number, number], heap[m] as [number, number])) m = l
        if (r < heap.length && worse(heap[r] as [number, number], heap[m] as [number, number])) m = r
        if (m === i) break
        swap(i, m)
        i = m
      }
    } else {
      heap.push(entry)
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1
        if (!worse(heap[i] as [number, number], heap[parent] as [number, number])) break
        swap(i, parent)
        i = parent
      }
    }
  }
  return heap.sort((a, b) => b[1] - a[1] || a[0] - b[0])
}

/** The description's content words' vectors summed and of length 1, or null when none has one. */
function descriptionVector(lexicon: Lexicon, description: string): Float32Array | null {
  let sum: Float32Array | null = null
  for (const [word] of description.toLowerCase().matchAll(/[a-z]+/g)) {
    if (meaningTerms(word).length === 0) continue
    const vector = wordVector(lexicon, word)
    if (!vector) continue
    sum ??= new Float32Array(vector.length)
    const length = Math.sqrt(dot(vector, vector)) || 1
    for (let d = 0; d < vector.length; d++) sum[d] = (sum[d] as number) + (vector[d] as number) / length
  }
  if (!sum) return null
  const length = Math.sqrt(dot(sum, sum))
  if (length === 0) return null
  for (let d = 0; d < sum.length; d++) sum[d] = (sum[d] as number) / length
  return sum
}

/** How many lines a random draw tries before it answers with fewer words than asked. */
const RANDOM_TRIES = 5000

/** The positions [start, end) of a band's words in the commonest-first order. */
function bandRange(s: Search, band: Band | undefined): [number, number] {
  const n = wordListSize(s.list)
  if (band === undefined) return [0, n]
  const zipfOfRank = (i: number) => zipfAt(s, sectionValue(s.file, Section.byFrequency, i))
  const firstBelow = (bound: number) => {
    let lo = 0
    let hi = n
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (zipfOfRank(mid) >= bound) lo = mid + 1
      else hi = mid
    }
    return lo
  }
  const bounds: Record<Band, [number, number]> = {
    'very common': [Infinity, 5],
    common: [5, 4],
    'less common': [4, 3],
    rare: [3, -Infinity],
  }
  const [above, atLeast] = bounds[band]
  return [above === Infinity ? 0 : firstBelow(above), atLeast === -Infinity ? n : firstBelow(atLeast)]
}

function randomWords(s: Search, seed: number, limit: number): Candidate[] {
  const next = seededRandom(seed)
  const [start, end] = bandRange(s, s.filters.band)
  const chosen = new Set<number>()
  for (let tries = 0; tries < RANDOM_TRIES && chosen.size < limit && end > start; tries++) {
    const line = sectionValue(s.file, Section.byFrequency, start + Math.floor(next() * (end - start)))
    if (!chosen.has(line) && passes(s, line)) chosen.add(line)
  }
  return [...chosen].map((line) => ({ line }))
}
