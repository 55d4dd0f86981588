/**
 * The embedded BlobStore on the local filesystem, rooted at one directory. Writes go to a temporary file,
 * are flushed, then renamed into place, so a crash never leaves a half-written object under its name.
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { BlobStat, BlobStore } from './blob-store'

/** Read size for streams: large enough that per-chunk overhead does not limit a download. */
const STREAM_CHUNK = 256 * 1024

export type FsStoreOptions = {
  /** Mode of the files and folders the store creates (before the umask); Node's defaults when absent. */
  fileMode?: number
  dirMode?: number
}

/** Owner-only modes for stores that hold secrets: keys, the cursor secret, private releases. */
export const PRIVATE_MODES: FsStoreOptions = { fileMode: 0o600, dirMode: 0o700 }

export function createFsStore(root: string, options: FsStoreOptions = {}): BlobStore {
  const base = resolve(root)
  const at = (path: string): string => {
    const full = resolve(base, path)
    if (full !== base && !full.startsWith(base + sep)) throw new Error(`path escapes the store: ${path}`)
    return full
  }
  const missing = (err: unknown): boolean => (err as NodeJS.ErrnoException).code === 'ENOENT'

  return {
    async stat(path): Promise<BlobStat | null> {
      try {
        const s = await stat(at(path))
        if (!s.isFile()) return null
        return { size: s.size, state: `${s.ino}:${s.size}:${s.mtimeMs}` }
      } catch (err) {
        if (missing(err)) return null
        throw err
      }
    },
    async read(path) {
      try {
        // A Buffer is a Uint8Array already; copying a large release file would double its footprint.
        return await readFile(at(path))
      } catch (err) {
        if (missing(err)) return null
        throw err
      }
    },
    async readRange(path, start, end) {
      let handle
      try {
        handle = await open(at(path), 'r')
      } catch (err) {
        if (missing(err)) return null
        throw err
      }
      try {
        const length = Math.max(0, end - start)
        const buffer = new Uint8Array(length)
        let filled = 0
        while (filled < length) {
          const { bytesRead } = await handle.read(buffer, filled, length - filled, start + filled)
          if (bytesRead === 0) break
          filled += bytesRead
        }
        return buffer.subarray(0, filled)
      } finally {
        await handle.close()
      }
    },
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
      await mkdir(dirname(full), { recursive: true, mode: options.dirMode })
      const temporary = `${full}.tmp-${process.pid}-${crypto.randomUUID()}`
      const handle = await open(temporary, 'w', options.fileMode)
      try {
        await handle.writeFile(data)
        await handle.sync()
      } finally {
        await handle.close()
      }
      await rename(temporary, full)
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
