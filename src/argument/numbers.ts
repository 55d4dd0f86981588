/**
 * Numbers, percentages and dates written in a text, each with its range and a normalized value, so that the
 * same quantity written differently ("1,200", "1200", "1.2 thousand"; "March 5, 2020", "5 March 2020",
 * "2020-03-05") compares equal. Numerals only: number words ("three") are not read.
 */
import type { Range } from './text-scan'

export type NumberKind = 'number' | 'percent' | 'percentage-points' | 'date'
export type NumberMention = Range & { kind: NumberKind; value: string }

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?'
const MONTH_INDEX = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const ORDINAL = '(?:st|nd|rd|th)?'
const NUMERAL = '\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?'

const MENTION = new RegExp(
  '(?<![\\p{L}\\p{N}.,])(?:' +
    '(?<iso>\\d{4})-(?<isoMonth>\\d{2})-(?<isoDay>\\d{2})' +
    `|(?<mdyMonth>${MONTHS})\\.?\\s+(?<mdyDay>\\d{1,2})${ORDINAL},?\\s+(?<mdyYear>\\d{4})` +
    `|(?<dmyDay>\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?(?<dmyMonth>${MONTHS})\\.?,?\\s+(?<dmyYear>\\d{4})` +
    `|(?<myMonth>${MONTHS})\\.?,?\\s+(?<myYear>\\d{4})` +
    `|(?<sign>[-−])?(?<numeral>${NUMERAL})` +
    '(?:(?<percent>\\s?%|\\s+per\\s?cent\\b)|(?<points>\\s+percentage\\s+points?\\b)' +
    '|\\s+(?<scale>thousand|million|billion|trillion)\\b)?' +
    ')(?!\\p{N})',
  'giu',
)

const SCALE_DIGITS: Record<string, number> = { thousand: 3, million: 6, billion: 9, trillion: 12 }

/** Mentions that start and end within [from, to) of `text`; the text around the range still counts as context. */
export function findNumbers(text: string, from = 0, to = text.length): NumberMention[] {
  const out: NumberMention[] = []
  if (!hasDigit(text, from, to)) return out
  MENTION.lastIndex = from
  for (let match = MENTION.exec(text); match !== null && match.index < to; match = MENTION.exec(text)) {
    if (match.index + match[0].length > to) break
    const g = match.groups as Record<string, string | undefined>
    const start = match.index
    const end = start + match[0].length
    if (g.iso) out.push({ start, end, kind: 'date', value: `${g.iso}-${g.isoMonth}-${g.isoDay}` })
    else if (g.mdyMonth) out.push({ start, end, kind: 'date', value: date(g.mdyYear, g.mdyMonth, g.mdyDay) })
    else if (g.dmyMonth) out.push({ start, end, kind: 'date', value: date(g.dmyYear, g.dmyMonth, g.dmyDay) })
    else if (g.myMonth) out.push({ start, end, kind: 'date', value: date(g.myYear, g.myMonth) })
    else {
      const digits = (g.numeral as string).replace(/,/g, '')
      const value = decimal(g.sign ? `-${digits}` : digits, g.scale ? SCALE_DIGITS[g.scale.toLowerCase()] : 0)
      const kind: NumberKind = g.percent ? 'percent' : g.points ? 'percentage-points' : 'number'
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

export const NUMBER_RULE =
  'Numerals (1200, 1,200, 3.5, -2, 3.5 million), percentages (45%, 45 percent, 45 per cent), percentage points and dates (2020-03-05, March 5, 2020, 5 March 2020, March 2020) are read with a normalized value; "1,200" and "1.2 thousand" are both 1200. Number words are not read. Values compare only within a kind: a year written alone is a number, not a date.'
