/**
 * Finding what the client points at in a passage: a text and its occurrence (matched as written, ignoring
 * case and runs of white space, on word boundaries), a span (which must start and end on word boundaries),
 * or every occurrence of a lexicon word in any inflected form.
 */
import { tokenize, type Span, type Token } from '../../text/tokens'
import { formReadings, type FormReading } from '../../text/word-forms'
import { normalizeLemma, senseAt, sensesOf, senseSynsetPos } from '../../lexicon/lexicon'
import type { PartOfSpeech } from '../../lexicon/wordnet-format'
import { expressionFor, phraseOf, type Expression, type PassageAnalysis, type PassageFrame } from './passage'

/** Hints a caller may give with a target. */
export type TargetHints = { lemma?: string; partOfSpeech?: PartOfSpeech }

export type TargetSpec = ({ text: string; occurrence?: number } | { span: Span }) & TargetHints

export type TargetProblem = {
  code: 'target_not_found' | 'span_not_on_word_boundaries' | 'too_many_occurrences'
  message: string
}

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

/** The first token range where the word of a meaning occurs in any of its forms in that part of speech. */
export function meaningOccurrence(analysis: PassageAnalysis, sense: number): [number, number] | null {
  const { lexicon, tokens } = analysis
  const lemma = senseAt(lexicon, sense)[1].toLowerCase()
  const pos = senseSynsetPos(lexicon, sense)
  const words = lemma.split(/[ -]/).length
  for (let i = 0; i + words <= tokens.length; i++) {
    const phrase = phraseOf(tokens, i, i + words)
    if (phrase === null) continue
    if (formReadings(lexicon, phrase).some((r) => r.word === lemma && r.partOfSpeech === pos))
      return [i, i + words]
  }
  return null
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

/** What may follow a word inside one token: a clitic or possessive (`England|'s`, `do|n't`, `dogs|'`). */
const CLITIC_TAIL = /^(?:['’]\p{L}*|n['’]t)$/u
/** A clitic written as part of the token before it (`That|'s`, `do|n't`). */
const CLITIC_HEAD = /^(?:['’]\p{L}+|n['’]t)$/u

/** Base words of clitics, so a span on one (`'s` in `That's`) still has lexicon readings. */
const CLITIC_READINGS: Record<string, FormReading[]> = {
  "'s": [{ word: 'be', partOfSpeech: 'verb', via: 'exception-list' }],
  "'re": [{ word: 'be', partOfSpeech: 'verb', via: 'exception-list' }],
  "'m": [{ word: 'be', partOfSpeech: 'verb', via: 'exception-list' }],
  "'ve": [{ word: 'have', partOfSpeech: 'verb', via: 'exception-list' }],
  "'d": [{ word: 'have', partOfSpeech: 'verb', via: 'exception-list' }],
  "n't": [{ word: 'not', partOfSpeech: 'adverb', via: 'exception-list' }],
}

/** Symbols that stand for lexicon words but are not tokens of their own. */
const SYMBOL_WORDS: Record<string, string> = { '%': 'percent', '&': 'and', $: 'dollar', '£': 'pound' }

/** A span on a symbol that stands for a word (`%`), placed at the token before it. */
function symbolExpression(analysis: PassageAnalysis, start: number, end: number): Expression | null {
  const written = analysis.text.slice(start, end)
  const word = SYMBOL_WORDS[written]
  if (!word || analysis.tokens.length === 0) return null
  const next = analysis.tokens.findIndex((t) => t.start >= end)
  const at = next === -1 ? analysis.tokens.length - 1 : Math.max(0, next - 1)
  const readings = formReadings(analysis.lexicon, word)
  return { span: { start, end }, firstToken: at, endToken: at + 1, text: written, lower: word, readings }
}

/**
 * The expression for a span covering whole words: it may start or end inside a token at a clitic
 * (`England` in `England's`, `'s` in `That's`, `do` in `don't`) and may take in an abbreviation's full stop
 * (`Mr.`).
 */
function spanExpression(analysis: PassageAnalysis, start: number, end: number): Expression | null {
  const { tokens, text } = analysis
  const first = tokens.findIndex((t) => t.end > start)
  if (first === -1) return null
  const head = tokens[first] as Token
  if (start < head.start || (start > head.start && !CLITIC_HEAD.test(text.slice(start, head.end))))
    return null
  let last = -1
  for (let k = first; k < tokens.length && (tokens[k] as Token).start < end; k++) last = k
  if (last === -1) return null
  const tail = tokens[last] as Token
  const trailing = text.slice(tail.end, end)
  const endsInside = end < tail.end
  if (endsInside && !CLITIC_TAIL.test(text.slice(end, tail.end))) return null
  if (!endsInside && trailing !== '' && trailing !== '.') return null
  const written = text.slice(start, end)
  if (start === head.start && (end === tail.end || trailing === '.')) {
    return { ...expressionFor(analysis, first, last + 1), span: { start, end }, text: written }
  }
  const lower = written.toLowerCase().replace(/’/g, "'").replace(/\s+/g, ' ')
  const readings = CLITIC_READINGS[lower] ?? formReadings(analysis.lexicon, lower)
  return { span: { start, end }, firstToken: first, endToken: last + 1, text: written, lower, readings }
}

/** Locates a target; text occurrences are counted only inside `within` (the passage, when context is read). */
export function locateTarget(
  analysis: PassageAnalysis,
  spec: TargetSpec,
  within: Span = { start: 0, end: analysis.text.length },
): Expression | TargetProblem {
  if ('span' in spec) {
    const { start, end } = spec.span
    const expression = spanExpression(analysis, start, end) ?? symbolExpression(analysis, start, end)
    if (!expression) {
      return {
        code: 'span_not_on_word_boundaries',
        message: `The span [${start}, ${end}) does not start at the start of a word and end at the end of one.`,
      }
    }
    return expression
  }
  const occurrence = spec.occurrence ?? 1
  const found = literalOccurrences(analysis, spec.text).filter(
    ([i, j]) =>
      (analysis.tokens[i] as Token).start >= within.start &&
      (analysis.tokens[j - 1] as Token).end <= within.end,
  )
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

/**
 * Applies a caller's hints: readings are narrowed to the hinted lexicon word and part of speech; a hinted
 * word the written form does not reach by morphology (`'s` as be) is added when the lexicon has it.
 */
function applyHints(analysis: PassageAnalysis, expression: Expression, hints: TargetHints): Expression {
  if (hints.lemma === undefined && hints.partOfSpeech === undefined) return expression
  const lemma = hints.lemma === undefined ? undefined : normalizeLemma(hints.lemma)
  const fits = (r: FormReading) =>
    (lemma === undefined || r.word === lemma) &&
    (hints.partOfSpeech === undefined || r.partOfSpeech === hints.partOfSpeech)
  let readings = expression.readings.filter(fits)
  if (readings.length === 0 && lemma !== undefined) {
    const parts = new Set(sensesOf(analysis.lexicon, lemma).map((s) => senseSynsetPos(analysis.lexicon, s)))
    readings = [...parts]
      .filter((pos) => hints.partOfSpeech === undefined || pos === hints.partOfSpeech)
      .map((partOfSpeech) => ({ word: lemma, partOfSpeech, via: 'exact' as const }))
  }
  return readings.length > 0 ? { ...expression, readings } : expression
}

/** Locates a target given relative to the passage inside the passage read with its context. */
export function locateInFrame(frame: PassageFrame, spec: TargetSpec): Expression | TargetProblem {
  const { analysis, offset, length } = frame
  const shifted: TargetSpec =
    'span' in spec ? { span: { start: spec.span.start + offset, end: spec.span.end + offset } } : spec
  const found = locateTarget(analysis, shifted, { start: offset, end: offset + length })
  return isTargetProblem(found) ? found : applyHints(analysis, found, spec)
}
