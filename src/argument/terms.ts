/**
 * How each written word is read: as a cue word, or as the content terms it stands for (lemmatized with the
 * lexicon's own morphology), or as nothing (stop words, numerals). Readings are remembered per lexicon and
 * written form, so a word seen in any earlier request costs one map lookup.
 */
import type { Lexicon } from '../lexicon/lexicon'
import { baseForms } from '../lexicon/morphology'
import { cueClassOf, CUE_WORDS, opensCue } from '../text/cue-reader'
import type { CueWord } from '../text/cues'
import { isHyphen } from '../text/scan'
import { oneByte } from './one-byte'
import { isLemma, lemmaRank } from '../lexicon/lexicon'

/** Function words left out of the comparison (cue words are left out through their own lists). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against am an and any are as at be because been before being below between ' +
    'both but by can did do does doing down during either else ever for from further had has have having he ' +
    "he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in into is " +
    "it it's its itself let's me more my myself of off on once only or other ought our ours ourselves out " +
    "over own same shall she she'd she'll she's should so such than that that's the their theirs them " +
    "themselves then there there's these they they'd they'll they're they've this those through to too " +
    "under until up upon us very was we we'd we'll we're we've were what what's when when's where where's " +
    "whether which while who who's whom whose why why's will with would you you'd you'll you're you've your " +
    'yours yourself yourselves also just even yet still thus hence therefore however although though ' +
    'since unless whereas via per etc ie eg mr mrs ms dr'
  ).split(' '),
)

const NON_ASCII = /[\u0080-\uffff]/
const LETTER = /\p{L}/u
const COMBINING_MARKS = /\p{M}/gu

/**
 * The term of a lower-case word: among the word itself (when it is a lexicon word) and its base forms
 * (morphology `baseForms`), the one WordNet's tagged corpus uses most (lowest `lemmaRank`); ties keep the word
 * itself, then the first base form. A word the lexicon does not know, with or without its accents, is its own
 * term.
 */
function resolveTerm(lexicon: Lexicon, word: string): string {
  const known = lexiconTerm(lexicon, word)
  if (known !== null) return known
  // The lexicon writes most borrowed words without accents (cafe, naive): try the word without its marks.
  if (NON_ASCII.test(word)) {
    const plain = word.normalize('NFD').replace(COMBINING_MARKS, '')
    if (plain !== word) return lexiconTerm(lexicon, plain) ?? word
  }
  return word
}

function lexiconTerm(lexicon: Lexicon, word: string): string | null {
  let best: string | null = isLemma(lexicon, word) ? word : null
  let bestRank = best === null ? Infinity : rankOf(lexicon, word)
  for (const form of baseForms(lexicon, word)) {
    const rank = rankOf(lexicon, form.word)
    if (best === null || rank < bestRank) {
      best = form.word
      bestRank = rank
    }
  }
  return best
}

/** The suggestion rank of a lexicon lemma (lower is commoner). */
function rankOf(lexicon: Lexicon, lemma: string): number {
  return lemmaRank(lexicon, lemma)
}

/** A content term inside a written word, at `offset` code units from its start. */
export type TermPart = { offset: number; length: number; term: string }
/**
 * A word is a cue word (left out of the terms) or has content terms; `opens` says whether it may belong to a
 * longer cue (a phrase, counted share, report frame or sarcasm marker), so only such sentences go to the cue
 * reader.
 */
export type WordReading = (
  { cue: CueWord & { word: string }; parts?: undefined } | { cue?: undefined; parts: TermPart[] }
) & { opens: boolean }

const NOTHING: WordReading = { parts: [], opens: false }
const NOTHING_OPENS: WordReading = { parts: [], opens: true }

/** Reads one written word (letters, marks and digits joined by inner apostrophes or hyphens). */
function readWord(lexicon: Lexicon, written: string): WordReading {
  let lower = written.toLowerCase()
  if (lower.indexOf('\u2019') !== -1) lower = lower.replace(/\u2019/g, "'")
  const cue = cueClassOf(lower)
  const opens = opensCue(lower)
  if (cue) return { cue: { word: oneByte(lower), ...cue }, opens }
  // Lower-casing rarely changes length (İ); offsets inside such a word are not derived from the lower case.
  const parts: TermPart[] = []
  addContent(lexicon, lower, 0, lower.length === written.length ? null : written.length, parts)
  if (parts.length === 0) return opens ? NOTHING_OPENS : NOTHING
  return { parts, opens }
}

