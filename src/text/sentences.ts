/**
 * The one sentence splitter of the service: the argument review's sentence bound and comparison unit, the
 * `/v1` routes' sentences and the dataset builders' sentences all come from here, so the same text splits
 * the same way everywhere. The rule, also published in the argument capabilities document:
 *
 * A sentence ends after a run of `.`, `!`, `?` or `…` (with any closing quotes or brackets right after it)
 * when white space follows and the next word (behind any opening quotes or brackets) does not begin in lower
 * case and is no footnote mark; it also ends at a blank line.
 * A single `.` does not end a sentence after a title or similar abbreviation (Mr., Dr., e.g., et al., U.S.), after
 * a reference abbreviation followed by a number (No. 5, p. 12, Fig. 3), after a single-letter initial
 * (J. Smith), or after a list number (1. First). Decimals (3.14), dotted names (example.com) and mid-sentence
 * ellipses (and then... we left) never end a sentence, since no space, or a lower-case word, follows.
 * Sentences are trimmed of surrounding white space; text with no visible character has no sentence.
 */
import { isDigit, isLowercaseLetter, isSpace, paragraphBreakEnd, type Range } from './scan'

export const SENTENCE_RULE =
  'A sentence ends after a run of ".", "!", "?" or "…" (with any closing quotes or brackets right after it) when white space follows and the next word (behind any opening quotes or brackets) does not begin in lower case and is not a footnote mark (*, †, ‡), and at a blank line. A single "." does not end a sentence after a title or similar abbreviation (Mr., Dr., St., e.g., i.e., et al., vs., U.S., p.m.), after a reference abbreviation followed by a number (No. 5, p. 12, Fig. 3), after a one-letter initial (J. Smith) or after a list number (1. First). Decimals (3.14), dotted names (example.com) and mid-sentence ellipses ("and then... we left") never end a sentence. Sentences are trimmed of surrounding white space.'

/**
 * A run of at most six letters and dots as a number, ignoring case (letters 1 to 26, "." 27, base 28), so an
 * abbreviation is looked up without cutting and lower-casing a string at each sentence end.
 */
function shortWordKey(text: string, from: number, to: number): number {
  let key = 0
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i)
    key = key * 28 + (code === 0x2e ? 27 : (code | 0x20) - 0x60)
  }
  return key
}

function keysOf(words: string[]): ReadonlySet<number> {
  return new Set(words.map((word) => shortWordKey(word, 0, word.length)))
}

/** Abbreviations after which a single "." never ends a sentence. */
const ABBREVIATIONS = keysOf([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'ft',
  'gen',
  'col',
  'lt',
  'sgt',
  'capt',
  'rev',
  'hon',
  'gov',
  'sen',
  'rep',
  'pres',
  'messrs',
  'lieut',
  'esq',
  'vs',
  'cf',
  'approx',
  'ca',
  'e.g',
  'i.e',
  'eg',
  'ie',
  'viz',
  'al',
  'u.s',
  'u.k',
  'a.m',
  'p.m',
  'inc',
  'ltd',
  'co',
])

/** No abbreviation above is longer than this ("approx"). */
const LONGEST_ABBREVIATION = 6

/** Abbreviations after which a single "." does not end a sentence when a number follows. */
const NUMBER_ABBREVIATIONS = keysOf([
  'no',
  'nos',
  'p',
  'pp',
  'vol',
  'vols',
  'fig',
  'figs',
  'ch',
  'sec',
  'art',
  'eq',
])

function isTerminator(code: number): boolean {
  return code === 0x2e || code === 0x21 || code === 0x3f || code === 0x2026
}

/** Closing quotes and brackets that belong to the sentence they follow. */
function isCloser(code: number): boolean {
  return (
    code === 0x22 ||
    code === 0x27 ||
    code === 0x29 ||
    code === 0x5d ||
    code === 0x7d ||
    code === 0x201d ||
    code === 0x2019 ||
    code === 0xbb
  )
}

/** Sentence k of a text is [bounds[2k], bounds[2k + 1]). */
export type SentenceBounds = Int32Array

export function sentenceBounds(text: string, options: SplitOptions = {}): SentenceBounds {
  let bounds = new Int32Array(64)
  let length = 0
  forEachSentence(text, options.keepListNumbers ?? true, (start, end) => {
    if (length === bounds.length) {
      const grown = new Int32Array(bounds.length * 2)
      grown.set(bounds)
      bounds = grown
    }
    bounds[length++] = start
    bounds[length++] = end
  })
  return bounds.subarray(0, length)
}

