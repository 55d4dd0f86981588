/**
 * Numbers, percentages and dates of a sentence compared with those of the same kind in its listed matched
 * sentences, and looked up across every target sentence, so a reader sees where a figure comes from or where
 * the texts give another one. A figure found nowhere is reported as not found, never as wrong.
 */
import type { AnalyzedField, AnalyzedSentence } from './document'
import { slotOf, slotScore, stanceOf, yearEvent, yearOf, type Slot } from './number-slots'
import type { FieldRef } from './field-ref'
import { PLACES_LISTED } from './limits'
import { targetSentence, type RankedMatch, type TargetIndex } from './compare'
import type { NumberMention } from './numbers'
import { passage, type SideNames } from './passages'
import { oneByte } from './one-byte'
import type { NumberCheck } from './schemas'

type Place = { id: number; mention: NumberMention }

/** Kind, then value → every target sentence (global id) and mention with it, in target order. */
export type NumberIndex = Map<NumberMention['kind'], Map<string, Place[]>>

export function buildNumberIndex(index: TargetIndex): NumberIndex {
  const out: NumberIndex = new Map()
  for (let id = 0; id < index.fieldOf.length; id++) {
    const mentions = targetSentence(index, id).numbers
    for (let k = 0; k < mentions.length; k++) {
      const mention = mentions[k] as NumberMention
      let byValue = out.get(mention.kind)
      if (!byValue) out.set(mention.kind, (byValue = new Map()))
      const list = byValue.get(mention.value)
      if (list) list.push({ id, mention })
      else byValue.set(mention.value, [{ id, mention }])
    }
  }
  return out
}

const NO_PLACES: readonly Place[] = []

const KIND_NAMES: Record<NumberMention['kind'] | 'year', string> = {
  number: 'number',
  year: 'year',
  percent: 'percentage',
  'percentage-points': 'percentage-point figure',
  date: 'date',
}

export function checkNumbers(
  field: AnalyzedField,
  sentence: AnalyzedSentence,
  listed: RankedMatch[],
  index: TargetIndex,
  numbers: NumberIndex,
  names: SideNames,
): NumberCheck[] {
  const isListed = (id: number) => listed.some((m) => m.id === id)
  return sentence.numbers.map((mention) => {
    const year = yearOf(field.text, mention)
    const event = year ? yearEvent(field.text, mention) : null
    const slot = slotOf(field.text, sentence, mention)
    const candidates: Candidate[] = []
    const unlike: string[] = []
    const unlikeValues: string[] = []
    for (const match of listed) {
      const target = index.fields[index.fieldOf[match.id] as number] as AnalyzedField
      const matchSentence = targetSentence(index, match.id)
      for (const other of matchSentence.numbers) {
        const otherText = oneByte(target.text.slice(other.start, other.end))
        const otherYear = yearOf(target.text, other)
        let same: boolean
        if (year && mention.kind === 'number') {
          // A year written alone meets the years of dates (`2008` in `since March 2008`), and is not compared
          // with the year of another event (`opened in 2007` is not `will close in 2027`).
          if (!otherYear) {
            unlike.push(otherText)
            unlikeValues.push(other.value)
            continue
          }
          const otherEvent = yearEvent(target.text, other)
          if (otherYear !== year && event && otherEvent && event !== otherEvent) continue
          same = otherYear === year
        } else {
          // A count is not compared with a year, nor a figure with one of another kind.
          if (other.kind !== mention.kind || (mention.kind === 'number' && otherYear)) {
            unlike.push(otherText)
            unlikeValues.push(other.value)
            continue
          }
          same = other.value === mention.value
        }
        const otherSlot = slotOf(target.text, matchSentence, other)
        const score = slotScore(slot, otherSlot)
        // A figure of another unit (`12 years` beside `8,000 adults`) is not the same slot at all.
        if (score < 0) {
          unlike.push(otherText)
          unlikeValues.push(other.value)
          continue
        }
        candidates.push({
          target,
          sentence: matchSentence,
          mention: other,
          text: withUnit(otherText, otherSlot),
          same,
          score,
          entry: {
            passage: passage(target.ref, other),
            text: otherText,
            value: oneByte(other.value),
            sameValue: same,
            sameSlot: false,
          },
        })
      }
    }
    // The figure of the same slot: the best lined-up one; on a tie, the same value.
    let aligned: Candidate | null = null
    for (const c of candidates)
      if (!aligned || c.score > aligned.score || (c.score === aligned.score && c.same && !aligned.same))
        aligned = c
    if (aligned) aligned.entry.sameSlot = true
    const elsewhere: NumberCheck['elsewhere'] = []
    let elsewhereTotal = 0
    const places = [...(numbers.get(mention.kind)?.get(mention.value) ?? NO_PLACES)]
    if (year && mention.kind === 'number')
      for (const [value, list] of numbers.get('date') ?? new Map<string, Place[]>())
        if (value.slice(0, 4) === year) places.push(...list)
    for (const n of places) {
      if (isListed(n.id)) continue
      if (elsewhereTotal < PLACES_LISTED) elsewhere.push(passage(refOf(index, n.id), n.mention))
      elsewhereTotal++
    }
    const text = withUnit(oneByte(field.text.slice(mention.start, mention.end)), slot)
    // A figure agrees only when what is said around it agrees: `7–2` of a motion the source says was
    // rejected is not the argument's `passed 7 to 2`. Only the words of its own clause count.
    let sourceStance: string | null = null
    if (aligned?.same) {
      const stance = stanceOf(aligned.target.text, aligned.sentence, aligned.mention)
      if (stance && stance !== stanceOf(field.text, sentence, mention)) sourceStance = stance
    }
    const status: NumberCheck['status'] = aligned?.same
      ? 'same-value-in-match'
      : aligned
        ? 'other-value-in-match'
        : 'not-in-matches'
    const sameElsewhere = candidates.find((c) => c.same && c !== aligned) ?? null
    return {
      passage: passage(field.ref, mention),
      text: oneByte(field.text.slice(mention.start, mention.end)),
      kind: mention.kind,
      value: oneByte(mention.value),
      status,
      inMatches: candidates.map((c) => c.entry),
      elsewhere: elsewhere.slice(),
      elsewhereTotal,
      observation: numberObservation({
        text,
        kind: year ? 'year' : mention.kind,
        status,
        aligned: aligned && !aligned.same ? aligned.text : null,
        sameElsewhere: status === 'other-value-in-match' && sameElsewhere ? sameElsewhere.text : null,
        unlike: [...new Set(unlike)],
        valueInMatches: candidates.some((c) => c.same) || unlikeValues.includes(mention.value),
        matches: listed.length,
        elsewhere: elsewhereTotal,
        names,
        sourceStance,
      }),
    }
  })
}

