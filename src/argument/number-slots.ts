/**
 * The slot of a figure: what it counts and what it is said of, read from the words of its own clause, so that a
 * figure is compared with the figure of the same slot in a matched sentence (`empty to full in 30 minutes`
 * meets `empty to full in 68 minutes`, not `empty to 50% in 30 minutes`). Words only: no parse.
 */
import type { NumberMention } from './numbers'
import type { Range } from '../text/scan'

/** Words that separate the clauses of a sentence, besides `,` `;` `:` and dashes. */
const CLAUSE_WORDS = /^(?:and|but|while|whereas|although|though|because|which|who|whose|after|before)$/
/** Words too common to say what a figure counts. */
const FILLER = new Set(
  'a an the of in on at to by for from with about around some its it their his her them they we us you this that these those is are was were be been will would has have had and or as per than up into over under'.split(
    ' ',
  ),
)

/**
 * Only words this close to a figure (in words, filler and other figures counted) say what it is about: the
 * rest of a clause is shared by every figure in it.
 */
const SLOT_WINDOW = 5

type Word = { text: string; start: number; end: number }

const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*|[,;:—%]/gu

function wordsOf(text: string, range: Range): Word[] {
  const out: Word[] = []
  WORD.lastIndex = range.start
  for (let m = WORD.exec(text); m !== null && m.index < range.end; m = WORD.exec(text))
    out.push({ text: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length })
  return out
}

/** A rough stem, enough to meet `minutes` with `minute` and `opened` with `open`. */
function stem(w: string): string {
  if (w.length <= 3) return w
  const singular = w.endsWith('ies') ? `${w.slice(0, -3)}y` : /[^s]s$/.test(w) ? w.slice(0, -1) : w
  return singular.length > 5 ? singular.replace(/(?:ing|ed)$/, '') : singular
}

/** The clause around `at` within `sentence`: between clause marks or clause words. */
export function clauseOf(text: string, sentence: Range, at: Range): Range {
  const words = wordsOf(text, sentence)
  let start = sentence.start
  let end = sentence.end
  for (const w of words) {
    const boundary = /^[,;:—]$/.test(w.text) || CLAUSE_WORDS.test(w.text)
    if (!boundary) continue
    if (w.end <= at.start) start = w.end
    else if (w.start >= at.end && end === sentence.end) end = w.start
  }
  return { start, end }
}

export type Slot = {
  /** The word right after the figure that says what it counts (`minutes`, `pupils`), stemmed, or null. */
  unit: string | null
  /** That word as written, lower case, when it is a unit of measure (`minutes`, `dollars`), else null. */
  unitWord: string | null
  /** Content words of the clause, stemmed, with their distance in words from the figure. */
  context: Map<string, number>
}

/** The slot of a mention in its sentence; other figures of the clause are not context words. */
export function slotOf(text: string, sentence: Range, mention: NumberMention): Slot {
  const clause = clauseOf(text, sentence, mention)
  const words = wordsOf(text, clause)
  const at = words.findIndex((w) => overlaps(w, mention))
  const context = new Map<string, number>()
  let unit: string | null = null
  let unitWord: string | null = null
  words.forEach((w, i) => {
    const distance = Math.abs(i - at)
    if (overlaps(w, mention) || distance > SLOT_WINDOW || FILLER.has(w.text) || /^[\p{N},;:—%]/u.test(w.text))
      return
    const key = stem(w.text)
    if (unit === null && at !== -1 && i > at && i - at <= 2) {
      unit = key
      unitWord = MEASURES.has(key) ? w.text : null
    }
    const known = context.get(key)
    if (known === undefined || distance < known) context.set(key, distance)
  })
  return mention.kind === 'number' ? { unit, unitWord, context } : { unit: null, unitWord: null, context }
}

function overlaps(w: Range, r: Range): boolean {
  return w.start < r.end && r.start < w.end
}

/**
 * How well two slots line up: words both clauses use near the figure, counting more the nearer they are and
 * the more alike their distance on both sides, and the same unit. A unit on both sides that differs (`12 years`, `8,000 adults`) rules the pair out: -1.
 */
