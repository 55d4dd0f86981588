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
  verdict: 'same' | 'different' | 'undecidable'
  reason:
    | 'same-meaning'
    | 'different-meanings'
    | 'different-parts-of-speech'
    | 'first-abstained'
    | 'second-abstained'
    | 'both-abstained'
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
  return r.candidateCount > r.candidates.length && close.length === r.candidates.length
    ? null
    : close.every((c) => c.partOfSpeech === best.partOfSpeech)
      ? best.partOfSpeech
      : null
}

/** Whether two resolutions of the same word use the same meaning, or why that cannot be said. */
export function compareResolutions(first: ResolutionBody, second: ResolutionBody): CompareVerdict {
  const a = first.decision
  const b = second.decision
  const posA = settledPartOfSpeech(first)
  const posB = settledPartOfSpeech(second)
  if (posA && posB && posA !== posB) {
    return {
      verdict: 'different',
      reason: 'different-parts-of-speech',
      explanation: `The first use reads as a ${posA}, the second as a ${posB}: whichever meaning each has, they differ.`,
    }
  }
  if (a.status === 'abstained' || b.status === 'abstained') {
    const reason =
      a.status === 'abstained' && b.status === 'abstained'
        ? 'both-abstained'
        : a.status === 'abstained'
          ? 'first-abstained'
          : 'second-abstained'
    const which =
      reason === 'both-abstained'
        ? 'Neither passage'
        : reason === 'first-abstained'
          ? 'The first passage'
          : 'The second passage'
    return {
      verdict: 'undecidable',
      reason,
      // `Neither passage` already denies: it takes `separates`, never `does not separate`.
      explanation: `${which} ${reason === 'both-abstained' ? 'separates' : 'does not separate'} the candidate meanings clearly enough to choose one, so the two uses cannot be compared.`,
    }
  }
  if (a.meaning === b.meaning) {
    return {
      verdict: 'same',
      reason: 'same-meaning',
      explanation: `Both uses resolve to ${a.meaning}: "${a.definition}".`,
    }
  }
  return {
    verdict: 'different',
    reason: 'different-meanings',
    explanation: `The first use resolves to ${a.meaning} ("${a.definition}"), the second to ${b.meaning} ("${b.definition}").`,
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
  const side = (s: CompareSide) =>
    resolveTarget(lexicon, s.passage, s.target, { context: s.context, maxCandidates })
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
  return {
    ok: true as const,
    value: { first: a.value, second: b.value, ...compareResolutions(a.value, b.value) },
  }
}

export { METHOD }
