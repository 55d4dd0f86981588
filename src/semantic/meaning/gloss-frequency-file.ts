/**
 * The gloss word document frequencies' release file (`gloss-frequency.bin`) and every byte access to it, as
 * plain functions over its bytes. The release builder counts them (`createDocumentFrequency` over every
 * synset's definition and examples), so neither a route thread nor a Workers isolate reads every gloss on
 * its first request. Layout, little-endian Uint32 values: the slot count S (a power of two, at least twice
 * the words), the word count W, S slots (an open-addressing hash table, FNV-1a over a word's UTF-8 bytes,
 * linear probing; each slot a word's number + 1, 0 when empty), W counts, W + 1 offsets of the words in the
 * bytes that follow (word i is from offset i to offset i + 1), then the words' UTF-8 bytes.
 */
import { fnv1a, hashSlots, utf8 } from '../../lexicon/compact'
import type { Lexicon } from '../../lexicon/lexicon'
import { createDocumentFrequency, type DocumentFrequency } from './gloss-frequency'

/** The file in the lexicon release, a companion held whole on every runtime. */
export const GLOSS_FREQUENCY_FILE = 'gloss-frequency.bin'

/** The gloss frequencies of a lexicon's release (the loader checked them with `glossFrequencyFileProblem`). */
export const glossFrequencyOf = (lexicon: Lexicon): Uint8Array =>
  lexicon.wholeCompanions[GLOSS_FREQUENCY_FILE] as Uint8Array

/** The document frequency of every gloss word, each synset's definition and examples being one document. */
export function glossFrequencyFile(
  glosses: ReadonlyArray<{ definition: string; examples: readonly string[] }>,
): Uint8Array {
  const frequency = createDocumentFrequency()
  glosses.forEach(({ definition, examples }, synset) => {
    frequency.add(synset, definition)
    for (const example of examples) frequency.add(synset, example)
  })
  return encodeGlossFrequencyFile(frequency)
}

const UINT32 = 4
const HEADER = 2 * UINT32

const uint32At = (bytes: Uint8Array, at: number): number =>
  ((bytes[at] as number) |
    ((bytes[at + 1] as number) << 8) |
    ((bytes[at + 2] as number) << 16) |
    ((bytes[at + 3] as number) << 24)) >>>
  0

type Layout = { slots: number; words: number; counts: number; offsets: number; bytes: number }

function layoutOf(file: Uint8Array): Layout {
  const slots = uint32At(file, 0)
  const words = uint32At(file, UINT32)
  const counts = HEADER + UINT32 * slots
  const offsets = counts + UINT32 * words
  return { slots, words, counts, offsets, bytes: offsets + UINT32 * (words + 1) }
}

/** The release file of counted words. */
export function encodeGlossFrequencyFile(frequency: DocumentFrequency): Uint8Array {
  const words: Uint8Array[] = []
  const counts: number[] = []
  frequency.forEachWord((letters, count) => {
    words.push(letters.slice())
    counts.push(count)
  })
  const table = hashSlots(words.length, (entry) => {
    const word = words[entry] as Uint8Array
    return fnv1a(word, 0, word.byteLength)
  })
  const wordBytes = words.reduce((total, word) => total + word.byteLength, 0)
  const file = new Uint8Array(HEADER + UINT32 * (table.length + 2 * words.length + 1) + wordBytes)
  const view = new DataView(file.buffer)
  view.setUint32(0, table.length, true)
  view.setUint32(UINT32, words.length, true)
  table.forEach((value, slot) => view.setUint32(HEADER + UINT32 * slot, value, true))
  const layout = layoutOf(file)
  let offset = 0
  words.forEach((word, i) => {
    view.setUint32(layout.counts + UINT32 * i, counts[i] as number, true)
    view.setUint32(layout.offsets + UINT32 * i, offset, true)
    file.set(word, layout.bytes + offset)
    offset += word.byteLength
  })
  view.setUint32(layout.offsets + UINT32 * words.length, offset, true)
  return file
}

/** Why the bytes are not a gloss frequency file this service reads, or null when they are. */
export function glossFrequencyFileProblem(file: Uint8Array): string | null {
  if (file.byteLength < HEADER) return 'the gloss frequency file has no header'
  const layout = layoutOf(file)
  if (layout.slots === 0 || (layout.slots & (layout.slots - 1)) !== 0)
    return 'the gloss frequency index size is not a power of two'
  if (layout.slots < layout.words) return 'the gloss frequency index has fewer slots than words'
  if (layout.bytes > file.byteLength) return 'the gloss frequency index runs past the end of the file'
  if (layout.bytes + uint32At(file, layout.offsets + UINT32 * layout.words) !== file.byteLength)
    return 'the gloss frequency words do not end where the file ends'
  return null
}

/**
 * The count of each word in the file: in how many synsets' glosses it occurs (0 for a word no gloss holds).
 * The file's Uint32 values are read through typed arrays over its bytes (a copy only where the bytes do not
 * start at a 4-byte boundary), as fast as the counting table they were written from.
 */
export function glossCounts(file: Uint8Array): (word: string) => number {
  const aligned = file.byteOffset % UINT32 === 0 ? file : file.slice()
  const layout = layoutOf(aligned)
  const uint32s = (at: number, length: number) =>
    new Uint32Array(aligned.buffer, aligned.byteOffset + at, length)
  const slots = uint32s(HEADER, layout.slots)
  const counts = uint32s(layout.counts, layout.words)
  const offsets = uint32s(layout.offsets, layout.words + 1)
  const words = aligned.subarray(layout.bytes)
  const mask = layout.slots - 1
  return (word) => {
    const [query, length] = utf8(word)
    for (let slot = fnv1a(query, 0, length) & mask; ; slot = (slot + 1) & mask) {
      const value = slots[slot] as number
      if (value === 0) return 0
      const entry = value - 1
      const start = offsets[entry] as number
      if ((offsets[entry + 1] as number) - start !== length) continue
      let same = true
      for (let i = 0; i < length && same; i++) same = words[start + i] === query[i]
      if (same) return counts[entry] as number
    }
  }
}
