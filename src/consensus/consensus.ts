/**
 * The consensus rule (`distinct-contributors/v1`), deterministic and computed from log entries alone, so
 * that anyone holding the entries gets the same answer:
 *
 * 1. Support for a meaning is the number of distinct contributors who observed the expression in it.
 *    Repeating an observation adds to `observations` but never to support, so one contributor cannot
 *    outvote others by repetition. A contributor who observed two meanings supports each once.
 * 2. The leading meaning has the most support; if two or more meanings share the most, there is none
 *    (`tied`).
 * 3. `share` is the leading support over the distinct contributors to the expression (4 decimals), and
 *    `margin` the lead over the runner-up.
 * 4. Agreement: `none` without observations; `tied`; `strong` when support >= 3 and share >= 0.75;
 *    `moderate` when support >= 2 and share >= 0.5; otherwise `weak` (one contributor, or a split field).
 * 5. Meanings are listed by support, then observations (both descending), then meaning ID (code units).
 */
import { compareCodeUnits } from '../lexicon/lexicon'
import type { ConsensusSummary, ObservationEntry } from './schemas'

export const CONSENSUS_RULE = 'distinct-contributors/v1'

type Counted = Pick<ObservationEntry, 'meaning' | 'lemma' | 'contributor'>

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000

export function tallyConsensus(entries: readonly Counted[]): ConsensusSummary {
  const byMeaning = new Map<string, { lemma: string; observations: number; contributors: Set<string> }>()
  const everyone = new Set<string>()
  for (const entry of entries) {
    everyone.add(entry.contributor)
    let tally = byMeaning.get(entry.meaning)
    if (!tally) {
      tally = { lemma: entry.lemma, observations: 0, contributors: new Set() }
      byMeaning.set(entry.meaning, tally)
    }
    tally.observations++
    tally.contributors.add(entry.contributor)
  }
  const meanings = [...byMeaning.entries()]
    .map(([meaning, t]) => ({
      meaning,
      lemma: t.lemma,
      observations: t.observations,
      contributors: t.contributors.size,
    }))
    .sort(
      (a, b) =>
        b.contributors - a.contributors ||
        b.observations - a.observations ||
        compareCodeUnits(a.meaning, b.meaning),
    )
  const base = {
    rule: CONSENSUS_RULE,
    observations: entries.length,
    contributors: everyone.size,
    meanings,
  }
  const [first, second] = meanings
  if (!first) return { ...base, leading: null, agreement: 'none' }
  if (second && second.contributors === first.contributors)
    return { ...base, leading: null, agreement: 'tied' }
  const share = round4(first.contributors / everyone.size)
  const agreement =
    first.contributors >= 3 && share >= 0.75
      ? 'strong'
      : first.contributors >= 2 && share >= 0.5
        ? 'moderate'
        : 'weak'
  return {
    ...base,
    leading: {
      meaning: first.meaning,
      contributors: first.contributors,
      share,
      margin: first.contributors - (second?.contributors ?? 0),
    },
    agreement,
  }
}
