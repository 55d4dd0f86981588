/**
 * Numbers, percentages and dates written in a text, each with its range and a normalized value, so that the
 * same quantity written differently ("1,200", "1200", "1.2 thousand"; "March 5, 2020", "5 March 2020",
 * "2020-03-05") compares equal. Numerals only: number words ("three") are not read.
 */
import type { Range } from '../text/scan'

export type NumberKind = 'number' | 'percent' | 'percentage-points' | 'date'
export type NumberMention = Range & { kind: NumberKind; value: string }

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?'
const MONTH_INDEX = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const ORDINAL = '(?:st|nd|rd|th)?'
const NUMERAL = '\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?'

/** Numbered groups (no named groups, so a match allocates no groups object); `G` names them. */
const MENTION = new RegExp(
  '(?<![\\p{L}\\p{N}.,])(?:' +
    '(\\d{4})-(\\d{2})-(\\d{2})' +
    `|(${MONTHS})\\.?\\s+(\\d{1,2})${ORDINAL},?\\s+(\\d{4})` +
    `|(\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?(${MONTHS})\\.?,?\\s+(\\d{4})` +
    `|(${MONTHS})\\.?,?\\s+(\\d{4})` +
    `|([-−])?(${NUMERAL})` +
    '(?:(\\s?%|\\s+per\\s?cent\\b)|(\\s+percentage\\s+points?\\b)' +
    '|\\s+(thousand|million|billion|trillion)\\b)?' +
    ')(?!\\p{N})',
  'giu',
)
const G = {
  isoYear: 1,
  isoMonth: 2,
  isoDay: 3,
  mdyMonth: 4,
  mdyDay: 5,
  mdyYear: 6,
  dmyDay: 7,
  dmyMonth: 8,
  dmyYear: 9,
  myMonth: 10,
  myYear: 11,
  sign: 12,
  numeral: 13,
  percent: 14,
  points: 15,
  scale: 16,
} as const

const SCALE_DIGITS: Record<string, number> = { thousand: 3, million: 6, billion: 9, trillion: 12 }

/** Mentions that start and end within [from, to) of `text`; the text around the range still counts as context. */
export function findNumbers(text: string, from = 0, to = text.length): NumberMention[] {
  const out: NumberMention[] = []
  if (!hasDigit(text, from, to)) return out
  MENTION.lastIndex = from
  // Every mention has a digit: once none is left in the range, no further match can end inside it.
  for (
    let match = MENTION.exec(text);
    match !== null && match.index < to;
    match = hasDigit(text, MENTION.lastIndex, to) ? MENTION.exec(text) : null
  ) {
    if (match.index + match[0].length > to) break
    const g = match as RegExpExecArray & Array<string | undefined>
    const start = match.index
    const end = start + match[0].length
    if (g[G.isoYear]) {
      out.push({ start, end, kind: 'date', value: `${g[G.isoYear]}-${g[G.isoMonth]}-${g[G.isoDay]}` })
    } else if (g[G.mdyMonth]) {
      out.push({ start, end, kind: 'date', value: date(g[G.mdyYear], g[G.mdyMonth], g[G.mdyDay]) })
    } else if (g[G.dmyMonth]) {
      out.push({ start, end, kind: 'date', value: date(g[G.dmyYear], g[G.dmyMonth], g[G.dmyDay]) })
    } else if (g[G.myMonth]) {
      out.push({ start, end, kind: 'date', value: date(g[G.myYear], g[G.myMonth]) })
    } else {
      const numeral = g[G.numeral] as string
      const digits = numeral.indexOf(',') === -1 ? numeral : numeral.replace(/,/g, '')
      const scale = g[G.scale]
      const value = decimal(g[G.sign] ? `-${digits}` : digits, scale ? SCALE_DIGITS[scale.toLowerCase()] : 0)
      const kind: NumberKind = g[G.percent] ? 'percent' : g[G.points] ? 'percentage-points' : 'number'
      out.push({ start, end, kind, value })
    }
  }
  return out
}

function hasDigit(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0x30 && code <= 0x39) return true
  }
  return false
}

function date(year: string | undefined, month: string | undefined, day?: string): string {
  const m = MONTH_INDEX.indexOf((month as string).slice(0, 3).toLowerCase()) + 1
  const parts = [year as string, String(m).padStart(2, '0')]
  if (day !== undefined) parts.push(day.padStart(2, '0'))
  return parts.join('-')
}

/** A decimal numeral times 10^shift, written without leading or trailing zeros ("-0" is "0"). */
export function decimal(numeral: string, shift = 0): string {
  // Most numerals are already written that way: digits, no leading zero.
  if (shift === 0 && isPlainInteger(numeral)) return numeral
  const negative = numeral.startsWith('-')
  const unsigned = negative ? numeral.slice(1) : numeral
  const [whole = '', fraction = ''] = unsigned.split('.')
  const digits = whole + fraction
  const point = whole.length + shift
  const padded = point > digits.length ? digits + '0'.repeat(point - digits.length) : digits
  const intPart = padded.slice(0, point).replace(/^0+/, '') || '0'
  const fracPart = padded.slice(point).replace(/0+$/, '')
  const text = fracPart ? `${intPart}.${fracPart}` : intPart
  return negative && text !== '0' ? `-${text}` : text
}

function isPlainInteger(numeral: string): boolean {
  if (numeral.charCodeAt(0) === 0x30) return numeral.length === 1
  for (let i = 0; i < numeral.length; i++) {
    const code = numeral.charCodeAt(i)
    if (code < 0x30 || code > 0x39) return false
  }
  return numeral.length > 0
}

export const NUMBER_RULE =
  'Numerals (1200, 1,200, 3.5, -2, 3.5 million), percentages (45%, 45 percent, 45 per cent), percentage points and dates (2020-03-05, March 5, 2020, 5 March 2020, March 2020) are read with a normalized value; "1,200" and "1.2 thousand" are both 1200. Number words are not read. Values compare only within a kind: a year written alone is a number, not a date, and meets the years of dates of the same event (a year of "opened" or "built" is not compared with one of "close" or "begin"). A figure is compared with the figure of the same slot in the listed matched sentences: the one whose clause lines up best with its own (the words within five words of it, counting more the nearer and the more alike their distance, and the unit after it; two different units of measure never meet). Another value in that slot is reported with both values; the same value said of something else is not a confirmation. A figure whose clause in the matched sentence has a rejection or negation ("rejected 7 to 2") is reported as appearing there, not as agreeing.'
