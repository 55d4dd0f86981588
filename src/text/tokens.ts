/**
 * Words and sentences of a passage with their places in it. Every span is a half-open range of UTF-16 code
 * units into the text as given (JavaScript string indices), so a client can slice the original with it.
 */

export type Span = { start: number; end: number }

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

export type TokenizedText = { text: string; tokens: Token[]; sentences: Sentence[] }

/** Letters and digits, with inner apostrophes (`don't`, `dog's`); hyphens separate words. */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'cf',
  'approx',
  'no',
  'fig',
  'u.s',
  'u.k',
  'jr',
  'sr',
  'inc',
  'ltd',
  'co',
])

/** Sentence spans: ends at `.`, `!`, `?` (with closing quotes or brackets) before white space, or a blank line. */
export function sentenceSpans(text: string): Span[] {
  const spans: Span[] = []
  const boundary = /([.!?]+)["'”’)\]]*(?=\s|$)|\n\s*\n/g
  let start = 0
  for (let m = boundary.exec(text); m; m = boundary.exec(text)) {
    if (m[1] === '.') {
      const before = /([\p{L}.]+)$/u.exec(text.slice(Math.max(start, m.index - 12), m.index))
      if (before && ABBREVIATIONS.has((before[1] as string).toLowerCase())) continue
    }
    const end = m[0].startsWith('\n') ? m.index : m.index + m[0].length
    pushTrimmed(text, start, end, spans)
    start = m.index + m[0].length
  }
  pushTrimmed(text, start, text.length, spans)
  return spans
}

function pushTrimmed(text: string, start: number, end: number, out: Span[]): void {
  while (start < end && /\s/.test(text[start] as string)) start++
  while (end > start && /\s/.test(text[end - 1] as string)) end--
  if (end > start) out.push({ start, end })
}

function lowerWord(word: string): string {
  return word.toLowerCase().replace(/’/g, "'")
}

export function tokenize(text: string): TokenizedText {
  const spans = sentenceSpans(text)
  const tokens: Token[] = []
  const sentences: Sentence[] = spans.map((s) => ({ ...s, firstToken: 0, endToken: 0 }))
  let sentence = 0
  for (const m of text.matchAll(WORD)) {
    const start = m.index
    while (sentence < sentences.length - 1 && start >= (sentences[sentence] as Sentence).end) sentence++
    tokens.push({
      text: m[0],
      lower: lowerWord(m[0]),
      start,
      end: start + m[0].length,
      sentence,
      gapAfter: '',
    })
  }
  tokens.forEach((token, i) => {
    const next = tokens[i + 1]
    token.gapAfter = next ? text.slice(token.end, next.start) : ''
  })
  let t = 0
  sentences.forEach((s, index) => {
    s.firstToken = t
    while (t < tokens.length && (tokens[t] as Token).sentence === index) t++
    s.endToken = t
  })
  return { text, tokens, sentences }
}
