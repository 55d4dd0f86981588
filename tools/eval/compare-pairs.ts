/**
 * `/v1/compare` on the project's own pairs (`test/fixtures/meaning/compare-pairs.jsonl`): two passages with
 * one target each and the gold meaning of each. The gold verdict follows from the two meanings (the same
 * synset, related synsets by `compare-rule.ts`, or neither); a verdict is right when it matches, and an
 * undecidable one counts as wrong. Also the share of pairs right at other weights and thresholds of the
 * rule, from the chances and the likeness each comparison reports, to show where the choice stands, and
 * each weight's leave-one-out share (every pair scored with the threshold the other pairs choose).
 */
import { type Lexicon, senseIndexOf, senseSynset, senseSynsetPos } from '../../src/lexicon/lexicon'
import { relatedSynsets, ruleVerdict } from '../../src/semantic/meaning/compare-rule'
import { compareTargets, type CompareSide } from '../../src/semantic/meaning/compare'

export type ComparePair = {
  first: CompareSide & { meaning: string }
  second: CompareSide & { meaning: string }
}

type Verdict = 'same' | 'related' | 'different' | 'undecidable'

export type PairOutcome = {
  pair: ComparePair
  gold: Verdict
  verdict: Verdict
  chances: { same: number; related: number } | null
  likeness: number | null
  posDiffers: boolean
}

export function parsePairs(jsonl: string): ComparePair[] {
  return jsonl
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ComparePair)
}

/** The verdict two gold meanings call for. */
export function goldVerdict(lexicon: Lexicon, a: string, b: string): Verdict {
  const sa = senseIndexOf(lexicon, a)
  const sb = senseIndexOf(lexicon, b)
  if (sa === undefined || sb === undefined) throw new Error(`unknown meaning ${a} or ${b}`)
  const x = senseSynset(lexicon, sa)
  const y = senseSynset(lexicon, sb)
  if (x === y) return 'same'
  const pos = senseSynsetPos(lexicon, sa)
  if (pos !== senseSynsetPos(lexicon, sb)) return 'different'
  return relatedSynsets(lexicon, x, y, pos === 'adjective') ? 'related' : 'different'
}

export function comparePairs(lexicon: Lexicon, pairs: readonly ComparePair[]): PairOutcome[] {
  return pairs.map((pair) => {
    const gold = goldVerdict(lexicon, pair.first.meaning, pair.second.meaning)
    const r = compareTargets(lexicon, pair.first, pair.second)
    if (!r.ok) return { pair, gold, verdict: 'undecidable', chances: null, likeness: null, posDiffers: false }
    return {
      pair,
      gold,
      verdict: r.value.verdict,
      chances: r.value.chances,
      likeness: r.value.likeness.cosine,
      posDiffers: r.value.reason === 'different-parts-of-speech',
    }
  })
}

export type RuleSettings = { same: number; weight: number; related: number }

/** Share of pairs right if the rule used these settings (the part-of-speech and abstention cases as they are). */
export function rightAt(outcomes: readonly PairOutcome[], settings: RuleSettings): number {
  const right = outcomes.filter((o) => {
    if (!o.chances || o.verdict === 'undecidable' || o.posDiffers) return o.verdict === o.gold
    return ruleVerdict(o.chances, o.likeness, settings) === o.gold
  })
  return right.length / outcomes.length
}

/**
 * Leave-one-out share right at one weight: each pair judged with the same-meaning threshold (of `grid`) that
 * does best on the other pairs, the lowest on ties.
 */
export function leaveOneOut(
  outcomes: readonly PairOutcome[],
  weight: number,
  related: number,
  grid: readonly number[],
): number {
  let right = 0
  outcomes.forEach((o, k) => {
    const rest = outcomes.filter((_, j) => j !== k)
    let best = { same: grid[0] as number, share: -1 }
    for (const same of grid) {
      const share = rightAt(rest, { same, weight, related })
      if (share > best.share) best = { same, share }
    }
    right += rightAt([o], { same: best.same, weight, related })
  })
  return right / outcomes.length
}
