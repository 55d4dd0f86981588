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
  return hashRange(bytes, 0, bytes.byteLength)
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

/** FNV-1a over bytes [start, end) of a buffer, as `idHash` over that slice. */
function hashRange(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193)
  return hash >>> 0
}

/**
 * Builds the id index in typed arrays (a million ids in well under a second): every id is encoded once into
 * one pool, then the entries are placed bucket by bucket in ordinal order (a counting sort).
 */
export function buildIdIndex(ids: readonly string[], buckets: number): Uint8Array {
  const count = ids.length
  let capacity = 0
  for (const id of ids) capacity += id.length * 3
  const pool = new Uint8Array(capacity)
  const starts = new Uint32Array(count + 1)
  const bucketOf = new Uint32Array(count)
  const bucketBytes = new Float64Array(buckets)
  let used = 0
  for (let i = 0; i < count; i++) {
    starts[i] = used
    used += encoder.encodeInto(ids[i] as string, pool.subarray(used)).written
    const bucket = hashRange(pool, starts[i] as number, used) % buckets
    bucketOf[i] = bucket
    bucketBytes[bucket] = (bucketBytes[bucket] as number) + ENTRY_HEAD + used - (starts[i] as number)
  }
  starts[count] = used

  const tableBytes = (buckets + 1) * UINT64
  const out = new Uint8Array(tableBytes + used + count * ENTRY_HEAD)
  const view = new DataView(out.buffer)
  const cursor = new Float64Array(buckets)
  let at = tableBytes
  for (let b = 0; b < buckets; b++) {
    view.setBigUint64(b * UINT64, BigInt(at), true)
    cursor[b] = at
    at += bucketBytes[b] as number
  }
  view.setBigUint64(buckets * UINT64, BigInt(at), true)
  for (let i = 0; i < count; i++) {
    const bucket = bucketOf[i] as number
    const place = cursor[bucket] as number
    const start = starts[i] as number
    const length = (starts[i + 1] as number) - start
    view.setUint32(place, i, true)
    view.setUint16(place + 4, length, true)
    out.set(pool.subarray(start, start + length), place + ENTRY_HEAD)
    cursor[bucket] = place + ENTRY_HEAD + length
  }
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
