/**
 * One submitted field (text, context, reply or a source) read for comparison: its sentences, and in each
 * sentence the content terms, cue words and numbers with their ranges in the original field. Content words
 * are kept in flat arrays per field, since a maximal request holds tens of thousands of them.
 */
import type { Lexicon } from '../lexicon/lexicon'
import type { CueClass, Quantity } from './cue-words'
import { findNumbers, type NumberMention } from './numbers'
import { splitSentences } from './segment'
import { wordReader } from './terms'
import type { Range } from './text-scan'
import { forEachWord } from './words'

export type FieldRef =
  { field: 'text' } | { field: 'context' } | { field: 'reply' } | { field: 'source'; sourceId: string }

/** Terms of one request, numbered in order of first appearance so that every later order is deterministic. */
export type TermTable = { ids: Map<string, number>; terms: string[] }

export type CueAt = Range & { word: string; cue: CueClass; quantity?: Quantity }

export type AnalyzedSentence = Range & {
  /** This sentence's content words are `words[firstWord]` up to, not including, `words[endWord]`. */
  firstWord: number
  endWord: number
  /** Distinct term ids, ascending. */
  terms: number[]
  cues: CueAt[]
  numbers: NumberMention[]
}

export type AnalyzedField = {
  ref: FieldRef
  text: string
  sentences: AnalyzedSentence[]
  /** Content words in text order: term id, start and end of each. */
  wordTerms: Int32Array
  wordStarts: Int32Array
  wordEnds: Int32Array
}

export function createTermTable(): TermTable {
  return { ids: new Map(), terms: [] }
}

export function analyzeField(lexicon: Lexicon, table: TermTable, ref: FieldRef, text: string): AnalyzedField {
  const read = wordReader(lexicon)
  // Words are at least one code unit long and apart, so half the text (rounded up) bounds their number.
  const capacity = (text.length >> 1) + 1
  const wordTerms = new Int32Array(capacity)
  const wordStarts = new Int32Array(capacity)
  const wordEnds = new Int32Array(capacity)
  let count = 0
  let cues: CueAt[] = []
  let digits = false

  const addWord = (term: string, start: number, end: number) => {
    let id = table.ids.get(term)
    if (id === undefined) {
      id = table.terms.length
      table.ids.set(term, id)
      table.terms.push(term)
    }
    wordTerms[count] = id
    wordStarts[count] = start
    wordEnds[count] = end
    count++
  }
  const visitWord = (start: number, end: number) => {
    const first = text.charCodeAt(start)
    if (first >= 0x30 && first <= 0x39) digits = true
    const reading = read(text, start, end)
    if (reading.cue) cues.push({ start, end, ...reading.cue })
    else
      for (const part of reading.parts)
        addWord(part.term, start + part.offset, start + part.offset + part.length)
  }

  const sentences = splitSentences(text).map((range): AnalyzedSentence => {
    cues = []
    digits = false
    const firstWord = count
    forEachWord(text, range.start, range.end, visitWord)
    const numbers = digits ? findNumbers(text, range.start, range.end) : []
    if (numbers.length > 0) {
      // Words inside a number or date ("March", "million", "percent") belong to the number checks.
      const inNumber = (start: number) => numbers.some((m) => m.start <= start && start < m.end)
      cues = cues.filter((c) => !inNumber(c.start))
      let kept = firstWord
      for (let w = firstWord; w < count; w++) {
        if (inNumber(wordStarts[w] as number)) continue
        wordTerms[kept] = wordTerms[w] as number
        wordStarts[kept] = wordStarts[w] as number
        wordEnds[kept] = wordEnds[w] as number
        kept++
      }
      count = kept
    }
    return {
      start: range.start,
      end: range.end,
      firstWord,
      endWord: count,
      terms: distinctTerms(wordTerms, firstWord, count),
      cues,
      numbers,
    }
  })
  return {
    ref,
    text,
    sentences,
    wordTerms: wordTerms.subarray(0, count),
    wordStarts: wordStarts.subarray(0, count),
    wordEnds: wordEnds.subarray(0, count),
  }
}

/** The distinct term ids of words [from, to), ascending; sentences are short, so insertion is the fast sort. */
function distinctTerms(wordTerms: Int32Array, from: number, to: number): number[] {
  const sorted: number[] = []
  for (let w = from; w < to; w++) {
    const term = wordTerms[w] as number
    let at = sorted.length
    while (at > 0 && (sorted[at - 1] as number) > term) at--
    if (at > 0 && sorted[at - 1] === term) continue
    sorted.push(term)
    for (let k = sorted.length - 1; k > at; k--) sorted[k] = sorted[k - 1] as number
    sorted[at] = term
  }
  return sorted
}

/** Where the occurrences of `term` are in a sentence of `field`. */
export function rangesOf(field: AnalyzedField, sentence: AnalyzedSentence, term: number): Range[] {
  const out: Range[] = []
  for (let w = sentence.firstWord; w < sentence.endWord; w++) {
    if (field.wordTerms[w] === term)
      out.push({ start: field.wordStarts[w] as number, end: field.wordEnds[w] as number })
  }
  return out
}
