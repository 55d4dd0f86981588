/**
 * Figures and directions written in words, set against what a matched sentence writes for them: a vote
 * (`unanimously` beside `voted 7–2`), a change (`doubled` beside `from 23 to 14 minutes`), a duration (`for a
 * year` beside `14-day`) and an opposite word (`higher` beside `lower`, `end` beside `continue`). Each is an
 * observation of two passages a reader should set side by side, never a verdict about which is right.
 */
import type { AnalyzedSentence } from './document'
import type { FieldRef } from './field-ref'
import { passage, type SideNames } from './passages'
import type { Contrast } from './schemas'
import type { Range } from '../text/scan'

export const CONTRAST_RULE =
  'Contrasts set words against what a matched sentence writes for them, at most one of each kind per sentence: `vote` ("unanimously" or "without opposition" beside a tally such as "7–2" with votes against, in a sentence about a vote, or the reverse); `change` ("doubled", "twice", "tripled", "halved" beside "from X to Y" whose ratio is not within a tenth of the factor); `duration` (a duration in words, "for a year", "for two weeks", "for months", beside durations of a matched sentence of which none is it; when no matched sentence states a duration, every sentence of the targets is searched and the note says the sentence is not a listed match); `opposite` (a direction or outcome word, "higher", "rose", "increased", "end", "approved", where the best match has its opposite, "lower", "fell", "decreased", "continue", "rejected", and not the word itself). Titles and headings are never compared.'

/** One side of a compared pair: the field's text, its reference and the sentence. */
export type ContrastSide = { text: string; ref: FieldRef; sentence: AnalyzedSentence }

type Found = Range & { text: string }

function find(re: RegExp, side: ContrastSide): Array<Found & { groups: string[] }> {
  const out: Array<Found & { groups: string[] }> = []
  const slice = side.text.slice(side.sentence.start, side.sentence.end)
  for (const m of slice.matchAll(re)) {
    const start = side.sentence.start + (m.index as number)
    out.push({ start, end: start + m[0].length, text: m[0], groups: m.slice(1).map((g) => g ?? '') })
  }
  return out
}

const UNANIMOUS =
  /\b(?:unanimous(?:ly)?|without (?:a single vote against|opposition|dissent)|with no votes? against)\b/gi
const TALLY = /\b(\d{1,3}) ?(?:[–—-]|to) ?(\d{1,3})\b/g
const VOTE_WORDS = /\b(?:vot(?:e|ed|es|ing)|ballot|motion|approv(?:e|ed|al)|passed|elected)\b/i

/** `unanimously` on one side and a tally with votes against on the other. */
function voteContrast(side: ContrastSide, match: ContrastSide, names: SideNames): Draft | null {
  const tallyIn = (s: ContrastSide) =>
    VOTE_WORDS.test(s.text.slice(s.sentence.start, s.sentence.end))
      ? find(TALLY, s).filter((t) => Number(t.groups[1]) > 0 && Number(t.groups[0]) > 0)
      : []
  const mine = find(UNANIMOUS, side)[0]
  const theirs = mine ? tallyIn(match)[0] : undefined
  if (mine && theirs)
    return {
      here: mine,
      there: theirs,
      observation: `The ${names.sentence} says "${mine.text}"; the matched ${names.match} gives a vote of "${theirs.text}", with votes against.`,
    }
  if (side.sentence.numbers.length === 0) return null
  const myTally = tallyIn(side)[0]
  const theirWord = myTally ? find(UNANIMOUS, match)[0] : undefined
  if (myTally && theirWord)
    return {
      here: myTally,
      there: theirWord,
      observation: `The ${names.sentence} gives a vote of "${myTally.text}"; the matched ${names.match} says "${theirWord.text}".`,
    }
  return null
}

const FACTOR =
  /\b(doubled|doubles|doubling|double|twice|tripled|triples|triple|three times|quadrupled|halved|halves|cut in half|by half)\b/gi
