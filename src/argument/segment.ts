/**
 * Sentence segmentation, written here so that sentence counts (a request bound) and sentence ranges (the unit
 * of comparison) are deterministic and documented. The rule, also published in the capabilities document:
 *
 * A sentence ends after a run of `.`, `!`, `?` or `…` (with any closing quotes or brackets right after it)
 * when white space follows and the next character does not begin in lower case; it also ends at a blank line.
 * A single `.` does not end a sentence after a title or similar abbreviation (Mr., Dr., e.g., et al.), after
 * a reference abbreviation followed by a number (No. 5, p. 12, Fig. 3), after a single-letter initial
 * (J. Smith), or after a list number (1. First). Decimals (3.14), dotted names (example.com) and mid-sentence
 * ellipses (and then... we left) never end a sentence, since no space, or a lower-case word, follows.
 * Sentences are trimmed of surrounding white space; text with no visible character has no sentence.
 */
import { isDigit, isLowercaseLetter, isSpace, paragraphBreakEnd, type Range } from './text-scan'

export const SENTENCE_RULE =
  'A sentence ends after a run of ".", "!", "?" or "…" (with any closing quotes or brackets right after it) when white space follows and the next character does not begin in lower case, and at a blank line. A single "." does not end a sentence after a title or similar abbreviation (Mr., Dr., St., e.g., i.e., et al., vs.), after a reference abbreviation followed by a number (No. 5, p. 12, Fig. 3), after a one-letter initial (J. Smith) or after a list number (1. First). Decimals (3.14), dotted names (example.com) and mid-sentence ellipses ("and then... we left") never end a sentence. Sentences are trimmed of surrounding white space.'

/** Abbreviations after which a single "." never ends a sentence. */
const ABBREVIATIONS = new Set([
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
  'vs',
  'cf',
  'approx',
  'ca',
  'e.g',
  'i.e',
  'viz',
  'al',
])

/** No abbreviation above is longer than this ("approx"). */
const LONGEST_ABBREVIATION = 6

/** Abbreviations after which a single "." does not end a sentence when a number follows. */
const NUMBER_ABBREVIATIONS = new Set([
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

export function splitSentences(text: string): Range[] {
  const out: Range[] = []
  forEachSentence(text, (start, end) => out.push({ start, end }))
  return out
}

export function countSentences(text: string): number {
  let count = 0
  forEachSentence(text, () => count++)
  return count
}

function forEachSentence(text: string, visit: (start: number, end: number) => void): void {
  const n = text.length
  const push = (start: number, end: number) => {
    while (end > start && isSpace(text.charCodeAt(end - 1))) end--
    if (end > start) visit(start, end)
  }
  let start = skipSpace(text, 0)
  let i = start
  while (i < n) {
    // Most characters neither end a sentence nor break a paragraph: skip them in a tight loop.
    let code = text.charCodeAt(i)
    while (code !== 0x2e && code !== 0x0a && code !== 0x21 && code !== 0x3f && code !== 0x2026 && ++i < n) {
      code = text.charCodeAt(i)
    }
    if (i >= n) break
    if (code === 0x0a) {
      const after = paragraphBreakEnd(text, i)
      if (after !== -1) {
        push(start, i)
        start = skipSpace(text, after)
        i = start
      } else i++
      continue
    }
    if (!isTerminator(code)) {
      i++
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
      !isLowercaseLetter(text.codePointAt(next) as number) &&
      !(singleDot && keepsSentence(text, start, i, next))
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

function skipSpace(text: string, index: number): number {
  while (index < text.length && isSpace(text.charCodeAt(index))) index++
  return index
}

/** Whether the "." at `dot` belongs to an abbreviation, initial or list number rather than ending a sentence. */
function keepsSentence(text: string, sentenceStart: number, dot: number, next: number): boolean {
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
  if (from === sentenceStart && (digits === length ? length <= 3 : length === 1)) return true
  if (length === 1 && first >= 0x41 && first <= 0x5a) return true
  const lower = text.slice(from, dot).toLowerCase()
  if (ABBREVIATIONS.has(lower)) return true
  return NUMBER_ABBREVIATIONS.has(lower) && isDigit(text.charCodeAt(next))
}
