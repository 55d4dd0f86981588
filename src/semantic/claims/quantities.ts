/**
 * Quantities as slots: the numbers of a sentence with what they measure (a currency, a unit, a share of
 * something counted, a change, a vote), read as the interval of values they allow (`45 to 70 pounds`,
 * `more than 1,200`, `up to 2.5 °C`, `roughly half`), and the words of the clause they sit in. A claim's
 * quantity is compared with the excerpt's quantity of the same slot (same dimension and role, the most
 * shared words around it): the excerpt's values inside the claim's are `compatible`, values that cannot both
 * hold `conflict`, and an excerpt that allows more than the claim says is `unknown`.
 */
import type { Span, Token } from '../../text/tokens'
import { NUMBER_WORD_VALUES, numeralValue } from '../../text/numbers'
import type { ClaimReading, Term } from './reading'

export type QuantityRole = 'value' | 'from' | 'to' | 'change'

export type Quantity = {
  /** What is measured: `money:eur`, `share`, `length`, `duration`, `date`, `count:visitor`, `vote`… */
  dimension: string
  role: QuantityRole
  low: number
  high: number
  /** A date's preposition (`in`, `by`, `before`, `after`, `since`), or `''`. */
  relation: string
  /** Whether it is a quantifier word (`all`, `most`, `few`): compared for conflicts only. */
  word: boolean
  text: string
  span: Span
  firstToken: number
  endToken: number
  /** Lemmas of the content words of its clause up to it, and of the noun it counts. */
  context: Set<string>
}

export type SlotVerdict = 'compatible' | 'conflict' | 'unknown' | 'other-slot'

export type SlotMatch = { claim: Quantity; excerpt: Quantity; verdict: SlotVerdict }

type Unit = { dimension: string; factor: number }

const UNITS = new Map<string, Unit>([
  ...(['euro', 'euros', 'eur'] as const).map((w): [string, Unit] => [
    w,
    { dimension: 'money:eur', factor: 1 },
  ]),
  ...(['dollar', 'dollars', 'usd'] as const).map((w): [string, Unit] => [
    w,
    { dimension: 'money:usd', factor: 1 },
  ]),
  ...(['pound', 'pounds', 'lb', 'lbs', 'gbp'] as const).map((w): [string, Unit] => [
    w,
    { dimension: 'pound', factor: 1 },
  ]),
  ...(['percent', 'per cent'] as const).map((w): [string, Unit] => [w, { dimension: 'share', factor: 0.01 }]),
  ['metre', { dimension: 'length', factor: 1 }],
  ['metres', { dimension: 'length', factor: 1 }],
  ['meter', { dimension: 'length', factor: 1 }],
  ['meters', { dimension: 'length', factor: 1 }],
  ['m', { dimension: 'length', factor: 1 }],
  ['kilometre', { dimension: 'length', factor: 1000 }],
  ['kilometres', { dimension: 'length', factor: 1000 }],
  ['kilometer', { dimension: 'length', factor: 1000 }],
  ['kilometers', { dimension: 'length', factor: 1000 }],
  ['km', { dimension: 'length', factor: 1000 }],
  ['centimetres', { dimension: 'length', factor: 0.01 }],
  ['cm', { dimension: 'length', factor: 0.01 }],
  ['mile', { dimension: 'length', factor: 1609.344 }],
  ['miles', { dimension: 'length', factor: 1609.344 }],
  ['feet', { dimension: 'length', factor: 0.3048 }],
  ['kg', { dimension: 'mass', factor: 1 }],
  ['kilogram', { dimension: 'mass', factor: 1 }],
  ['kilograms', { dimension: 'mass', factor: 1 }],
  ['g', { dimension: 'mass', factor: 0.001 }],
  ['grams', { dimension: 'mass', factor: 0.001 }],
  ['tonnes', { dimension: 'mass', factor: 1000 }],
  ['gb', { dimension: 'memory', factor: 1 }],
  ['tb', { dimension: 'memory', factor: 1000 }],
  ['mb', { dimension: 'memory', factor: 0.001 }],
  ['c', { dimension: 'temperature', factor: 1 }],
  ['degrees', { dimension: 'temperature', factor: 1 }],
  ['second', { dimension: 'duration', factor: 1 / 86400 }],
  ['seconds', { dimension: 'duration', factor: 1 / 86400 }],
  ['minute', { dimension: 'duration', factor: 1 / 1440 }],
  ['minutes', { dimension: 'duration', factor: 1 / 1440 }],
  ['hour', { dimension: 'duration', factor: 1 / 24 }],
  ['hours', { dimension: 'duration', factor: 1 / 24 }],
  ['day', { dimension: 'duration', factor: 1 }],
  ['days', { dimension: 'duration', factor: 1 }],
  ['week', { dimension: 'duration', factor: 7 }],
  ['weeks', { dimension: 'duration', factor: 7 }],
  ['month', { dimension: 'duration', factor: 30.44 }],
  ['months', { dimension: 'duration', factor: 30.44 }],
  ['year', { dimension: 'duration', factor: 365.25 }],
  ['years', { dimension: 'duration', factor: 365.25 }],
  ['decade', { dimension: 'duration', factor: 3652.5 }],
  ['decades', { dimension: 'duration', factor: 3652.5 }],
])

