/**
 * The meaning model's release file (`semcor-wsd.bin`) and every byte access to it, as plain functions over
 * `PagedBytes`: the whole file on Node, checked blocks through the lexicon's bounded cache on Workers.
 * Layout: a little-endian Uint32 slot count (a power of two, at least twice the lines), the slots (Uint32
 * each: the byte offset of a line in the text + 1, 0 for an empty slot; an open-addressing hash table over
 * the lines' keys, FNV-1a over their UTF-8 bytes, linear probing), then the model text as training wrote it
 * (`model/semcor-wsd.tsv`): lines `pos:word TAB …`, one per key. The index is built by the release builder,
 * so loading builds nothing, and a line is decoded only when its word is asked for.
 */
import { fnv1a, hashSlots, utf8 } from '../../lexicon/compact'
import type { Lexicon } from '../../lexicon/lexicon'
import type { PagedBytes } from '../../storage/paged-bytes'

/** The model's file in the lexicon release, a companion read in blocks where the release is (Workers). */
export const SEMCOR_MODEL_FILE = 'semcor-wsd.bin'

/** The model of a lexicon's release (the loader checked it with `modelFileProblem`). */
export const meaningModelOf = (lexicon: Lexicon): PagedBytes =>
  lexicon.companions[SEMCOR_MODEL_FILE] as PagedBytes

const TAB = 9
const NEWLINE = 10
const SLOT_BYTES = 4

/** The Uint32 at a byte offset that is a multiple of 4 (every one this file has). */
const uint32At = (file: PagedBytes, at: number): number => file.int32(at / SLOT_BYTES) >>> 0

/** The release file of a model text: its index, then the text, byte for byte. */
export function encodeModelFile(text: Uint8Array): Uint8Array {
  const lineStarts: number[] = []
  for (let start = 0; start < text.byteLength;) {
    lineStarts.push(start)
    const end = text.indexOf(NEWLINE, start)
    start = end === -1 ? text.byteLength : end + 1
  }
  const keyEnds = lineStarts.map((start) => {
    const tab = text.indexOf(TAB, start)
    if (tab === -1) throw new Error(`model text: the line at byte ${start} has no key`)
    return tab
  })
  const table = hashSlots(
    lineStarts.length,
    (line) => fnv1a(text, lineStarts[line] as number, keyEnds[line] as number),
    (line) => lineStarts[line] as number,
  )
  const textStart = SLOT_BYTES * (1 + table.length)
  const file = new Uint8Array(textStart + text.byteLength)
  const view = new DataView(file.buffer)
  view.setUint32(0, table.length, true)
  table.forEach((value, slot) => view.setUint32(SLOT_BYTES * (1 + slot), value, true))
  file.set(text, textStart)
  return file
}

/** Why the bytes are not a model file this service reads, or null when they are. */
export function modelFileProblem(file: PagedBytes): string | null {
  if (file.byteLength < SLOT_BYTES) return 'the model file has no index'
  const slots = uint32At(file, 0)
  if (slots === 0 || (slots & (slots - 1)) !== 0) return 'the model index size is not a power of two'
  if (SLOT_BYTES * (1 + slots) > file.byteLength) return 'the model index runs past the end of the file'
  return null
}

/** The byte range [start, end) of the line of `key` in the file, or null when the model has no such key. */
export function modelLineRange(file: PagedBytes, key: string): [number, number] | null {
  const [query, length] = utf8(key)
  const slots = uint32At(file, 0)
  const textStart = SLOT_BYTES * (1 + slots)
  for (let slot = fnv1a(query, 0, length) & (slots - 1); ; slot = (slot + 1) & (slots - 1)) {
    const value = uint32At(file, SLOT_BYTES * (1 + slot))
    if (value === 0) return null
    const start = textStart + value - 1
    let same = start + length < file.byteLength && file.byte(start + length) === TAB
    for (let i = 0; i < length && same; i++) same = file.byte(start + i) === query[i]
    if (!same) continue
    const end = file.indexOf(NEWLINE, start + length)
    return [start, end === -1 ? file.byteLength : end]
  }
}

/** The line of `key` (`pos:word TAB senses TAB counts TAB features`), decoded, or null. */
export function modelLine(file: PagedBytes, key: string): string | null {
  const range = modelLineRange(file, key)
  return range && file.text(range[0], range[1])
}
