/**
 * The key file's index as the `keys` commands write the file (JSON indented by two spaces, each record a
 * `{ … }` block at depth two, in digest order), read record by record and then kept up to date: when the
 * file changes, only the records around the bytes that differ from the file indexed before are read again,
 * and the rest of the index is copied. A file of any other shape, or with a record that is not usable, is
 * left to `readKeyFile`, which reads it whole. The index's arrays are shared memory, so the worker thread
 * that keeps them for the next update hands them to the event loop without a copy.
 */
import { hexBytes, type KeyFileIndex } from './key-file'
import { parseKeyRecord } from './keys'

/** An index with where each record lies in the file it was read from (in file order, which is digest order). */
export type LaidOutIndex = { bytes: Buffer; starts: Uint32Array; ends: Uint32Array; index: KeyFileIndex }

const HEADER = Buffer.from('{\n  "keys": [')
const FOOTER = Buffer.from('\n  ]\n}\n')
/** What comes before a record's `{`, and where its `}` is: nothing inside a record is indented by four. */
const OPEN = Buffer.from('\n    {')
const CLOSE = '\n    }'
const DIGEST_BYTES = 32
/** Bytes compared at once when looking for where two versions of the file differ. */
const CHUNK = 1 << 16

type Read = { digest: string; json: string; start: number; end: number }

function hasLayout(bytes: Buffer): boolean {
  const length = bytes.length
  return (
    length >= HEADER.length + FOOTER.length &&
    bytes.compare(HEADER, 0, HEADER.length, 0, HEADER.length) === 0 &&
    bytes.compare(FOOTER, 0, FOOTER.length, length - FOOTER.length, length) === 0
  )
}

/** The usable record in `text`, normalized as `readKeyFile` keeps it, or null. */
function recordOf(text: string): { digest: string; json: string } | null {
  const record = parseKeyRecord(text)
  return record ? { digest: record.digest, json: JSON.stringify(record) } : null
}

/** The records from `from` to `to`: one or more blocks separated by commas, each a usable record; else null. */
function recordsIn(bytes: Buffer, from: number, to: number): Read[] | null {
  const found: Read[] = []
  let at = from
  for (;;) {
    if (at + OPEN.length > to || bytes.compare(OPEN, 0, OPEN.length, at, at + OPEN.length) !== 0) return null
    const start = at + OPEN.length - 1
    const close = bytes.indexOf(CLOSE, start)
    if (close === -1 || close + CLOSE.length > to) return null
    const end = close + CLOSE.length
    const record = recordOf(bytes.toString('utf8', start, end))
    if (record === null) return null
    found.push({ ...record, start, end })
    if (end === to) return found
    if (bytes[end] !== 0x2c) return null
    at = end + 1
  }
}

/** Whether the digests rise strictly, above `low` and below `high` (the neighbours kept, when any). */
function ascending(records: readonly Read[], low: string | null, high: string | null): boolean {
  let previous = low
  for (const { digest } of records) {
    if (previous !== null && digest <= previous) return false
    previous = digest
  }
  return high === null || (previous as string) < high
}

function count(laidOut: LaidOutIndex): number {
  return laidOut.starts.length
}

function digestAt(index: KeyFileIndex, at: number): string {
  const { buffer, byteOffset } = index.digests
  return Buffer.from(buffer, byteOffset + at * DIGEST_BYTES, DIGEST_BYTES).toString('hex')
}

/**
 * The index of `bytes`: records `[0, a)` and `[c, n)` of `previous` as they were (their file positions
 * moved by `delta`), `fresh` in between.
 */
