/**
 * The meaning-in-context operations behind `/v1/resolve` and `/v1/compare` (and the passage reading that
 * `/v1/illuminate`, src/semantic/meaning/illuminate.ts, shares): requests in, wire-shaped answers or a target
 * problem out. No HTTP here.
 */
import { type Lexicon, normalizeLemma } from '../../lexicon/lexicon'
import type { ResolutionBody } from '../schemas'
import { analyzePassage, type PassageFrame } from './passage'
import { METHOD, resolutionBody } from './present'
import type { Settings } from './disambiguate'
import { createResolver } from './resolve'
import { isTargetProblem, locateInFrame, type TargetSpec } from './targets'
import { meaningChances, RELATED_THRESHOLD, SAME_THRESHOLD, type MeaningChances } from './compare-rule'

/** Text around the passage, read for evidence only: spans and occurrences are never placed in it. */
export type PassageContext = { before?: string; after?: string }

export type MeaningOptions = {
  context?: PassageContext
  maxCandidates?: number
  /** The method's settings; the routes use the defaults, the evaluation tries others. */
  settings?: Settings
}

/** The passage read together with its context; the passage occupies [offset, offset + length) of the text. */
export function readPassage(lexicon: Lexicon, passage: string, context: PassageContext = {}): PassageFrame {
  const before = context.before ?? ''
  const after = context.after ?? ''
  const joinBefore = before !== '' && !/\s$/.test(before) && !/^\s/.test(passage) ? ' ' : ''
  const joinAfter = after !== '' && !/\s$/.test(passage) && !/^\s/.test(after) ? ' ' : ''
  const offset = before.length + joinBefore.length
  const analysis = analyzePassage(lexicon, before + joinBefore + passage + joinAfter + after)
  return { analysis, offset, length: passage.length, afterStart: offset + passage.length + joinAfter.length }
}

export function resolveTarget(
  lexicon: Lexicon,
  passage: string,
  target: TargetSpec,
  options: MeaningOptions = {},
) {
  const frame = readPassage(lexicon, passage, options.context)
  const expression = locateInFrame(frame, target)
  if (isTargetProblem(expression)) return { ok: false as const, problem: { ...expression, path: 'target' } }
  const resolution = createResolver(frame.analysis, options.settings).resolve(expression)
  return { ok: true as const, value: resolutionBody(frame, resolution, options.maxCandidates) }
}

export type CompareVerdict = {
  verdict: 'same' | 'related' | 'different' | 'undecidable'
  reason:
    | 'same-meaning'
    | 'related-meanings'
    | 'different-meanings'
    | 'different-parts-of-speech'
    | 'both-abstained'
  chances: MeaningChances
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

const round4 = (x: number) => Math.round(x * 10000) / 10000
const percent = (x: number) => `${Math.round(x * 100)} %`

/**
 * Whether two resolutions of the same word (with all their candidates) use the same meaning, related
 * meanings or different ones, by the calibrated rule of `compare-rule.ts`; undecidable only when neither
 * reading chose a meaning.
 */
export function compareResolutions(
  lexicon: Lexicon,
  first: ResolutionBody,
  second: ResolutionBody,
): CompareVerdict {
  const raw = meaningChances(lexicon, first.candidates, second.candidates)
  const chances = { same: round4(raw.same), related: round4(raw.related) }
  const a = first.decision
  const b = second.decision
  const posA = settledPartOfSpeech(first)
  const posB = settledPartOfSpeech(second)
  if (posA && posB && posA !== posB) {
    return {
      verdict: 'different',
      reason: 'different-parts-of-speech',
      chances,
      explanation: `The first use reads as a ${posA}, the second as a ${posB}: whichever meaning each has, they differ.`,
    }
  }
  if (a.status === 'abstained' && b.status === 'abstained') {
    return {
      verdict: 'undecidable',
      reason: 'both-abstained',
      chances,
      explanation:
        'Neither passage separates the candidate meanings clearly enough to choose one, so the two uses cannot be compared.',
    }
  }
  const best = (r: ResolutionBody) => r.candidates[0]?.definition ?? ''
  const odds = `chance of the same meaning ${percent(chances.same)}, of a related one ${percent(chances.related)}`
  if (chances.same >= SAME_THRESHOLD) {
    return {
      verdict: 'same',
      reason: 'same-meaning',
      chances,
      explanation: `Both uses most likely mean "${best(first)}" (${odds}).`,
    }
  }
  if (chances.same + chances.related >= RELATED_THRESHOLD) {
    return {
      verdict: 'related',
      reason: 'related-meanings',
      chances,
      explanation: `The uses most likely have related meanings: "${best(first)}" and "${best(second)}" (${odds}).`,
    }
  }
  return {
    verdict: 'different',
    reason: 'different-meanings',
    chances,
    explanation: `The first use most likely means "${best(first)}", the second "${best(second)}" (${odds}).`,
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
  const side = (s: CompareSide) => resolveTarget(lexicon, s.passage, s.target, { context: s.context })
  const a = side(first)
  if (!a.ok) return { ok: false as const, problem: { ...a.problem, path: 'first.target' } }
  const b = side(second)
  if (!b.ok) return { ok: false as const, problem: { ...b.problem, path: 'second.target' } }
  const wordsA = new Set(a.value.readings.map((r) => r.word))
  const shared = b.value.readings.some((r) => wordsA.has(r.word))
  const sameText = normalizeLemma(a.value.target.text) === normalizeLemma(b.value.target.text)
  if (!shared && !sameText) {
    const problem: SameExpressionProblem = {
      code: 'not_the_same_expression',
      message: `"${a.value.target.text}" and "${b.value.target.text}" are not forms of the same lexicon word.`,
      path: 'second.target',
    }
    return { ok: false as const, problem }
  }
  const verdict = compareResolutions(lexicon, a.value, b.value)
  const shown = (r: ResolutionBody) => ({ ...r, candidates: r.candidates.slice(0, maxCandidates) })
  return { ok: true as const, value: { first: shown(a.value), second: shown(b.value), ...verdict } }
}

export { METHOD }
