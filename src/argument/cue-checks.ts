/**
 * Polarity and strength cues between a sentence and its best matched sentence: where they share vocabulary
 * but one has a negation, hedge, booster or quantifier the other lacks (or another quantifier), an
 * observation says so for a human to read both. These are observations about words, never verdicts.
 */
import type { CueClass, Quantity } from '../text/cues'
import type { Range } from '../text/scan'
import type { AnalyzedSentence, CueAt } from './document'
import type { FieldRef } from './field-ref'
import { clauseOf } from './number-slots'
import { passage, type SideNames } from './passages'
import type { CueObservation, TermOccurrences } from './schemas'

/**
 * A match must share at least this many terms before a negation is compared: one shared word is too thin to
 * suggest the two differ in polarity. Quantifier and modality (hedge, booster) differences are reported with
 * one shared word, since `certainly … all adults` against `could consider … some patients` may share only
 * one word and still be the difference a reader needs to see.
 */
export const CUE_MIN_SHARED_TERMS = 2

const CLASSES: CueClass[] = ['negation', 'hedge', 'booster', 'quantifier']

/** One side of a compared pair: the field's text, its reference and the sentence. */
export type CueSide = { text: string; ref: FieldRef; sentence: AnalyzedSentence }

export function compareCues(
  side: CueSide,
  match: CueSide,
  shared: readonly TermOccurrences[],
  names: SideNames,
): CueObservation[] {
  // Without a cue word on either side there is nothing to compare, and most sentences have none.
  if (shared.length === 0 || (side.sentence.cues.length === 0 && match.sentence.cues.length === 0)) return []
  // A sentence marked as sarcasm may mean the opposite of its words: it is left alone.
  if (isSarcastic(side.sentence) || isSarcastic(match.sentence)) return []
  // A cue of the matched sentence counts only in a clause that shares a word with the sentence: the `could`
  // of `the link could reflect other habits` says nothing about `coffee protects the heart`.
  const sharedAt = shared.flatMap((t) => t.passages)
  const inSharedClause = (c: CueAt) => {
    const clause = clauseOf(match.text, match.sentence, c)
    return sharedAt.some((p) => clause.start <= p.start && p.end <= clause.end)
  }
  const words = shared.map((t) => t.term)
  const out: CueObservation[] = []
  for (const cue of CLASSES) {
    if (cue === 'negation' && shared.length < CUE_MIN_SHARED_TERMS) continue
    const here = side.sentence.cues.filter((c) => c.cue === cue)
    const there = match.sentence.cues.filter((c) => c.cue === cue && inSharedClause(c))
    const observation =
      cue === 'quantifier'
        ? quantifierObservation(here, there, names)
        : presenceObservation(cue, side, here, match, there, names)
    if (observation === null) continue
    out.push({
      cue,
      match: passage(match.ref, match.sentence),
      words: here.map((c) => cueWord(c, side.ref)),
      matchWords: there.map((c) => cueWord(c, match.ref)),
      observation: `${observation} Both use ${quoteList(words.slice(0, 4))}; worth a human look at the two sentences side by side.`,
    })
  }
  return out
}

function isSarcastic(sentence: AnalyzedSentence): boolean {
  return sentence.framing.some((f) => f.kind === 'sarcasm' || f.kind === 'scare-quotes')
}

function cueWord(c: CueAt, ref: FieldRef): CueObservation['words'][number] {
  return c.quantity === undefined
    ? { passage: passage(ref, c), word: c.word }
    : { passage: passage(ref, c), word: c.word, quantity: c.quantity }
}

const PRESENCE_PHRASES: Record<Exclude<CueClass, 'quantifier'>, { has: string; gloss: string }> = {
  negation: { has: 'a negation', gloss: 'the two may differ in polarity' },
  hedge: { has: 'a hedge', gloss: 'the two may differ in how firmly they state it' },
  booster: { has: 'a booster', gloss: 'the two may differ in how strongly they state it' },
}

/** Whether a word of the same stem as the cue word is in the other sentence (`estimated`, `estimates`). */
function sameWordIn(word: string, text: string, sentence: Range): boolean {
  const root = word.split(' ')[0]?.slice(0, Math.max(4, Math.min(word.length, 6))) ?? word
  return new RegExp(`\\b${root.replace(/[^a-z']/g, '')}`, 'i').test(text.slice(sentence.start, sentence.end))
}

function presenceObservation(
  cue: Exclude<CueClass, 'quantifier'>,
  side: CueSide,
  here: CueAt[],
  match: CueSide,
  there: CueAt[],
  names: SideNames,
): string | null {
  if (here.length > 0 === there.length > 0) return null
  const [withCue, without, words, other] =
    here.length > 0
      ? ([names.sentence, names.match, here, match] as const)
      : ([names.match, names.sentence, there, side] as const)
  // The other side says the same word, read differently (`estimated` as a hedge, `estimates` not): no difference.
  if (cue !== 'negation' && words.every((w) => sameWordIn(w.word, other.text, other.sentence))) return null
  const { has, gloss } = PRESENCE_PHRASES[cue]
  return `The ${withCue} has ${has} (${quoteList(words.map((w) => w.word))}) and the ${without} has none: ${gloss}.`
}

function quantifierObservation(here: CueAt[], there: CueAt[], names: SideNames): string | null {
  const mine = quantities(here)
  const theirs = quantities(there)
  if (mine.join() === theirs.join()) return null
  const describe = (words: CueAt[], side: string) =>
    words.length === 0
      ? `the ${side} has no quantifier`
      : `the ${side} uses ${words.map((w) => `"${w.word}" (${w.quantity})`).join(', ')}`
  const first = describe(here, names.sentence)
  return `${first.charAt(0).toUpperCase()}${first.slice(1)} where ${describe(there, names.match)}.`
}

function quantities(words: CueAt[]): Quantity[] {
  return [...new Set(words.map((w) => w.quantity as Quantity))].sort()
}

function quoteList(words: string[]): string {
  return [...new Set(words)].map((w) => `"${w}"`).join(', ')
}