function assemble(
  bytes: Buffer,
  fresh: readonly Read[],
  kept?: { previous: LaidOutIndex; a: number; c: number; delta: number },
): LaidOutIndex {
  const old = kept?.previous
  const a = kept?.a ?? 0
  const c = kept?.c ?? 0
  const delta = kept?.delta ?? 0
  const after = old ? count(old) - c : 0
  const total = a + fresh.length + after
  const json = fresh.map((record) => record.json).join('')
  const freshBytes = Buffer.byteLength(json)
  const headBytes = old ? (old.index.offsets[a] as number) : 0
  const tailFrom = old ? (old.index.offsets[c] as number) : 0
  const tailBytes = old ? (old.index.offsets[count(old)] as number) - tailFrom : 0

  const records = new Uint8Array(new SharedArrayBuffer(headBytes + freshBytes + tailBytes))
  const offsets = new Uint32Array(new SharedArrayBuffer(4 * (total + 1)))
  const digests = new Uint8Array(new SharedArrayBuffer(DIGEST_BYTES * total))
  const starts = new Uint32Array(total)
  const ends = new Uint32Array(total)
  Buffer.from(records.buffer).write(json, headBytes, 'utf8')
  let offset = headBytes
  fresh.forEach((record, i) => {
    offset += Buffer.byteLength(record.json)
    offsets[a + i + 1] = offset
    starts[a + i] = record.start
    ends[a + i] = record.end
  })
  digests.set(hexBytes(fresh.map((record) => record.digest).join('')), a * DIGEST_BYTES)
  if (old) {
    const moved = a + fresh.length
    const shift = headBytes + freshBytes - tailFrom
    records.set(old.index.records.subarray(0, headBytes))
    records.set(old.index.records.subarray(tailFrom, tailFrom + tailBytes), headBytes + freshBytes)
    offsets.set(old.index.offsets.subarray(0, a + 1))
    for (let i = 1; i <= after; i++) offsets[moved + i] = (old.index.offsets[c + i] as number) + shift
    digests.set(old.index.digests.subarray(0, a * DIGEST_BYTES))
    digests.set(old.index.digests.subarray(c * DIGEST_BYTES), moved * DIGEST_BYTES)
    starts.set(old.starts.subarray(0, a))
    ends.set(old.ends.subarray(0, a))
    for (let i = 0; i < after; i++) {
      starts[moved + i] = (old.starts[c + i] as number) + delta
      ends[moved + i] = (old.ends[c + i] as number) + delta
    }
  }
  return { bytes, starts, ends, index: { digests, records, offsets, skipped: [], skippedCount: 0 } }
}

/** The index of a file laid out as the `keys` commands write it, every record usable; else null. */
export function readLaidOut(bytes: Buffer): LaidOutIndex | null {
  if (!hasLayout(bytes)) return null
  const records = recordsIn(bytes, HEADER.length, bytes.length - FOOTER.length)
  return records && ascending(records, null, null) ? assemble(bytes, records) : null
}

function commonPrefix(a: Buffer, b: Buffer): number {
  const limit = Math.min(a.length, b.length)
  let at = 0
  while (at + CHUNK <= limit && a.compare(b, at, at + CHUNK, at, at + CHUNK) === 0) at += CHUNK
  while (at < limit && a[at] === b[at]) at++
  return at
}

/** How many last bytes `a` and `b` share, at most `limit`. */
function commonSuffix(a: Buffer, b: Buffer, limit: number): number {
  let n = 0
  while (
    n + CHUNK <= limit &&
    a.compare(b, b.length - n - CHUNK, b.length - n, a.length - n - CHUNK, a.length - n) === 0
  ) {
    n += CHUNK
  }
  while (n < limit && a[a.length - 1 - n] === b[b.length - 1 - n]) n++
  return n
}

/** The first position whose value is at least `value` (`values` ascending). */
function firstAtLeast(values: Uint32Array, value: number): number {
  let low = 0
  let high = values.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((values[middle] as number) < value) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * The index of `bytes` made from `previous`, the index of the file before it changed: the bytes both
 * share at the start and at the end are found, and only the records around the rest (one more on each
 * side) are read. Null when the new file is not laid out as the commands write it, a record read is not
 * usable, or the digests would no longer rise: then the file is read whole.
 */
export function updatedIndex(previous: LaidOutIndex, bytes: Buffer): LaidOutIndex | null {
  if (!hasLayout(bytes)) return null
  const old = previous.bytes
  const prefix = commonPrefix(old, bytes)
  if (prefix === old.length && prefix === bytes.length) return { ...previous, bytes }
  const changedEnd = old.length - commonSuffix(old, bytes, Math.min(old.length, bytes.length) - prefix)
  const n = count(previous)
  const a = Math.max(0, firstAtLeast(previous.ends, prefix) - 1)
  const c = Math.min(n, firstAtLeast(previous.starts, changedEnd + 1) + 1)
  if (a >= c) return null
  const from = (previous.starts[a] as number) - (OPEN.length - 1)
  const to = previous.ends[c - 1] as number
  if (from > prefix || to < changedEnd) return null
  const delta = bytes.length - old.length
  const fresh = recordsIn(bytes, from, to + delta)
  if (fresh === null) return null
  const low = a > 0 ? digestAt(previous.index, a - 1) : null
  const high = c < n ? digestAt(previous.index, c) : null
  return ascending(fresh, low, high) ? assemble(bytes, fresh, { previous, a, c, delta }) : null
}
