/**
 * The meaning-in-context operations behind `/v1/resolve`, `/v1/compare` and `/v1/illuminate`: requests in,
 * wire-shaped answers or a target problem out. No HTTP here.
 */
import { normalizeLemma, type Lexicon } from '../../lexicon/lexicon'
import { BOUNDS, ILLUMINATE_DEFAULT_CANDIDATES } from '../bounds'
import type { ResolutionBody, SpanBody } from '../schemas'
import { analyzePassage, expressionFor, type Expression } from './passage'
import { METHOD, meaningInfo, resolutionBody } from './present'
import { createResolver } from './resolve'
import { isTargetProblem, locateTarget, wordOccurrences, type TargetSpec } from './targets'

export function resolveTarget(lexicon: Lexicon, passage: string, target: TargetSpec, maxCandidates?: number) {
  const analysis = analyzePassage(lexicon, passage)
  const expression = locateTarget(analysis, target)
  if (isTargetProblem(expression)) return { ok: false as const, problem: { ...expression, path: 'target' } }
  const resolution = createResolver(analysis).resolve(expression)
  return { ok: true as const, value: resolutionBody(analysis, resolution, maxCandidates) }
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

export function compareTargets(
  lexicon: Lexicon,
  first: { passage: string; target: TargetSpec },
  second: { passage: string; target: TargetSpec },
  maxCandidates?: number,
) {
  const a = resolveTarget(lexicon, first.passage, first.target, maxCandidates)
  if (!a.ok) return { ok: false as const, problem: { ...a.problem, path: 'first.target' } }
  const b = resolveTarget(lexicon, second.passage, second.target, maxCandidates)
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

export type IlluminateSelect =
  | { mode: 'targets'; targets: TargetSpec[] }
  | { mode: 'expressions'; expressions: string[] }
  | { mode: 'content-words' }

export function illuminate(
  lexicon: Lexicon,
  passage: string,
  select: IlluminateSelect,
  maxCandidates?: number,
) {
  const analysis = analyzePassage(lexicon, passage)
  const expressions: Expression[] = []
  const unmatched: string[] = []
  if (select.mode === 'targets') {
    for (const [i, target] of select.targets.entries()) {
      const found = locateTarget(analysis, target)
      if (isTargetProblem(found))
        return { ok: false as const, problem: { ...found, path: `select.targets.${i}` } }
      expressions.push(found)
    }
  } else if (select.mode === 'expressions') {
    const seen = new Set<string>()
    for (const raw of select.expressions) {
      const word = normalizeLemma(raw)
      const ranges = wordOccurrences(analysis, word)
      if (ranges.length === 0) unmatched.push(raw)
      for (const [i, j] of ranges) {
        const key = `${i}:${j}`
        if (!seen.has(key)) expressions.push(expressionFor(analysis, i, j))
        seen.add(key)
      }
    }
    expressions.sort((x, y) => x.firstToken - y.firstToken || x.endToken - y.endToken)
  } else {
    expressions.push(...analysis.expressions)
  }
  if (expressions.length > BOUNDS.illuminateOccurrences) {
    return {
      ok: false as const,
      problem: {
        code: 'too_many_occurrences' as const,
        message: `The selection has ${expressions.length} occurrences; at most ${BOUNDS.illuminateOccurrences} are resolved per request.`,
        path: 'select',
      },
    }
  }
  const resolver = createResolver(analysis)
  const limit = maxCandidates ?? ILLUMINATE_DEFAULT_CANDIDATES
  const items = expressions.map((e) => resolutionBody(analysis, resolver.resolve(e), limit))
  return { ok: true as const, value: { items, unmatched, summary: summarize(lexicon, items) } }
}

function summarize(lexicon: Lexicon, items: ResolutionBody[]) {
  const meanings = new Map<
    string,
    {
      word: string
      partOfSpeech: ResolutionBody['readings'][number]['partOfSpeech']
      definition: string
      spans: SpanBody[]
      file: string
    }
  >()
  let chosen = 0
  let notInLexicon = 0
  for (const item of items) {
    const d = item.decision
    if (d.status === 'abstained') {
      if (d.reason === 'not-in-lexicon') notInLexicon++
      continue
    }
    chosen++
    const entry = meanings.get(d.meaning)
    if (entry) entry.spans.push(item.target.span)
    else {
      const sense = lexicon.senseByKey.get(d.meaning) as number
      meanings.set(d.meaning, {
        word: d.word,
        partOfSpeech: d.partOfSpeech,
        definition: d.definition,
        spans: [item.target.span],
        file: meaningInfo(lexicon, sense).file,
      })
    }
  }
  const files = new Map<string, number>()
  for (const m of meanings.values()) files.set(m.file, (files.get(m.file) ?? 0) + m.spans.length)
  return {
    occurrences: items.length,
    chosen,
    abstained: items.length - chosen,
    notInLexicon,
    meanings: [...meanings.entries()]
      .map(([meaning, m]) => ({
        meaning,
        word: m.word,
        partOfSpeech: m.partOfSpeech,
        definition: m.definition,
        occurrences: m.spans.length,
        spans: m.spans,
      }))
      .sort((x, y) => y.occurrences - x.occurrences || (x.spans[0]?.start ?? 0) - (y.spans[0]?.start ?? 0)),
    lexicographerFiles: [...files.entries()]
      .map(([file, occurrences]) => ({ file, occurrences }))
      .sort((x, y) => y.occurrences - x.occurrences || (x.file < y.file ? -1 : 1)),
  }
}

export { METHOD }
