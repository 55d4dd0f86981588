/**
 * Plain-text helpers the content pipelines share: sentences and words (from the service's one text layer,
 * `src/text`) with their text, each with half-open UTF-16 offsets into the text they came from, so every
 * span in a record can be checked against its text; and the checks that make an excerpt self-contained.
 */
import type { Range } from '../../text/scan'
import { splitSentences } from '../../text/sentences'
import { forEachWord } from '../../text/words'

export type Piece = Range & { text: string }

/**
 * Sentences of one block of prose (a paragraph), by the service's one sentence splitter; a list number
 * opening a sentence is a sentence of its own (`SplitOptions`).
 */
export function sentences(text: string): Piece[] {
  return splitSentences(text, { keepListNumbers: false }).map(({ start, end }) => ({
    start,
    end,
    text: text.slice(start, end),
  }))
}

/**
 * Word tokens, by the service's one word scanner: words with inner hyphens and apostrophes ("sea-captain",
 * "whale's", "o'er"). Digits are not part of a word here: of a scanned word with digits, its runs of letters
 * are the words ("mid-1990s" gives "mid", "4th" gives "th").
 */
export function words(text: string): Piece[] {
  const out: Piece[] = []
  forEachWord(text, 0, text.length, (start, end) => {
    const word = text.slice(start, end)
    if (!DIGIT.test(word)) return void out.push({ start, end, text: word })
    LETTERS.lastIndex = 0
    for (let m = LETTERS.exec(word); m; m = LETTERS.exec(word)) {
      out.push({ start: start + m.index, end: start + m.index + m[0].length, text: m[0] })
    }
  })
  return out
}

const DIGIT = /\p{N}/u
const LETTERS = /\p{L}+(?:['’-]\p{L}+)*/gu
const OPENS_SENTENCE = /^["'(]?[\p{Lu}]/u

/** Whether an excerpt reads as one or more whole sentences: opens with a capital, closes with a stop. */
export function isWholeSentence(text: string): boolean {
  return OPENS_SENTENCE.test(text) && /[.!?]["')\]]*$/.test(text)
}

/** Double quotation marks come in pairs inside a self-contained excerpt. */
export function hasBalancedQuotes(text: string): boolean {
  return (text.match(/"/g)?.length ?? 0) % 2 === 0
}

/** A key under which two excerpts count as the same text (case, spacing and punctuation ignored). */
export function textKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}