const FACTORS: Record<string, number> = {
  doubled: 2,
  doubles: 2,
  doubling: 2,
  double: 2,
  twice: 2,
  tripled: 3,
  triples: 3,
  triple: 3,
  'three times': 3,
  quadrupled: 4,
  halved: 2,
  halves: 2,
  'cut in half': 2,
  'by half': 2,
}
const FROM_TO = /\bfrom (\d[\d,]*(?:\.\d+)?)(?: ?[\p{L}%]+)? to (\d[\d,]*(?:\.\d+)?)(?: ?[\p{L}%]+)?/giu

/** A change said as a factor (`doubled`, `halved`) where the matched sentence gives both ends of it. */
function changeContrast(side: ContrastSide, match: ContrastSide, names: SideNames): Draft | null {
  const mine = find(FACTOR, side)[0]
  if (!mine) return null
  const factor = FACTORS[mine.text.toLowerCase()] as number
  for (const change of find(FROM_TO, match)) {
    const [a, b] = change.groups.map((g) => Number(g.replace(/,/g, ''))) as [number, number]
    if (!(a > 0 && b > 0)) continue
    const ratio = Math.max(a, b) / Math.min(a, b)
    // Within a tenth of the factor, the word is a fair rounding.
    if (Math.abs(ratio - factor) / factor <= 0.1) return null
    return {
      here: mine,
      there: change,
      observation: `The ${names.sentence} says "${mine.text}"; the matched ${names.match} says "${change.text}", a ratio of ${round(ratio)}, where "${mine.text}" would be ${factor}.`,
    }
  }
  return null
}

const round = (n: number): string => (Math.round(n * 10) / 10).toString()

const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365, decade: 3652 }
const WORD_COUNTS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
}
const UNIT = '(day|week|month|year|decade)s?'
/** A duration in words (`for a year`, `for two weeks`, `year-long`): a duration in numerals is a number check. */
const WORDED = new RegExp(
  `\\b(?:for|over|lasting) (?:(a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve) ${UNIT}|(day|week|month|year|decade)s)\\b|\\b(a|one)[- ]${UNIT}[- ]long\\b`,
  'gi',
)
const DURATION = new RegExp(
  `\\b(\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve)[- ]${UNIT}\\b`,
  'gi',
)

function days(count: string, unit: string): number {
  const n = /^\d/.test(count) ? Number(count) : (WORD_COUNTS[count.toLowerCase()] ?? 1)
  return n * (UNIT_DAYS[unit.toLowerCase()] as number)
}

/** A duration in words where the matched sentence gives durations and none of them is it. */
function durationContrast(side: ContrastSide, match: ContrastSide, names: SideNames): Draft | null {
  const mine = find(WORDED, side)[0]
  if (!mine) return null
  // `for months` is an unstated number of months: from two to twelve of them.
  const [count, unit] = mine.groups[0]
    ? [mine.groups[0], mine.groups[1]]
    : mine.groups[2]
      ? ['two', mine.groups[2]]
      : [mine.groups[3], mine.groups[4]]
  const wanted = days(count as string, unit as string)
  const fits = (d: number) =>
    mine.groups[2] ? d >= wanted * 0.9 && d <= wanted * 6 : Math.abs(d - wanted) <= wanted * 0.1
  // `a year earlier` or `a year ago` dates something; only durations the matched sentence states count.
  const theirs = find(DURATION, match).filter(
    (d) => !/^\s*(?:earlier|ago|later|before|after)\b/i.test(match.text.slice(d.end, d.end + 12)),
  )
  if (theirs.length === 0) return null
  if (theirs.some((d) => fits(days(d.groups[0] as string, d.groups[1] as string)))) return null
  const there = theirs[0] as Found
  return {
    here: mine,
    there,
    observation: `The ${names.sentence} says "${mine.text}"; the matched ${names.match} says "${there.text}".`,
  }
}

