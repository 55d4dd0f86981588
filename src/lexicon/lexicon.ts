/**
 * The loaded lexicon: the compact release files (src/lexicon/compact.ts) read in place, and the accessor
 * functions through which every feature (usage, argument review, semantic routes) reads words and meanings.
 * Rows are decoded when asked for, so the lexicon's memory is about its file sizes, shared by threads (Node),
 * or a bounded cache of its blocks (Workers: callers run their reading through `readLexicon`, src/lexicon/reading.ts).
 */
import {
  compareCodeUnits,
  POINTER_SYMBOLS,
  POINTER_WIDTH,
  type ExceptionTable,
  type PointerRow,
  type SenseRow,
  type SynsetRow,
} from './compile'
import {
  compareString,
  decodeSections,
  findString,
  LEMMA_FIELDS,
  LEMMA_WIDTH,
  PREFIX_WIDTH,
  SENSE_FIELDS,
  SENSE_WIDTH,
  sectionInt,
  stringAt,
  SYNSET_FIELDS,
  SYNSET_TYPES,
  SYNSET_WIDTH,
  utf8,
  type CompactData,
} from './compact'
import type { LexiconManifest } from './schemas'
import { decodeUtf8, wholeBytes, type PagedBytes } from '../storage/paged-bytes'
import type { LexiconPages } from './reading'
import {
  partOfSpeech,
  PARTS_OF_SPEECH,
  type PartOfSpeech,
  type PointerSymbol,
  type SynsetType,
} from './wordnet-format'

/**
 * The verified bytes of a release's files, as loaded (on Node in shared memory, for the worker threads);
 * `companions` are the files other features ship in the lexicon release, by name (`CompanionFile`,
 * src/lexicon/release.ts), which the lexicon holds without reading them.
 */
export type LexiconFiles = {
  strings: Uint8Array
  tables: Uint8Array
  exceptions: Uint8Array
  companions: Record<string, Uint8Array>
}

export type Lexicon = {
  manifest: LexiconManifest
  /** The whole files, where they are held (Node); absent where the files are read in blocks (Workers). */
  files?: LexiconFiles
  /** The bounded block cache the files are read through (Workers); absent where they are held whole. */
  pages?: LexiconPages
  data: CompactData
  exceptions: ExceptionTable
  /** Every companion file by name, read like `data`'s files (whole on Node, in checked blocks on Workers when paged). */
  companions: Record<string, PagedBytes>
  /** The companion files held whole, by name: all on Node, the ones not paged on Workers. */
  wholeCompanions: Record<string, Uint8Array>
}

/** Lower case, underscores as spaces, runs of white space as one space. */
export function normalizeLemma(text: string): string {
  return text.toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trim()
}

/** The lexicon over a release's verified files, or why they cannot be read. No copy of the bytes. */
export function lexiconOfFiles(manifest: LexiconManifest, files: LexiconFiles): Lexicon | string {
  const strings = wholeBytes(files.strings)
  const tables = wholeBytes(files.tables)
  const sections = decodeSections(tables)
  if (typeof sections === 'string') return sections
  const exceptions = JSON.parse(decodeUtf8(files.exceptions)) as ExceptionTable
  return {
    manifest,
    files,
    data: { strings, tables, sections, recent: new Map() },
    exceptions,
    companions: Object.fromEntries(
      Object.entries(files.companions).map(([name, bytes]) => [name, wholeBytes(bytes)]),
    ),
    wholeCompanions: files.companions,
  }
}

export { compareCodeUnits }

const synsetField = (lexicon: Lexicon, synset: number, field: number) =>
  sectionInt(lexicon.data, lexicon.data.sections.synsets, synset * SYNSET_WIDTH + field)
const senseField = (lexicon: Lexicon, sense: number, field: number) =>
  sectionInt(lexicon.data, lexicon.data.sections.senses, sense * SENSE_WIDTH + field)
const lemmaField = (lexicon: Lexicon, lemma: number, field: number) =>
  sectionInt(lexicon.data, lexicon.data.sections.lemmas, lemma * LEMMA_WIDTH + field)

export function synsetCount(lexicon: Lexicon): number {
  return lexicon.data.sections.synsets.length / SYNSET_WIDTH
}

export function senseCount(lexicon: Lexicon): number {
  return lexicon.data.sections.senses.length / SENSE_WIDTH
}

export function lemmaCount(lexicon: Lexicon): number {
  return lexicon.data.sections.lemmas.length / LEMMA_WIDTH
}

export function synsetId(lexicon: Lexicon, synset: number): string {
  return stringAt(lexicon.data, synsetField(lexicon, synset, SYNSET_FIELDS.id))
}

export function synsetType(lexicon: Lexicon, synset: number): SynsetType {
  return SYNSET_TYPES[synsetField(lexicon, synset, SYNSET_FIELDS.type)] as SynsetType
}

export function synsetLexFile(lexicon: Lexicon, synset: number): number {
  return synsetField(lexicon, synset, SYNSET_FIELDS.lexicographerFile)
}

