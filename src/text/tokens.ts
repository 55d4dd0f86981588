/**
 * Words and sentences of a passage with their places in it, as the `/v1` routes read them. Every span is a
 * half-open range of UTF-16 code units into the text as given (JavaScript string indices), so a client can
 * slice the original with it.
 */
import { isHyphen, type Range } from './scan'
import { sentenceBounds } from './sentences'
import { forEachWord } from './words'

export type Span = Range

export type Token = {
  /** The word as written. */
  text: string
  /** Lower case, with typographic apostrophes as `'`. */
  lower: string
  start: number
  end: number
  /** Index of the sentence holding the token. */
  sentence: number
  /** What stands between this token and the next one (empty for the last). */
  gapAfter: string
}

export type Sentence = Span & { firstToken: number; endToken: number }

/** Whether punctuation stands after the token (a hyphen or spaces alone do not count): a phrase ends there. */
export function punctuatedAfter(token: Token): boolean {
  return /[^\s-]/.test(token.gapAfter)
}

export type TokenizedText = { text: string; tokens: Token[]; sentences: Sentence[] }

function lowerWord(word: string): string {
  const lower = word.toLowerCase()
  return lower.includes('’') ? lower.replace(/’/g, "'") : lower
}

/**
 * Tokens and sentences of a text, from the one sentence splitter and word scanner. A hyphenated word is a
 * token per part (the tagger and the lexicon's multiword expressions read the parts), so a span over the
 * whole word covers whole tokens; clitics stay in their word (`England's`, `don't`) and numbers keep their
 * separators (`1,000`).
 */
export function tokenize(text: string): TokenizedText {
  const bounds = sentenceBounds(text)
  const tokens: Token[] = []
  const sentences: Sentence[] = []
  for (let k = 0; k < bounds.length; k += 2) {
    const start = bounds[k] as number
    const end = bounds[k + 1] as number
    const firstToken = tokens.length
    pushTokens(text, start, end, k >> 1, tokens)
    sentences.push({ start, end, firstToken, endToken: tokens.length })
  }
  setGaps(text, tokens)
  return { text, tokens, sentences }
}

/** The tokens of text[start, end), read as one sentence, with spans into the whole text. */
export function tokensIn(text: string, start: number, end: number): Token[] {
  const tokens: Token[] = []
  pushTokens(text, start, end, 0, tokens)
  setGaps(text, tokens)
  return tokens
}

function pushTokens(text: string, start: number, end: number, sentence: number, out: Token[]): void {
  forEachTokenRange(text, start, end, (from, to) => out.push(tokenOf(text, from, to, sentence)))
}

/**
 * The lower-case forms of the tokens of text[start, end), as `tokenize` gives them, without building tokens:
 * for readers that only ask which words a sentence holds.
 */
export function forEachLowerWord(
  text: string,
  start: number,
  end: number,
  visit: (lower: string) => void,
): void {
  forEachTokenRange(text, start, end, (from, to) => visit(lowerWord(text.slice(from, to))))
}

function forEachTokenRange(
  text: string,
  start: number,
  end: number,
  visit: (start: number, end: number) => void,
): void {
  forEachWord(text, start, end, (wordStart, wordEnd) => {
    let partStart = wordStart
    for (let i = wordStart + 1; i < wordEnd - 1; i++) {
      // A hyphenated word is a token per part: the tagger and the multiword expressions read the parts.
      if (!isHyphen(text.charCodeAt(i))) continue
      visit(partStart, i)
      partStart = i + 1
    }
    visit(partStart, wordEnd)
  })
}

function tokenOf(text: string, start: number, end: number, sentence: number): Token {
  const written = text.slice(start, end)
  return { text: written, lower: lowerWord(written), start, end, sentence, gapAfter: '' }
}

function setGaps(text: string, tokens: Token[]): void {
  tokens.forEach((token, i) => {
    const next = tokens[i + 1]
    token.gapAfter = next ? text.slice(token.end, next.start) : ''
  })
}
