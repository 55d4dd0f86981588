/**
 * The loaded lexicon: compiled rows plus the indexes that answer lookups in microseconds. Other features
 * (usage, argument review, semantic routes) read words and meanings through these functions.
 */
import type { ExceptionTable, SenseRow, SynsetRow } from './compile'
import type { LexiconManifest } from './schemas'
import { partOfSpeech, PARTS_OF_SPEECH, type PartOfSpeech } from './wordnet-format'

export type Lexicon = {
  manifest: LexiconManifest
  synsets: SynsetRow[]
  senses: SenseRow[]
  exceptions: ExceptionTable
  /** Lower-case lemma (spaces between words) → sense indices, nouns, verbs, adjectives, adverbs, by sense number. */
  lemmaSenses: Map<string, number[]>
  senseByKey: Map<string, number>
  /** Every lemma, sorted by UTF-16 code units, for prefix ranges. */
  sortedLemmas: string[]
  /** Rank of each lemma in the suggestion order (lower is shown first). */
  lemmaRank: Map<string, number>
  /** The best-ranked lemmas for each two- and three-character prefix. */
  shortPrefixTop: Map<string, string[]>
}

const POS_ORDER: Record<PartOfSpeech, number> = { noun: 0, verb: 1, adjective: 2, adverb: 3 }
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
  exceptions: ExceptionTable,
): Lexicon {
  const lemmaSenses = new Map<string, number[]>()
  const senseByKey = new Map<string, number>()
  const weight = new Map<string, number>()
  senses.forEach((sense, index) => {
    const lemma = sense[1].toLowerCase()
    const list = lemmaSenses.get(lemma)
    if (list) list.push(index)
    else lemmaSenses.set(lemma, [index])
    senseByKey.set(sense[0], index)
    weight.set(lemma, (weight.get(lemma) ?? 0) + sense[4])
  })
  const posOf = (sense: number) =>
    POS_ORDER[partOfSpeech((synsets[(senses[sense] as SenseRow)[2]] as SynsetRow)[1])]
  for (const list of lemmaSenses.values()) {
    list.sort(
      (a, b) => posOf(a) - posOf(b) || (senses[a] as SenseRow)[3] - (senses[b] as SenseRow)[3] || a - b,
    )
  }

  const sortedLemmas = [...lemmaSenses.keys()].sort(compareCodeUnits)
  const ranked = [...sortedLemmas].sort(
    (a, b) => (weight.get(b) ?? 0) - (weight.get(a) ?? 0) || a.length - b.length || compareCodeUnits(a, b),
  )
  const lemmaRank = new Map<string, number>()
  const shortPrefixTop = new Map<string, string[]>()
  ranked.forEach((lemma, rank) => {
    lemmaRank.set(lemma, rank)
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
    exceptions,
    lemmaSenses,
    senseByKey,
    sortedLemmas,
    lemmaRank,
    shortPrefixTop,
  }
}

export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
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