export function synsetDefinition(lexicon: Lexicon, synset: number): string {
  return stringAt(lexicon.data, synsetField(lexicon, synset, SYNSET_FIELDS.definition))
}

export function synsetExamples(lexicon: Lexicon, synset: number): string[] {
  const first = synsetField(lexicon, synset, SYNSET_FIELDS.firstExample)
  const count = synsetField(lexicon, synset, SYNSET_FIELDS.exampleCount)
  const out: string[] = []
  for (let i = 0; i < count; i++) out.push(stringAt(lexicon.data, first + i))
  return out
}

/** The senses (words) of a synset, in WordNet's order. */
export function synsetSenses(lexicon: Lexicon, synset: number): number[] {
  const first = synsetField(lexicon, synset, SYNSET_FIELDS.firstSense)
  const count = synsetField(lexicon, synset, SYNSET_FIELDS.senseCount)
  const out: number[] = []
  for (let i = 0; i < count; i++) out.push(first + i)
  return out
}

/** One synset decoded whole: [id, type, lexicographer file, definition, examples, senses, first pointer, pointer count]. */
export function synsetAt(lexicon: Lexicon, synset: number): SynsetRow {
  return [
    synsetId(lexicon, synset),
    synsetType(lexicon, synset),
    synsetLexFile(lexicon, synset),
    synsetDefinition(lexicon, synset),
    synsetExamples(lexicon, synset),
    synsetSenses(lexicon, synset),
    synsetField(lexicon, synset, SYNSET_FIELDS.firstPointer),
    synsetField(lexicon, synset, SYNSET_FIELDS.pointerCount),
  ]
}

/** Every synset decoded, in release order (for whole-lexicon passes of the build and evaluation tools). */
export function* allSynsets(lexicon: Lexicon): Generator<SynsetRow> {
  for (let s = 0, n = synsetCount(lexicon); s < n; s++) yield synsetAt(lexicon, s)
}

/** A sense's key (its meaning ID). */
export function senseKey(lexicon: Lexicon, sense: number): string {
  return stringAt(lexicon.data, senseField(lexicon, sense, SENSE_FIELDS.key))
}

/** A sense's lemma as written (spaces between words, capitals kept). */
export function senseWritten(lexicon: Lexicon, sense: number): string {
  return stringAt(lexicon.data, senseField(lexicon, sense, SENSE_FIELDS.written))
}

export function senseSynset(lexicon: Lexicon, sense: number): number {
  return senseField(lexicon, sense, SENSE_FIELDS.synset)
}

export function senseNumber(lexicon: Lexicon, sense: number): number {
  return senseField(lexicon, sense, SENSE_FIELDS.senseNumber)
}

export function senseTagCount(lexicon: Lexicon, sense: number): number {
  return senseField(lexicon, sense, SENSE_FIELDS.tagCount)
}

/** One sense decoded whole: [sense key, lemma as written, synset, sense number, tag count]. */
export function senseAt(lexicon: Lexicon, sense: number): SenseRow {
  return [
    senseKey(lexicon, sense),
    senseWritten(lexicon, sense),
    senseSynset(lexicon, sense),
    senseNumber(lexicon, sense),
    senseTagCount(lexicon, sense),
  ]
}

/** The sense with this key (meaning ID), or undefined. */
export function senseIndexOf(lexicon: Lexicon, key: string): number | undefined {
  const { sections } = lexicon.data
  const sense = findString(
    lexicon.data,
    sections.senseKeyHash,
    (s) => senseField(lexicon, s, SENSE_FIELDS.key),
    key,
  )
  return sense === -1 ? undefined : sense
}

/** The pointers (relations) of one synset, in WordNet's order. */
export function pointersOf(lexicon: Lexicon, synset: number): PointerRow[] {
  const { data } = lexicon
  const pointers = data.sections.pointers
  const first = synsetField(lexicon, synset, SYNSET_FIELDS.firstPointer)
  const count = synsetField(lexicon, synset, SYNSET_FIELDS.pointerCount)
  const out: PointerRow[] = []
  for (let p = first * POINTER_WIDTH, end = (first + count) * POINTER_WIDTH; p < end; p += POINTER_WIDTH) {
    out.push([
      POINTER_SYMBOLS[sectionInt(data, pointers, p)] as PointerSymbol,
      sectionInt(data, pointers, p + 1),
      sectionInt(data, pointers, p + 2),
      sectionInt(data, pointers, p + 3),
    ])
  }
  return out
}

/** The position of a lemma (normalized) in code-unit order, or -1 when it is not a word. */
function lemmaIndex(lexicon: Lexicon, lemma: string): number {
  return findString(
    lexicon.data,
    lexicon.data.sections.lemmaHash,
    (i) => lemmaField(lexicon, i, LEMMA_FIELDS.lemma),
    lemma,
  )
}

/** The lemma at a position in code-unit order. */
export function lemmaAt(lexicon: Lexicon, position: number): string {
  return stringAt(lexicon.data, lemmaField(lexicon, position, LEMMA_FIELDS.lemma))
}

