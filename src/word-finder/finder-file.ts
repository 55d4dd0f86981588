/**
 * The word finder's release file (`word-finder.bin`, a paged companion of the lexicon release): per line of
 * the English word list (src/lexicon/word-list-file.ts) its syllables, lexicon parts of speech and whether a
 * meaning is offensive, vulgar or on the profanity list; the lines from the commonest down; the lines grouped
 * by perfect rhyme, near rhyme and spelling sound key; and an inverted index from the stemmed words of the
 * lexicon's definitions to their synsets, with each definition's length. Built with the release, read through
 * `PagedBytes` (whole on Node, in checked blocks on Workers). Layout, little-endian Int32 values: a magic
 * number, the section count, then per section its start (in Int32 units) and length (values, or bytes for a
 * text section); each section follows, text sections padded to a multiple of 4 bytes.
 */
import type { PagedBytes } from '../storage/paged-bytes'

export const FINDER_FILE = 'word-finder.bin'

const MAGIC = 0x57464e31

export const Section = {
  info: 0,
  byFrequency: 1,
  perfectOf: 2,
  perfectStarts: 3,
  perfectMembers: 4,
  nearOf: 5,
  nearStarts: 6,
  nearMembers: 7,
  soundStarts: 8,
  soundKeyEnds: 9,
  soundMembers: 10,
  soundText: 11,
  termStarts: 12,
  termKeyEnds: 13,
  termPostings: 14,
  termText: 15,
  synsetTerms: 16,
} as const
const SECTIONS = 17

/** Bits of a line's info value: syllables (0: unknown) in bits 0-4, parts of speech from bit 5, and `unsafe`. */
export const SYLLABLE_MASK = 0x1f
export const POS_SHIFT = 5
export const UNSAFE_BIT = 1 << 9

/** A group index: keys in code-unit order, each with the lines (or synsets) that have it, in the given order. */
export type KeyGroups = { keys: string[]; members: number[][] }

/** Group ids by key in code-unit order; members keep the order of `ids`. */
export function groupByKey(ids: Iterable<number>, keyOf: (id: number) => string | null): KeyGroups {
  const groups = new Map<string, number[]>()
  for (const id of ids) {
    const key = keyOf(id)
    if (key === null) continue
    const list = groups.get(key)
    if (list) list.push(id)
    else groups.set(key, [id])
  }
  const keys = [...groups.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return { keys, members: keys.map((k) => groups.get(k) as number[]) }
}

export type FinderInput = {
  info: Int32Array
  byFrequency: Int32Array
  perfect: KeyGroups
  near: KeyGroups
  sound: KeyGroups
  terms: KeyGroups
  synsetTerms: Int32Array
}

/** Per line, the group it belongs to (-1: none). */
function groupOf(groups: KeyGroups, lines: number): Int32Array {
  const out = new Int32Array(lines).fill(-1)
  groups.members.forEach((members, g) => {
    for (const line of members) out[line] = g
  })
  return out
}

const starts = (groups: KeyGroups) => {
  const out = new Int32Array(groups.members.length + 1)
  groups.members.forEach((m, g) => (out[g + 1] = (out[g] as number) + m.length))
  return out
}

const keyEnds = (groups: KeyGroups) => {
  const encoder = new TextEncoder()
  let at = 0
  return Int32Array.from(groups.keys, (k) => (at += encoder.encode(k).byteLength))
}

export function encodeFinderFile(input: FinderInput): Uint8Array {
  const lines = input.info.length
  const text = (groups: KeyGroups) => new TextEncoder().encode(groups.keys.join(''))
  const sections: Array<Int32Array | Uint8Array> = [
    input.info,
    input.byFrequency,
    groupOf(input.perfect, lines),
    starts(input.perfect),
    Int32Array.from(input.perfect.members.flat()),
    groupOf(input.near, lines),
    starts(input.near),
    Int32Array.from(input.near.members.flat()),
    starts(input.sound),
    keyEnds(input.sound),
    Int32Array.from(input.sound.members.flat()),
    text(input.sound),
    starts(input.terms),
    keyEnds(input.terms),
    Int32Array.from(input.terms.members.flat()),
    text(input.terms),
    input.synsetTerms,
  ]
  const words = (s: Int32Array | Uint8Array) =>
    s instanceof Int32Array ? s.length : Math.ceil(s.byteLength / 4)
  const header = 2 + 2 * SECTIONS
  const out = new Int32Array(header + sections.reduce((n, s) => n + words(s), 0))
  out[0] = MAGIC
  out[1] = SECTIONS
  let at = header
  sections.forEach((s, i) => {
    out[2 + 2 * i] = at
    out[3 + 2 * i] = s instanceof Int32Array ? s.length : s.byteLength
    if (s instanceof Int32Array) out.set(s, at)
    else new Uint8Array(out.buffer).set(s, 4 * at)
    at += words(s)
  })
  return new Uint8Array(out.buffer)
}

/** Why the file cannot be read, or null (the loader's check, reading only its header). */
export function finderFileProblem(file: PagedBytes): string | null {
  if (file.byteLength < 8 + 8 * SECTIONS) return `${FINDER_FILE} is shorter than its header`
  if (file.int32(0) !== MAGIC || file.int32(1) !== SECTIONS) return `${FINDER_FILE} has another layout`
  for (let i = 0; i < SECTIONS; i++) {
    const start = file.int32(2 + 2 * i)
    const length = file.int32(3 + 2 * i)
    const bytes = i === Section.soundText || i === Section.termText ? length : 4 * length
    if (start < 0 || length < 0 || 4 * start + bytes > file.byteLength)
      return `${FINDER_FILE} section ${i} runs past the end of the file`
  }
  return null
}

/** The value at `index` of a section. */
export const sectionValue = (file: PagedBytes, section: number, index: number): number =>
  file.int32(file.int32(2 + 2 * section) + index)

export const sectionLength = (file: PagedBytes, section: number): number => file.int32(3 + 2 * section)

/** The members [start, end) of group `g` of a group index, as positions in its members section. */
export function groupRange(file: PagedBytes, startsSection: number, g: number): [number, number] {
  return [sectionValue(file, startsSection, g), sectionValue(file, startsSection, g + 1)]
}

/** The group of `key` in a keyed group index (sound keys, definition terms), by binary search, or -1. */
export function findGroup(file: PagedBytes, endsSection: number, textSection: number, key: string): number {
  const base = 4 * file.int32(2 + 2 * textSection)
  const keyAt = (g: number) =>
    file.text(
      base + (g === 0 ? 0 : sectionValue(file, endsSection, g - 1)),
      base + sectionValue(file, endsSection, g),
    )
  let lo = 0
  let hi = sectionLength(file, endsSection)
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (keyAt(mid) < key) lo = mid + 1
    else hi = mid
  }
  return lo < sectionLength(file, endsSection) && keyAt(lo) === key ? lo : -1
}
