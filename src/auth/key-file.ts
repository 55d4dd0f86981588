/**
 * The key file's content (`{"keys": [record, ...]}`, spec 2.6) as the file key store reads and edits it.
 * Each record is checked on its own: a malformed one costs that record alone, named by its position.
 * Only a file that is not JSON, or not of that shape, is damaged as a whole. Reading yields a compact
 * index by digest in three byte arrays, which a worker thread can hand over without copying and which
 * holds a large store in a fraction of the memory of one object per key.
 */
import { KeyRecordSchema, KeyStoreUnavailableError, type KeyRecord } from './keys'

/** A record left out of the index, by its position in `keys` (from 0); never its content. */
export type SkippedRecord = { index: number; problem: string }

export type KeyFileIndex = {
  /** The usable records' digests, 32 bytes each, in ascending order. */
  digests: Uint8Array
  /** The usable records as JSON in UTF-8, in the same order: record i is bytes offsets[i] to offsets[i + 1]. */
  records: Uint8Array
  offsets: Uint32Array
  /** The first skipped records (at most SKIPPED_LISTED), and how many were skipped in all. */
  skipped: SkippedRecord[]
  skippedCount: number
}

export type KeyFileReading = { index: KeyFileIndex } | { problem: string }

/** Skipped records named one by one: a file of many bad records is reported without one line per record. */
export const SKIPPED_LISTED = 100

const DIGEST_BYTES = 32
const SHAPE = 'the file does not have the key-store shape {"keys": [...]}'

type KeyFileTop = { keys: unknown[] } & Record<string, unknown>

/** The file's top level, or what is wrong with it. Never quotes the content (it may hold a digest). */
function parseTop(text: string): { top: KeyFileTop } | { problem: string } {
  if (text.trim() === '') return { problem: 'the file is empty' }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { problem: 'the file is not valid JSON (truncated or damaged)' }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { problem: SHAPE }
  const keys = (raw as Record<string, unknown>).keys
  if (!Array.isArray(keys)) return { problem: `${SHAPE}: keys is not a list` }
  return { top: raw as KeyFileTop }
}

/** Why a record is not usable, naming the field and never its value. */
function recordProblem(error: { issues: { path: PropertyKey[] }[] }): string {
  const path = error.issues[0]?.path ?? []
  return path.length ? `${path.map(String).join('.')} is missing or invalid` : 'it is not a key record'
}

/** JSON.stringify escapes every control character, so an ASCII record is of these alone. */
const ASCII = /^[ -\x7f]*$/

/** Lowercase hex (checked by the record schema) as bytes. */
export function hexBytes(hex: string): Uint8Array {
  const nibble = (at: number) => {
    const c = hex.charCodeAt(at)
    return c <= 57 ? c - 48 : c - 87
  }
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = (nibble(2 * i) << 4) | nibble(2 * i + 1)
  return bytes
}

