/**
 * Plain-text helpers the content pipelines share: sentence boundaries and word tokens, each with half-open
 * UTF-16 offsets into the text they came from, so every span in a record can be checked against its text.
 */

export type Span = { start: number; end: number }
export type Piece = Span & { text: string }

/** Words that end in a full stop without ending a sentence (lower case, without the stop). */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'messrs',
  'dr',
  'st',
  'mt',
  'capt',
  'col',
  'gen',
  'gov',
  'hon',
  'lieut',
  'rev',
  'sen',
  'rep',
  'esq',
  'jr',
  'sr',
  'no',
  'nos',
  'vol',
  'viz',
  'vs',
  'ie',
  'eg',
  'i.e',
  'e.g',
  'u.s',
  'a.m',
  'p.m',
])

const BOUNDARY = /[.!?]+["')\]]*(\s+)/g
const OPENS_SENTENCE = /^["'(]?[\p{Lu}]/u
/** After a stop, a sentence may also open with a figure or an amount ("$11.5 millions, received..."). */
const OPENS_NEXT_SENTENCE = /^["'(]?[\p{Lu}\d$]/u

function endsInAbbreviation(text: string, stop: number): boolean {
  const before = /([\p{L}.]+)\.*$/u.exec(text.slice(Math.max(0, stop - 12), stop))
  const word = (before?.[1] ?? '').toLowerCase()
  if (ABBREVIATIONS.has(word)) return true
  // A single capital before the stop is an initial ("J. Ross Browne"), not the end of a sentence.
  return /^\p{Lu}$/u.test(before?.[1] ?? '')
}

/**
 * Sentences of one block of prose (a paragraph): split after `.`, `!` or `?` (with any closing quote or
 * bracket) when white space and a capital follow and the stop does not belong to an abbreviation or initial.
 */
export function sentences(text: string): Piece[] {
  const out: Piece[] = []
  let start = 0
  BOUNDARY.lastIndex = 0
  for (let m = BOUNDARY.exec(text); m; m = BOUNDARY.exec(text)) {
    const end = m.index + m[0].length - (m[1] as string).length
    const next = m.index + m[0].length
    if (!OPENS_NEXT_SENTENCE.test(text.slice(next, next + 2))) continue
    if (text[m.index] === '.' && endsInAbbreviation(text, m.index)) continue
    pushTrimmed(out, text, start, end)
    start = next
  }
  pushTrimmed(out, text, start, text.length)
  return out
}

function pushTrimmed(out: Piece[], text: string, start: number, end: number): void {
  while (start < end && /\s/.test(text[start] as string)) start++
  while (end > start && /\s/.test(text[end - 1] as string)) end--
  if (end > start) out.push({ start, end, text: text.slice(start, end) })
}

const WORD = /\p{L}+(?:['’-]\p{L}+)*/gu

/** Word tokens: runs of letters, keeping inner hyphens and apostrophes ("sea-captain", "whale's", "o'er"). */
export function words(text: string): Piece[] {
  const out: Piece[] = []
  WORD.lastIndex = 0
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    out.push({ start: m.index, end: m.index + m[0].length, text: m[0] })
  }
  return out
}

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
