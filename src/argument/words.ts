/**
 * The word scanner: finds words (letters, combining marks and digits, joined by inner apostrophes or hyphens)
 * inside a range of a text and reports their UTF-16 ranges, so every later step can point back into the
 * original text exactly, emoji and combining marks included.
 */
import { isWordCodePoint, isWordJoiner, unitWidth } from './text-scan'

export function forEachWord(
  text: string,
  from: number,
  to: number,
  visit: (start: number, end: number) => void,
): void {
  let i = from
  while (i < to) {
    const cp = text.codePointAt(i) as number
    if (!isWordCodePoint(cp)) {
      i += unitWidth(cp)
      continue
    }
    const start = i
    i += unitWidth(cp)
    for (;;) {
      while (i < to) {
        const next = text.codePointAt(i) as number
        if (!isWordCodePoint(next)) break
        i += unitWidth(next)
      }
      if (
        i + 1 < to &&
        isWordJoiner(text.charCodeAt(i)) &&
        isWordCodePoint(text.codePointAt(i + 1) as number)
      ) {
        i++
        continue
      }
      break
    }
    visit(start, i)
  }
}
