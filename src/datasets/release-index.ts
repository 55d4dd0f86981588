/**
 * The two indexes that let a page or a record be read without reading the whole release:
 * - line offsets: recordCount + 1 uint64le byte offsets into records.jsonl (the last is its length), so
 *   records [a, b) are bytes offsets[a]..offsets[b];
 * - id index: a hash table on disk. (buckets + 1) uint64le offsets, then per bucket its entries
 *   (uint32le ordinal, uint16le id byte length, UTF-8 id), so one id costs two small reads.
 */

const encoder = new TextEncoder()
const UINT64 = 8
const ENTRY_HEAD = 6

/** FNV-1a, 32 bits, over the UTF-8 bytes of the id: simple, fast and the same on every platform. */
export function idHash(bytes: Uint8Array): number {
  let hash = 0x811c9dc5
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193)
  return hash >>> 0
}

/** About four ids a bucket: a bucket read stays small, the table stays a small part of the release. */
export function bucketCountFor(records: number): number {
  return Math.max(1, Math.ceil(records / 4))
}

export function encodeOffsets(offsets: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(offsets.length * UINT64)
  const view = new DataView(bytes.buffer)
  offsets.forEach((offset, i) => view.setBigUint64(i * UINT64, BigInt(offset), true))
  return bytes
}

export function decodeOffsets(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out: number[] = []
  for (let at = 0; at + UINT64 <= bytes.byteLength; at += UINT64)
    out.push(Number(view.getBigUint64(at, true)))
  return out
}

/** Where the line-offset entries for records [start, end) lie in the offsets file. */
export function offsetsRange(start: number, end: number): { start: number; end: number } {
  return { start: start * UINT64, end: (end + 1) * UINT64 }
}

export function buildIdIndex(ids: readonly string[], buckets: number): Uint8Array {
  const members: Array<Array<{ ordinal: number; id: Uint8Array }>> = Array.from({ length: buckets }, () => [])
  ids.forEach((id, ordinal) => {
    const bytes = encoder.encode(id)
    members[idHash(bytes) % buckets]?.push({ ordinal, id: bytes })
  })
  const tableBytes = (buckets + 1) * UINT64
  let size = tableBytes
  for (const bucket of members) for (const entry of bucket) size += ENTRY_HEAD + entry.id.byteLength
  const out = new Uint8Array(size)
  const view = new DataView(out.buffer)
  let at = tableBytes
  members.forEach((bucket, b) => {
    view.setBigUint64(b * UINT64, BigInt(at), true)
    for (const entry of bucket) {
      view.setUint32(at, entry.ordinal, true)
      view.setUint16(at + 4, entry.id.byteLength, true)
      out.set(entry.id, at + ENTRY_HEAD)
      at += ENTRY_HEAD + entry.id.byteLength
    }
  })
  view.setBigUint64(buckets * UINT64, BigInt(at), true)
  return out
}

/** The byte range of the bucket-table entries that bound the bucket of `id`. */
export function bucketTableRange(id: string, buckets: number): { start: number; end: number } {
  const bucket = idHash(encoder.encode(id)) % buckets
  return { start: bucket * UINT64, end: (bucket + 2) * UINT64 }
}

/** The ordinal of `id` among a bucket's entries, or null. */
export function findInBucket(bucket: Uint8Array, id: string): number | null {
  const wanted = encoder.encode(id)
  const view = new DataView(bucket.buffer, bucket.byteOffset, bucket.byteLength)
  let at = 0
  while (at + ENTRY_HEAD <= bucket.byteLength) {
    const ordinal = view.getUint32(at, true)
    const length = view.getUint16(at + 4, true)
    const start = at + ENTRY_HEAD
    if (length === wanted.byteLength && sameBytes(bucket, start, wanted)) return ordinal
    at = start + length
  }
  return null
}

function sameBytes(haystack: Uint8Array, at: number, needle: Uint8Array): boolean {
  for (let i = 0; i < needle.byteLength; i++) if (haystack[at + i] !== needle[i]) return false
  return true
}