const CURRENCY_SIGNS: Record<string, string> = { '€': 'money:eur', $: 'money:usd', '£': 'pound' }

/** Fractions written as words, as shares; read with the slack their rounded use has. */
const FRACTIONS = new Map<string, number>([
  ['half', 0.5],
  ['third', 1 / 3],
  ['thirds', 1 / 3],
  ['quarter', 0.25],
  ['quarters', 0.25],
])

/** Quantifier words read as shares of what they count, for conflicts only (`few` against `most`). */
const QUANTIFIER_SHARES = new Map<string, [number, number]>([
  ['all', [1, 1]],
  ['every', [1, 1]],
  ['none', [0, 0]],
  ['no', [0, 0]],
  ['most', [0.51, 1]],
  ['few', [0, 0.3]],
  ['unanimously', [0, 0]],
  ['unanimous', [0, 0]],
])

type Bound = { words: string[]; kind: 'above' | 'atLeast' | 'below' | 'atMost' | 'approx' | 'exact' }
const BOUNDS: Bound[] = [
  { words: ['more', 'than'], kind: 'above' },
  { words: ['over'], kind: 'above' },
  { words: ['above'], kind: 'above' },
  { words: ['upwards', 'of'], kind: 'above' },
  { words: ['at', 'least'], kind: 'atLeast' },
  { words: ['no', 'fewer', 'than'], kind: 'atLeast' },
  { words: ['no', 'less', 'than'], kind: 'atLeast' },
  { words: ['less', 'than'], kind: 'below' },
  { words: ['fewer', 'than'], kind: 'below' },
  { words: ['under'], kind: 'below' },
  { words: ['below'], kind: 'below' },
  { words: ['up', 'to'], kind: 'atMost' },
  { words: ['at', 'most'], kind: 'atMost' },
  { words: ['no', 'more', 'than'], kind: 'atMost' },
  { words: ['roughly'], kind: 'approx' },
  { words: ['about'], kind: 'approx' },
  { words: ['around'], kind: 'approx' },
  { words: ['approximately'], kind: 'approx' },
  { words: ['nearly'], kind: 'approx' },
  { words: ['almost'], kind: 'approx' },
  { words: ['some'], kind: 'approx' },
  { words: ['an', 'estimated'], kind: 'approx' },
  { words: ['only'], kind: 'exact' },
  { words: ['exactly'], kind: 'exact' },
]

/** Relative slack of an approximate value (`roughly half`: 45 to 55 %). */
const APPROXIMATE = 0.1
/** Relative slack of fractions written as words and of durations in weeks, months and years. */
const ROUNDED = 0.1

const RISING = new Set([
  'rose',
  'rise',
  'rises',
  'risen',
  'increased',
  'increase',
  'increases',
  'grew',
  'grow',
])
for (const w of ['grows', 'grown', 'climbed', 'climb', 'jumped', 'up', 'gained', 'went']) RISING.add(w)
const FALLING = new Set(['fell', 'fall', 'falls', 'fallen', 'dropped', 'drop', 'drops', 'decreased'])
for (const w of ['decrease', 'declined', 'decline', 'shrank', 'shrunk', 'cut', 'down', 'lost', 'reduced'])
  FALLING.add(w)
