/**
 * Quotations written in an argument or reply, and the verbatim check of each against the texts it may quote.
 * A quotation is found verbatim, or equal once letter case, spacing, quote marks and dashes are set aside, or
 * (when it marks omissions with an ellipsis) found in parts in order in one text, or not found.
 */
import { isSpace, isWordCodePoint, paragraphBreakEnd, type Range } from '../text/scan'

/** Quote marks recognized, as opening → closing. */
const PAIRED_MARKS: ReadonlyMap<number, number> = new Map([
  [0x201c, 0x201d], // “ ”
  [0xab, 0xbb], // « »
])
const STRAIGHT_DOUBLE = 0x22
const STRAIGHT_SINGLE = 0x27
const CURLY_SINGLE_OPEN = 0x2018
const CURLY_SINGLE_CLOSE = 0x2019

/** Punctuation a writer puts inside the closing mark by convention; it is not part of the checked text. */
const TRAILING_PUNCTUATION = /[.,;:]+$/

export const QUOTE_RULE =
  'Quotations are the text between “ and ”, between straight double quotes ("), between ‘ and ’, between straight single quotes used as quotes (not apostrophes), and between « and », within one paragraph. A comma, period, colon or semicolon just inside the closing mark is not part of the checked text. Each quotation is checked against the texts it may quote: `verbatim` (exact code units, save the case of the first letter, which a quotation woven into a sentence may change), `normalized` (equal once letter case, runs of white space, curly and straight quote marks and dashes are set aside), `in-parts` (a quotation with an ellipsis whose parts appear in order in one text), or `not-found`.'

/** Quotations in `text`: the ranges of their contents, without the marks and trimmed. */
export function findQuotations(text: string): Range[] {
  const out: Range[] = []
  let i = 0
  while (i < text.length) {
    const close = closingMarkAt(text, i)
    if (close === null) {
      i++
      continue
    }
    const end = findClosing(text, i + 1, close)
    if (end === -1) {
      i++
      continue
    }
    const inner = trimQuote(text, i + 1, end)
    if (inner) out.push(inner)
    i = end + 1
  }
  return out
}

/** The closing mark for an opening mark at `index`, or null when no quotation opens there. */
function closingMarkAt(text: string, index: number): number | null {
  const code = text.charCodeAt(index)
  const paired = PAIRED_MARKS.get(code)
  if (paired !== undefined) return paired
  if (code === STRAIGHT_DOUBLE) return STRAIGHT_DOUBLE
  if (code !== STRAIGHT_SINGLE && code !== CURLY_SINGLE_OPEN) return null
  // A single mark opens a quotation only at a word start, so apostrophes (don't, the '90s) are skipped.
  const before = index === 0 ? 0x20 : text.charCodeAt(index - 1)
  if (!isSpace(before) && !'([{—–-'.includes(String.fromCharCode(before))) return null
  if (index + 1 >= text.length || !isWordCodePoint(text.codePointAt(index + 1) as number)) return null
  return code === STRAIGHT_SINGLE ? STRAIGHT_SINGLE : CURLY_SINGLE_CLOSE
}

function findClosing(text: string, from: number, mark: number): number {
  const single = mark === STRAIGHT_SINGLE || mark === CURLY_SINGLE_CLOSE
  for (let j = from; j < text.length; j++) {
    const code = text.charCodeAt(j)
    if (code === 0x0a && paragraphBreakEnd(text, j) !== -1) return -1
    if (code !== mark) continue
    // A single closing mark followed by a letter is an apostrophe inside a word (don’t), not the close.
    if (single && j + 1 < text.length && isWordCodePoint(text.codePointAt(j + 1) as number)) continue
    return j
  }
  return -1
}

function trimQuote(text: string, start: number, end: number): Range | null {
  while (start < end && isSpace(text.charCodeAt(start))) start++
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--
  const trailing = TRAILING_PUNCTUATION.exec(text.slice(start, end))
  if (trailing) end -= trailing[0].length
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--
  let hasWord = false
  for (let j = start; j < end && !hasWord; j++) hasWord = isWordCodePoint(text.codePointAt(j) as number)
  return hasWord ? { start, end } : null
}

/** A text a quotation may come from, with its case- and spacing-folded form built on first need. */
export type QuoteTarget<Ref> = { ref: Ref; text: string; folded?: string }

export type QuoteStatus = 'verbatim' | 'normalized' | 'in-parts' | 'not-found'
export type QuotePlace<Ref> = { ref: Ref; start: number; end: number }
export type QuoteCheck<Ref> = { status: QuoteStatus; places: QuotePlace<Ref>[]; placesTotal: number }

