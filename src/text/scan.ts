/**
 * Character classes shared by the sentence splitter, the word scanner and the quotation finder. ASCII is
 * answered by comparisons; other characters by Unicode property tests, remembered per BMP code unit so a
 * long text with accents or CJK does not re-run a regular expression per character.
 */

const WORD_CHAR = /^[\p{L}\p{M}\p{N}]$/u
const LOWER_LETTER = /^\p{Ll}$/u
const SPACE = /^\s$/u

/** 0 unknown, 1 word character, 2 not: filled on first sight of each BMP code unit. */
const bmpWordChar = new Uint8Array(0x10000)

export function isWordCodePoint(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x30 && cp <= 0x39)
  if (cp < 0x10000) {
    const known = bmpWordChar[cp] as number
    if (known !== 0) return known === 1
    const yes = WORD_CHAR.test(String.fromCharCode(cp))
    bmpWordChar[cp] = yes ? 1 : 2
    return yes
  }
  return WORD_CHAR.test(String.fromCodePoint(cp))
}

export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39
}

export function isLowercaseLetter(cp: number): boolean {
  if (cp < 0x80) return cp >= 0x61 && cp <= 0x7a
  return LOWER_LETTER.test(String.fromCodePoint(cp))
}

export function isSpace(code: number): boolean {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true
  if (code < 0x80) return false
  return SPACE.test(String.fromCharCode(code))
}

/** Hyphens that join the parts of one word (well-known, prize-fighter). */
export function isHyphen(code: number): boolean {
  return code === 0x2d || code === 0x2010 || code === 0x2011
}

/** Apostrophes and hyphens that join the parts of one word (don't, dog’s, well-known). */
export function isWordJoiner(code: number): boolean {
  return code === 0x27 || code === 0x2019 || isHyphen(code)
}

export type Range = { start: number; end: number }

/** Blank-line paragraph breaks: a line feed, then only spaces, tabs or carriage returns, then a line feed. */
export function paragraphBreakEnd(text: string, index: number): number {
  if (text.charCodeAt(index) !== 0x0a) return -1
  let j = index + 1
  while (j < text.length) {
    const code = text.charCodeAt(j)
    if (code === 0x0a) return j + 1
    if (code !== 0x20 && code !== 0x09 && code !== 0x0d) return -1
    j++
  }
  return -1
}