const FACTORS = new Map<string, number>([
  ['doubled', 2],
  ['doubles', 2],
  ['double', 2],
  ['tripled', 3],
  ['trebled', 3],
  ['quadrupled', 4],
  ['halved', 0.5],
])
/** Words after a count that make it a difference (`3000 more computers than`). */
const COMPARATIVES = new Set([
  'more',
  'fewer',
  'less',
  'longer',
  'shorter',
  'higher',
  'lower',
  'larger',
  'smaller',
])
/** Bounds written after the unit (`15 years or more`). */
const TRAILING_BOUNDS = new Map<string, Bound['kind']>([
  ['or more', 'atLeast'],
  ['or over', 'atLeast'],
  ['or less', 'atMost'],
  ['or fewer', 'atMost'],
])
/** Verbs after which `for` gives a whole duration (`lasted for a year`), not one it went on at least. */
const TOTALS = new Set(['lasted', 'lasts', 'last', 'took', 'takes', 'spent', 'spend', 'total'])
const VOTE_WORDS = new Set(['vote', 'votes', 'voted', 'voting', 'ballot'])
const CLAUSE_BREAKS = new Set(['and', 'but', 'while', 'whereas', 'although', 'which', 'who', 'that'])

const YEAR = /^(1[5-9]|20)\d\d$/

function tokenValue(tokens: readonly Token[], k: number): number | null {
  const t = tokens[k]
  if (!t) return null
  const numeral = numeralValue(t.lower)
  if (numeral !== null) return numeral
  return NUMBER_WORD_VALUES.get(t.lower) ?? null
}

/** The unit after token k (two-word `per cent` included), with the index after it. */
function unitAfter(tokens: readonly Token[], k: number): { unit: Unit; end: number } | null {
  const t = tokens[k]
  if (!t) return null
  if (t.gapAfter.includes('%')) return { unit: { dimension: 'share', factor: 0.01 }, end: k + 1 }
  if (/°\s*$/.test(t.gapAfter) && tokens[k + 1] && /^[cf]$/.test((tokens[k + 1] as Token).lower))
    return { unit: { dimension: 'temperature', factor: 1 }, end: k + 2 }
  const next = tokens[k + 1]
  if (!next || next.sentence !== t.sentence) return null
  const two = tokens[k + 2] ? `${next.lower} ${(tokens[k + 2] as Token).lower}` : ''
  if (UNITS.has(two)) return { unit: UNITS.get(two) as Unit, end: k + 3 }
  const unit = UNITS.get(next.lower)
  return unit ? { unit, end: k + 2 } : null
}

function currencyBefore(tokens: readonly Token[], k: number): string | null {
  const prev = tokens[k - 1]
  const gap = prev ? prev.gapAfter : ''
  const sign = gap.trim().slice(-1)
  return CURRENCY_SIGNS[sign] ?? null
}

/** The bound words right before token k, with the token they start at. */
function boundBefore(tokens: readonly Token[], k: number): { kind: Bound['kind']; first: number } | null {
  for (const b of BOUNDS) {
    const first = k - b.words.length
    if (first < 0) continue
    if (b.words.every((w, i) => (tokens[first + i] as Token).lower === w)) return { kind: b.kind, first }
  }
  return null
}

function interval(kind: Bound['kind'] | null, value: number, slack: number): [number, number] {
  switch (kind) {
    case 'above':
      return [value * (1 + 1e-9) + 1e-9, Infinity]
    case 'atLeast':
      return [value, Infinity]
    case 'below':
      return [-Infinity, value * (1 - 1e-9) - 1e-9]
    case 'atMost':
      return [-Infinity, value]
    case 'approx':
      return [value * (1 - Math.max(slack, APPROXIMATE)), value * (1 + Math.max(slack, APPROXIMATE))]
    default:
      return [value * (1 - slack), value * (1 + slack)]
  }
}

/** The noun a count counts: the first noun term within three tokens after it, or after `of (the)`. */
function countedNoun(reading: ClaimReading, end: number): Term | undefined {
  return reading.terms.find((t) => t.token >= end && t.token <= end + 3 && t.partOfSpeech === 'noun')
}