/** `unalignedLength` is the written length when lower-casing changed it: the word is then kept whole. */
function addContent(
  lexicon: Lexicon,
  lower: string,
  offset: number,
  unalignedLength: number | null,
  parts: TermPart[],
): void {
  const aligned = unalignedLength === null
  const first = lower.charCodeAt(0)
  if (first >= 0x30 && first <= 0x39) return
  const length = lower.length
  if (aligned && length > 2 && lower.endsWith("'s")) {
    return addContent(lexicon, lower.slice(0, -2), offset, null, parts)
  }
  if (length < 2 || STOP_WORDS.has(lower) || CUE_WORDS.has(lower)) return
  const nonAscii = first >= 0x80 || NON_ASCII.test(lower)
  if (nonAscii && !LETTER.test(lower)) return
  const term = resolveTerm(lexicon, nonAscii ? lower.normalize('NFC') : lower)
  if (aligned && hasInnerHyphen(lower) && !isLemma(lexicon, term)) {
    let partStart = 0
    for (let i = 0; i <= length; i++) {
      if (i < length && !isHyphen(lower.charCodeAt(i))) continue
      if (i > partStart) addContent(lexicon, lower.slice(partStart, i), offset + partStart, null, parts)
      partStart = i + 1
    }
    return
  }
  parts.push({ offset, length: unalignedLength ?? length, term: oneByte(term) })
}

function hasInnerHyphen(word: string): boolean {
  for (let i = 1; i < word.length - 1; i++) if (isHyphen(word.charCodeAt(i))) return true
  return false
}

/**
 * Remembered readings per lexicon, in an open-addressing table keyed by the written word: a word is hashed
 * and compared where it stands in the text, so looking up a known word allocates nothing. The bound keeps a
 * flood of invented words from growing memory without end.
 */
const READING_CACHE_LIMIT = 250_000

type ReadingTable = {
  keys: Array<string | undefined>
  hashes: Int32Array
  readings: WordReading[]
  size: number
}

/** One holder per lexicon, so readers see the table that replaces it when it grows. */
const readingTables = new WeakMap<Lexicon, { table: ReadingTable }>()

function emptyTable(capacity: number): ReadingTable {
  return {
    keys: new Array(capacity),
    hashes: new Int32Array(capacity),
    readings: new Array(capacity),
    size: 0,
  }
}

/** FNV-1a over the code units of text[start, end). */
function hashOf(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash
}

function sameWord(key: string, text: string, start: number, end: number): boolean {
  if (key.length !== end - start) return false
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) !== text.charCodeAt(start + i)) return false
  return true
}

function insert(table: ReadingTable, key: string, hash: number, reading: WordReading): void {
  const mask = table.keys.length - 1
  let slot = hash & mask
  while (table.keys[slot] !== undefined) slot = (slot + 1) & mask
  table.keys[slot] = key
  table.hashes[slot] = hash
  table.readings[slot] = reading
  table.size++
}

function grow(table: ReadingTable): ReadingTable {
  const bigger = emptyTable(table.keys.length * 2)
  table.keys.forEach((key, slot) => {
    if (key !== undefined)
      insert(bigger, key, table.hashes[slot] as number, table.readings[slot] as WordReading)
  })
  return bigger
}

/** The reader of written words for one lexicon: the reading of text[start, end). */
export function wordReader(lexicon: Lexicon): (text: string, start: number, end: number) => WordReading {
  let holder = readingTables.get(lexicon)
  if (!holder) {
    holder = { table: emptyTable(1 << 12) }
    readingTables.set(lexicon, holder)
  }
  const tables = holder
  return (text, start, end) => {
    const table = tables.table
    const hash = hashOf(text, start, end)
    const mask = table.keys.length - 1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const key = table.keys[slot]
      if (key === undefined) break
      if (table.hashes[slot] === hash && sameWord(key, text, start, end))
        return table.readings[slot] as WordReading
    }
    const written = text.slice(start, end)
    const reading = readWord(lexicon, written)
    if (table.size < READING_CACHE_LIMIT) {
      if ((table.size + 1) * 2 > table.keys.length) tables.table = grow(table)
      insert(tables.table, written, hash, reading)
    }
    return reading
  }
}

export const TERM_RULE =
  'Words are runs of letters, combining marks and digits joined by inner apostrophes or hyphens. A word is a content word unless it is a stop word, a cue word (negation, hedge, booster, quantifier), starts with a digit, or has fewer than two characters; a possessive \'s is dropped, and a hyphenated word that is not a lexicon word is compared part by part. Matching is case-insensitive (Unicode lower case, NFC). The term of a word is the word itself (when the lexicon has it) or one of its base forms from the lexicon\'s morphology (WordNet exception lists, then suffix rules): whichever WordNet\'s sense-tagged corpus uses most. When the lexicon knows a word only without its accents, that form is used (café, cafés → cafe; naïve → naive). So "studies", "studied" and "study" share the term "study", "geese" is "goose" and "was" is "be".'