/** The index of a key file's bytes, or the problem that makes the whole file unreadable. */
export function readKeyFile(bytes: Uint8Array): KeyFileReading {
  const parsed = parseTop(new TextDecoder().decode(bytes))
  if ('problem' in parsed) return parsed
  const { top } = parsed
  const skipped: SkippedRecord[] = []
  let skippedCount = 0
  const skip = (index: number, problem: string) => {
    skippedCount++
    if (skipped.length < SKIPPED_LISTED) skipped.push({ index, problem })
  }
  const usable: { digest: string; json: string; index: number }[] = []
  top.keys.forEach((raw, index) => {
    const parsed = KeyRecordSchema.safeParse(raw)
    if (parsed.success) usable.push({ digest: parsed.data.digest, json: JSON.stringify(parsed.data), index })
    else skip(index, recordProblem(parsed.error))
  })
  // Files the CLI wrote are in digest order already; sorting is for files edited by hand.
  const inOrder = (a: (typeof usable)[number], b: (typeof usable)[number]) =>
    a.digest < b.digest ? -1 : a.digest > b.digest ? 1 : a.index - b.index
  if (usable.some((record, i) => i > 0 && inOrder(usable[i - 1] as typeof record, record) > 0)) {
    usable.sort(inOrder)
  }
  // Two records of one digest may disagree (one revoked, one not): neither is trusted.
  const kept: typeof usable = []
  for (let i = 0; i < usable.length;) {
    const first = usable[i] as (typeof usable)[number]
    let end = i + 1
    while (end < usable.length && usable[end]?.digest === first.digest) end++
    if (end === i + 1) kept.push(first)
    else {
      skip(first.index, 'its digest repeats later in the file')
      for (let k = i + 1; k < end; k++)
        skip(usable[k]?.index as number, `its digest repeats record ${first.index}`)
    }
    i = end
  }
  skipped.sort((a, b) => a.index - b.index)
  // Encoded as one string: encoding each record on its own costs more than the rest of the index.
  const records = new TextEncoder().encode(kept.map((record) => record.json).join(''))
  const offsets = new Uint32Array(kept.length + 1)
  kept.forEach(({ json }, i) => {
    const bytes = ASCII.test(json) ? json.length : new TextEncoder().encode(json).length
    offsets[i + 1] = (offsets[i] as number) + bytes
  })
  const digests = hexBytes(kept.map((record) => record.digest).join(''))
  return { index: { digests, records, offsets, skipped, skippedCount } }
}

function compareAt(digests: Uint8Array, at: number, wanted: Uint8Array): number {
  for (let i = 0; i < DIGEST_BYTES; i++) {
    const d = (digests[at * DIGEST_BYTES + i] as number) - (wanted[i] as number)
    if (d !== 0) return d
  }
  return 0
}

function recordAt(index: KeyFileIndex, at: number): KeyRecord {
  const json = new TextDecoder().decode(
    index.records.subarray(index.offsets[at] as number, index.offsets[at + 1] as number),
  )
  return KeyRecordSchema.parse(JSON.parse(json))
}

/** The number of usable records. */
export function recordCount(index: KeyFileIndex): number {
  return index.offsets.length - 1
}

/** The record of a digest (lowercase hex), by binary search, or null. */
export function findRecord(index: KeyFileIndex, digest: string): KeyRecord | null {
  if (!/^[a-f0-9]{64}$/.test(digest)) return null
  const wanted = hexBytes(digest)
  let low = 0
  let high = recordCount(index) - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const order = compareAt(index.digests, middle, wanted)
    if (order === 0) return recordAt(index, middle)
    if (order < 0) low = middle + 1
    else high = middle - 1
  }
  return null
}

/** Every usable record, by digest. */
export function allRecords(index: KeyFileIndex): KeyRecord[] {
  return Array.from({ length: recordCount(index) }, (_, at) => recordAt(index, at))
}

/**
 * The file's text with `record` in place of every entry of its digest (at the first one's position), or
 * added at the end. Every other entry, a malformed one included, and every other top-level field stay as
 * they were: a write never drops what it did not mean to change. A damaged file is refused, never
 * overwritten.
 */
export function withRecord(text: string, record: KeyRecord, displayName: string): string {
  const parsed = text === '' ? { top: { keys: [] } } : parseTop(text)
  if ('problem' in parsed) throw new KeyStoreUnavailableError(`${displayName}: ${parsed.problem}`)
  const { top } = parsed
  const sameDigest = (entry: unknown) =>
    typeof entry === 'object' && entry !== null && (entry as { digest?: unknown }).digest === record.digest
  const at = top.keys.findIndex(sameDigest)
  const keys = top.keys.filter((entry, i) => i === at || !sameDigest(entry))
  if (at !== -1) keys[keys.findIndex(sameDigest)] = record
  else {
    // In digest order, which spares the service a sort of the whole file when it indexes it.
    const later = keys.findIndex((entry) => {
      const digest = (entry as { digest?: unknown } | null)?.digest
      return typeof digest === 'string' && digest > record.digest
    })
    keys.splice(later === -1 ? keys.length : later, 0, record)
  }
  return JSON.stringify({ ...top, keys }, null, 2) + '\n'
}