/** Words of opposite direction or outcome, both ways. */
const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ['higher', 'lower'],
  ['more', 'fewer'],
  ['rise', 'fall'],
  ['rose', 'fell'],
  ['risen', 'fallen'],
  ['rising', 'falling'],
  ['increase', 'decrease'],
  ['increased', 'decreased'],
  ['increases', 'decreases'],
  ['gain', 'loss'],
  ['better', 'worse'],
  ['faster', 'slower'],
  ['larger', 'smaller'],
  ['bigger', 'smaller'],
  ['above', 'below'],
  ['end', 'continue'],
  ['ended', 'continued'],
  ['ends', 'continues'],
  ['approved', 'rejected'],
  ['accepted', 'rejected'],
  ['won', 'lost'],
  ['allowed', 'banned'],
  ['supported', 'opposed'],
]
const OPPOSITE_OF = new Map(OPPOSITES.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]))
const WORD = /\p{L}+/gu

/** Words that make a following or leading opposite word no direction at all (`fell asleep`). */
const IDIOM_AFTER = /^\s+(?:asleep|ill|apart|in love)\b/i

/** A direction or outcome word where the matched sentence has its opposite and not the word itself. */
function oppositeContrast(side: ContrastSide, match: ContrastSide, names: SideNames): Draft | null {
  const directed = (s: ContrastSide) =>
    find(WORD, s).filter(
      (w) => OPPOSITE_OF.has(w.text.toLowerCase()) && !IDIOM_AFTER.test(s.text.slice(w.end, w.end + 12)),
    )
  const mine = directed(side)
  if (mine.length === 0) return null
  const theirs = directed(match)
  const has = (list: Found[], word: string) => list.find((w) => w.text.toLowerCase() === word)
  for (const w of mine) {
    const opposite = OPPOSITE_OF.get(w.text.toLowerCase()) as string
    const there = has(theirs, opposite)
    if (!there || has(theirs, w.text.toLowerCase()) || has(mine, opposite)) continue
    return {
      here: w,
      there,
      observation: `The ${names.sentence} says "${w.text}"; the matched ${names.match} says "${there.text}".`,
    }
  }
  return null
}

type Draft = { here: Found; there: Found; observation: string }

const CHECKS: ReadonlyArray<
  [Contrast['kind'], (s: ContrastSide, m: ContrastSide, n: SideNames) => Draft | null]
> = [
  ['vote', voteContrast],
  ['change', changeContrast],
  ['duration', durationContrast],
  ['opposite', oppositeContrast],
]

/**
 * The contrasts of a sentence with its matches, best match first: at most one of each kind, against the
 * first match that shows it. An opposite word is looked for only in the best match, which shares the most
 * words around it.
 */
export function findContrasts(
  side: ContrastSide,
  matches: readonly ContrastSide[],
  names: SideNames,
  everyTarget: () => readonly ContrastSide[],
): Contrast[] {
  const out: Contrast[] = []
  for (const [kind, check] of CHECKS) {
    let searched = kind === 'opposite' ? matches.slice(0, 1) : matches
    let sides = names
    // A duration the matched sentences do not state at all may be stated in another sentence of the targets
    // (`for a year` beside the `14-day study`): it is looked for there, and said to be there.
    if (
      kind === 'duration' &&
      find(WORDED, side).length > 0 &&
      !matches.some((m) => find(DURATION, m).length > 0)
    ) {
      searched = everyTarget()
      sides = { ...names, match: `${names.match} (not a listed match)` }
    }
    for (const match of searched) {
      const draft = check(side, match, sides)
      if (!draft) continue
      out.push({
        kind,
        passage: passage(side.ref, draft.here),
        text: draft.here.text,
        match: passage(match.ref, match.sentence),
        matchPassage: passage(match.ref, draft.there),
        matchText: draft.there.text,
        observation: `${draft.observation} Worth a human look at the two sentences side by side.`,
      })
      break
    }
  }
  return out
}
