/**
 * The keys words are found by sound: rhyme keys read off a CMUdict pronunciation (the perfect key is the
 * phones from the last stressed vowel on; the near key keeps that vowel and folds the consonants after it
 * into their manner classes, so "light" near-rhymes with "ride" and "like"), a spelling's sound key (a
 * simplified Metaphone, so a spelling CMUdict lacks, "nite", finds "night" and "knight"), and the vowel a
 * spelling most likely says. Pure functions, used alike when the release is built and when it is searched.
 */

const VOWEL_PHONE = /\d$/

/** Manner classes of the consonants after a rhyme's vowel: stops, fricatives and affricates, nasals, liquids, glides. */
const MANNER: Readonly<Record<string, string>> = {
  P: 'T',
  B: 'T',
  T: 'T',
  D: 'T',
  K: 'T',
  G: 'T',
  F: 'F',
  V: 'F',
  TH: 'F',
  DH: 'F',
  S: 'F',
  Z: 'F',
  SH: 'F',
  ZH: 'F',
  HH: 'F',
  CH: 'F',
  JH: 'F',
  M: 'N',
  N: 'N',
  NG: 'N',
  L: 'L',
  R: 'L',
  W: 'W',
  Y: 'W',
}

/** The index of the vowel a rhyme starts at: the last primary stress, else the last secondary, else the last vowel. */
function rhymeStart(phones: readonly string[]): number {
  for (const mark of ['1', '2', '0']) {
    for (let i = phones.length - 1; i >= 0; i--) if ((phones[i] as string).endsWith(mark)) return i
  }
  return -1
}

/** The perfect and near rhyme keys of one ARPAbet pronunciation, or null when it has no vowel. */
export function rhymeKeys(arpabet: string): { perfect: string; near: string } | null {
  const phones = arpabet.split(' ')
  const start = rhymeStart(phones)
  if (start === -1) return null
  const tail = phones.slice(start).map((p) => p.replace(VOWEL_PHONE, ''))
  const near = tail.map((p, i) => (i === 0 || VOWEL_PHONE.test(phones[start + i] as string) ? p : MANNER[p]))
  return { perfect: tail.join(' '), near: near.join(' ') }
}

/** The vowel (ARPAbet, no stress) a pronunciation stresses first, or null. */
export function stressedVowel(arpabet: string): string | null {
  const phones = arpabet.split(' ')
  const at = phones.findIndex((p) => p.endsWith('1'))
  const vowel = at === -1 ? phones.find((p) => VOWEL_PHONE.test(p)) : phones[at]
  return vowel === undefined ? null : vowel.replace(VOWEL_PHONE, '')
}

export const syllableCount = (arpabet: string): number =>
  arpabet.split(' ').filter((p) => VOWEL_PHONE.test(p)).length

const isVowel = (c: string | undefined) => c !== undefined && 'aeiou'.includes(c)
const FRONT = (c: string | undefined) => c === 'e' || c === 'i' || c === 'y'

/**
 * A spelling's sound key, after Philips' Metaphone (1990), simplified: consonant sounds only (a leading
 * vowel as `A`), silent letters dropped (the k of "knight", the gh of "night"), letters that sound alike
 * folded (c/k/q, s/z, f/v/ph, "sh"/"ti"/"ch" as `X`, "th" as `0`). Only the letters a-z count.
 */
export function soundKey(spelling: string): string {
  let w = spelling.toLowerCase().replace(/[^a-z]/g, '')
  if (/^(kn|gn|pn|wr|ae)/.test(w)) w = w.slice(1)
  else if (w.startsWith('x')) w = `s${w.slice(1)}`
  else if (w.startsWith('wh')) w = `w${w.slice(2)}`
  let out = ''
  for (let i = 0; i < w.length; i++) {
    const c = w[i] as string
    const next = w[i + 1]
    const prev = w[i - 1]
    if (c === prev && c !== 'c') continue
    switch (c) {
      case 'a':
      case 'e':
      case 'i':
      case 'o':
      case 'u':
        if (i === 0) out += 'A'
        break
      case 'b':
        if (!(prev === 'm' && i === w.length - 1)) out += 'B'
        break
      case 'c':
        if (next === 'i' && w[i + 2] === 'a') out += 'X'
        else if (next === 'h') out += prev === 's' ? 'K' : 'X'
        else if (FRONT(next)) {
          if (prev !== 's') out += 'S'
        } else out += 'K'
        break
      case 'd':
        out += next === 'g' && FRONT(w[i + 2]) ? 'J' : 'T'
        break
      case 'g':
        if (next === 'h' && i + 2 < w.length && !isVowel(w[i + 2])) break
        if (next === 'h' && i + 2 === w.length) break
        if (next === 'n' && (i + 2 === w.length || w.slice(i + 2) === 'ed')) break
        if (prev === 'd' && FRONT(next)) break
        out += FRONT(next) && next !== undefined ? 'J' : 'K'
        break
      case 'h':
        if (prev !== undefined && 'csptg'.includes(prev)) break
        if (isVowel(next)) out += 'H'
        break
      case 'k':
        if (prev !== 'c') out += 'K'
        break
      case 'p':
        out += next === 'h' ? 'F' : 'P'
        break
      case 'q':
        out += 'K'
        break
      case 's':
        out += next === 'h' || (next === 'i' && (w[i + 2] === 'o' || w[i + 2] === 'a')) ? 'X' : 'S'
        break
      case 't':
        if (next === 'i' && (w[i + 2] === 'o' || w[i + 2] === 'a')) out += 'X'
        else if (next === 'h') out += '0'
        else if (!(next === 'c' && w[i + 2] === 'h')) out += 'T'
        break
      case 'v':
        out += 'F'
        break
      case 'w':
      case 'y':
        if (isVowel(next)) out += c.toUpperCase()
        break
      case 'x':
        out += 'KS'
        break
      case 'z':
        out += 'S'
        break
      default:
        out += c.toUpperCase()
    }
  }
  return out
}

/** Vowel spellings and the ARPAbet vowel they most often say, longest first. */
const VOWEL_SPELLINGS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^igh/, 'AY'],
  [/^(ee|ea|ie)/, 'IY'],
  [/^(ai|ay|ei|ey)/, 'EY'],
  [/^(oa|ow|oe)/, 'OW'],
  [/^(oo|ew|ue)/, 'UW'],
  [/^ou/, 'AW'],
  [/^(oi|oy)/, 'OY'],
  [/^(au|aw)/, 'AO'],
  [/^a[^aeiou]e$/, 'EY'],
  [/^e[^aeiou]e$/, 'IY'],
  [/^i[^aeiou]e$/, 'AY'],
  [/^o[^aeiou]e$/, 'OW'],
  [/^u[^aeiou]e$/, 'UW'],
  [/^a/, 'AE'],
  [/^e/, 'EH'],
  [/^i/, 'IH'],
  [/^o/, 'AA'],
  [/^u/, 'AH'],
  [/^y/, 'AY'],
]

/** The vowel (ARPAbet) the first vowel letters of a spelling most likely say: "nite" → AY, "neat" → IY. */
export function guessedVowel(spelling: string): string | null {
  const w = spelling.toLowerCase().replace(/[^a-z]/g, '')
  const at = w.search(/[aeiou]|(?<=[^aeiou])y/)
  if (at === -1) return null
  const rest = w.slice(at)
  for (const [pattern, vowel] of VOWEL_SPELLINGS) if (pattern.test(rest)) return vowel
  return null
}
