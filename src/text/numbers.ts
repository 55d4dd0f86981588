/**
 * Numbers written as one token: number words and numerals with their separators (`1,000`, `3.14`). The cue
 * reader's counted shares and the inference's comparison of numbers read them here, so both give the same
 * word the same value.
 */

/** Number words and their values. */
export const NUMBER_WORD_VALUES: ReadonlyMap<string, number> = new Map(
  'zero one two three four five six seven eight nine ten eleven twelve twenty thirty hundred thousand'
    .split(' ')
    .map((w, i) => [w, i < 13 ? i : ([20, 30, 100, 1000][i - 13] as number)]),
)

const NUMERAL = /^\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^\d+(?:\.\d+)?$/

/** The value of a numeral token (`42`, `1,000`, `3.14`), or null when the token is no numeral. */
export function numeralValue(lower: string): number | null {
  return NUMERAL.test(lower) ? Number(lower.replace(/,/g, '')) : null
}