/** The start of k's clause segment: after the previous quantity, a clause word or a comma, or sentence start. */
function segmentStart(tokens: readonly Token[], k: number, previousEnd: number): number {
  let s = k
  while (s > previousEnd) {
    const prev = tokens[s - 1] as Token
    if (prev.sentence !== (tokens[k] as Token).sentence) break
    if (CLAUSE_BREAKS.has(prev.lower) || /[,;:]/.test(prev.gapAfter)) break
    s--
  }
  return s
}

/** The verb of a change before token `first` (`rose`, `fell`): its sign and token, or sign 0. */
function changeSign(tokens: readonly Token[], first: number): { sign: number; token: number } {
  for (let k = first - 1; k >= Math.max(0, first - 4); k--) {
    const lower = (tokens[k] as Token).lower
    if (RISING.has(lower)) return { sign: 1, token: k }
    if (FALLING.has(lower)) return { sign: -1, token: k }
  }
  return { sign: 0, token: first }
}

type Draft = Omit<Quantity, 'context' | 'text' | 'span'> & { head?: Term }

/** The quantities of a reading (dates are read in dates.ts), in text order. */
export function readQuantities(reading: ClaimReading, side: 'claim' | 'excerpt'): Quantity[] {
  const tokens = reading.tokens
  const drafts: Draft[] = []
  const voteSentence = tokens.some((t) => VOTE_WORDS.has(t.lower))
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token
    const factor = FACTORS.get(t.lower)
    if (factor !== undefined) {
      const change = (factor - 1) * 100
      drafts.push(change_(k, k + 1, change, change))
      continue
    }
    const quantifier = QUANTIFIER_SHARES.get(t.lower)
    if (
      quantifier &&
      !(t.lower === 'no' && tokens[k + 1] && /^(more|fewer|less)$/.test(tokens[k + 1]!.lower)) &&
      !(t.lower === 'few' && tokens[k - 1]?.lower === 'a')
    ) {
      const unanimous = t.lower.startsWith('unanimous')
      drafts.push({
        dimension: unanimous ? 'vote' : 'share',
        role: 'value',
        low: quantifier[0],
        high: quantifier[1],
        relation: '',
        word: !unanimous,
        firstToken: k,
        endToken: k + 1,
        head: unanimous ? undefined : countedNoun(reading, k + 1),
      })
      continue
    }
    const fraction = FRACTIONS.get(t.lower)
    if (fraction !== undefined) {
      const prev = tokens[k - 1]
      const count = prev ? tokenValue(tokens, k - 1) : null
      const a = prev?.lower === 'a' || prev?.lower === 'one'
      const value = fraction * (count !== null && count > 1 && count < 10 ? count : 1)
      const start = count !== null || a ? k - 1 : k
      const bound = boundBefore(tokens, start)
      const [low, high] = interval(bound?.kind ?? null, value, ROUNDED)
      const of = tokens[k + 1]?.lower === 'of' ? k + 2 : k + 1
      drafts.push({
        dimension: 'share',
        role: 'value',
        low,
        high,
        relation: '',
        word: false,
        firstToken: bound?.first ?? start,
        endToken: k + 1,
        head: countedNoun(reading, of),
      })
      continue
    }
    let value = tokenValue(tokens, k)
    const numeral = numeralValue(t.lower) !== null
    // `for a year`, but not the rate of `900 pounds a month`.
    if (value === null && (t.lower === 'a' || t.lower === 'an') && !rateBefore(tokens, k)) {
      const unit = unitAfter(tokens, k)
      if (unit?.unit.dimension === 'duration') value = 1
    }
    if (value === null) continue
    if (numeral && YEAR.test(t.lower) && !unitAfter(tokens, k)) continue
    // A vote: two counts joined by a dash (`7–2`) or `to` in a sentence about a vote.
    const dash = /^\s*[–-]\s*$/.test(t.gapAfter)
    const second = tokenValue(tokens, k + 1)
    if (voteSentence && numeral && second !== null && (dash || tokens[k + 1]?.lower === 'to')) {
      const against = dash ? second : (tokenValue(tokens, k + 2) ?? second)
      const end = dash ? k + 2 : k + 3
      drafts.push({
        dimension: 'vote',
        role: 'value',
        low: Math.min(value, against),
        high: Math.min(value, against),
        relation: '',
        word: false,
        firstToken: k,
        endToken: end,
      })
      k = end - 1
      continue
    }
    // `18 of the 30 shops`: a share of a counted whole.
    const of = tokens[k + 1]?.lower === 'of' ? (tokens[k + 2]?.lower === 'the' ? k + 3 : k + 2) : -1
    const whole = of !== -1 ? tokenValue(tokens, of) : null
    if (whole !== null && whole > 0 && value <= whole) {
      const bound = boundBefore(tokens, k)
      const share = value / whole
      drafts.push({
        dimension: 'share',
        role: 'value',
        low: share,
        high: share,
        relation: '',
        word: false,
        firstToken: bound?.first ?? k,
        endToken: of + 1,
        head: countedNoun(reading, of + 1),
      })
      k = of
      continue
    }
    // A range: `45 to 70 pounds`, `45–70 pounds`, `between 45 and 70 pounds`.
    let rangeEnd = -1
    let top = value
    const between = tokens[k - 1]?.lower === 'between'
    if (dash && second !== null) {
      rangeEnd = k + 1
      top = second
    } else if (
      (tokens[k + 1]?.lower === 'to' || (between && tokens[k + 1]?.lower === 'and')) &&
      tokenValue(tokens, k + 2) !== null
    ) {
      const from = tokens[k - 1]?.lower === 'from'
      if (!from) {
        rangeEnd = k + 2
        top = tokenValue(tokens, k + 2) as number
      }
    }
    const last = rangeEnd === -1 ? k : rangeEnd
    const currency = currencyBefore(tokens, k)
    const unitFound = unitAfter(tokens, last)
    const unit: Unit | null = unitFound?.unit ?? (currency ? { dimension: currency, factor: 1 } : null)
    // A unit-less word number (`two dogs`) is left to the comparison of words; numerals count.
    if (!numeral && !unit) continue
    const unitEnd = unitFound?.end ?? last + 1
    const trailing = TRAILING_BOUNDS.get(
      `${tokens[unitEnd]?.lower ?? ''} ${tokens[unitEnd + 1]?.lower ?? ''}`,
    )
    const end = trailing ? unitEnd + 2 : unitEnd
    // `3000 more computers than APCOM` is a difference between two counts, not a count.
    if (!trailing && tokens.slice(end, end + 3).some((x) => COMPARATIVES.has(x.lower))) continue
    const leading = boundBefore(tokens, between ? k - 1 : k)
    const bound = leading ?? (trailing ? { kind: trailing, first: k } : null)
    const first = currency && !bound ? k : (bound?.first ?? (between ? k - 1 : k))
    const factorOf = unit?.factor ?? 1
    const slack = unit?.dimension === 'duration' && factorOf >= 7 ? ROUNDED : 1e-9
    // A claim that something went on `for a year` holds of whatever went on longer (`for two years`); an
    // excerpt's `for 14 days` says how long it went on.
    const atLeast =
      side === 'claim' &&
      unit?.dimension === 'duration' &&
      tokens[first - 1]?.lower === 'for' &&
      !TOTALS.has(tokens[first - 2]?.lower ?? '')
    let low: number
    let high: number
    if (rangeEnd !== -1) {
      low = Math.min(value, top) * factorOf
      high = Math.max(value, top) * factorOf
    } else [low, high] = interval(bound?.kind ?? (atLeast ? 'atLeast' : null), value * factorOf, slack)
    if (atLeast) low *= 1 - slack
    const before = tokens[first - 1]?.lower
    const { sign, token: verb } = before === 'by' ? changeSign(tokens, first - 1) : { sign: 0, token: first }
    if (sign !== 0 && unit?.dimension === 'share') {
      drafts.push(change_(verb, end, sign * low * 100, sign * high * 100))
      k = end - 1
      continue
    }
    const role: QuantityRole =
      before === 'from' ? 'from' : before === 'to' ? 'to' : sign !== 0 ? 'change' : 'value'
    drafts.push({
      dimension: unit ? unit.dimension : 'count',
      role,
      low,
      high,
      relation: '',
      word: false,
      firstToken: first,
      endToken: end,
      head: unit ? undefined : countedNoun(reading, end),
    })
    k = end - 1
  }
  // `from 23 to 14 minutes` says a change too: the share it rose or fell by.
  for (let i = 0; i + 1 < drafts.length; i++) {
    const a = drafts[i] as Draft
    const b = drafts[i + 1] as Draft
    if (
      a.role === 'from' &&
      b.role === 'to' &&
      a.low > 0 &&
      (a.dimension === b.dimension || a.dimension === 'count')
    ) {
      const change = ((b.low - a.low) / a.low) * 100
      const { sign, token } = changeSign(tokens, a.firstToken)
      drafts.push(change_(sign === 0 ? a.firstToken : token, b.endToken, change, change))
      if (a.dimension === 'count') a.dimension = b.dimension
    }
  }
  const out: Quantity[] = []
  let previousEnd = 0
  for (const d of [...drafts].sort((x, y) => x.firstToken - y.firstToken)) {
    const start = segmentStart(tokens, d.firstToken, previousEnd)
    const context = new Set<string>()
    for (const term of reading.terms)
      if (term.token >= start && term.token < d.firstToken && !isNumberTerm(term)) context.add(term.lemma)
    if (d.head) context.add(d.head.lemma)
    const dimension = d.dimension === 'count' ? `count:${d.head?.lemma ?? ''}` : d.dimension
    const { head: _head, ...rest } = d
    out.push({ ...rest, dimension, context, ...spanOf(reading, d.firstToken, d.endToken) })
    previousEnd = Math.max(previousEnd, d.endToken)
  }
  return out

  function change_(first: number, end: number, low: number, high: number): Draft {
    return {
      dimension: 'change',
      role: 'change',
      low,
      high,
      relation: '',
      word: false,
      firstToken: first,
      endToken: end,
    }
  }
}

