/**
 * The English word list of the lexicon release (`english-words.txt`, a companion held whole): every word a
 * spelling suggestion may name, with its Zipf value in SUBTLEX-US times 100 (0 when the subtitles never have
 * it), which gives the word's frequency too. Text, one `word<TAB>zipf` a line in code-unit order after one
 * header line, so it reads as what it is; the words are lower-case ASCII letters with inner apostrophes or
 * hyphens. Read in place: no string per word is held, only the lines' offsets.
 */
import type { Lexicon } from './lexicon'

export const WORD_LIST_FILE = 'english-words.txt'

const HEADER = '# word\tSUBTLEX-US Zipf x 100 (0: not in SUBTLEX-US)\n'
const NEWLINE = 10
const TAB = 9
const APOSTROPHE = 39
const HYPHEN = 45

export type WordListEntry = { word: string; zipf100: number }

/** The release file of these words (each once, any order). */
export function encodeWordList(entries: readonly WordListEntry[]): Uint8Array {
  const sorted = [...entries].sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
  return new TextEncoder().encode(HEADER + sorted.map((e) => `${e.word}\t${e.zipf100}\n`).join(''))
}

/** A word list read in place: line i's word is bytes [starts[i], tabs[i]), its Zipf value zipf[i] (0: none). */
export type WordList = { bytes: Uint8Array; starts: Int32Array; tabs: Int32Array; zipf: Float64Array }

const parsed = new WeakMap<Uint8Array, WordList | string>()

function parse(bytes: Uint8Array): WordList | string {
  const header = new TextEncoder().encode(HEADER)
  if (bytes.byteLength < header.byteLength || header.some((b, i) => bytes[i] !== b))
    return `${WORD_LIST_FILE} does not start with its header`
  const size = bytes.length
  let lines = 0
  for (let i = header.byteLength; i < size; i++) if (bytes[i] === NEWLINE) lines++
  const starts = new Int32Array(lines)
  const tabs = new Int32Array(lines)
  const zipf = new Float64Array(lines)
  // Checked byte by byte, with no string per line: the file is read at every start-up.
  let at = header.byteLength
  for (let line = 0; line < lines; line++) {
    let tab = at
    while (tab < size && bytes[tab] !== TAB && bytes[tab] !== NEWLINE) tab++
    if (bytes[tab] !== TAB) return `${WORD_LIST_FILE} line ${line + 2} has no count`
    let end = tab + 1
    while (bytes[end] !== NEWLINE) end++
    const count = digitsValue(bytes, tab + 1, end)
    if (!isWord(bytes, at, tab) || count === -1) return `${WORD_LIST_FILE} line ${line + 2} is malformed`
    if (line > 0 && !before(bytes, starts[line - 1] as number, tabs[line - 1] as number, at, tab))
      return `${WORD_LIST_FILE} is not in order at line ${line + 2}`
    starts[line] = at
    tabs[line] = tab
    zipf[line] = count / 100
    at = end + 1
  }
  if (at !== size) return `${WORD_LIST_FILE} does not end with a line break`
  return { bytes, starts, tabs, zipf }
}

const isLetter = (b: number) => b >= 97 && b <= 122

/** Whether bytes [start, end) are a word: lower-case ASCII letters, with inner apostrophes or hyphens. */
function isWord(bytes: Uint8Array, start: number, end: number): boolean {
  if (end <= start || !isLetter(bytes[start] as number) || !isLetter(bytes[end - 1] as number)) return false
  for (let i = start + 1; i < end - 1; i++) {
    const b = bytes[i] as number
    if (!isLetter(b) && b !== APOSTROPHE && b !== HYPHEN) return false
  }
  return true
}

/** The decimal number bytes [start, end) spell, or -1 when they are not one. */
function digitsValue(bytes: Uint8Array, start: number, end: number): number {
  if (end <= start) return -1
  let value = 0
  for (let i = start; i < end; i++) {
    const digit = (bytes[i] as number) - 48
    if (digit < 0 || digit > 9) return -1
    value = value * 10 + digit
  }
  return value
}

/** Whether the word at [a, aEnd) comes strictly before the word at [b, bEnd) in code-unit order. */
function before(bytes: Uint8Array, a: number, aEnd: number, b: number, bEnd: number): boolean {
  for (; a < aEnd && b < bEnd; a++, b++) {
    const d = (bytes[a] as number) - (bytes[b] as number)
    if (d !== 0) return d < 0
  }
  return a === aEnd && b < bEnd
}

/** Why the file cannot be read, or null (the loader's companion check). */
export function wordListFileProblem(bytes: Uint8Array): string | null {
  const list = parse(bytes)
  parsed.set(bytes, list)
  return typeof list === 'string' ? list : null
}

/** The word list of a lexicon's release, read once per file (the loader checked it). */
export function wordListOf(lexicon: Lexicon): WordList {
  const bytes = lexicon.wholeCompanions[WORD_LIST_FILE] as Uint8Array
  let list = parsed.get(bytes)
  if (list === undefined) {
    list = parse(bytes)
    parsed.set(bytes, list)
  }
  if (typeof list === 'string') throw new Error(list)
  return list
}

export const wordListSize = (list: WordList): number => list.starts.length

export function wordAt(list: WordList, line: number): string {
  let out = ''
  for (let i = list.starts[line] as number, end = list.tabs[line] as number; i < end; i++)
    out += String.fromCharCode(list.bytes[i] as number)
  return out
}

/** The line of a word, by binary search, or -1. */
export function wordLine(list: WordList, word: string): number {
  const line = firstLineFrom(list, word, false)
  return line < wordListSize(list) && compareAt(list, line, word, false) === 0 ? line : -1
}

/** The lines [start, end) of the words that start with `prefix`. */
export function prefixLines(list: WordList, prefix: string): [number, number] {
  return [firstLineFrom(list, prefix, false), firstLineFrom(list, prefix, true)]
}

/** The first line whose word is not before `word` (with `past`, not before or starting with it). */
function firstLineFrom(list: WordList, word: string, past: boolean): number {
  let lo = 0
  let hi = list.starts.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    const order = compareAt(list, mid, word, past)
    if (order < 0 || (past && order === 0)) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The order of line `line`'s word against `word` (ASCII code units); with `prefixOnly`, of its start. */
function compareAt(list: WordList, line: number, word: string, prefixOnly: boolean): number {
  const start = list.starts[line] as number
  const length = (list.tabs[line] as number) - start
  for (let i = 0; i < length && i < word.length; i++) {
    const d = (list.bytes[start + i] as number) - word.charCodeAt(i)
    if (d !== 0) return d
  }
  return prefixOnly && length >= word.length ? 0 : length - word.length
}
