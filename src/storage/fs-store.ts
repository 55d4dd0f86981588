/**
 * The embedded BlobStore on the local filesystem, rooted at one directory. Writes go to a temporary file,
 * are flushed, then renamed into place, so a crash never leaves a half-written object under its name; the
 * temporary files a killed writer left behind are removed when a store is opened on the directory.
 */
import { createHash } from 'node:crypto'
import { createReadStream, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import {
  link,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  type FileHandle,
} from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { BlobStat, BlobStore } from './blob-store'

/** Read size for streams: large enough that per-chunk overhead does not limit a download. */
const STREAM_CHUNK = 256 * 1024
/** Read size of `readInto`: whole release files arrive in a few reads, each hashed as it lands. */
const READ_INTO_CHUNK = 4 * 1024 * 1024

export type FsStoreOptions = {
  /** Mode of the files and folders the store creates (before the umask); Node's defaults when absent. */
  fileMode?: number
  dirMode?: number
}

/** Owner-only modes for stores that hold secrets: keys, the cursor secret, private releases. */
export const PRIVATE_MODES: FsStoreOptions = { fileMode: 0o600, dirMode: 0o700 }

/** `{name}.tmp-{pid}-{uuid}`: the writer's process id tells whether the file is still being written. */
const TEMPORARY = /\.tmp-(\d+)-[0-9a-f-]+$/

/** Bound on the resolved paths kept (a release has a handful of files). */
const RESOLVED_PATHS = 1024

export function createFsStore(root: string, options: FsStoreOptions = {}): BlobStore {
  const base = resolve(root)
  removeAbandonedTemporaries(base)
  // Resolved paths are kept: the pointer and manifest paths are resolved on every request.
  const resolved = new Map<string, string>()
  const at = (path: string): string => {
    const known = resolved.get(path)
    if (known !== undefined) return known
    const full = resolve(base, path)
    if (full !== base && !full.startsWith(base + sep)) throw new Error(`path escapes the store: ${path}`)
    if (resolved.size >= RESOLVED_PATHS) resolved.clear()
    resolved.set(path, full)
    return full
  }
  const missing = (err: unknown): boolean => (err as NodeJS.ErrnoException).code === 'ENOENT'

  /** `use` of the object opened for reading, closed after; null when the object is missing. */
  async function withOpenFile<T>(path: string, use: (handle: FileHandle) => Promise<T>): Promise<T | null> {
    let handle
    try {
      handle = await open(at(path), 'r')
    } catch (err) {
      if (missing(err)) return null
      throw err
    }
    try {
      return await use(handle)
    } finally {
      await handle.close()
    }
  }

  function statNow(path: string): BlobStat | null {
    // Synchronous on purpose: a metadata lookup of a cached inode costs about a microsecond, where the
    // thread pool round trip of the promise API costs tens, and this runs several times per request.
    // The change time cannot be set back; on kernels with fine-grained (multigrain) timestamps a change
    // after a stat always gets a new one, while older kernels stamp one clock tick (up to 10 ms) alike,
    // so two same-length rewrites within a tick could share a state there. What is served is still
    // checked block by block (block-hashes.ts).
    const s = statSync(at(path), { bigint: true, throwIfNoEntry: false })
    if (!s?.isFile()) return null
    const size = Number(s.size)
    return { size, state: `${s.ino}:${size}:${s.mtimeNs}:${s.ctimeNs}` }
  }

  /** Writes `data` to a new temporary file beside `full`, flushed; its path. */
  async function writeTemporary(full: string, data: Uint8Array | string): Promise<string> {
    await mkdir(dirname(full), { recursive: true, mode: options.dirMode })
    const temporary = `${full}.tmp-${process.pid}-${crypto.randomUUID()}`
    const handle = await open(temporary, 'w', options.fileMode)
    try {
      await handle.writeFile(data)
      await handle.sync()
    } finally {
      await handle.close()
    }
    return temporary
  }

  return {
    async stat(path): Promise<BlobStat | null> {
      return statNow(path)
    },
    statNow,
    async read(path) {
      try {
        // A Buffer is a Uint8Array already; copying a large release file would double its footprint.
        return await readFile(at(path))
      } catch (err) {
        if (missing(err)) return null
        throw err
      }
    },
    readRange: (path, start, end) =>
      withOpenFile(path, async (handle) => {
        const length = Math.max(0, end - start)
        const buffer = new Uint8Array(length)
        let filled = 0
        while (filled < length) {
          const { bytesRead } = await handle.read(buffer, filled, length - filled, start + filled)
          if (bytesRead === 0) break
          filled += bytesRead
        }
        return buffer.subarray(0, filled)
      }),
    async stream(path, range) {
      const full = at(path)
      try {
        await stat(full)
      } catch (err) {
        if (missing(err)) return null
        throw err
      }
      const options = range ? { start: range.start, end: range.end - 1 } : {}
      if (range && range.end <= range.start) return new ReadableStream({ start: (c) => c.close() })
      return Readable.toWeb(
        createReadStream(full, { ...options, highWaterMark: STREAM_CHUNK }),
      ) as ReadableStream<Uint8Array>
    },
    readInto: (path, target) =>
      withOpenFile(path, async (handle) => {
        // The hash is of the very bytes placed in `target`, a chunk at a time so no hash blocks for long.
        const hash = createHash('sha256')
        let filled = 0
        while (filled < target.byteLength) {
          const length = Math.min(READ_INTO_CHUNK, target.byteLength - filled)
          const { bytesRead } = await handle.read(target, filled, length, filled)
          if (bytesRead === 0) break
          hash.update(target.subarray(filled, filled + bytesRead))
          filled += bytesRead
        }
        return { bytes: filled, sha256: hash.digest('hex') }
      }),
    async sha256(path) {
      const hash = createHash('sha256')
      try {
        await pipeline(createReadStream(at(path), { highWaterMark: STREAM_CHUNK }), hash)
      } catch (err) {
        if (missing(err)) return null
        throw err
      }
      return hash.digest('hex')
    },
    async write(path, data) {
      const full = at(path)
      await rename(await writeTemporary(full, data), full)
    },
    async create(path, data) {
      const full = at(path)
      const temporary = await writeTemporary(full, data)
      // link() never replaces: of writers racing for one name, exactly one succeeds and the rest see EEXIST.
      try {
        await link(temporary, full)
        return true
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
        throw err
      } finally {
        await rm(temporary, { force: true })
      }
    },
    async remove(path) {
      const file = at(path)
      await rm(file, { force: true })
      // An object store has no folders: a folder goes with the last file in it.
      for (let dir = dirname(file); dir !== base && dir.startsWith(base + sep); dir = dirname(dir)) {
        try {
          await rmdir(dir)
        } catch {
          break
        }
      }
    },
    async list(prefix) {
      const dir = at(prefix)
      try {
        const entries = await readdir(dir, { recursive: true, withFileTypes: true })
        return entries
          .filter((e) => e.isFile() && !e.name.includes('.tmp-'))
          .map((e) => relative(base, join(e.parentPath, e.name)).split(sep).join('/'))
          .sort()
      } catch (err) {
        if (missing(err)) return []
        throw err
      }
    },
  }
}

/**
 * A temporary file unchanged for this long belongs to no write under way, whoever holds its process id
 * now: a writer renames its file into place a moment after the last byte (ids are reused).
 */
const ABANDONED_AFTER_MS = 10 * 60_000

/**
 * Removes the temporary files of writers that are no longer running (a publish killed between write and
 * rename): a live process's files are left alone, as it may be about to rename them into place.
 */
function removeAbandonedTemporaries(base: string): void {
  let names: string[]
  try {
    names = readdirSync(base, { recursive: true }) as string[]
  } catch {
    return
  }
  for (const name of names) {
    const pid = TEMPORARY.exec(name)?.[1]
    if (pid === undefined) continue
    const full = join(base, name)
    const changed = statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? 0
    if (!isRunning(Number(pid)) || Date.now() - changed > ABANDONED_AFTER_MS) rmSync(full, { force: true })
  }
}

/** Whether process `pid` still runs: a zombie (ended, not yet reaped) does not. */
export function isRunning(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
  // A killed process whose parent has not reaped it (a container without an init) still answers signal 0.
  return !isZombie(pid)
}

/** Whether the process has ended and only its entry is left (Linux; elsewhere it is taken as running). */
function isZombie(pid: number): boolean {
  try {
    return /^State:\s*[ZX]/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return false
  }
}
