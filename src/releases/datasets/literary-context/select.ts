/**
 * Deterministic selection of literary-context excerpts: each work contributes a fixed quota, taken in a
 * scrambled fixed order so it spreads over the whole work; each excerpt gets one target, chosen to pull the
 * parts of speech toward set shares and to prefer words used least so far; no word has more than a few
 * excerpts per work; and no text is used twice.
 */
import type { Lexicon } from '../../../lexicon/lexicon'
import { PARTS_OF_SPEECH, type PartOfSpeech } from '../../../lexicon/wordnet-format'
import { scramble, scrambledOrder } from '../order'
import { textKey } from '../text'
import { eligibleTargets, type Target } from './targets'
import type { CandidateExcerpt, WorkId } from './works'

export type Selected = { excerpt: CandidateExcerpt; target: Target; group: string }

export type SelectionPlan = {
  /** Works in the order they are selected from (an earlier work keeps a text both share), with quotas. */
  quotas: ReadonlyArray<readonly [WorkId, number]>
  /** Shares of the parts of speech the targets are pulled toward. */
  shares: Record<PartOfSpeech, number>
  /** At most this many excerpts of one target word per work (one variant group). */
  maxPerGroup: number
}

export const SELECTION_PLAN: SelectionPlan = {
  quotas: [
    ['sonnets', 420],
    ['moby-dick', 2700],
    ['webster-1913', 1976],
  ],
  shares: { noun: 0.4, verb: 0.3, adjective: 0.2, adverb: 0.1 },
  maxPerGroup: 3,
}

/** Variant-group key: one target word, in one part of speech, in one work. */
export function groupKey(work: WorkId, target: Pick<Target, 'lemma' | 'partOfSpeech'>): string {
  return `${work}:${target.lemma}:${target.partOfSpeech}`
}

export function selectExcerpts(
  candidates: readonly CandidateExcerpt[],
  lexicon: Lexicon,
  stopwords: ReadonlySet<string>,
  plan: SelectionPlan = SELECTION_PLAN,
): Selected[] {
  const usedTexts = new Set<string>()
  const out: Selected[] = []
  for (const [work, quota] of plan.quotas) {
    const perGroup = new Map<string, number>()
    const perPos: Record<PartOfSpeech, number> = { noun: 0, verb: 0, adjective: 0, adverb: 0 }
    let taken = 0
    const ordered = scrambledOrder(
      candidates.filter((c) => c.work === work),
      (c) => `${work}:${c.key}`,
    )
    for (const excerpt of ordered) {
      if (taken === quota) break
      const key = textKey(excerpt.text)
      if (usedTexts.has(key)) continue
      const open = eligibleTargets(excerpt, lexicon, stopwords).filter(
        (t) => (perGroup.get(groupKey(work, t)) ?? 0) < plan.maxPerGroup,
      )
      if (open.length === 0) continue
      const deficit = (pos: PartOfSpeech) => plan.shares[pos] * (taken + 1) - perPos[pos]
      const pos = PARTS_OF_SPEECH.filter((p) => open.some((t) => t.partOfSpeech === p)).reduce((best, p) =>
        deficit(p) > deficit(best) ? p : best,
      )
      const target = open
        .filter((t) => t.partOfSpeech === pos)
        .map((t) => ({
          t,
          used: perGroup.get(groupKey(work, t)) ?? 0,
          rank: scramble(`${excerpt.key}:${t.lemma}`),
        }))
        .reduce((best, c) =>
          c.used < best.used || (c.used === best.used && c.rank < best.rank) ? c : best,
        ).t
      const group = groupKey(work, target)
      perGroup.set(group, (perGroup.get(group) ?? 0) + 1)
      perPos[pos]++
      usedTexts.add(key)
      out.push({ excerpt, target, group })
      taken++
    }
    if (taken < quota) {
      throw new Error(`literary-context: ${work} yields ${taken} excerpts, fewer than its quota of ${quota}`)
    }
  }
  return out
}
