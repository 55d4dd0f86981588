/**
 * The embedded LogStore: one append-only file of length-prefixed, checksummed records under a directory
 * (`DATA_DIR/consensus/` in the service), written with positioned writes and flushed with fdatasync
 * before an append is acknowledged.
 *
 * File: the 8-byte header `LXOLOG1\n`, then records `FF 4C 4F 47 | u32 BE length | SHA-256(0x00 || leaf)
 * | leaf`. The checksum is the entry's RFC 9162 leaf hash, so reading the file back re-verifies the tree.
 *
 * A crash can only leave a torn tail: bytes after the last acknowledged record. Opening removes such a
 * tail. A bad record followed by a good one is not a torn tail but damage to committed entries; opening
 * then refuses (LogCorruptError) rather than drop them. One process writes a directory at a time: a lock
 * file holds the writer's pid, and a lock left by a dead process is taken over.
 */
import { createHash } from 'node:crypto'
import { unlinkSync } from 'node:fs'
import { mkdir, open, readFile, unlink, writeFile, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { LogCorruptError, type LogStore, type OpenReport, type StoredEntry } from './log-store'
import { HASH_BYTES, equalBytes } from './merkle'

const HEADER = new TextEncoder().encode('LXOLOG1\n')
const RECORD_MAGIC = [0xff, 0x4c, 0x4f, 0x47]
const RECORD_OVERHEAD = 4 + 4 + HASH_BYTES
const LEAF_PREFIX = new Uint8Array([0x00])
/** No leaf the service writes comes near this; a larger length field is damage, not data. */
const MAX_RECORD_BYTES = 1 << 20

export const LOG_FILE = 'observations.log'
const LOCK_FILE = 'observations.lock'

function encodeRecords(entries: readonly StoredEntry[]): Uint8Array {
  const total = entries.reduce((sum, e) => sum + RECORD_OVERHEAD + e.leaf.byteLength, 0)
  const out = new Uint8Array(total)
  const view = new DataView(out.buffer)
  let at = 0
  for (const { leaf, leafHash: hash } of entries) {
    if (leaf.byteLength > MAX_RECORD_BYTES) throw new RangeError('log entry too large')
    out.set(RECORD_MAGIC, at)
    view.setUint32(at + 4, leaf.byteLength)
    out.set(hash, at + 8)
    out.set(leaf, at + RECORD_OVERHEAD)
    at += RECORD_OVERHEAD + leaf.byteLength
  }
  return out
}

/**
 * The record checksum: the RFC 9162 leaf hash, as merkle.ts computes it, but through node:crypto, since
 * every record is checked when the log opens and this module runs only on Node anyway.
 */
function checksum(leaf: Uint8Array): Uint8Array {
  return createHash('sha256').update(LEAF_PREFIX).update(leaf).digest()
}

/** The record at `at`, if a whole, valid one starts there. */
function recordAt(
  bytes: Uint8Array,
  at: number,
): { leaf: Uint8Array; leafHash: Uint8Array; end: number } | null {
  if (bytes.byteLength - at < RECORD_OVERHEAD) return null
  for (let i = 0; i < 4; i++) if (bytes[at + i] !== RECORD_MAGIC[i]) return null
  const length = new DataView(bytes.buffer, bytes.byteOffset + at + 4, 4).getUint32(0)
  const end = at + RECORD_OVERHEAD + length
  if (length > MAX_RECORD_BYTES || end > bytes.byteLength) return null
  const stored = bytes.subarray(at + 8, at + RECORD_OVERHEAD)
  const leaf = bytes.subarray(at + RECORD_OVERHEAD, end)
  if (!equalBytes(checksum(leaf), stored)) return null
  return { leaf, leafHash: stored, end }
}

/** Offset of the first valid record after `from`, or -1. */
function nextValidRecord(bytes: Uint8Array, from: number): number {
  for (let at = from + 1; at <= bytes.byteLength - RECORD_OVERHEAD; at++) {
    if (bytes[at] === RECORD_MAGIC[0] && recordAt(bytes, at)) return at
  }
  return -1
}

/** Reads at least this much of the log at a time when it opens: a few records' worth, never the whole file. */
const READ_CHUNK = 4 * MAX_RECORD_BYTES

async function readFully(handle: FileHandle, position: number, length: number): Promise<Uint8Array> {
  const out = new Uint8Array(length)
  let filled = 0
  while (filled < length) {
    const { bytesRead } = await handle.read(out, filled, length - filled, position + filled)
    if (bytesRead === 0) break
    filled += bytesRead
  }
  return out.subarray(0, filled)
}

/**
 * Where each committed record's leaf starts in the file and how long it is, in typed arrays that grow by
 * doubling: 12 bytes an entry, where two arrays of numbers cost more and scatter over the heap.
 */
function createRecordTable() {
  let starts = new Float64Array(1024)
  let lengths = new Uint32Array(1024)
  let count = 0
  return {
    get count() {
      return count
    },
    push(start: number, length: number): void {
      if (count === starts.length) {
        const grownStarts = new Float64Array(count * 2)
        grownStarts.set(starts)
        starts = grownStarts
        const grownLengths = new Uint32Array(count * 2)
        grownLengths.set(lengths)
        lengths = grownLengths
      }
      starts[count] = start
      lengths[count] = length
      count++
    },
    /** The leaf of record `index` as [start, length], or null when there is none. */
    at(index: number): [number, number] | null {
      if (!Number.isInteger(index) || index < 0 || index >= count) return null
      return [starts[index] as number, lengths[index] as number]
    },
  }
}

async function writeFully(handle: FileHandle, data: Uint8Array, position: number): Promise<void> {
  let written = 0
  while (written < data.byteLength) {
    const { bytesWritten } = await handle.write(data, written, data.byteLength - written, position + written)
    written += bytesWritten
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function takeLock(path: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(path, String(process.pid), { flag: 'wx' })
      return
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const holder = Number(await readFile(path, 'utf8').catch(() => ''))
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        // The holder's pid stays out of the message: it reaches 503 bodies, and the lock file names it.
        throw new Error(
          'the observation log is open in another running instance of the service: one data directory ' +
            'serves one instance (stop the other, or give this one a DATA_DIR of its own)',
          { cause: err },
        )
      }
      await unlink(path).catch(() => {})
    }
  }
  throw new Error('could not lock the observation log')
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export function createFileLogStore(dir: string): LogStore {
  const path = join(dir, LOG_FILE)
  const lockPath = join(dir, LOCK_FILE)
  let handle: FileHandle | null = null
  let end = 0
  const records = createRecordTable()
  let broken: Error | null = null

  /** On a normal exit the lock goes with the process; after a crash the next open finds its pid dead. */
  function releaseLock(): void {
    try {
      unlinkSync(lockPath)
    } catch {
      // Already gone.
    }
  }

  function file(): FileHandle {
    if (!handle) throw new Error('the observation log store is not open')
    return handle
  }

  /**
   * Reads every committed record, removes a torn tail, and leaves `end` after the last record. The file is
   * read a chunk at a time, so opening a large log holds a few megabytes of it, not all of it.
   */
  async function recover(
    h: FileHandle,
    onEntry: (entry: StoredEntry, index: number) => void,
  ): Promise<OpenReport> {
    const fileSize = (await h.stat()).size
    const head = await readFully(h, 0, Math.min(fileSize, HEADER.byteLength))
    if (head.byteLength < HEADER.byteLength) {
      // A new file, or one whose header write was cut short: nothing was committed in it.
      if (!head.every((b, i) => HEADER[i] === b)) {
        throw new LogCorruptError(`${path} is not an observation log`)
      }
      await h.truncate(0)
      await writeFully(h, HEADER, 0)
      await h.datasync()
      await syncDirectory(dir)
      end = HEADER.byteLength
      return { entries: 0, discardedBytes: head.byteLength }
    }
    if (!HEADER.every((b, i) => head[i] === b)) throw new LogCorruptError(`${path} is not an observation log`)
    let discardedBytes = 0
    let at = HEADER.byteLength
    let chunk: Uint8Array = new Uint8Array(0)
    let chunkStart = at
    while (at < fileSize) {
      // The chunk must hold the longest record that can start here, or else the rest of the file.
      const needed = Math.min(RECORD_OVERHEAD + MAX_RECORD_BYTES, fileSize - at)
      if (chunkStart + chunk.byteLength - at < needed) {
        chunk = await readFully(h, at, Math.min(Math.max(READ_CHUNK, needed), fileSize - at))
        chunkStart = at
      }
      const record = recordAt(chunk, at - chunkStart)
      if (!record) {
        const later = nextValidRecord(await readFully(h, at, fileSize - at), 0)
        if (later >= 0) {
          throw new LogCorruptError(
            `${path}: the record at byte ${at} is damaged but a valid record follows at byte ${at + later}; committed entries would be lost, so the log is not opened`,
          )
        }
        discardedBytes = fileSize - at
        await h.truncate(at)
        await h.datasync()
        break
      }
      records.push(at + RECORD_OVERHEAD, record.leaf.byteLength)
      onEntry({ leaf: record.leaf, leafHash: record.leafHash }, records.count - 1)
      at = chunkStart + record.end
    }
    end = at
    return { entries: records.count, discardedBytes }
  }

  return {
    async open(onEntry) {
      await mkdir(dir, { recursive: true })
      await takeLock(lockPath)
      try {
        // 'a+' creates the file when missing; positioned writes need it reopened without O_APPEND.
        await (await open(path, 'a+')).close()
        handle = await open(path, 'r+')
        const report = await recover(handle, onEntry)
        process.once('exit', releaseLock)
        return report
      } catch (err) {
        await handle?.close()
        handle = null
        await unlink(lockPath).catch(() => {})
        throw err
      }
    },

    async append(entries) {
      if (broken) throw broken
      const h = file()
      const data = encodeRecords(entries)
      try {
        await writeFully(h, data, end)
        await h.datasync()
      } catch (err) {
        // Undo the partial write so the next append does not follow garbage.
        try {
          await h.truncate(end)
          await h.datasync()
        } catch (undo) {
          broken = new Error(`the observation log could not undo a failed append: ${String(undo)}`)
        }
        throw err
      }
      let at = end
      for (const entry of entries) {
        records.push(at + RECORD_OVERHEAD, entry.leaf.byteLength)
        at += RECORD_OVERHEAD + entry.leaf.byteLength
      }
      end = at
    },

    async read(index) {
      const record = records.at(index)
      if (!record) throw new RangeError(`no log entry ${index}`)
      const [start, length] = record
      const out = await readFully(file(), start, length)
      if (out.byteLength < length) throw new LogCorruptError(`log entry ${index} is cut short`)
      return out
    },

    async close() {
      if (!handle) return
      await handle.close()
      handle = null
      process.off('exit', releaseLock)
      await unlink(lockPath).catch(() => {})
    },
  }
}
