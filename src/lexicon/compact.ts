/**
 * The compact form of the lexicon, as the release stores it and memory holds it: every string as UTF-8 in
 * one buffer (`strings.bin`), every row and index as Int32 sections of one buffer (`tables.bin`), with
 * exact-match lookups through open-addressing hash tables. Nothing is decoded until it is asked for, so the
 * loaded lexicon costs about its file sizes, and threads can share the same bytes. Both files are read through
 * PagedBytes: whole on Node, in checked blocks through a bounded cache on Workers.
 */
import type { PagedBytes } from '../storage/paged-bytes'

/**
 * The sections of `tables.bin`, in file order. The file starts with the section count, then each section's
 * offset and length in Int32 units from the start of the file, all little-endian Int32.
 */
export const TABLE_SECTIONS = [
  /** String i is the UTF-8 bytes of `strings.bin` from offset i to offset i + 1. */
  'stringOffsets',
  /** Rows of SYNSET_WIDTH, see SYNSET_FIELDS. */
  'synsets',
  /** Rows of SENSE_WIDTH, see SENSE_FIELDS. */
  'senses',
  /** [symbol code, target synset, source sense or -1, target sense or -1] per pointer. */
  'pointers',
  /** Rows of LEMMA_WIDTH in code-unit order of the lower-case lemma: see LEMMA_FIELDS. */
  'lemmas',
  /** Each lemma's senses (nouns, verbs, adjectives, adverbs, by sense number), one lemma after another. */
  'lemmaSenses',
  /** Hash table of lemma strings: lemma index + 1, 0 for an empty slot. */
  'lemmaHash',
  /** Hash table of sense keys: sense index + 1, 0 for an empty slot. */
  'senseKeyHash',
  /** Rows of [prefix string, first entry in prefixLemmas, count] for every two- and three-character prefix. */
  'prefixes',
  /** The best-ranked lemma indices of each prefix, best first. */
  'prefixLemmas',
  /** Hash table of prefix strings: prefix index + 1, 0 for an empty slot. */
  'prefixHash',
] as const

export type TableSection = (typeof TABLE_SECTIONS)[number]

export const SYNSET_FIELDS = {
  id: 0,
  type: 1,
  lexicographerFile: 2,
  definition: 3,
  firstExample: 4,
  exampleCount: 5,
  firstSense: 6,
  senseCount: 7,
  firstPointer: 8,
  pointerCount: 9,
} as const
export const SYNSET_WIDTH = 10
export const SENSE_FIELDS = { key: 0, written: 1, synset: 2, senseNumber: 3, tagCount: 4 } as const
export const SENSE_WIDTH = 5
/**
 * `parts` is a bit per part of speech the lemma's senses have (bit i for PARTS_OF_SPEECH[i]): which parts of
 * speech a word can be is asked for every word of every gloss a meaning's signature reads, and read from the
 * senses it took a sense row and a synset row each, scattered across the tables.
 */
export const LEMMA_FIELDS = { lemma: 0, firstSense: 1, senseCount: 2, rank: 3, parts: 4 } as const
export const LEMMA_WIDTH = 5
export const PREFIX_WIDTH = 3
/** Synset types by code (the `type` field). */
export const SYNSET_TYPES = ['n', 'v', 'a', 's', 'r'] as const

export type CompactTables = Record<TableSection, Int32Array>

/** Where a section lies in `tables.bin`, in Int32 units from the start of the file. */
export type Section = { offset: number; length: number }
export type CompactSections = Record<TableSection, Section>

/**
 * A loaded compact lexicon: its two files read through PagedBytes (whole in memory, or a bounded cache of
 * checked blocks), where its sections lie, and the strings decoded lately.
 */
export type CompactData = {
  strings: PagedBytes
  tables: PagedBytes
  sections: CompactSections
  /** Recently decoded strings by id (see `stringAt`). */
  recent: Map<number, string>
}

/** Entry `index` of a section of `tables.bin`. */
export function sectionInt(data: CompactData, section: Section, index: number): number {
  return data.tables.int32(section.offset + index)
}

/** FNV-1a, 32 bits, over bytes: the hash of every hash table in `tables.bin`. */
export function fnv1a(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193)
  return hash >>> 0
}

/** Writes the strings of a release: their UTF-8 bytes and offsets; a string's id is its position. */
export function encodeStrings(strings: readonly string[]): { bytes: Uint8Array; offsets: Int32Array } {
  const encoder = new TextEncoder()
  const encoded = strings.map((s) => encoder.encode(s))
  const offsets = new Int32Array(strings.length + 1)
  encoded.forEach((e, i) => (offsets[i + 1] = (offsets[i] as number) + e.byteLength))
  const bytes = new Uint8Array(offsets[strings.length] as number)
  encoded.forEach((e, i) => bytes.set(e, offsets[i] as number))
  return { bytes, offsets }
}

/**
 * The slots of an open-addressing hash table (linear probing, a power of two at least twice the entries), the
 * form of every hash table of a release file: each entry, in order, goes to the first free slot from its hash,
 * which holds `valueOf(entry) + 1` (the entry's index + 1 unless given); 0 marks an empty slot.
 */
