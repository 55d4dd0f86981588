/**
 * The one word scanner of the service: finds words (letters, combining marks and digits, joined by inner
 * apostrophes or hyphens: `England's`, `don't`, `prize-fighter`; numbers keep their separators: `1,000`,
 * `3.14`) inside a range of a text and reports their UTF-16 ranges, so every later step can point back into
 * the original text exactly, emoji and combining marks included. ASCII takes a table lookup per code unit.
 */
import { isDigit, isWordCodePoint, isWordJoiner } from './scan'

const ASCII_WORD = new Uint8Array(128)
for (let c = 0; c < 128; c++) {
  ASCII_WORD[c] = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) ? 1 : 0
}

/** How many code units the word character at `i` takes (1 or 2), or 0 when it is not a word character. */
function wordUnitsAt(text: string, i: number): number {
  const code = text.charCodeAt(i)
  if (code < 0x80) return ASCII_WORD[code] as number
  if (code >= 0xd800 && code <= 0xdbff) return isWordCodePoint(text.codePointAt(i) as number) ? 2 : 0
  return isWordCodePoint(code) ? 1 : 0
}

export function forEachWord(
  text: string,
  from: number,
  to: number,
  visit: (start: number, end: number) => void,
): void {
  let i = from
  while (i < to) {
    const first = wordUnitsAt(text, i)
    if (first === 0) {
      // Skip a whole surrogate pair, but only one unit of a lone surrogate.
      i += (text.codePointAt(i) as number) > 0xffff ? 2 : 1
      continue
    }
    const start = i
    i += first
    for (;;) {
      let units: number
      while (i < to && (units = wordUnitsAt(text, i)) !== 0) i += units
      if (i + 1 < to && isWordJoiner(text.charCodeAt(i)) && wordUnitsAt(text, i + 1) !== 0) {
        i++
        continue
      }
      const separator = numberSeparatorEnd(text, i, to)
      if (separator === -1) break
      i = separator
    }
    visit(start, i)
  }
}

/**
 * Where a number goes on past a separator at `i`: a decimal point between digits (`3.14`), or a thousands
 * comma before exactly three digits (`1,000`, not the list `1,2`); -1 when `i` is no such separator.
 */
function numberSeparatorEnd(text: string, i: number, to: number): number {
  const code = text.charCodeAt(i)
  if ((code !== 0x2e && code !== 0x2c) || !isDigit(text.charCodeAt(i - 1))) return -1
  if (i + 1 >= to || !isDigit(text.charCodeAt(i + 1))) return -1
  if (code === 0x2e) return i + 1
  for (let k = i + 1; k < i + 4; k++) if (k >= to || !isDigit(text.charCodeAt(k))) return -1
  return i + 4 < to && wordUnitsAt(text, i + 4) !== 0 ? -1 : i + 1
}
