/**
 * The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980), as the search index of a
 * dataset release uses it: `whales`, `whaling` and `whaled` all index and match as `whale`/`whal`. Plain
 * TypeScript so that the index builder and every runtime serving it stem alike. Input is one lowercase
 * word of ASCII letters; anything else is returned as given.
 */

function isConsonant(word: string, i: number): boolean {
  const ch = word[i]
  if (ch === 'a' || ch === 'e' || ch === 'i' || ch === 'o' || ch === 'u') return false
  if (ch === 'y') return i === 0 || !isConsonant(word, i - 1)
  return true
}

/** The number of vowel-consonant sequences in word[0, end): Porter's m. */
function measure(word: string, end: number): number {
  let m = 0
  let i = 0
  while (i < end && isConsonant(word, i)) i++
  while (i < end) {
    while (i < end && !isConsonant(word, i)) i++
    if (i >= end) break
    m++
    while (i < end && isConsonant(word, i)) i++
  }
  return m
}

function hasVowel(word: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (!isConsonant(word, i)) return true
  return false
}

function endsWithDoubleConsonant(word: string, end: number): boolean {
  return end >= 2 && word[end - 1] === word[end - 2] && isConsonant(word, end - 1)
}

/** Consonant-vowel-consonant at the end of word[0, end), the last not w, x or y. */
function endsCvc(word: string, end: number): boolean {
  if (end < 3) return false
  const last = word[end - 1] as string
  return (
    isConsonant(word, end - 3) &&
    !isConsonant(word, end - 2) &&
    isConsonant(word, end - 1) &&
    last !== 'w' &&
    last !== 'x' &&
    last !== 'y'
  )
}

/** Replaces `suffix` by `replacement` when the stem before it has m > `minMeasure`; null when it does not end so. */
function replaceIf(word: string, suffix: string, replacement: string, minMeasure: number): string | null {
  if (!word.endsWith(suffix)) return null
  const stem = word.length - suffix.length
  return measure(word, stem) > minMeasure ? word.slice(0, stem) + replacement : word
}

const STEP2: ReadonlyArray<[string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
]

const STEP3: ReadonlyArray<[string, string]> = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
]

const STEP4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
]

function step1ab(word: string): string {
  let w = word
  if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (w.endsWith('ies')) w = w.slice(0, -2)
  else if (!w.endsWith('ss') && w.endsWith('s')) w = w.slice(0, -1)

  if (w.endsWith('eed')) {
    return measure(w, w.length - 3) > 0 ? w.slice(0, -1) : w
  }
  for (const suffix of ['ed', 'ing']) {
    if (!w.endsWith(suffix) || !hasVowel(w, w.length - suffix.length)) continue
    w = w.slice(0, -suffix.length)
    if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) return w + 'e'
    if (endsWithDoubleConsonant(w, w.length) && !/[lsz]$/.test(w)) return w.slice(0, -1)
    if (measure(w, w.length) === 1 && endsCvc(w, w.length)) return w + 'e'
    return w
  }
  return w
}

function step1c(word: string): string {
  return word.endsWith('y') && hasVowel(word, word.length - 1) ? word.slice(0, -1) + 'i' : word
}

function stepTable(word: string, table: ReadonlyArray<[string, string]>): string {
  for (const [suffix, replacement] of table) {
    const replaced = replaceIf(word, suffix, replacement, 0)
    if (replaced !== null) return replaced
  }
  return word
}

function step4(word: string): string {
  for (const suffix of STEP4) {
    if (!word.endsWith(suffix)) continue
    const stem = word.length - suffix.length
    if (measure(word, stem) <= 1) return word
    if (suffix === 'ion' && !/[st]$/.test(word.slice(0, stem))) return word
    return word.slice(0, stem)
  }
  return word
}

function step5(word: string): string {
  let w = word
  if (w.endsWith('e')) {
    const m = measure(w, w.length - 1)
    if (m > 1 || (m === 1 && !endsCvc(w, w.length - 1))) w = w.slice(0, -1)
  }
  if (measure(w, w.length) > 1 && endsWithDoubleConsonant(w, w.length) && w.endsWith('l')) w = w.slice(0, -1)
  return w
}

export function porterStem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word
  let w = step1c(step1ab(word))
  w = stepTable(w, STEP2)
  w = stepTable(w, STEP3)
  return step5(step4(w))
}