export function hashSlots(
  count: number,
  hashOf: (entry: number) => number,
  valueOf: (entry: number) => number = (entry) => entry,
): Int32Array {
  let size = 1
  while (size < count * 2) size *= 2
  const table = new Int32Array(size)
  const mask = size - 1
  for (let entry = 0; entry < count; entry++) {
    let slot = hashOf(entry) & mask
    while (table[slot] !== 0) slot = (slot + 1) & mask
    table[slot] = valueOf(entry) + 1
  }
  return table
}

/** The hash table of the given string ids: slot values are entry index + 1. */
export function buildHashTable(
  strings: { bytes: Uint8Array; offsets: Int32Array },
  stringIds: readonly number[],
): Int32Array {
  return hashSlots(stringIds.length, (entry) => {
    const id = stringIds[entry] as number
    return fnv1a(strings.bytes, strings.offsets[id] as number, strings.offsets[id + 1] as number)
  })
}

/** The `tables.bin` bytes of the sections, in TABLE_SECTIONS order. */
export function encodeTables(tables: CompactTables): Uint8Array {
  const header = 1 + TABLE_SECTIONS.length * 2
  let length = header
  for (const name of TABLE_SECTIONS) length += tables[name].length
  const out = new Int32Array(length)
  out[0] = TABLE_SECTIONS.length
  let at = header
  TABLE_SECTIONS.forEach((name, i) => {
    out[1 + i * 2] = at
    out[2 + i * 2] = tables[name].length
    out.set(tables[name], at)
    at += tables[name].length
  })
  const bytes = new Uint8Array(out.buffer)
  const view = new DataView(out.buffer)
  for (let i = 0; i < length; i++) view.setInt32(i * 4, out[i] as number, true)
  return bytes
}

/** Where the sections of `tables.bin` lie (its header, the first block, must be readable), or why it is not one. */
export function decodeSections(tables: PagedBytes): CompactSections | string {
  if (tables.byteLength % 4 !== 0 || tables.byteLength < 4) return 'tables.bin is not whole Int32 values'
  const ints = tables.byteLength / 4
  if (tables.int32(0) !== TABLE_SECTIONS.length)
    return 'tables.bin does not have the sections this service reads'
  const sections = {} as CompactSections
  for (const [i, name] of TABLE_SECTIONS.entries()) {
    const offset = tables.int32(1 + i * 2)
    const length = tables.int32(2 + i * 2)
    if (offset < 0 || length < 0 || offset + length > ints) return `tables.bin: ${name} is out of range`
    sections[name] = { offset, length }
  }
  return sections
}

/**
 * Decoded strings kept for the next request: a word record decodes thousands (its relations' words and
 * definitions), the same ones for the same word. Emptied when full, so its memory stays bounded.
 */
const RECENT_STRINGS = 1 << 16

/** String `id`, decoded. */
export function stringAt(data: CompactData, id: number): string {
  let text = data.recent.get(id)
  if (text === undefined) {
    const offsets = data.sections.stringOffsets
    text = data.strings.text(sectionInt(data, offsets, id), sectionInt(data, offsets, id + 1))
    if (data.recent.size >= RECENT_STRINGS) data.recent.clear()
    data.recent.set(id, text)
  }
  return text
}

let scratch = new Uint8Array(256)
const encoder = new TextEncoder()

/** The UTF-8 bytes of `text` (into a reused buffer when it is ASCII) and their length. */
export function utf8(text: string): [Uint8Array, number] {
  if (text.length > scratch.length) scratch = new Uint8Array(text.length * 2)
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0x80) {
      const bytes = encoder.encode(text)
      return [bytes, bytes.byteLength]
    }
    scratch[i] = code
  }
  return [scratch, text.length]
}

/**
 * The entry of `text` in a hash table whose slots name entries, each entry's string id given by
 * `stringOf`; -1 when it is not there.
 */
export function findString(
  data: CompactData,
  table: Section,
  stringOf: (entry: number) => number,
  text: string,
): number {
  const [query, length] = utf8(text)
  const mask = table.length - 1
  const offsets = data.sections.stringOffsets
  const bytes = data.strings
  for (let slot = fnv1a(query, 0, length) & mask; ; slot = (slot + 1) & mask) {
    const value = sectionInt(data, table, slot)
    if (value === 0) return -1
    const id = stringOf(value - 1)
    const start = sectionInt(data, offsets, id)
    if (sectionInt(data, offsets, id + 1) - start !== length) continue
    let same = true
    for (let i = 0; i < length && same; i++) same = bytes.byte(start + i) === query[i]
    if (same) return value - 1
  }
}

/**
 * String `id` against the UTF-8 bytes `query[0, length)`, in byte order (code-point order): negative,
 * zero or positive. With `prefixOnly`, a string that starts with the query counts as equal to it.
 */
export function compareString(
  data: CompactData,
  id: number,
  query: Uint8Array,
  length: number,
  prefixOnly: boolean,
): number {
  const offsets = data.sections.stringOffsets
  const start = sectionInt(data, offsets, id)
  const size = sectionInt(data, offsets, id + 1) - start
  const bytes = data.strings
  for (let i = 0, n = Math.min(size, length); i < n; i++) {
    const difference = bytes.byte(start + i) - (query[i] as number)
    if (difference !== 0) return difference
  }
  return size >= length && prefixOnly ? 0 : size - length
}
