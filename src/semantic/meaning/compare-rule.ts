/**
 * The rule `/v1/compare` decides by: from the two readings' shares over their candidate meanings, the
 * chance that the two uses have the same meaning (the same synset) and the chance that they have related
 * meanings (a shared or direct hypernym, the same lexicographer file for nouns and verbs, the same
 * cluster of similar adjectives). The thresholds were chosen on the project's own pairs
 * (`test/fixtures/meaning/compare-pairs.jsonl`, printed by `npm run eval:wsd`).
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

/** The two uses are the same meaning when the chance of it reaches this. */
export const SAME_THRESHOLD = 0.5
/** Otherwise related when the chance of the same or a related meaning reaches this. */
export const RELATED_THRESHOLD = 0.5

export type MeaningShare = { meaning: string; share: number }

export type MeaningChances = { same: number; related: number }

/** The synsets a synset points to by one kind of relation. */
function linked(lexicon: Lexicon, synset: number, relation: string): number[] {
  return pointersOf(lexicon, synset)
    .filter(([symbol]) => RELATION_TYPES[symbol as PointerSymbol] === relation)
    .map(([, target]) => target)
}

/** The synset and what it hangs from: its hypernyms, or for an adjective the heads it is similar to. */
function family(lexicon: Lexicon, synset: number, adjective: boolean): Set<number> {
  return new Set([synset, ...linked(lexicon, synset, adjective ? 'similarTo' : 'hypernym')])
}

/** Whether two different synsets are related meanings. */
export function relatedSynsets(lexicon: Lexicon, a: number, b: number, adjective: boolean): boolean {
  if (!adjective && synsetLexFile(lexicon, a) === synsetLexFile(lexicon, b)) return true
  const fa = family(lexicon, a, adjective)
  return [...family(lexicon, b, adjective)].some((s) => fa.has(s))
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
      return [{ synset: senseSynset(lexicon, sense), adjective: pos === 'adjective', share: c.share }]
    })
  const a = read(first)
  const b = read(second)
  let same = 0
  let related = 0
  for (const x of a) {
    for (const y of b) {
      const joint = x.share * y.share
      if (x.synset === y.synset) same += joint
      else if (x.adjective === y.adjective && relatedSynsets(lexicon, x.synset, y.synset, x.adjective)) {
        related += joint
      }
    }
  }
  return { same, related }
}
