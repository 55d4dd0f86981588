/**
 * Dates and temporal order. A date (`in 1932`, `in the 1950s`, `by 2025`, `since March 2008`, `before
 * 1950`) is read as the months in which what is said may have happened, by its preposition: `in` within
 * the period, `by` at its end at the latest, `before` / `after` outside it; `since` dates the start of a state.
 * Two events joined by `before` or `after` are read in the order they happened, so `A after B` says the same
 * as `B before A` and the opposite of `A before B`.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import type { Token } from '../../text/tokens'
import { spanOf, type Quantity, type SlotVerdict } from './quantities'
import type { ClaimReading, Term } from './reading'
import { relateTerms } from './relations'

const MONTHS = 'january february march april may june july august september october november december'.split(
  ' ',
)
const DATE_PREPOSITIONS = new Set(['in', 'by', 'before', 'after', 'since', 'during', 'until', 'from'])
const YEAR = /^(1[5-9]|20)\d\d$/
const DECADE = /^(1[5-9]|20)\d0s$/

/** The dates of a reading, each as the months it allows (`low` and `high` in months since year 0). */
export function readDates(reading: ClaimReading): Quantity[] {
  const tokens = reading.tokens
  const out: Quantity[] = []
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token
    let first = k
    let low: number
    let high: number
    if (YEAR.test(t.lower)) {
      const year = Number(t.lower)
      const month = MONTHS.indexOf(tokens[k - 1]?.lower ?? '')
      if (month !== -1) {
        first = k - 1
        low = high = year * 12 + month
      } else {
        low = year * 12
        high = year * 12 + 11
      }
    } else if (DECADE.test(t.lower)) {
      const decade = Number(t.lower.slice(0, 4))
      low = decade * 12
      high = (decade + 9) * 12 + 11
      if (tokens[k - 1]?.lower === 'the') first = k - 1
    } else if (MONTHS.includes(t.lower) && !YEAR.test(tokens[k + 1]?.lower ?? '')) {
      // A month without its year (`in March`) is compared only with months without theirs.
      low = high = MONTHS.indexOf(t.lower)
    } else continue
    const before = tokens[first - 1]?.lower ?? ''
    const relation = DATE_PREPOSITIONS.has(before) ? (before === 'during' ? 'in' : before) : ''
    if (relation === '' || relation === 'from' || relation === 'until') continue
    const span = spanOf(reading, first - 1, k + 1)
    const month = low < 12
    out.push({
      dimension: month ? 'date-month' : relation === 'since' ? 'date-since' : 'date',
      role: 'value',
      low,
      high,
      relation,
      word: false,
      firstToken: first - 1,
      endToken: k + 1,
      context: new Set(reading.terms.filter((x) => x.token < first - 1).map((x) => x.lemma)),
      ...span,
    })
  }
  return out
}

/** When what is dated may have happened, by its preposition: the months [low, high]. */
function eventTime(q: Quantity): [number, number] {
  switch (q.relation) {
    case 'by':
      return [-Infinity, q.high]
    case 'before':
      return [-Infinity, q.low - 1]
    case 'after':
      return [q.high + 1, Infinity]
    default:
      return [q.low, q.high]
  }
}

/**
 * How the excerpt's date stands to the claim's. Two deadlines (`by 2025` / `by 2026`) are compared as the
 * dates named: an excerpt's deadline at or before the claim's keeps it, a later one conflicts with it.
 */
export function compareDates(claim: Quantity, excerpt: Quantity): SlotVerdict {
  if (claim.relation === 'by' && excerpt.relation === 'by')
    return excerpt.high <= claim.high ? 'compatible' : 'conflict'
  const [cl, ch] = eventTime(claim)
  const [el, eh] = eventTime(excerpt)
  if (el >= cl && eh <= ch) return 'compatible'
  if (eh < cl || el > ch) return 'conflict'
  return 'unknown'
}

/**
 * Verbs of events that happen once to what they are said of (a bridge opens once, a mayor resigns once):
 * two dates of such an event cannot both hold, where a state (`lived in Birmingham in 1991`) may hold at both.
 */
const ONCE = new Set(
  [
    'open build found establish close bear die resign elect appoint approve sign launch release publish',
    'complete finish start begin end announce introduce marry sell buy acquire merge demolish collapse retire',
    'hire fire arrest happen occur construct create invent discover complete win abolish pass adopt',
  ]
    .join(' ')
    .split(' '),
)

