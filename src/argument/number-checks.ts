/**
 * Numbers, percentages and dates of a sentence compared with those of the same kind in its listed matched
 * sentences, and looked up across every target sentence, so a reader sees where a figure comes from or where
 * the texts give another one. A figure found nowhere is reported as not found, never as wrong.
 */
import type { AnalyzedField } from './document'
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

const KIND_NAMES: Record<NumberMention['kind'], string> = {
  number: 'number',
  percent: 'percentage',
  'percentage-points': 'percentage-point figure',
  date: 'date',
}

export function checkNumbers(
  field: AnalyzedField,
  mentions: readonly NumberMention[],
  listed: RankedMatch[],
  index: TargetIndex,
  numbers: NumberIndex,
  names: SideNames,
): NumberCheck[] {
  const isListed = (id: number) => listed.some((m) => m.id === id)
  return mentions.map((mention) => {
    const year = yearOf(field.text, mention)
    const role = year ? yearRole(field.text, mention) : null
    const inMatches: NumberCheck['inMatches'] = []
    for (const match of listed) {
      const target = index.fields[index.fieldOf[match.id] as number] as AnalyzedField
      for (const other of targetSentence(index, match.id).numbers) {
        const otherYear = yearOf(target.text, other)
        let same: boolean
        if (year && mention.kind === 'number') {
          // A year written alone meets the years of dates (`2008` in `since March 2008`), and is compared
          // only with years of the same event role (`opened in 2007` is not `will close in 2027`).
          if (!otherYear) continue
          const otherRole = yearRole(target.text, other)
          if (otherYear !== year && role && otherRole && role !== otherRole) continue
          same = otherYear === year
        } else {
          if (other.kind !== mention.kind) continue
          // A count is not compared with a year.
          if (mention.kind === 'number' && otherYear) continue
          same = other.value === mention.value
        }
        inMatches.push({
          passage: passage(target.ref, other),
          text: oneByte(target.text.slice(other.start, other.end)),
          value: oneByte(other.value),
          sameValue: same,
        })
      }
    }
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
    const text = oneByte(field.text.slice(mention.start, mention.end))
    // A figure agrees only when what is said around it agrees: `7–2` of a motion the source says was
    // rejected is not the argument's `passed 7 to 2`.
    const ownStance = stanceOf(field.text, mention)
    let sourceStance: string | null = null
    for (const match of listed) {
      const target = index.fields[index.fieldOf[match.id] as number] as AnalyzedField
      for (const other of targetSentence(index, match.id).numbers) {
        if (other.kind !== mention.kind || other.value !== mention.value) continue
        const stance = stanceOf(target.text, other)
        if (stance && stance !== ownStance) sourceStance ??= stance
      }
    }
    const status: NumberCheck['status'] = inMatches.some((n) => n.sameValue)
      ? 'same-value-in-match'
      : inMatches.length > 0
        ? 'other-value-in-match'
        : 'not-in-matches'
    return {
      passage: passage(field.ref, mention),
      text,
      kind: mention.kind,
      value: oneByte(mention.value),
      status,
      // Lists grown by push keep spare room, and these go into the answer: copy them to their exact size.
      inMatches: inMatches.slice(),
      elsewhere: elsewhere.slice(),
      elsewhereTotal,
      observation: numberObservation({
        text,
        kind: mention.kind,
        status,
        inMatches,
        matches: listed.length,
        elsewhere: elsewhereTotal,
        names,
        sourceStance,
      }),
    }
  })
}

const YEAR = /^(?:1[5-9]|20)\d\d$/
/** Words between an event word and its year that say nothing about the event. */
const YEAR_FILLER = new Set(
  'in on at by since until till from to of the a an early late mid around about before after during this last next january february march april may june july august september october november december'.split(
    ' ',
  ),
)

/** The year of a date, or of a number written as four digits that reads as a year; else null. */
function yearOf(text: string, mention: NumberMention): string | null {
  if (mention.kind === 'date') return mention.value.slice(0, 4)
  if (mention.kind !== 'number' || !YEAR.test(mention.value)) return null
  return /^\d{4}$/.test(text.slice(mention.start, mention.end)) ? mention.value : null
}

/** The event word a year belongs to: the nearest word before it in its sentence that is not filler. */
function yearRole(text: string, mention: NumberMention): string | null {
  const before = text.slice(Math.max(0, mention.start - 80), mention.start)
  const clause = before.split(/[.!?;:]/).pop() ?? ''
  const words = clause.toLowerCase().match(/[a-z]+/g) ?? []
  for (let k = words.length - 1; k >= 0; k--) {
    const w = words[k] as string
    if (YEAR_FILLER.has(w) || /^\d/.test(w)) continue
    return w.replace(/(?:ing|ed|es|s)$/, '').replace(/e$/, '')
  }
  return null
}

/** Words that turn what a figure is about around (a rejected motion, a failed vote, a denied request). */
const STANCE =
  /\b(rejected|reject|rejects|defeated|voted down|turned down|failed|fails|refused|denied|vetoed|overturned|withdrawn|cancelled|canceled|not|never|no)\b/i

/** The first stance word in the sentence around a mention, lower case, or null. */
function stanceOf(text: string, mention: NumberMention): string | null {
  const from =
    Math.max(
      text.lastIndexOf('.', mention.start - 1),
      text.lastIndexOf('!', mention.start - 1),
      text.lastIndexOf('?', mention.start - 1),
    ) + 1
  const ends = ['.', '!', '?'].map((c) => text.indexOf(c, mention.end)).filter((i) => i !== -1)
  const to = ends.length > 0 ? Math.min(...ends) : text.length
  const found = STANCE.exec(text.slice(from, to))
  return found ? (found[1] as string).toLowerCase() : null
}

function refOf(index: TargetIndex, id: number): FieldRef {
  return (index.fields[index.fieldOf[id] as number] as AnalyzedField).ref
}

/** What a number observation is written from. */
export type NumberObservationInput = {
  text: string
  kind: NumberMention['kind']
  status: NumberCheck['status']
  inMatches: ReadonlyArray<{ text: string }>
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
    const values = [...new Set(o.inMatches.map((n) => `"${n.text}"`))].join(', ')
    const give = o.matches === 1 ? 'gives' : 'give'
    return `${capitalized(matched)} ${give} another ${kindName} (${values}) where the ${names.sentence} has "${text}": worth a human look.${also}`
  }
  const nowhere =
    elsewhere > 0
      ? also
      : ` It does not appear in ${names.targets} either; that is not a finding that it is wrong, only that these texts do not give it.`
  return `No ${kindName} in ${matched}.${nowhere}`
}

const capitalized = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)