type Candidate = {
  target: AnalyzedField
  sentence: AnalyzedSentence
  mention: NumberMention
  /** The figure as written, with its unit word when it has one. */
  text: string
  same: boolean
  score: number
  entry: NumberCheck['inMatches'][number]
}

/** A figure with the word that says what it counts (`30 minutes`), so a note names both sides in full. */
function withUnit(text: string, slot: Slot): string {
  return slot.unitWord === null ? text : `${text} ${slot.unitWord}`
}

function refOf(index: TargetIndex, id: number): FieldRef {
  return (index.fields[index.fieldOf[id] as number] as AnalyzedField).ref
}

/** What a number observation is written from. */
export type NumberObservationInput = {
  text: string
  kind: NumberMention['kind'] | 'year'
  status: NumberCheck['status']
  /** The figure of the same slot in a matched sentence, when its value differs. */
  aligned: string | null
  /** The same value in a matched sentence, said of something else. */
  sameElsewhere: string | null
  /** Figures of the matched sentences that are of another kind or unit. */
  unlike: readonly string[]
  /** Whether the same value is written in a matched sentence, in any slot, kind or unit. */
  valueInMatches: boolean
  /** How many matched sentences were listed and searched. */
  matches: number
  /** How many other sentences of the targets have the same value. */
  elsewhere: number
  names: SideNames
  sourceStance: string | null
}

/** The observation of one figure, its nouns and verbs agreeing with the counts. */
export function numberObservation(o: NumberObservationInput): string {
  const { text, names, elsewhere } = o
  const kindName = KIND_NAMES[o.kind]
  const matched = o.matches === 1 ? `the matched ${names.match}` : `the matched ${names.match}s`
  const also =
    elsewhere > 0
      ? ` The same value appears in ${elsewhere} other sentence${elsewhere === 1 ? '' : 's'} of ${names.targets}.`
      : ''
  if (o.status === 'same-value-in-match' && o.sourceStance)
    return `"${text}" appears in a matched ${names.match}, but there it goes with "${o.sourceStance}", which the ${names.sentence} does not say: the figure matches, what is said about it may not. Worth a human look.${also}`
  if (o.status === 'same-value-in-match') return `"${text}" also appears in a matched ${names.match}.${also}`
  if (o.status === 'other-value-in-match') {
    const there = o.sameElsewhere ? ` It has "${o.sameElsewhere}" too, but said of something else.` : ''
    return `The ${names.sentence} says "${text}"; the matched ${names.match} says "${o.aligned}" in the same place.${there} Worth a human look.${also}`
  }
  const nowhere =
    elsewhere > 0 || o.valueInMatches
      ? also
      : ` It does not appear in ${names.targets} either; that is not a finding that it is wrong, only that these texts do not give it.`
  if (o.unlike.length > 0) {
    const has = o.matches === 1 ? 'has' : 'have'
    return `${capitalized(matched)} ${has} no ${kindName} to set beside "${text}" (only ${o.unlike.map((u) => `"${u}"`).join(', ')}).${nowhere}`
  }
  return `No number in ${matched}.${nowhere}`
}

const capitalized = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)
