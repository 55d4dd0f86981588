/**
 * Polarity and strength cues between a sentence and a matched sentence: where they share vocabulary but one
 * has a negation, hedge, booster or quantifier the other lacks (or another quantifier), an observation says
 * so for a human to read both. These are observations about words, never verdicts about meaning.
 */
import type { CueClass, Quantity } from '../text/cues'
import type { AnalyzedSentence, CueAt } from './document'
import type { FieldRef } from './field-ref'
import { passage, type SideNames } from './passages'
import type { CueObservation } from './schemas'

/**
 * A match must share at least this many terms before a negation is compared: one shared word is too thin to
 * suggest the two differ in polarity. Quantifier and modality (hedge, booster) differences are reported for
 * every listed match, since `certainly … all adults` against `could consider … some patients` may share
 * only one word and still be the difference a reader needs to see.
 */
export const CUE_MIN_SHARED_TERMS = 2

const CLASSES: CueClass[] = ['negation', 'hedge', 'booster', 'quantifier']

export function compareCues(
  sentence: AnalyzedSentence,
  sentenceRef: FieldRef,
  match: AnalyzedSentence,
  matchRef: FieldRef,
  sharedTerms: string[],
  names: SideNames,
): CueObservation[] {
  // Without a cue word on either side there is nothing to compare, and most sentences have none.
  if (sharedTerms.length === 0 || (sentence.cues.length === 0 && match.cues.length === 0)) return []
  // A sentence marked as sarcasm may mean the opposite of its words: it is left alone.
  if (isSarcastic(sentence) || isSarcastic(match)) return []
  const out: CueObservation[] = []
  for (const cue of CLASSES) {
    if (cue === 'negation' && sharedTerms.length < CUE_MIN_SHARED_TERMS) continue
    const here = sentence.cues.filter((c) => c.cue === cue)
    const there = match.cues.filter((c) => c.cue === cue)
    const observation =
      cue === 'quantifier'
        ? quantifierObservation(here, there, names)
        : presenceObservation(cue, here, there, names)
    if (observation === null) continue
    out.push({
      cue,
      match: passage(matchRef, match),
      words: here.map((c) => cueWord(c, sentenceRef)),
      matchWords: there.map((c) => cueWord(c, matchRef)),
      observation: `${observation} Both use ${quoteList(sharedTerms.slice(0, 4))}; worth a human look at the two sentences side by side.`,
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

function presenceObservation(
  cue: Exclude<CueClass, 'quantifier'>,
  here: CueAt[],
  there: CueAt[],
  names: SideNames,
): string | null {
  if (here.length > 0 === there.length > 0) return null
  const { has, gloss } = PRESENCE_PHRASES[cue]
  const [withCue, without, words] =
    here.length > 0 ? [names.sentence, names.match, here] : [names.match, names.sentence, there]
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
