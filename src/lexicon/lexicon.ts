/**
 * The loaded lexicon: compiled rows plus the indexes that answer lookups in microseconds. Other features
 * (usage, argument review, semantic routes) read words and meanings through these functions.
 */
import {
  compareCodeUnits,
  POINTER_SYMBOLS,
  POINTER_WIDTH,
  type ExceptionTable,
  type LemmaIndex,
  type PointerRow,
  type SenseRow,
  type SynsetRow,
} from './compile'
import type { LexiconManifest } from './schemas'
import { partOfSpeech, PARTS_OF_SPEECH, type PartOfSpeech, type PointerSymbol } from './wordnet-format'

export type Lexicon = {
  manifest: LexiconManifest
  synsets: SynsetRow[]
  senses: SenseRow[]
  /** Every pointer as Int32 quadruples; read through `pointersOf`. */
  pointers: Int32Array
  exceptions: ExceptionTable
  /** Lower-case lemma (spaces between words) → sense indices, nouns, verbs, adjectives, adverbs, by sense number. */
  lemmaSenses: Map<string, number[]>
  senseByKey: Map<string, number>
  /** Every lemma, sorted by UTF-16 code units, for prefix ranges. */
  sortedLemmas: string[]
  /** Suggestion rank of each lemma by its position in `sortedLemmas` (lower is shown first). */
  lemmaRank: Int32Array
  /** The best-ranked lemmas for each two- and three-character prefix, best first. */
  shortPrefixTop: Map<string, string[]>
}

/** How many best-ranked lemmas are kept per short prefix: the 20 shown plus one that may be the exact match. */
const SHORT_PREFIX_KEEP = 21

/** Lower case, underscores as spaces, runs of white space as one space. */
export function normalizeLemma(text: string): string {
  return text.toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trim()
}

export function buildLexicon(
  manifest: LexiconManifest,
  synsets: SynsetRow[],
  senses: SenseRow[],
  pointers: Int32Array,
  exceptions: ExceptionTable,
  index: LemmaIndex,
): Lexicon {
  const lemmaSenses = new Map<string, number[]>()
  index.lemmas.forEach((lemma, i) => lemmaSenses.set(lemma, index.senses[i] as number[]))
  const senseByKey = new Map<string, number>()
  senses.forEach((sense, i) => senseByKey.set(sense[0], i))
  const lemmaRank = new Int32Array(index.lemmas.length)
  const shortPrefixTop = new Map<string, string[]>()
  index.byRank.forEach((position, rank) => {
    lemmaRank[position] = rank
    const lemma = index.lemmas[position] as string
    for (let length = 2; length <= 3 && length <= lemma.length; length++) {
      const prefix = lemma.slice(0, length)
      const top = shortPrefixTop.get(prefix)
      if (!top) shortPrefixTop.set(prefix, [lemma])
      else if (top.length < SHORT_PREFIX_KEEP) top.push(lemma)
    }
  })
  return {
    manifest,
    synsets,
    senses,
    pointers,
    exceptions,
    lemmaSenses,
    senseByKey,
    sortedLemmas: index.lemmas,
    lemmaRank,
    shortPrefixTop,
  }
}

export { compareCodeUnits }

/** The pointers (relations) of one synset, in WordNet's order. */
export function pointersOf(lexicon: Lexicon, synset: number): PointerRow[] {
  const row = lexicon.synsets[synset] as SynsetRow
  const out: PointerRow[] = []
  for (let p = row[6] * POINTER_WIDTH, end = (row[6] + row[7]) * POINTER_WIDTH; p < end; p += POINTER_WIDTH) {
    const pointers = lexicon.pointers
    out.push([
      POINTER_SYMBOLS[pointers[p] as number] as PointerSymbol,
      pointers[p + 1] as number,
      pointers[p + 2] as number,
      pointers[p + 3] as number,
    ])
  }
  return out
}

/** The lexicon's senses of a lemma (already normalized), in WordNet order; empty when it is not a word. */
export function sensesOf(lexicon: Lexicon, lemma: string): readonly number[] {
  return lexicon.lemmaSenses.get(lemma) ?? []
}

export function isLemma(lexicon: Lexicon, lemma: string, pos?: PartOfSpeech): boolean {
  const list = lexicon.lemmaSenses.get(lemma)
  if (!list) return false
  return pos === undefined || list.some((s) => senseSynsetPos(lexicon, s) === pos)
}

export function senseSynsetPos(lexicon: Lexicon, sense: number): PartOfSpeech {
  return partOfSpeech((lexicon.synsets[(lexicon.senses[sense] as SenseRow)[2]] as SynsetRow)[1])
}

export { PARTS_OF_SPEECH }
