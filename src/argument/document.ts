/**
 * One submitted field (text, context, reply or a source) read for comparison: its sentences, and in each
 * sentence the content terms, cue words and numbers with their ranges in the original field. Content words
 * and each sentence's distinct terms are kept in flat typed arrays per field, since a maximal request holds
 * tens of thousands of them and a garbage-collected object for each would cost more than the work itself.
 */
import type { Lexicon } from '../lexicon/lexicon'
import type { CueClass, Quantity } from './cue-words'
import type { FieldRef } from './field-ref'
import { findNumbers, type NumberMention } from './numbers'
import { passage } from './passages'
import type { Passage } from './schemas'
import { sentenceBounds, type SentenceBounds } from '../text/sentences'
import { wordReader } from './terms'
import type { Range } from '../text/scan'
import { forEachWord } from '../text/words'

/** Terms of one request, numbered in order of first appearance so that every later order is deterministic. */
export type TermTable = { ids: Map<string, number>; terms: string[] }

export type CueAt = Range & { word: string; cue: CueClass; quantity?: Quantity }

export type AnalyzedSentence = Range & {
  /** This sentence's content words are `words[firstWord]` up to, not including, `words[endWord]`. */
  firstWord: number
  endWord: number
  /** Its distinct term ids, ascending, are the field's `terms[firstTerm]` up to `terms[endTerm]`. */
  firstTerm: number
  endTerm: number
  cues: readonly CueAt[]
  numbers: readonly NumberMention[]
}

export type AnalyzedField = {
  ref: FieldRef
  text: string
  sentences: AnalyzedSentence[]
  /** Content words in text order: term id, start and end of each. */
  wordTerms: Int32Array
  wordStarts: Int32Array
  wordEnds: Int32Array
  /** The distinct term ids of each sentence, ascending, sentence after sentence. */
  terms: Int32Array
}

/** Most sentences have no cue word and no number: they share these empty lists. */
const NO_CUES: readonly CueAt[] = Object.freeze([])
const NO_NUMBERS: readonly NumberMention[] = Object.freeze([])

export function createTermTable(): TermTable {
  return { ids: new Map(), terms: [] }
}

/** `bounds` are the field's sentences when validation has already found them. */
export function analyzeField(
  lexicon: Lexicon,
  table: TermTable,
  ref: FieldRef,
  text: string,
  bounds: SentenceBounds = sentenceBounds(text),
): AnalyzedField {
  const read = wordReader(lexicon)
  // Words are at least one code unit long and apart, so half the text (rounded up) bounds their number.
  const capacity = (text.length >> 1) + 1
  const wordTerms = new Int32Array(capacity)
  const wordStarts = new Int32Array(capacity)
  const wordEnds = new Int32Array(capacity)
  const terms = new Int32Array(capacity)
  let count = 0
  let termCount = 0
  // Reset for each sentence: its cue words, and whether a word starts with a digit.
  let cues: CueAt[] | null
  let digits: boolean

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
    if (reading.cue) (cues ??= []).push({ start, end, ...reading.cue })
    else
      for (const part of reading.parts)
        addWord(part.term, start + part.offset, start + part.offset + part.length)
  }

  const sentences = new Array<AnalyzedSentence>(bounds.length / 2)
  for (let k = 0; k < bounds.length; k += 2) {
    const start = bounds[k] as number
    const end = bounds[k + 1] as number
    cues = null
    digits = false
    const firstWord = count
    forEachWord(text, start, end, visitWord)
    // Lists grown by push keep spare room; what the review holds on to is copied to its exact size.
    const found = cues as CueAt[] | null
    let sentenceCues: readonly CueAt[] = found ? found.slice() : NO_CUES
    const numbers = digits ? findNumbers(text, start, end) : NO_NUMBERS
    if (numbers.length > 0) {
      // Words inside a number or date ("March", "million", "percent") belong to the number checks.
      const inNumber = (at: number) => numbers.some((m) => m.start <= at && at < m.end)
      if (sentenceCues.length > 0) sentenceCues = sentenceCues.filter((c) => !inNumber(c.start))
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
    const firstTerm = termCount
    termCount = addDistinctTerms(wordTerms, firstWord, count, terms, termCount)
    sentences[k >> 1] = {
      start,
      end,
      firstWord,
      endWord: count,
      firstTerm,
      endTerm: termCount,
      cues: sentenceCues,
      numbers: numbers.length > 0 ? numbers.slice() : NO_NUMBERS,
    }
  }
  return {
    ref,
    text,
    sentences,
    wordTerms: wordTerms.subarray(0, count),
    wordStarts: wordStarts.subarray(0, count),
    wordEnds: wordEnds.subarray(0, count),
    terms: terms.subarray(0, termCount),
  }
}

/**
 * Writes the distinct term ids of words [from, to) in ascending order into `out` from `at`, and returns
 * where they end; sentences are short, so insertion is the fast sort.
 */
function addDistinctTerms(
  wordTerms: Int32Array,
  from: number,
  to: number,
  out: Int32Array,
  at: number,
): number {
  let end = at
  for (let w = from; w < to; w++) {
    const term = wordTerms[w] as number
    let slot = end
    while (slot > at && (out[slot - 1] as number) > term) slot--
    if (slot > at && out[slot - 1] === term) continue
    for (let k = end; k > slot; k--) out[k] = out[k - 1] as number
    out[slot] = term
    end++
  }
  return end
}

/** The passages of the occurrences of `term` in a sentence of `field`, in a packed list of their exact number. */
export function passagesOf(field: AnalyzedField, sentence: AnalyzedSentence, term: number): Passage[] {
  let count = 0
  for (let w = sentence.firstWord; w < sentence.endWord; w++) if (field.wordTerms[w] === term) count++
  let w = sentence.firstWord
  return Array.from({ length: count }, () => {
    while (field.wordTerms[w] !== term) w++
    const at = passage(field.ref, { start: field.wordStarts[w] as number, end: field.wordEnds[w] as number })
    w++
    return at
  })
}
