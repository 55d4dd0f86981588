/**
 * Marks over a text at half-open UTF-16 ranges (what the service returns, and what `String.slice` takes):
 * the text cut into runs where the set of covering marks is the same, so overlapping marks render as nested
 * spans without moving a character. Ranges out of the text, empty, or splitting a surrogate pair are left
 * out rather than drawn at the wrong place.
 */

export type Mark = {
  start: number
  end: number
  id: string
  kind: string
  /** What the mark means, in words read once before it by a screen reader. */
  label?: string
}

export type Run = { start: number; end: number; text: string; marks: Mark[] }

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

/** True when `index` does not fall between the two halves of an astral character. */
export function onCodePointBoundary(text: string, index: number): boolean {
  return index <= 0 || index >= text.length || !isLowSurrogate(text.charCodeAt(index))
}

export function validMark(text: string, mark: Mark): boolean {
  return (
    Number.isInteger(mark.start) &&
    Number.isInteger(mark.end) &&
    mark.start >= 0 &&
    mark.end <= text.length &&
    mark.start < mark.end &&
    onCodePointBoundary(text, mark.start) &&
    onCodePointBoundary(text, mark.end)
  )
}

/** The text as consecutive runs covering it exactly; each run lists the marks over it, longest first. */
export function markRuns(text: string, marks: readonly Mark[]): Run[] {
  const valid = marks.filter((mark) => validMark(text, mark))
  const cuts = new Set<number>([0, text.length])
  for (const mark of valid) {
    cuts.add(mark.start)
    cuts.add(mark.end)
  }
  const points = [...cuts].sort((a, b) => a - b)
  const runs: Run[] = []
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i] as number
    const end = points[i + 1] as number
    const over = valid
      .filter((mark) => mark.start <= start && mark.end >= end)
      .sort((a, b) => b.end - b.start - (a.end - a.start))
    runs.push({ start, end, text: text.slice(start, end), marks: over })
  }
  return runs
}

const WORD_CHAR = /[\p{L}\p{M}\p{N}'’-]/u

/**
 * A selection widened to whole words and trimmed of surrounding spaces and punctuation, so a careless drag
 * still names the word it touches; null when it holds no word.
 */
export function wordSpan(text: string, start: number, end: number): { start: number; end: number } | null {
  const isWord = (i: number) => {
    const cp = text.codePointAt(i)
    return cp !== undefined && WORD_CHAR.test(String.fromCodePoint(cp))
  }
  let s = Math.max(0, Math.min(start, end))
  let e = Math.min(text.length, Math.max(start, end))
  while (s < e && !isWord(s)) s++
  while (e > s && !isWord(e - 1)) e--
  if (s === e) {
    if (!isWord(s)) return null
    e = s + 1
  }
  while (s > 0 && isWord(s - 1)) s--
  while (e < text.length && isWord(e)) e++
  while (s < e && /['’-]/.test(text[s] as string)) s++
  while (e > s && /['’-]/.test(text[e - 1] as string)) e--
  return s < e ? { start: s, end: e } : null
}