/** The suggestion rank of the lemma at a position (lower is shown first). */
export function lemmaRankAt(lexicon: Lexicon, position: number): number {
  return lemmaField(lexicon, position, LEMMA_FIELDS.rank)
}

/** The suggestion rank of a lemma (lower is commoner), Infinity when it is not a word. */
export function lemmaRank(lexicon: Lexicon, lemma: string): number {
  const position = lemmaIndex(lexicon, lemma)
  return position === -1 ? Infinity : lemmaRankAt(lexicon, position)
}

/** Every lemma, in code-unit order. */
export function* allLemmas(lexicon: Lexicon): Generator<string> {
  for (let i = 0, n = lemmaCount(lexicon); i < n; i++) yield lemmaAt(lexicon, i)
}

/**
 * The positions [start, end) of the lemmas that start with `prefix`, by binary search over their bytes
 * (the compiler checks that code-unit order and byte order agree on the lemmas).
 */
export function lemmaPrefixRange(lexicon: Lexicon, prefix: string): [number, number] {
  const [query, length] = utf8(prefix)
  const stringOf = (position: number) => lemmaField(lexicon, position, LEMMA_FIELDS.lemma)
  const bound = (prefixOnly: boolean, from: number) => {
    let lo = from
    let hi = lemmaCount(lexicon)
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const order = compareString(lexicon.data, stringOf(mid), query, length, prefixOnly)
      if (order < 0 || (prefixOnly && order === 0)) lo = mid + 1
      else hi = mid
    }
    return lo
  }
  const start = bound(false, 0)
  const end = bound(true, start)
  // Sorted lemmas between two that start with the prefix all do. Where the ends do not, the search ran on
  // zeros (a discovery run over a lexicon read in blocks: src/storage/paged-run.ts) and its range may span
  // most of the lexicon, which a caller reading every lemma in it would walk for each word of a passage.
  const startsWith = (position: number) =>
    compareString(lexicon.data, stringOf(position), query, length, true) === 0
  return end > start && !(startsWith(start) && startsWith(end - 1)) ? [start, start] : [start, end]
}

/** The best-ranked lemmas of a two- or three-character prefix, best first (at most 21). */
export function shortPrefixTop(lexicon: Lexicon, prefix: string): string[] {
  const { data } = lexicon
  const { prefixes, prefixLemmas } = data.sections
  const entry = findString(
    data,
    data.sections.prefixHash,
    (i) => sectionInt(data, prefixes, i * PREFIX_WIDTH),
    prefix,
  )
  if (entry === -1) return []
  const first = sectionInt(data, prefixes, entry * PREFIX_WIDTH + 1)
  const count = sectionInt(data, prefixes, entry * PREFIX_WIDTH + 2)
  const out: string[] = []
  for (let i = first; i < first + count; i++) out.push(lemmaAt(lexicon, sectionInt(data, prefixLemmas, i)))
  return out
}

/** The lexicon's senses of a lemma (already normalized), in WordNet order; empty when it is not a word. */
export function sensesOf(lexicon: Lexicon, lemma: string): readonly number[] {
  const position = lemmaIndex(lexicon, lemma)
  if (position === -1) return []
  const { data } = lexicon
  const first = lemmaField(lexicon, position, LEMMA_FIELDS.firstSense)
  const end = first + lemmaField(lexicon, position, LEMMA_FIELDS.senseCount)
  const out: number[] = []
  for (let i = first; i < end; i++) out.push(sectionInt(data, data.sections.lemmaSenses, i))
  return out
}

/**
 * Bits of the parts of speech a lemma (normalized) has senses in, bit i for PARTS_OF_SPEECH[i]; 0 when it is
 * not a word.
 */
function lemmaParts(lexicon: Lexicon, lemma: string): number {
  const position = lemmaIndex(lexicon, lemma)
  return position === -1 ? 0 : lemmaField(lexicon, position, LEMMA_FIELDS.parts)
}

/**
 * The parts of speech a lemma (normalized) has senses in, in PARTS_OF_SPEECH order, which is the order of
 * its senses (`sensesOf`); empty when it is not a word.
 */
export function lemmaPartsOfSpeech(lexicon: Lexicon, lemma: string): PartOfSpeech[] {
  const parts = lemmaParts(lexicon, lemma)
  return PARTS_OF_SPEECH.filter((_, i) => (parts & (1 << i)) !== 0)
}

export function isLemma(lexicon: Lexicon, lemma: string, pos?: PartOfSpeech): boolean {
  if (pos === undefined) return lemmaIndex(lexicon, lemma) !== -1
  return (lemmaParts(lexicon, lemma) & (1 << PARTS_OF_SPEECH.indexOf(pos))) !== 0
}

export function senseSynsetPos(lexicon: Lexicon, sense: number): PartOfSpeech {
  return partOfSpeech(synsetType(lexicon, senseSynset(lexicon, sense)))
}

export { PARTS_OF_SPEECH }
