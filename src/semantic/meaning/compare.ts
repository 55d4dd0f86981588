/**
 * The operation behind `/v1/compare`: the same expression in two passages, both resolved with all their
 * candidates, the likeness of the words around the two uses (`likeness.ts`), and the verdict of the rule
 * (`compare-rule.ts`) with what decided it, in numbers and in words. No HTTP here.
 */
import { normalizeLemma, type Lexicon } from '../../lexicon/lexicon'
import type { Token } from '../../text/tokens'
import type { ResolutionBody } from '../schemas'
import { likenessWords, relationWords, tallyWords } from './compare-explain'
import {
  LIKENESS_WEIGHT,
  meaningChances,
  RELATED_THRESHOLD,
  ruleVerdict,
  SAME_THRESHOLD,
  sameScore,
} from './compare-rule'
import { likenessOf, type Likeness } from './likeness'
import { locateTarget, METHOD, resolveLocated, type Located, type PassageContext } from './operations'
import { placeOf } from './present'
import type { TargetSpec } from './targets'

const round4 = (x: number) => Math.round(x * 10000) / 10000

/** A word near one use, where it stands. */
type PlacedWord = { word: string } & ReturnType<typeof placeOf>

export type LikenessBody = {
  cosine: number | null
  words: { first: PlacedWord; second: PlacedWord; cosine: number } | null
  explanation: string
}

export type CompareVerdict = {
  verdict: 'same' | 'related' | 'different' | 'undecidable'
  reason:
    | 'same-meaning'
    | 'related-meanings'
    | 'different-meanings'
    | 'different-parts-of-speech'
    | 'both-abstained'
  chances: { same: number; related: number }
  likeness: LikenessBody
  rule: { sameScore: number; likenessWeight: number; sameThreshold: number; relatedThreshold: number }
  explanation: string
}

/**
 * The part of speech of every candidate within the abstention margin of the best, when they all agree:
 * the part of speech is settled even when the meaning is not.
 */
function settledPartOfSpeech(r: ResolutionBody): string | null {
  const best = r.candidates[0]
  if (!best) return null
  const close = r.candidates.filter((c) => c.share >= best.share - METHOD.abstainMargin)
  return close.every((c) => c.partOfSpeech === best.partOfSpeech) ? best.partOfSpeech : null
}

function placed(located: Located, token: number): PlacedWord {
  const t = located.frame.analysis.tokens[token] as Token
  return { word: t.text, ...placeOf(located.frame, t) }
}

function likenessBody(first: Located, second: Located, likeness: Likeness): LikenessBody {
  const words = likeness.words && {
    first: placed(first, likeness.words.first),
    second: placed(second, likeness.words.second),
    cosine: round4(likeness.words.cosine),
  }
  const cosine = likeness.cosine === null ? null : round4(likeness.cosine)
  const alike = words && ([words.first.word, words.second.word] as const)
  const line = likenessWords(cosine, alike)
  return { cosine, words, explanation: `${line.charAt(0).toUpperCase()}${line.slice(1)}.` }
}

/**
 * Whether two resolutions of the same word (with all their candidates) use the same meaning, related
 * meanings or different ones, by the rule of `compare-rule.ts`; undecidable only when neither reading chose
 * a meaning.
 */
export function compareResolutions(
  lexicon: Lexicon,
  first: ResolutionBody,
  second: ResolutionBody,
  likeness: LikenessBody,
): CompareVerdict {
  const raw = meaningChances(lexicon, first.candidates, second.candidates)
  const chances = { same: round4(raw.same), related: round4(raw.related) }
  const rule = {
    sameScore: round4(sameScore(raw.same, likeness.cosine)),
    likenessWeight: LIKENESS_WEIGHT,
    sameThreshold: SAME_THRESHOLD,
    relatedThreshold: RELATED_THRESHOLD,
  }
  const base = { chances, likeness, rule }
  const posA = settledPartOfSpeech(first)
  const posB = settledPartOfSpeech(second)
  if (posA && posB && posA !== posB) {
    return {
      verdict: 'different',
      reason: 'different-parts-of-speech',
      ...base,
      explanation: `The first use reads as a ${posA}, the second as a ${posB}: whichever meaning each has, they differ.`,
    }
  }
  if (first.decision.status === 'abstained' && second.decision.status === 'abstained') {
    return {
      verdict: 'undecidable',
      reason: 'both-abstained',
      ...base,
      explanation:
        'Neither passage separates the candidate meanings clearly enough to choose one, so the two uses cannot be compared.',
    }
  }
  const definition = (r: ResolutionBody, meaning?: string) =>
    (r.candidates.find((c) => c.meaning === meaning) ?? r.candidates[0])?.definition ?? ''
  const alike = likeness.words && ([likeness.words.first.word, likeness.words.second.word] as const)
  const tally = tallyWords(raw, likeness.cosine, alike)
  const verdict = ruleVerdict(raw, likeness.cosine)
  if (verdict === 'same') {
    return {
      verdict,
      reason: 'same-meaning',
      ...base,
      explanation: raw.likeliestSame
        ? `Both uses most likely mean "${definition(first, raw.likeliestSame.first)}". ${tally}`
        : `The uses most likely share a meaning, though the readings lean to "${definition(first)}" and "${definition(second)}". ${tally}`,
    }
  }
  if (verdict === 'related') {
    const pair = raw.likeliestRelated
    const how = pair?.relation ? `: ${relationWords(lexicon, pair.relation)}` : ''
    return {
      verdict,
      reason: 'related-meanings',
      ...base,
      explanation: `The uses most likely have related meanings, "${definition(first, pair?.first)}" and "${definition(second, pair?.second)}"${how}. ${tally}`,
    }
  }
  return {
    verdict,
    reason: 'different-meanings',
    ...base,
    explanation: `The first use most likely means "${definition(first)}", the second "${definition(second)}". ${tally}`,
  }
}

export type SameExpressionProblem = { code: 'not_the_same_expression'; message: string; path: string }

/** One side of a comparison: a passage, its target (with any hints), and optionally its context. */
export type CompareSide = { passage: string; target: TargetSpec; context?: PassageContext }

export function compareTargets(
  lexicon: Lexicon,
  first: CompareSide,
  second: CompareSide,
  maxCandidates?: number,
) {
  const locate = (s: CompareSide) => locateTarget(lexicon, s.passage, s.target, s.context)
  const la = locate(first)
  if (!la.ok) return { ok: false as const, problem: { ...la.problem, path: 'first.target' } }
  const lb = locate(second)
  if (!lb.ok) return { ok: false as const, problem: { ...lb.problem, path: 'second.target' } }
  const a = resolveLocated(la)
  const b = resolveLocated(lb)
  const wordsA = new Set(a.readings.map((r) => r.word))
  const shared = b.readings.some((r) => wordsA.has(r.word))
  const sameText = normalizeLemma(a.target.text) === normalizeLemma(b.target.text)
  if (!shared && !sameText) {
    const problem: SameExpressionProblem = {
      code: 'not_the_same_expression',
      message: `"${a.target.text}" and "${b.target.text}" are not forms of the same lexicon word.`,
      path: 'second.target',
    }
    return { ok: false as const, problem }
  }
  const likeness = likenessBody(la, lb, likenessOf(la, lb))
  const verdict = compareResolutions(lexicon, a, b, likeness)
  const shown = (r: ResolutionBody) => ({ ...r, candidates: r.candidates.slice(0, maxCandidates) })
  return { ok: true as const, value: { first: shown(a), second: shown(b), ...verdict } }
}