/**
 * `keepListNumbers: false` gives a list number at a sentence start a sentence of its own (`2.` | `The duty
 * …`): the dataset builders split so, since the committed observed-language annotations were proposed that
 * way and their procedure must propose them again.
 */
export type SplitOptions = { keepListNumbers?: boolean }

export function splitSentences(text: string, options: SplitOptions = {}): Range[] {
  const bounds = sentenceBounds(text, options)
  const out: Range[] = []
  for (let k = 0; k < bounds.length; k += 2)
    out.push({ start: bounds[k] as number, end: bounds[k + 1] as number })
  return out
}

export function countSentences(text: string): number {
  let count = 0
  forEachSentence(text, true, () => count++)
  return count
}

/** The characters that can end a sentence or a paragraph: the scan jumps from one to the next. */
const CANDIDATE = /[.!?\n\u2026]/g

function forEachSentence(
  text: string,
  keepListNumbers: boolean,
  visit: (start: number, end: number) => void,
): void {
  const n = text.length
  const push = (start: number, end: number) => {
    while (end > start && isSpace(text.charCodeAt(end - 1))) end--
    if (end > start) visit(start, end)
  }
  let start = skipSpace(text, 0)
  let i = start
  while (i < n) {
    CANDIDATE.lastIndex = i
    if (!CANDIDATE.test(text)) break
    i = CANDIDATE.lastIndex - 1
    const code = text.charCodeAt(i)
    if (code === 0x0a) {
      const after = paragraphBreakEnd(text, i)
      if (after !== -1) {
        push(start, i)
        start = skipSpace(text, after)
        i = start
      } else i++
      continue
    }
    let j = i
    while (j < n && isTerminator(text.charCodeAt(j))) j++
    const singleDot = j === i + 1 && code === 0x2e
    while (j < n && isCloser(text.charCodeAt(j))) j++
    if (j < n && !isSpace(text.charCodeAt(j))) {
      i = j
      continue
    }
    const next = skipSpace(text, j)
    if (next >= n) {
      push(start, j)
      start = n
      break
    }
    if (
      !continuesSentence(text, next) &&
      !(singleDot && keepsSentence(text, start, i, next, keepListNumbers))
    ) {
      push(start, j)
      start = next
      i = next
      continue
    }
    i = j
  }
  if (start < n) push(start, n)
}

/** Opening quotes and brackets, looked past to the word they open. */
function isOpener(code: number): boolean {
  return (
    code === 0x22 ||
    code === 0x27 ||
    code === 0x28 ||
    code === 0x5b ||
    code === 0x201c ||
    code === 0x2018 ||
    code === 0xab
  )
}

/**
 * Whether what follows a stop carries on its sentence: a lower-case word, also behind opening quotes or
 * brackets ("Go! (quietly)", "forbear! 'tis"), or a footnote mark ("a royal fish." *).
 */
function continuesSentence(text: string, next: number): boolean {
  const mark = text.charCodeAt(next)
  if (mark === 0x2a || mark === 0x2020 || mark === 0x2021) return true
  let k = next
  while (k < text.length && isOpener(text.charCodeAt(k))) k++
  return k < text.length && isLowercaseLetter(text.codePointAt(k) as number)
}

function skipSpace(text: string, index: number): number {
  while (index < text.length && isSpace(text.charCodeAt(index))) index++
  return index
}

/** Whether the "." at `dot` belongs to an abbreviation, initial or list number rather than ending a sentence. */
function keepsSentence(
  text: string,
  sentenceStart: number,
  dot: number,
  next: number,
  keepListNumbers: boolean,
): boolean {
  let from = dot
  let digits = 0
  while (from > sentenceStart && dot - from <= LONGEST_ABBREVIATION) {
    const code = text.charCodeAt(from - 1)
    const letter = (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)
    if (!letter && code !== 0x2e && !isDigit(code)) break
    if (isDigit(code)) digits++
    from--
  }
  const length = dot - from
  // Most sentences end on a longer word: no abbreviation, initial or list number is that long.
  if (length === 0 || length > LONGEST_ABBREVIATION) return false
  const first = text.charCodeAt(from)
  if (from === sentenceStart && (digits === length ? keepListNumbers && length <= 3 : length === 1))
    return true
  if (length === 1 && first >= 0x41 && first <= 0x5a) return true
  // No abbreviation has a digit.
  if (digits > 0) return false
  const key = shortWordKey(text, from, dot)
  if (ABBREVIATIONS.has(key)) return true
  return NUMBER_ABBREVIATIONS.has(key) && isDigit(text.charCodeAt(next))
}