function rateBefore(tokens: readonly Token[], k: number): boolean {
  const prev = tokens[k - 1]
  return prev !== undefined && (UNITS.has(prev.lower) || numeralValue(prev.lower) !== null)
}

function isNumberTerm(term: Term): boolean {
  return /^[\d.,]+$/.test(term.text)
}

/** The text and span of tokens [first, end), currency signs and `%` included. */
export function spanOf(reading: ClaimReading, first: number, end: number): { text: string; span: Span } {
  const tokens = reading.tokens
  let start = (tokens[first] as Token).start
  const prev = tokens[first - 1]
  if (prev) {
    const sign = prev.gapAfter.trimEnd().slice(-1)
    if (sign in CURRENCY_SIGNS) start = prev.end + prev.gapAfter.lastIndexOf(sign)
  }
  const lastToken = tokens[end - 1] as Token
  let stop = lastToken.end
  const percent = lastToken.gapAfter.indexOf('%')
  if (percent !== -1) stop = lastToken.end + percent + 1
  return { text: reading.text.slice(start, stop), span: { start, end: stop } }
}

/** Whether two quantities may fill the same slot: same dimension, comparable roles, related counted nouns. */
function sameSlot(a: Quantity, b: Quantity): boolean {
  if (a.dimension !== b.dimension) return false
  if (a.role === 'change' || b.role === 'change') return a.role === b.role
  return a.role === b.role || a.role === 'value' || b.role === 'value'
}

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0
  for (const w of a) if (b.has(w)) n++
  return n
}