export function slotScore(a: Slot, b: Slot): number {
  if (a.unit !== null && b.unit !== null && a.unit !== b.unit && MEASURES.has(a.unit) && MEASURES.has(b.unit))
    return -1
  const [wayA, wayB] = [movementOf(a), movementOf(b)]
  if (wayA !== null && wayB !== null && wayA !== wayB) return -1
  let score = a.unit !== null && a.unit === b.unit ? 2 : 0
  for (const [word, da] of a.context) {
    const db = b.context.get(word)
    if (db !== undefined) score += 2 / (Math.max(da, db) * (1 + Math.abs(da - db)))
  }
  return score
}

/** Verbs of coming and of going, stemmed: `12 left` and `12 people came` count different people. */
const MOVEMENTS: ReadonlyMap<string, 'in' | 'out'> = new Map([
  ...'came come comes arrived arrive arrives joined join joins entered enter enters stayed stay remained'
    .split(' ')
    .map((w): [string, 'in' | 'out'] => [stem(w), 'in']),
  ...'left leave leaves departed depart quit exited exit resigned'
    .split(' ')
    .map((w): [string, 'in' | 'out'] => [stem(w), 'out']),
])

/** Whether a figure counts who came or who went: a verb of either within two words of it. */
function movementOf(slot: Slot): 'in' | 'out' | null {
  for (const [word, distance] of slot.context) {
    const way = distance <= 2 ? MOVEMENTS.get(word) : undefined
    if (way) return way
  }
  return null
}

/** Units of measure, stemmed as `slotOf` stems them: a figure in one is never the figure of another. */
const MEASURES = new Set(
  'second minute hour day week month year decade century gram kilogram kg g tonne ton pound euro dollar cent pence penny yen franc metre meter km kilometre kilometer mile cm mm litre liter ml gallon degree percent watt kwh volt mph'
    .split(' ')
    .map(stem),
)

/** Words that turn what a figure is about around (a rejected motion, a failed vote, a denied request). */
const STANCE =
  /\b(rejected|reject|rejects|defeated|voted down|turned down|failed|fails|refused|denied|vetoed|overturned|withdrawn|cancelled|canceled|not|never|no)\b/i

/** The first stance word in the clause of a mention, lower case, or null: a `not` of another clause is not its. */
export function stanceOf(text: string, sentence: Range, mention: NumberMention): string | null {
  const clause = clauseOf(text, sentence, mention)
  const found = STANCE.exec(text.slice(clause.start, clause.end))
  return found ? (found[1] as string).toLowerCase() : null
}

const YEAR = /^(?:1[5-9]|20)\d\d$/
/** Words between an event word and its year that say nothing about the event. */
const YEAR_FILLER = new Set(
  'in on at by since until till from to of the a an early late mid around about before after during this last next january february march april may june july august september october november december'.split(
    ' ',
  ),
)

/** The year of a date, or of a number written as four digits that reads as a year; else null. */
export function yearOf(text: string, mention: NumberMention): string | null {
  if (mention.kind === 'date') return mention.value.slice(0, 4)
  if (mention.kind !== 'number' || !YEAR.test(mention.value)) return null
  return /^\d{4}$/.test(text.slice(mention.start, mention.end)) ? mention.value : null
}

/**
 * Event words a year can date, by the event they name: a year of one event is not compared with a year of
 * another (`opened in 2007`, `will close in 2027`); a year after any other word is compared.
 */
const EVENTS: ReadonlyMap<string, string> = new Map([
  ...[
    'built',
    'build',
    'open',
    'construct',
    'complet',
    'finish',
    'found',
    'establish',
    'inaugurat',
    'launch',
  ].map((w): [string, string] => [w, 'made']),
  ...['begin', 'began', 'start', 'commenc'].map((w): [string, string] => [w, 'start']),
  ...['clos', 'shut', 'end', 'demolish', 'abandon', 'expir'].map((w): [string, string] => [w, 'end']),
])

/** The event a year dates (the nearest word before it in its clause that is not filler), when it is a known one. */
export function yearEvent(text: string, mention: NumberMention): string | null {
  const before = text.slice(Math.max(0, mention.start - 80), mention.start)
  const clause = before.split(/[.!?;:]/).pop() ?? ''
  const words = clause.toLowerCase().match(/[a-z]+/g) ?? []
  for (let k = words.length - 1; k >= 0; k--) {
    const w = words[k] as string
    if (YEAR_FILLER.has(w) || /^\d/.test(w)) continue
    const role = w.replace(/(?:ing|ed|es|s)$/, '').replace(/e$/, '')
    return EVENTS.get(role) ?? null
  }
  return null
}
