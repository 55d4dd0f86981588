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
const WORD = /^[a-z](?:[a-z'-]*[a-z])?$/
const NEWLINE = 10
const TAB = 9

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
  let lines = 0
  for (let i = header.byteLength; i < bytes.byteLength; i++) if (bytes[i] === NEWLINE) lines++
  const starts = new Int32Array(lines)
  const tabs = new Int32Array(lines)
  const zipf = new Float64Array(lines)
  const decoder = new TextDecoder()
  let previous = ''
  let at = header.byteLength
  for (let line = 0; line < lines; line++) {
    const end = bytes.indexOf(NEWLINE, at)
    const tab = bytes.indexOf(TAB, at)
    if (tab === -1 || tab > end) return `${WORD_LIST_FILE} line ${line + 2} has no count`
    const word = decoder.decode(bytes.subarray(at, tab))
    const count = decoder.decode(bytes.subarray(tab + 1, end))
    if (!WORD.test(word) || !/^\d+$/.test(count)) return `${WORD_LIST_FILE} line ${line + 2} is malformed`
    if (line > 0 && !(previous < word)) return `${WORD_LIST_FILE} is not in order at line ${line + 2}`
    starts[line] = at
    tabs[line] = tab
    zipf[line] = Number(count) / 100
    previous = word
    at = end + 1
  }
  if (at !== bytes.byteLength) return `${WORD_LIST_FILE} does not end with a line break`
  return { bytes, starts, tabs, zipf }
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
