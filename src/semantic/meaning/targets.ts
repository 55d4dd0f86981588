/**
 * Finding what the client points at in a passage: a text and its occurrence (matched as written, ignoring
 * case and runs of white space, on word boundaries), a span (which must start and end on word boundaries),
 * or every occurrence of a lexicon word in any inflected form.
 */
import { tokenize, type Span, type Token } from '../text/tokens'
import { expressionFor, phraseOf, type Expression, type PassageAnalysis } from './passage'

export type TargetSpec = { text: string; occurrence?: number } | { span: Span }

export type TargetProblem = { code: 'target_not_found' | 'span_not_on_word_boundaries'; message: string }

/** Token ranges where `text` occurs as written. */
export function literalOccurrences(analysis: PassageAnalysis, text: string): Array<[number, number]> {
  const wanted = tokenize(text).tokens
  const n = wanted.length
  if (n === 0) return []
  const phrase = phraseOf(wanted, 0, n)
  const out: Array<[number, number]> = []
  const { tokens } = analysis
  for (let i = 0; i + n <= tokens.length; i++) {
    if ((tokens[i] as Token).lower !== (wanted[0] as Token).lower) continue
    const found = phraseOf(tokens, i, i + n)
    const plain = tokens
      .slice(i, i + n)
      .map((t) => t.lower)
      .join(' ')
    if (found === phrase || (phrase === null && plain === wanted.map((t) => t.lower).join(' ')))
      out.push([i, i + n])
  }
  return out
}

/** Token ranges of every occurrence of a lexicon word (`bank` finds `banks`, `give up` finds `gave up`). */
export function wordOccurrences(analysis: PassageAnalysis, word: string): Array<[number, number]> {
  const size = word.split(/[ -]/).length
  const out: Array<[number, number]> = []
  for (const expression of analysis.expressions) {
    if (expression.readings.some((r) => r.word === word))
      out.push([expression.firstToken, expression.endToken])
  }
  if (out.length > 0 || size > 1) return out
  // A single word swallowed by a multiword expression (`cream` in `ice cream`) is still an occurrence.
  analysis.tokens.forEach((_, i) => {
    if (expressionFor(analysis, i, i + 1).readings.some((r) => r.word === word)) out.push([i, i + 1])
  })
  return out
}

export function locateTarget(analysis: PassageAnalysis, spec: TargetSpec): Expression | TargetProblem {
  if ('span' in spec) {
    const { start, end } = spec.span
    const first = analysis.tokens.findIndex((t) => t.start === start)
    const last = analysis.tokens.findIndex((t) => t.end === end)
    if (first === -1 || last === -1 || last < first) {
      return {
        code: 'span_not_on_word_boundaries',
        message: `The span [${start}, ${end}) does not start at the start of a word and end at the end of one.`,
      }
    }
    return expressionFor(analysis, first, last + 1)
  }
  const occurrence = spec.occurrence ?? 1
  const found = literalOccurrences(analysis, spec.text)
  const range = found[occurrence - 1]
  if (!range) {
    return {
      code: 'target_not_found',
      message: `"${spec.text}" occurs ${found.length} time${found.length === 1 ? '' : 's'} in the passage as written; occurrence ${occurrence} was asked for.`,
    }
  }
  return expressionFor(analysis, range[0], range[1])
}

export function isTargetProblem(value: Expression | TargetProblem): value is TargetProblem {
  return 'code' in value
}
