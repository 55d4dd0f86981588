/**
 * A passage read once for the meaning routes: tokens, part-of-speech guesses, and its lexicon expressions
 * (multiword expressions first, longest match: `ice cream`, `gave up`, `good-looking`), each with the
 * lexicon words it can be.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import { functionClass, isAuxiliaryForm } from '../../text/function-words'
import { perLexicon } from '../../text/per-lexicon'
import { tagTokens, type PosGuess } from '../../text/tagger'
import { tokenize, type Span, type Token, type TokenizedText } from '../../text/tokens'
import { formReadings, type FormReading } from '../../text/word-forms'
import { lemmaAt, lemmaPrefixRange } from '../../lexicon/lexicon'
import { boundedCache } from '../../text/bounded-cache'

export type Expression = {
  span: Span
  /** Token range [firstToken, endToken). */
  firstToken: number
  endToken: number
  /** The expression as written. */
  text: string
  /** Lower case, words joined by a space or the hyphen written. */
  lower: string
  readings: readonly FormReading[]
}

export type PassageAnalysis = TokenizedText & {
  lexicon: Lexicon
  tags: Array<PosGuess | null>
  /** The passage's lexicon expressions in order, multiword expressions taking precedence. */
  expressions: Expression[]
}

/**
 * A passage read with the text around it: the passage is [offset, offset + length) of `analysis.text`,
 * the context after it starts at `afterStart`. Answers speak of the passage only.
 */
export type PassageFrame = { analysis: PassageAnalysis; offset: number; length: number; afterStart: number }

/** Whether an expression lies inside the passage proper. */
export function inPassage(frame: PassageFrame, expression: Expression): boolean {
  return expression.span.start >= frame.offset && expression.span.end <= frame.offset + frame.length
}

/** First words whose longest multiword lemma is kept: a few bytes each, more than a long passage reads. */
const MULTIWORD_CACHE_LIMIT = 20_000

const multiwordCache = perLexicon(() => boundedCache<string, number>(MULTIWORD_CACHE_LIMIT))

/**
 * The longest phrase (in words, split at spaces and hyphens) among the lexicon's lemmas whose first word
 * is `word`, 0 when there is none: those lemmas are the ones that start with the word and a space or a
 * hyphen, found by prefix search, so no table of every lemma is built on the first request.
 */
export function longestMultiword(lexicon: Lexicon, word: string): number {
  if (word.includes(' ') || word.includes('-')) return 0
  const cache = multiwordCache(lexicon)
  let longest = cache.get(word)
  if (longest === undefined) {
    longest = 0
    for (const separator of [' ', '-']) {
      const [start, end] = lemmaPrefixRange(lexicon, word + separator)
      for (let i = start; i < end; i++) longest = Math.max(longest, lemmaAt(lexicon, i).split(/[ -]/).length)
    }
    cache.set(word, longest)
  }
  return longest
}

const ARTICLES = new Set(['a', 'an', 'the'])

/** Joins tokens [i, j) as a phrase when only single spaces or hyphens stand between them. */
export function phraseOf(tokens: readonly Token[], i: number, j: number): string | null {
  let phrase = (tokens[i] as Token).lower
  for (let k = i; k < j - 1; k++) {
    const gap = (tokens[k] as Token).gapAfter
    if (gap === '-') phrase += '-'
    else if (/^[ \t]+$/.test(gap) || gap === '\n') phrase += ' '
    else return null
    phrase += (tokens[k + 1] as Token).lower
  }
  return phrase
}

/** Personal pronouns written where a lexicon phrase has the generic `one's` or `oneself`. */
const GENERIC_PRONOUN =
  /(?<=^| )(?:(my|your|his|her|its|our|their)|(myself|yourself|himself|herself|itself|ourselves|yourselves|themselves))(?= |$)/g

/**
 * Readings of a phrase as written, or with its hyphens as spaces (`ice-cream` → ice cream), or with its
 * pronouns as the lexicon's generic ones (`made up his mind` → make up one's mind, `kept to himself` →
 * keep to oneself).
 */
