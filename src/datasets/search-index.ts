/**
 * The search index of a dataset release, built with it and read a few blocks at a time:
 * - `search-keys.bin`: a hash table on disk (the id index's format) from a key to its number. A search
 *   term's key is `q`, NUL, the term; a filter value's is `f`, NUL, the filter name, NUL, the value.
 * - `search-postings.bin`: (keys + 1) uint64le entry offsets, then every key's postings, 8 bytes each
 *   (uint32le record ordinal, float32le score). A term's postings are in BM25 order (score descending,
 *   then release order), a filter value's in release order (score 0).
 * So one term or one filter value is a slice of one list: a page of it costs the same whatever the size
 * of the release. BM25 scores are computed at build time (k1 1.2, b 0.75) over the spec's text fields.
 */
import { buildIdIndex, bucketCountFor, bucketTableRange, decodeOffsets, findInBucket } from './release-index'
import { termsOf } from './search-terms'

export const SEARCH_KEYS_FILE = 'search-keys.bin'
export const SEARCH_POSTINGS_FILE = 'search-postings.bin'
export const BM25 = { k1: 1.2, b: 0.75 } as const
const UINT64 = 8
export const ENTRY_BYTES = 8
/** A filter value longer than this is not indexed (and no `filter` may be longer). */
export const MAX_FILTER_VALUE_LENGTH = 250

/** What a release's search covers: the fields whose text is searched, and each filter's field. */
export type SearchSpec = {
  /** Dot paths into a record; a path through an array takes every element (`responses.word`). */
  text: string[]
  /** Filter name → dot path of its field. */
  filters: Record<string, string>
}

export const NO_SEARCH: SearchSpec = { text: [], filters: {} }

export function termKey(term: string): string {
  return `q\u0000${term}`
}

export function filterKey(name: string, value: string): string {
  return `f\u0000${name}\u0000${value}`
}

/** Every value at `path` in `record`, arrays walked into. */
export function valuesAt(record: unknown, path: string): unknown[] {
  let values: unknown[] = [record]
  for (const step of path.split('.')) {
    const next: unknown[] = []
    for (const value of values) {
      const child =
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as Record<string, unknown>)[step]
          : undefined
      if (Array.isArray(child)) next.push(...(child as unknown[]))
      else if (child !== undefined) next.push(child)
    }
    values = next
  }
  return values
}

/** The filter values of a field: strings, numbers and booleans as text; nothing else. */
function filterValues(record: unknown, path: string): Set<string> {
  const out = new Set<string>()
  for (const value of valuesAt(record, path)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      const text = String(value)
      if (text.length > 0 && text.length <= MAX_FILTER_VALUE_LENGTH) out.add(text)
    }
  }
  return out
}

/** A growable uint32 array: the builder holds one entry per (record, term) of a million-record release. */
class Uint32List {
  data = new Uint32Array(1024)
  length = 0
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Uint32Array(this.data.length * 2)
      grown.set(this.data)
      this.data = grown
    }
    this.data[this.length++] = value
  }
}

export type BuiltSearchIndex = { keys: Uint8Array; postings: Uint8Array; buckets: number; keyCount: number }

