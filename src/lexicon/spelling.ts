/**
 * "Did you mean": the words a person may have meant by a word or prefix the lexicon does not have. The
 * candidates come from the release's spelling index (src/lexicon/spelling-index.ts; for a prefix, the words of
 * the English word list under the prefix one slip away), and each within a small weighted edit distance is
 * scored by that distance (cheaper for the slips people make: a neighbouring key, a vowel for a vowel, a
 * doubled or undoubled letter, two letters swapped), by whether it sounds the same, and by its frequency in
 * speech; only words the word route serves are suggested.
 */
import { isLemma, normalizeLemma, type Lexicon } from './lexicon'
import { baseForms } from './morphology'
import { writtenForm } from './typed-form'
import { soundKey, spellingCandidates } from './spelling-index'
import { prefixLines, wordAt, wordLine, wordListOf, type WordList } from './word-list-file'

export const SUGGESTION_LIMIT = 5

/** The largest weighted distance a suggestion may be from what was typed. */
const MAX_DISTANCE = 3
/** Score per Zipf point: a word 3 points commoner (1000 times) may be one plain edit further. */
const FREQUENCY_WEIGHT = 0.3
/** The Zipf value a word outside SUBTLEX-US is scored with: below any word the subtitles have. */
const UNSEEN_ZIPF = 1
/** The longest word a suggestion may be (the list's words are shorter). */
const LONGEST_WORD = 64
/** What a candidate that does not sound like the typed word pays. */
const SOUND_PENALTY = 0.3

const APOSTROPHE = 39
const HYPHEN = 45
const VOWELS = new Set('aeiouy'.split('').map((c) => c.charCodeAt(0)))
const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm']
/** Pairs of letters that sound alike in English spelling (c/k, s/z, i/y, …). */
const SOUND_ALIKE = ['ck', 'cs', 'sz', 'iy', 'gj', 'kq', 'fv', 'mn', 'dt', 'bp']

const pairKey = (a: number, b: number) => (a < b ? a * 256 + b : b * 256 + a)

const NEIGHBOURS = (() => {
  const out = new Set<number>()
  KEYBOARD_ROWS.forEach((row, r) => {
    for (let i = 0; i < row.length; i++) {
      const here = row.charCodeAt(i)
      if (i + 1 < row.length) out.add(pairKey(here, row.charCodeAt(i + 1)))
      const below = KEYBOARD_ROWS[r + 1]
      if (below === undefined) continue
      for (const j of [i - 1, i]) if (j >= 0 && j < below.length) out.add(pairKey(here, below.charCodeAt(j)))
    }
  })
  return out
})()

const ALIKE = new Set(SOUND_ALIKE.map((p) => pairKey(p.charCodeAt(0), p.charCodeAt(1))))

function substitution(a: number, b: number): number {
  if (a === b) return 0
  const key = pairKey(a, b)
  if (VOWELS.has(a) && VOWELS.has(b)) return 0.6
  if (ALIKE.has(key)) return 0.6
  if (NEIGHBOURS.has(key)) return 0.7
  return 1
}

/** Inserting or dropping `c` between two letters: an apostrophe or hyphen costs least, a doubled letter next, a vowel next. */
function indel(c: number, before: number, after: number): number {
  if (c === APOSTROPHE || c === HYPHEN) return 0.3
  if (c === before || c === after) return 0.35
  return VOWELS.has(c) ? 0.7 : 1
}

/**
 * The weighted optimal-string-alignment distance from `typed` to the candidate at `line`, or Infinity past
 * `limit`; with `prefix`, to the candidate's closest start instead of the whole candidate.
 */
function distance(
  typed: Uint8Array,
  list: WordList,
  line: number,
  limit: number,
  prefix: boolean,
  rows: Float64Array[],
): number {
  const start = list.starts[line] as number
  const m = Math.min((list.tabs[line] as number) - start, prefix ? typed.length + 3 : Infinity)
  const n = typed.length
  const word = list.bytes
  const at = (j: number) => word[start + j - 1] as number
  let previous2 = rows[0] as Float64Array
  let previous = rows[1] as Float64Array
  let current = rows[2] as Float64Array
  previous[0] = 0
  for (let j = 1; j <= m; j++)
    previous[j] = (previous[j - 1] as number) + indel(at(j), j > 1 ? at(j - 1) : -1, j < m ? at(j + 1) : -1)
  for (let i = 1; i <= n; i++) {
    const t = typed[i - 1] as number
    current[0] =
      (previous[0] as number) +
      indel(t, i > 1 ? (typed[i - 2] as number) : -1, i < n ? (typed[i] as number) : -1)
    let best = current[0] as number
    for (let j = 1; j <= m; j++) {
      const w = at(j)
      let cost = Math.min(
        (previous[j - 1] as number) + substitution(t, w),
        (previous[j] as number) + indel(t, i > 1 ? (typed[i - 2] as number) : -1, w),
        (current[j - 1] as number) + indel(w, j > 1 ? at(j - 1) : -1, t),
      )
      if (i > 1 && j > 1 && t === at(j - 1) && (typed[i - 2] as number) === w && t !== w)
        cost = Math.min(cost, (previous2[j - 2] as number) + 0.6)
      current[j] = cost
      if (cost < best) best = cost
    }
    if (best > limit) return Infinity
    const spare = previous2
    previous2 = previous
    previous = current
    current = spare
  }
  let result = previous[m] as number
  if (prefix) for (let j = Math.max(0, n - 2); j <= m; j++) result = Math.min(result, previous[j] as number)
  return result <= limit ? result : Infinity
}