/** How the excerpt's values stand to the claim's. */
export function compareValues(claim: Quantity, excerpt: Quantity): SlotVerdict {
  if (excerpt.low >= claim.low - 1e-9 && excerpt.high <= claim.high + 1e-9) return 'compatible'
  if (excerpt.high < claim.low || excerpt.low > claim.high) return 'conflict'
  return 'unknown'
}

/**
 * Each claim quantity with the excerpt quantity of its slot (same dimension and role; among several, the one
 * whose clause shares most words with the claim quantity's), and how their values stand.
 */
export function matchSlots(
  claim: readonly Quantity[],
  excerpt: readonly Quantity[],
  compare: (c: Quantity, e: Quantity) => SlotVerdict = compareValues,
): SlotMatch[] {
  const used = new Set<Quantity>()
  const out: SlotMatch[] = []
  for (const c of claim) {
    let best: Quantity | null = null
    let bestScore = -1
    for (const e of excerpt) {
      if (used.has(e) || !sameSlot(c, e)) continue
      const score = overlap(c.context, e.context) + (c.role === e.role ? 0.5 : 0)
      if (score > bestScore) {
        best = e
        bestScore = score
      }
    }
    if (!best) continue
    used.add(best)
    out.push({ claim: c, excerpt: best, verdict: compare(c, best) })
  }
  return out
}