export function buildSearchIndex(
  records: ReadonlyArray<Record<string, unknown>>,
  spec: SearchSpec,
): BuiltSearchIndex {
  const keyNumbers = new Map<string, number>()
  const keyNames: string[] = []
  const numberOf = (key: string) => {
    let n = keyNumbers.get(key)
    if (n === undefined) {
      keyNumbers.set(key, (n = keyNames.length))
      keyNames.push(key)
    }
    return n
  }
  // (key, record, term frequency) triples in record order; filter postings have frequency 0.
  const entryKey = new Uint32List()
  const entryRecord = new Uint32List()
  const entryTf = new Uint32List()
  const lengths = new Uint32Array(records.length)
  const stems = new Map<string, string>()
  let totalLength = 0
  records.forEach((record, ordinal) => {
    const counts = new Map<string, number>()
    let length = 0
    for (const path of spec.text) {
      for (const value of valuesAt(record, path)) {
        if (typeof value !== 'string') continue
        for (const term of termsOf(value, stems)) {
          counts.set(term, (counts.get(term) ?? 0) + 1)
          length++
        }
      }
    }
    lengths[ordinal] = length
    totalLength += length
    for (const [term, tf] of counts) {
      entryKey.push(numberOf(termKey(term)))
      entryRecord.push(ordinal)
      entryTf.push(tf)
    }
    for (const [name, path] of Object.entries(spec.filters)) {
      for (const value of filterValues(record, path)) {
        entryKey.push(numberOf(filterKey(name, value)))
        entryRecord.push(ordinal)
        entryTf.push(0)
      }
    }
  })

  const keyCount = keyNames.length
  const entries = entryKey.length
  const starts = new Float64Array(keyCount + 1)
  for (let i = 0; i < entries; i++) {
    const next = (entryKey.data[i] as number) + 1
    starts[next] = (starts[next] as number) + 1
  }
  for (let k = 0; k < keyCount; k++) starts[k + 1] = (starts[k + 1] as number) + (starts[k] as number)
  const placed = starts.slice(0, keyCount)
  const order = new Uint32Array(entries)
  for (let i = 0; i < entries; i++) {
    const k = entryKey.data[i] as number
    order[placed[k] as number] = i
    placed[k] = (placed[k] as number) + 1
  }

  const headerBytes = (keyCount + 1) * UINT64
  const postings = new Uint8Array(headerBytes + entries * ENTRY_BYTES)
  const view = new DataView(postings.buffer)
  for (let k = 0; k <= keyCount; k++) view.setBigUint64(k * UINT64, BigInt(starts[k] as number), true)
  const count = records.length
  const averageLength = count > 0 ? totalLength / count : 0
  const scores = new Float32Array(entries)
  for (let k = 0; k < keyCount; k++) {
    const from = starts[k] as number
    const to = starts[k + 1] as number
    const isTerm = (keyNames[k] as string).startsWith('q')
    const idf = Math.log(1 + (count - (to - from) + 0.5) / (to - from + 0.5))
    for (let at = from; at < to; at++) {
      const i = order[at] as number
      const tf = entryTf.data[i] as number
      const norm = averageLength > 0 ? (lengths[entryRecord.data[i] as number] as number) / averageLength : 0
      scores[i] = isTerm ? (idf * tf * (BM25.k1 + 1)) / (tf + BM25.k1 * (1 - BM25.b + BM25.b * norm)) : 0
    }
    if (isTerm && to - from > 1) {
      // Stable: equal scores keep release order.
      const slice = Array.from(order.subarray(from, to))
      slice.sort((a, b) => (scores[b] as number) - (scores[a] as number))
      order.set(slice, from)
    }
  }
  for (let at = 0; at < entries; at++) {
    const i = order[at] as number
    const place = headerBytes + at * ENTRY_BYTES
    view.setUint32(place, entryRecord.data[i] as number, true)
    view.setFloat32(place + 4, scores[i] as number, true)
  }
  const buckets = bucketCountFor(keyCount)
  return { keys: buildIdIndex(keyNames, buckets), postings, buckets, keyCount }
}

/** Reads bytes [start, end) of a release file, checked. */
export type FileRead = (start: number, end: number) => Promise<Uint8Array>

/** Where a key's postings lie: entry indices [from, to), or null when no record has it. */
export async function postingsOf(
  keys: FileRead,
  postings: FileRead,
  buckets: number,
  key: string,
): Promise<{ from: number; to: number } | null> {
  const table = bucketTableRange(key, buckets)
  const [bucketStart, bucketEnd] = decodeOffsets(await keys(table.start, table.end)) as [number, number]
  const number = findInBucket(await keys(bucketStart, bucketEnd), key)
  if (number === null) return null
  const [from, to] = decodeOffsets(await postings(number * UINT64, (number + 2) * UINT64)) as [number, number]
  return { from, to }
}

export type Posting = { ordinal: number; score: number }

/** Entries [from, to) of the postings, as ordinals and scores. */
export async function readPostings(
  postings: FileRead,
  keyCount: number,
  from: number,
  to: number,
): Promise<{ ordinals: Uint32Array; scores: Float32Array }> {
  const headerBytes = (keyCount + 1) * UINT64
  const bytes = await postings(headerBytes + from * ENTRY_BYTES, headerBytes + to * ENTRY_BYTES)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const ordinals = new Uint32Array(to - from)
  const scores = new Float32Array(to - from)
  for (let i = 0; i < to - from; i++) {
    ordinals[i] = view.getUint32(i * ENTRY_BYTES, true)
    scores[i] = view.getFloat32(i * ENTRY_BYTES + 4, true)
  }
  return { ordinals, scores }
}