/**
 * Checks one quotation against the targets in order. `maxPlaces` bounds the places listed per target
 * (`placesTotal` counts them all).
 */
export function checkQuotation<Ref>(
  quote: string,
  targets: QuoteTarget<Ref>[],
  maxPlaces: number,
): QuoteCheck<Ref> {
  for (const needle of initialCases(quote)) {
    const verbatim = findAll(targets, maxPlaces, (t) => ({ text: t.text, needle, folded: false }))
    if (verbatim.placesTotal > 0) return { status: 'verbatim', ...verbatim }
  }
  const needle = fold(quote)
  if (needle.length > 0) {
    const normalized = findAll(targets, maxPlaces, (t) => ({ text: foldedOf(t), needle, folded: true }))
    if (normalized.placesTotal > 0) return { status: 'normalized', ...normalized }
  }
  const parts = quote
    .split(/\[?(?:\.\.\.|…)\]?/)
    .map((p) => fold(p).trim())
    .filter((p) => p.length > 0)
  if (parts.length > 1) {
    for (const target of targets) {
      const places = findInOrder(target, parts)
      if (places) return { status: 'in-parts', places, placesTotal: places.length }
    }
  }
  return { status: 'not-found', places: [], placesTotal: 0 }
}

/**
 * The quotation as written, then with its first letter in the other case: a quotation woven into a sentence
 * may lower or raise the case of its first letter, and is still quoted word for word.
 */
function initialCases(quote: string): string[] {
  const first = quote.charAt(0)
  const swapped = first === first.toLowerCase() ? first.toUpperCase() : first.toLowerCase()
  return swapped === first ? [quote] : [quote, swapped + quote.slice(1)]
}

function findAll<Ref>(
  targets: QuoteTarget<Ref>[],
  maxPlaces: number,
  view: (t: QuoteTarget<Ref>) => { text: string; needle: string; folded: boolean },
): { places: QuotePlace<Ref>[]; placesTotal: number } {
  const places: QuotePlace<Ref>[] = []
  let placesTotal = 0
  for (const target of targets) {
    const { text, needle, folded } = view(target)
    let listed = 0
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      placesTotal++
      if (listed >= maxPlaces) continue
      listed++
      places.push(
        folded ? mapBack(target, at, needle.length) : { ref: target.ref, start: at, end: at + needle.length },
      )
    }
  }
  return { places, placesTotal }
}

function findInOrder<Ref>(target: QuoteTarget<Ref>, parts: string[]): QuotePlace<Ref>[] | null {
  const folded = foldedOf(target)
  const places: QuotePlace<Ref>[] = []
  let from = 0
  for (const part of parts) {
    const at = folded.indexOf(part, from)
    if (at === -1) return null
    places.push(mapBack(target, at, part.length))
    from = at + part.length
  }
  return places
}

function foldedOf<Ref>(target: QuoteTarget<Ref>): string {
  target.folded ??= fold(target.text)
  return target.folded
}

const SINGLE_QUOTES = /[\u2018\u2019\u201a\u201b\u2032]/g
const DOUBLE_QUOTES = /[\u201c\u201d\u201e\u2033\u00ab\u00bb]/g
const DASHES = /[\u2010-\u2015\u2212]/g
const SPACE_RUNS = /\s+/g

/** Lower case, quote marks and dashes unified, one space for each run of white space. */
function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(DASHES, '-')
    .replace(SPACE_RUNS, ' ')
}

/**
 * The original range of folded[at, at + length): walks the original text code point by code point, counting
 * what each becomes when folded (lower case may lengthen a letter; a run of white space becomes one space).
 * Only done for the few places found, so `fold` itself stays a handful of native passes.
 */
function mapBack<Ref>(target: QuoteTarget<Ref>, at: number, length: number): QuotePlace<Ref> {
  const text = target.text
  const until = at + length
  let folded = 0
  let start = -1
  let i = 0
  while (i < text.length) {
    if (start === -1 && folded >= at) start = i
    if (folded >= until) break
    let next: number
    if (isSpace(text.charCodeAt(i))) {
      next = i + 1
      while (next < text.length && isSpace(text.charCodeAt(next))) next++
      folded += 1
    } else {
      const width = (text.codePointAt(i) as number) > 0xffff ? 2 : 1
      next = i + width
      folded += text.slice(i, next).toLowerCase().length
    }
    i = next
  }
  return { ref: target.ref, start: start === -1 ? i : start, end: i }
}
