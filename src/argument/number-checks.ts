/**
 * Numbers, percentages and dates of a sentence compared with those of the same kind in its listed matched
 * sentences, and looked up across every target sentence, so a reader sees where a figure comes from or where
 * the texts give another one. A figure found nowhere is reported as not found, never as wrong.
 */
import type { AnalyzedField, FieldRef } from './document'
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
    const inMatches: NumberCheck['inMatches'] = []
    for (const match of listed) {
      const target = index.fields[index.fieldOf[match.id] as number] as AnalyzedField
      for (const other of targetSentence(index, match.id).numbers) {
        if (other.kind !== mention.kind) continue
        inMatches.push({
          passage: passage(target.ref, other),
          text: oneByte(target.text.slice(other.start, other.end)),
          value: oneByte(other.value),
          sameValue: other.value === mention.value,
        })
      }
    }
    const elsewhere: NumberCheck['elsewhere'] = []
    let elsewhereTotal = 0
    for (const n of numbers.get(mention.kind)?.get(mention.value) ?? NO_PLACES) {
      if (isListed(n.id)) continue
      if (elsewhereTotal < PLACES_LISTED) elsewhere.push(passage(refOf(index, n.id), n.mention))
      elsewhereTotal++
    }
    const text = oneByte(field.text.slice(mention.start, mention.end))
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
      observation: observe(text, mention.kind, status, inMatches, elsewhereTotal, names),
    }
  })
}

function refOf(index: TargetIndex, id: number): FieldRef {
  return (index.fields[index.fieldOf[id] as number] as AnalyzedField).ref
}

function observe(
  text: string,
  kind: NumberMention['kind'],
  status: NumberCheck['status'],
  inMatches: NumberCheck['inMatches'],
  elsewhere: number,
  names: SideNames,
): string {
  const kindName = KIND_NAMES[kind]
  const also =
    elsewhere > 0
      ? ` The same value appears in ${elsewhere} other sentence${elsewhere === 1 ? '' : 's'} of ${names.targets}.`
      : ''
  if (status === 'same-value-in-match') return `"${text}" also appears in a matched ${names.match}.${also}`
  if (status === 'other-value-in-match') {
    const values = [...new Set(inMatches.map((n) => `"${n.text}"`))].join(', ')
    return `The matched ${names.match}s give another ${kindName} (${values}) where the ${names.sentence} has "${text}": worth a human look.${also}`
  }
  const nowhere =
    elsewhere > 0
      ? also
      : ` It does not appear in ${names.targets} either; that is not a finding that it is wrong, only that these texts do not give it.`
  return `No ${kindName} in the matched ${names.match}s.${nowhere}`
}