function phraseReadings(lexicon: Lexicon, phrase: string): readonly FormReading[] {
  const direct = formReadings(lexicon, phrase)
  if (direct.length > 0) return direct
  const spaced = phrase.replace(/-/g, ' ')
  if (spaced !== phrase) {
    const readings = formReadings(lexicon, spaced)
    if (readings.length > 0) return readings
  }
  const generic = spaced.replace(GENERIC_PRONOUN, (_, own: string | undefined) => (own ? "one's" : 'oneself'))
  return generic === spaced ? [] : formReadings(lexicon, generic)
}

function expressionOf(
  text: string,
  tokens: readonly Token[],
  i: number,
  j: number,
  lower: string,
  readings: readonly FormReading[],
): Expression {
  const span = { start: (tokens[i] as Token).start, end: (tokens[j - 1] as Token).end }
  return { span, firstToken: i, endToken: j, text: text.slice(span.start, span.end), lower, readings }
}

/** The longest multiword lexicon expression starting at token i, if any. */
function multiwordAt(lexicon: Lexicon, text: string, tokens: readonly Token[], i: number): Expression | null {
  const first = tokens[i] as Token
  let longest = longestMultiword(lexicon, first.lower)
  for (const reading of formReadings(lexicon, first.lower)) {
    longest = Math.max(longest, longestMultiword(lexicon, reading.word))
  }
  for (let n = Math.min(longest, tokens.length - i); n >= 2; n--) {
    const span = tokens.slice(i, i + n)
    if (span.some((t) => t.sentence !== first.sentence)) continue
    if (span.every((t) => functionClass(t.lower) !== undefined)) continue
    // `the city` is the City of London only when written as a name.
    if (ARTICLES.has(first.lower) && !/^\p{Lu}/u.test((span[1] as Token).text)) continue
    const phrase = phraseOf(tokens, i, i + n)
    if (phrase === null) continue
    const readings = phraseReadings(lexicon, phrase)
    if (readings.length > 0) return expressionOf(text, tokens, i, i + n, phrase, readings)
  }
  return null
}

/** Whether a single token is a content word the meaning routes resolve. */
export function isContentToken(lexicon: Lexicon, token: Token): boolean {
  if (functionClass(token.lower) !== undefined || isAuxiliaryForm(token.lower)) return false
  if (/^\p{N}+$/u.test(token.lower)) return false
  return formReadings(lexicon, token.lower).length > 0
}

export function analyzePassage(lexicon: Lexicon, text: string): PassageAnalysis {
  const tokenized = tokenize(text)
  const { tokens } = tokenized
  const tags = tagTokens(lexicon, tokens)
  const expressions: Expression[] = []
  for (let i = 0; i < tokens.length;) {
    const multiword = multiwordAt(lexicon, text, tokens, i)
    if (multiword) {
      expressions.push(multiword)
      i = multiword.endToken
      continue
    }
    const token = tokens[i] as Token
    if (isContentToken(lexicon, token)) {
      expressions.push(expressionOf(text, tokens, i, i + 1, token.lower, formReadings(lexicon, token.lower)))
    }
    i++
  }
  return { ...tokenized, lexicon, tags, expressions }
}

/** The expression covering tokens [i, j) as the client marked it, whatever the segmentation chose. */
export function expressionFor(analysis: PassageAnalysis, i: number, j: number): Expression {
  const { lexicon, tokens, text } = analysis
  const phrase =
    phraseOf(tokens, i, j) ??
    tokens
      .slice(i, j)
      .map((t) => t.lower)
      .join(' ')
  return expressionOf(text, tokens, i, j, phrase, spanReadings(lexicon, phrase))
}

/**
 * Readings of a phrase a caller marked as one expression: as written (hyphens as spaces too), else its
 * parts joined by a hyphen or closed up (`half century` → half-century, `re-election` → reelection,
 * `back yard` → backyard). Only for marked spans: scanning running text for these would join `in to`.
 */
function spanReadings(lexicon: Lexicon, phrase: string): readonly FormReading[] {
  const direct = phraseReadings(lexicon, phrase)
  if (direct.length > 0 || !/[ -]/.test(phrase)) return direct
  const hyphened = formReadings(lexicon, phrase.replace(/ /g, '-'))
  return hyphened.length > 0 ? hyphened : formReadings(lexicon, phrase.replace(/[ -]/g, ''))
}
