/**
 * The rule `/v1/compare` decides by. From the two readings' shares over their candidate meanings: the chance
 * that the two uses have the same meaning (the same synset) and the chance that they have related meanings
 * (a shared or direct hypernym, the same lexicographer file for nouns and verbs, the same cluster of
 * similar adjectives). Beside them, evidence that compares the two uses directly, as word-in-context
 * systems do: how alike the words around them are (`likeness.ts`). Each reading alone may be unsure or
 * lean to the most common meaning; words alike around both uses say they are one meaning where the
 * readings split. The weight and thresholds were chosen on the project's own pairs
 * (`test/fixtures/meaning/compare-pairs.jsonl`, the grid printed by `npm run eval:wsd`) and checked on
 * held-out ones (`compare-pairs-held-out.jsonl`).
 */
import {
  type Lexicon,
  pointersOf,
  senseIndexOf,
  senseSynset,
  senseSynsetPos,
  synsetLexFile,
} from '../../lexicon/lexicon'
import { RELATION_TYPES, type PointerSymbol } from '../../lexicon/wordnet-format'

/** The same meaning when the chance of it plus the weighted likeness of the two contexts reaches this. */
export const SAME_THRESHOLD = 0.55
/** How much the likeness of the two contexts (a cosine) counts beside the readings' chance. */
export const LIKENESS_WEIGHT = 1
/** Otherwise related when the readings' chance of the same or a related meaning reaches this. */
export const RELATED_THRESHOLD = 0.5

export type MeaningShare = { meaning: string; share: number }

/** How two different synsets are related: one hangs from the other or both from a third, or one file. */
export type Relation =
  | { kind: 'kind-of'; synset: number }
  | { kind: 'shared-hypernym'; synset: number }
  | { kind: 'similar'; synset: number }
  | { kind: 'file'; file: number }

/** The pair of meanings, one from each reading, that weighs most in a chance. */
export type MeaningPair = { first: string; second: string; joint: number; relation: Relation | null }

export type MeaningChances = {
  same: number
  related: number
  /** The same meaning the chance of the same meaning rests on most; null when none is shared. */
  likeliestSame: MeaningPair | null
  /** The related pair the chance of related meanings rests on most; null when none. */
  likeliestRelated: MeaningPair | null
}

/** The synsets a synset points to by one kind of relation. */
function linked(lexicon: Lexicon, synset: number, relation: string): number[] {
  return pointersOf(lexicon, synset)
    .filter(([symbol]) => RELATION_TYPES[symbol as PointerSymbol] === relation)
    .map(([, target]) => target)
}

/** How two different synsets are related meanings, or null when they are not. */
export function relationOf(lexicon: Lexicon, a: number, b: number, adjective: boolean): Relation | null {
  const up = (s: number) => linked(lexicon, s, adjective ? 'similarTo' : 'hypernym')
  const upA = up(a)
  const upB = up(b)
  if (adjective) {
    const head = upA.includes(b) ? b : upB.includes(a) ? a : upA.find((s) => upB.includes(s))
    return head === undefined ? null : { kind: 'similar', synset: head }
  }
  if (upA.includes(b)) return { kind: 'kind-of', synset: b }
  if (upB.includes(a)) return { kind: 'kind-of', synset: a }
  const shared = upA.find((s) => upB.includes(s))
  if (shared !== undefined) return { kind: 'shared-hypernym', synset: shared }
  const file = synsetLexFile(lexicon, a)
  return file === synsetLexFile(lexicon, b) ? { kind: 'file', file } : null
}

/** Whether two different synsets are related meanings. */
export function relatedSynsets(lexicon: Lexicon, a: number, b: number, adjective: boolean): boolean {
  return relationOf(lexicon, a, b, adjective) !== null
}

/** The chance that two readings use the same meaning, and that they use related ones. */
export function meaningChances(
  lexicon: Lexicon,
  first: readonly MeaningShare[],
  second: readonly MeaningShare[],
): MeaningChances {
  const read = (list: readonly MeaningShare[]) =>
    list.flatMap((c) => {
      const sense = senseIndexOf(lexicon, c.meaning)
      if (sense === undefined) return []
      const pos = senseSynsetPos(lexicon, sense)
      const synset = senseSynset(lexicon, sense)
      return [{ meaning: c.meaning, synset, adjective: pos === 'adjective', share: c.share }]
    })
  const a = read(first)
  const b = read(second)
  const out: MeaningChances = { same: 0, related: 0, likeliestSame: null, likeliestRelated: null }
  for (const x of a) {
    for (const y of b) {
      const joint = x.share * y.share
      const pair = { first: x.meaning, second: y.meaning, joint }
      if (x.synset === y.synset) {
        out.same += joint
        if (joint > (out.likeliestSame?.joint ?? 0)) out.likeliestSame = { ...pair, relation: null }
        continue
      }
      const relation =
        x.adjective === y.adjective ? relationOf(lexicon, x.synset, y.synset, x.adjective) : null
      if (!relation) continue
      out.related += joint
      if (joint > (out.likeliestRelated?.joint ?? 0)) out.likeliestRelated = { ...pair, relation }
    }
  }
  return out
}

/** What the rule weighs for the same meaning: the readings' chance and the weighted likeness. */
export function sameScore(same: number, likeness: number | null, weight = LIKENESS_WEIGHT): number {
  return same + weight * (likeness ?? 0)
}

/** The verdict of the rule from the readings' chances and the likeness of the two contexts. */
export function ruleVerdict(
  chances: { same: number; related: number },
  likeness: number | null,
  thresholds: { same: number; weight: number; related: number } = {
    same: SAME_THRESHOLD,
    weight: LIKENESS_WEIGHT,
    related: RELATED_THRESHOLD,
  },
): 'same' | 'related' | 'different' {
  if (sameScore(chances.same, likeness, thresholds.weight) >= thresholds.same) return 'same'
  return chances.same + chances.related >= thresholds.related ? 'related' : 'different'
}
