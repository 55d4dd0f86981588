/**
 * The works literary-context excerpts are taken from, the shape of a candidate excerpt before selection, and
 * the per-work provenance each record carries (title, author, first publication, edition, locator).
 */
import type { PartOfSpeech } from '../../../lexicon/wordnet-format'

export type WorkId = 'moby-dick' | 'sonnets' | 'webster-1913'

export type Edition = { registry: 'npm' | 'debian'; package: string; version: string }

export type Work = {
  id: WorkId
  title: string
  author: string
  /** Year of first publication of the work (for the dictionary: of the edition GCIDE transcribes). */
  firstPublished: number
  edition: Edition
}

export const WORK_FACTS: Record<WorkId, Omit<Work, 'edition'>> = {
  'moby-dick': {
    id: 'moby-dick',
    title: 'Moby-Dick; or, The Whale',
    author: 'Herman Melville',
    firstPublished: 1851,
  },
  sonnets: {
    id: 'sonnets',
    title: "Shakespeare's Sonnets",
    author: 'William Shakespeare',
    firstPublished: 1609,
  },
  'webster-1913': {
    id: 'webster-1913',
    title: "Webster's Revised Unabridged Dictionary (illustrative quotations)",
    author: 'Noah Porter (editor), G. & C. Merriam Co.',
    firstPublished: 1913,
  },
}

export type MobyDickLocator = {
  kind: 'chapter'
  /** The package's chapter identifier: "1" to "135", or "Epilogue". */
  chapter: string
  chapterTitle: string
  /** 1-based, counting every blank-line-separated paragraph of the chapter text. */
  paragraph: number
  /** 1-based sentence of that paragraph. */
  sentence: number
}

export type SonnetLocator = {
  kind: 'sonnet'
  sonnet: number
  /** 1-based lines of the sonnet the excerpt starts and ends on. */
  firstLine: number
  lastLine: number
}

export type DictionaryLocator = {
  kind: 'dictionary-quotation'
  headword: string
  /** The part-of-speech label as the dictionary prints it ("v. t.", "n.", "a."). */
  partOfSpeechLabel: string
  /** 1-based among the entries of the same headword, letter case ignored ("March", "march"). */
  entry: number
  /** The numbered sense the quotation illustrates, or null when the entry has no numbered senses. */
  sense: number | null
  /** 1-based among the quotations of that sense. */
  quotation: number
  /** The quoted author as the dictionary attributes the quotation ("Milton.", "Sir W. Scott."). */
  attribution: string
}

export type Locator = MobyDickLocator | SonnetLocator | DictionaryLocator

/** A whole-sentence excerpt before a target is chosen. */
export type CandidateExcerpt = {
  work: WorkId
  /** Unique within the work, stable for a given edition; the record id is built from it. */
  key: string
  text: string
  locator: Locator
  /** Offsets where verse lines begin: a capital there does not mark a name. */
  lineStarts: number[]
  /** For a dictionary quotation, the word and part of speech the quotation illustrates. */
  illustrates?: { lemma: string; partOfSpeech: PartOfSpeech }
}

/** Longest excerpt, in UTF-16 code units. */
export const MAX_EXCERPT_LENGTH = 600
/** Shortest excerpt worth reading as context. */
export const MIN_EXCERPT_LENGTH = 40
