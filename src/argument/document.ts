/**
 * One submitted field (text, context, reply or a source) read for comparison: its sentences, and in each
 * sentence the content terms, cues (by the shared cue reader), framing and numbers with their ranges in the
 * original field. Content words
 * and each sentence's distinct terms are kept in flat typed arrays per field, since a maximal request holds
 * tens of thousands of them and a garbage-collected object for each would cost more than the work itself.
 */
import type { Lexicon } from '../lexicon/lexicon'
import { readCues, reportFrame, reviewClassOf, sarcasmMarks } from '../text/cue-reader'
import type { CueClass, Quantity } from '../text/cues'
import type { FieldRef } from './field-ref'
import { findNumbers, type NumberMention } from './numbers'
import { passage } from './passages'
import type { Passage } from './schemas'
import { sentenceBounds, type SentenceBounds } from '../text/sentences'
import { wordReader } from './terms'
import type { Range } from '../text/scan'
import { tokensIn, type Token } from '../text/tokens'
import { forEachWord } from '../text/words'
import { oneByte } from './one-byte'

/** Terms of one request, numbered in order of first appearance so that every later order is deterministic. */
export type TermTable = { ids: Map<string, number>; terms: string[] }

export type CueAt = Range & { word: string; cue: CueClass; quantity?: Quantity }

/**
 * How a sentence presents what it says, as the shared cue reader finds it: reported (`critics claim`),
 * denied (`nobody said`) or marked as sarcasm (`yeah, right`, `oh great`, scare quotes).
 */
export type Framing = Range & { kind: 'report' | 'denial' | 'sarcasm' | 'scare-quotes'; text: string }

export type AnalyzedSentence = Range & {
  /** This sentence's content words are `words[firstWord]` up to, not including, `words[endWord]`. */
  firstWord: number
  endWord: number
  /** Its distinct term ids, ascending, are the field's `terms[firstTerm]` up to `terms[endTerm]`. */
  firstTerm: number
  endTerm: number
  cues: readonly CueAt[]
  framing: readonly Framing[]
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
const NO_FRAMING: readonly Framing[] = Object.freeze([])
const NO_READING = { cues: NO_CUES, framing: NO_FRAMING }

/**
 * The cues and framing of a sentence by the shared cue reader (phrases, counted shares, time phrases that
 * are not quantifiers, report frames, sarcasm). Cue words before a frame's reporting verb (`nobody` in
 * `nobody said`) and inside a sarcasm marker belong to it, not to what the sentence says.
 */
function readSentence(
  text: string,
  start: number,
  end: number,
): { cues: readonly CueAt[]; framing: readonly Framing[] } {
  const tokens = tokensIn(text, start, end)
  if (tokens.length === 0) return NO_READING
  const framing: Framing[] = []
  const frame = reportFrame(text, tokens, 0, tokens.length)
  if (frame)
    framing.push({ kind: frame.kind, start: frame.span.start, end: frame.span.end, text: frame.text })
  for (const mark of sarcasmMarks(text, tokens)) {
    const kind = mark.kind === 'marker' ? 'sarcasm' : 'scare-quotes'
    framing.push({ kind, start: mark.span.start, end: mark.span.end, text: mark.text })
  }
  // The reporting verb keeps its own cue (`suggests` hedges what is reported); the words before it do not.
  const speakerEnd = frame ? (tokens[frame.endToken - 1] as Token).start : start
  const inFraming = (at: number) =>
    (frame !== null && at < speakerEnd) ||
    framing.some((f) => f.kind !== 'report' && f.kind !== 'denial' && f.start <= at && at < f.end)
  const cues: CueAt[] = []
  for (const cue of readCues(text, tokens)) {
    const reading = reviewClassOf(cue)
    if (!reading || inFraming(cue.span.start)) continue
    const word = oneByte(
      text
        .slice(cue.span.start, cue.span.end)
        .toLowerCase()
        .replace(/\u2019/g, "'"),
    )
    cues.push({ start: cue.span.start, end: cue.span.end, word, ...reading })
  }
  return {
    cues: cues.length > 0 ? cues : NO_CUES,
    framing: framing.length > 0 ? framing.map((f) => ({ ...f, text: oneByte(f.text) })) : NO_FRAMING,
  }
}
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
  // Reset for each sentence: its one-word cues, whether a word may belong to a longer cue, and whether a
  // word starts with a digit.
  let cues: CueAt[] | null
  let opens: boolean
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
    if (reading.opens) opens = true
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
    opens = false
    digits = false
    const firstWord = count
    forEachWord(text, start, end, visitWord)
    // Most sentences have no word of a longer cue and no double quote: their one-word cues are what the
    // cue reader would find, so it is spared. Lists grown by push keep spare room: they are copied to size.
    const found = cues as CueAt[] | null
    const reading =
      opens || hasDoubleQuote(text, start, end)
        ? readSentence(text, start, end)
        : { cues: found ? found.slice() : NO_CUES, framing: NO_FRAMING }
    let sentenceCues = reading.cues
    if (sentenceCues.some((c) => isNoCue(text, c)))
      sentenceCues = sentenceCues.filter((c) => !isNoCue(text, c))
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
      framing: reading.framing,
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

/** `most` after a determiner or possessive makes a superlative (`its most advanced phone`), not a quantifier. */
const BEFORE_SUPERLATIVE = /(?:\b(?:the|its|their|his|her|our|my|your|whose|this|that)|['’]s)\s+$/i

/** Cue words that are no cue where they stand: a superlative `most`, the `not` of `whether or not`. */
function isNoCue(text: string, cue: CueAt): boolean {
  const before = text.slice(Math.max(0, cue.start - 12), cue.start)
  if (cue.word === 'most') return BEFORE_SUPERLATIVE.test(before)
  return cue.word === 'not' && /\bwhether\s+or\s+$/i.test(before)
}

function hasDoubleQuote(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i)
    if (code === 0x22 || code === 0x201c) return true
  }
  return false
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