/** Whether the reading says that an event which happens once happened (its verbs, by lemma). */
export function happensOnce(reading: ClaimReading): boolean {
  return (
    reading.terms.some(
      (t) => t.partOfSpeech !== 'noun' && (ONCE.has(t.lemma) || t.keys.some((k) => ONCE.has(k))),
    ) && !indefiniteObject(reading)
  )
}

/**
 * Whether the verb takes an indefinite object (`discovered a new species`, `wrote a report`): another one
 * may have come at another time or taken another time.
 */
export function indefiniteObject(reading: ClaimReading): boolean {
  const verb = reading.terms.find((t) => t.partOfSpeech === 'verb')
  if (!verb) return false
  const next = reading.tokens[verb.token + 1]?.lower
  return next === 'a' || next === 'an'
}

/** Whether the reading says something recurs (`every month`, `each year`): one date of it says little. */
export function recurs(reading: ClaimReading): boolean {
  return reading.tokens.some(
    (t, i) =>
      (t.lower === 'every' || t.lower === 'each') &&
      /^(day|week|month|year|morning|night|time)$/.test(reading.tokens[i + 1]?.lower ?? ''),
  )
}

export type TemporalOrder = {
  /** The word that orders the events, its token. */
  word: string
  token: number
  /** Terms of the event that happened first and of the one that happened second. */
  earlier: Term[]
  later: Term[]
}

const ORDER_WORDS = new Set(['before', 'after'])
/** Words that say one event caused another, which an order of events does not say. */
export const CAUSAL_WORDS = new Set([
  'because',
  'caused',
  'causes',
  'cause',
  'due',
  'owing',
  'therefore',
  'so',
])

/** Two clauses ordered by `before` or `after` (not a date's preposition), the first sentence only. */
export function readOrder(reading: ClaimReading, dates: readonly Quantity[]): TemporalOrder | null {
  const tokens = reading.tokens
  const k = tokens.findIndex(
    (t, i) => ORDER_WORDS.has(t.lower) && t.sentence === 0 && !dates.some((d) => d.firstToken === i),
  )
  if (k <= 0) return null
  const end = tokens.findIndex((t) => t.sentence > 0)
  const stop = end === -1 ? tokens.length : end
  const left = reading.terms.filter((t) => t.token < k)
  const right = reading.terms.filter((t) => t.token > k && t.token < stop)
  if (left.length === 0 || right.length === 0) return null
  const word = (tokens[k] as Token).lower
  return word === 'after'
    ? { word, token: k, earlier: right, later: left }
    : { word, token: k, earlier: left, later: right }
}

/** Share of `a`'s terms that relate to some term of `b` (same word, synonym, derivation, broader, narrower). */
function covered(lexicon: Lexicon, a: readonly Term[], b: readonly Term[]): number {
  if (a.length === 0) return 0
  return a.filter((x) => b.some((y) => relateTerms(lexicon, x, y) !== null)).length / a.length
}

/** Share of terms each event must share with its counterpart to be read as the same event. */
const SAME_EVENT = 0.6

/**
 * Whether the excerpt orders the claim's two events the same way (`compatible`), the other way
 * (`conflict`), or its events are not the claim's (`unknown`).
 */
export function compareOrder(lexicon: Lexicon, claim: TemporalOrder, excerpt: TemporalOrder): SlotVerdict {
  // The same kind of event or state on both sides (`Smith swam before Jones swam`) may have happened more than once.
  const verbs = (a: Term[]) =>
    a.filter((t) => t.partOfSpeech === 'verb' || t.partOfSpeech === 'adjective').map((t) => t.lemma)
  if (verbs(claim.earlier).some((v) => verbs(claim.later).includes(v))) return 'unknown'
  const same = (a: Term[], b: Term[]) =>
    covered(lexicon, a, b) >= SAME_EVENT && covered(lexicon, b, a) >= SAME_EVENT
  if (same(claim.earlier, excerpt.earlier) && same(claim.later, excerpt.later)) return 'compatible'
  if (same(claim.earlier, excerpt.later) && same(claim.later, excerpt.earlier)) return 'conflict'
  return 'unknown'
}