export type ScoredWord = { word: string; score: number }

/** How many words under one prefix a prefix's suggestions read (in the list's order). */
const UNDER_ONE_PREFIX = 200
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/**
 * The lines of the words that start one slip away from a prefix: with a letter dropped, two swapped, one
 * changed or one added (not at its end: that only narrows what is already empty).
 */
function prefixCandidates(list: WordList, prefix: string): Set<number> {
  const variants = new Set<string>()
  for (let i = 0; i < prefix.length; i++) {
    variants.add(prefix.slice(0, i) + prefix.slice(i + 1))
    if (i + 1 < prefix.length)
      variants.add(prefix.slice(0, i) + prefix[i + 1] + prefix[i] + prefix.slice(i + 2))
    for (const letter of LETTERS) {
      variants.add(prefix.slice(0, i) + letter + prefix.slice(i + 1))
      variants.add(prefix.slice(0, i) + letter + prefix.slice(i))
    }
  }
  variants.delete('')
  const out = new Set<number>()
  for (const variant of variants) {
    const [start, end] = prefixLines(list, variant)
    for (let line = start; line < Math.min(end, start + UNDER_ONE_PREFIX); line++) out.add(line)
  }
  return out
}

/**
 * The best-scored words of the word list for what was typed (lower case), best first, at most `keep`,
 * without the typed word itself; `prefix` scores candidates by their closest start.
 */
export function rankedWords(lexicon: Lexicon, typed: string, keep: number, prefix = false): ScoredWord[] {
  const list = wordListOf(lexicon)
  const bytes = new TextEncoder().encode(typed)
  if (bytes.length === 0 || bytes.some((b) => b > 127)) return []
  const rows = [0, 1, 2].map(() => new Float64Array(LONGEST_WORD + 1))
  const typedSound = soundKey(typed)
  const best: ScoredWord[] = []
  const candidates = prefix ? prefixCandidates(list, typed) : spellingCandidates(lexicon, typed)
  for (const line of candidates) {
    const length = (list.tabs[line] as number) - (list.starts[line] as number)
    if (prefix ? length < bytes.length - 2 : Math.abs(length - bytes.length) > 3) continue
    if (length > LONGEST_WORD) continue
    const d = distance(bytes, list, line, MAX_DISTANCE, prefix, rows)
    if (d === Infinity || d === 0) continue
    const zipf = (list.zipf[line] as number) || UNSEEN_ZIPF
    const word = wordAt(list, line)
    const sound = prefix ? 0 : soundKey(word) === typedSound ? 0 : SOUND_PENALTY
    const score = d + sound - FREQUENCY_WEIGHT * zipf
    if (best.length === keep && score >= (best[keep - 1] as ScoredWord).score) continue
    let at = best.length
    while (
      at > 0 &&
      ((best[at - 1] as ScoredWord).score > score || tieAfter(best[at - 1] as ScoredWord, score, word))
    )
      at--
    best.splice(at, 0, { word, score })
    if (best.length > keep) best.pop()
  }
  return best
}

/** Equal scores in the list's order, so the answer does not depend on the order candidates are met. */
const tieAfter = (placed: ScoredWord, score: number, word: string) =>
  placed.score === score && placed.word > word

/** Whether the word route serves this (normalized) word: a lexicon word or an inflected form of one. */
function served(lexicon: Lexicon, word: string): boolean {
  return isLemma(lexicon, word) || baseForms(lexicon, word).length > 0
}

/** How many ranked words are read to find five the lexicon serves. */
const RANKED = 25

/** Up to five words the lexicon serves that a person typing `text` (a word or phrase) may have meant. */
export function suggestWords(lexicon: Lexicon, text: string, limit = SUGGESTION_LIMIT): string[] {
  const typed = normalizeLemma(text)
  const words = typed.split(' ')
  const out: string[] = []
  const add = (word: string) => {
    const shown = writtenForm(lexicon, word)
    if (!out.includes(shown) && out.length < limit) out.push(shown)
  }
  if (words.length === 1) {
    for (const { word } of rankedWords(lexicon, typed, RANKED)) if (served(lexicon, word)) add(word)
    return out
  }
  // A phrase: each word the list lacks is corrected in turn, and the phrases the lexicon has are kept.
  const list = wordListOf(lexicon)
  const phrases: ScoredWord[] = []
  words.forEach((word, i) => {
    if (wordLine(list, word) !== -1) return
    for (const { word: fixed, score } of rankedWords(lexicon, word, RANKED)) {
      const phrase = words.map((w, k) => (k === i ? fixed : w)).join(' ')
      if (served(lexicon, phrase)) phrases.push({ word: phrase, score })
    }
  })
  phrases.sort((a, b) => a.score - b.score)
  for (const { word } of phrases) add(word)
  return out
}

/** Up to five words the lexicon serves that start like a prefix nobody's words start with. */
export function suggestForPrefix(lexicon: Lexicon, prefix: string, limit = SUGGESTION_LIMIT): string[] {
  const typed = normalizeLemma(prefix)
  const out: string[] = []
  for (const { word } of rankedWords(lexicon, typed, RANKED, true)) {
    const shown = writtenForm(lexicon, word)
    if (served(lexicon, word) && !out.includes(shown) && out.length < limit) out.push(shown)
  }
  return out
}
