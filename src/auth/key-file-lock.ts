/**
 * An exclusive lock between processes around each read-modify-write of the key file, so that two `keys`
 * commands run at once never write over each other's change (a revocation included). The lock is a file
 * created with O_EXCL holding its owner's pid, time and a token. A lock whose owner is no longer running,
 * or older than any command holds it, is stale and is removed, under a second, short-lived lock so that
 * two waiters never both remove it and then one the other's fresh lock. Node only, for a local disk.
 */
import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'
import { isRunning } from '../storage/fs-store'

export type FileLockOptions = {
  /** How long to wait for the lock before giving up. */
  waitMs?: number
  /** Age after which a lock is stale even if its pid runs (a reused pid): far above any command's hold. */
  staleMs?: number
  /** Mode of the lock file and of its folder when created. */
  fileMode?: number
  dirMode?: number
}

/** The lock could not be had in time: another command holds it. */
export class KeyStoreLockedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'KeyStoreLockedError'
  }
}

/** Writes to the lock follow its creation at once; an empty or garbled lock older than this was abandoned. */
const UNWRITTEN_STALE_MS = 5_000

const code = (err: unknown) => (err as NodeJS.ErrnoException).code

/** Creates `path` exclusively with `content`; false when it exists. */
async function create(path: string, content: string, mode: number | undefined): Promise<boolean> {
  let handle
  try {
    handle = await open(path, 'wx', mode)
  } catch (err) {
    if (code(err) === 'EEXIST') return false
    throw err
  }
  try {
    await handle.writeFile(content)
  } finally {
    await handle.close()
  }
  return true
}

async function readLock(path: string): Promise<{ content: string; ageMs: number } | null> {
  try {
    const [content, info] = await Promise.all([readFile(path, 'utf8'), stat(path)])
    return { content, ageMs: Date.now() - info.mtimeMs }
  } catch (err) {
    if (code(err) === 'ENOENT') return null
    throw err
  }
}

function isStale(lock: { content: string; ageMs: number }, staleMs: number): boolean {
  const [pid, at] = lock.content.split(' ').map(Number)
  if (!Number.isInteger(pid) || !Number.isFinite(at)) return lock.ageMs > UNWRITTEN_STALE_MS
  return !isRunning(pid as number) || Date.now() - (at as number) > staleMs
}

/** Removes the lock if it still holds `content`, under the breaker's lock; false when another breaks it. */
async function breakStale(path: string, content: string, mode: number | undefined): Promise<void> {
  const breaker = `${path}.break`
  if (!(await create(breaker, `${process.pid} ${Date.now()}`, mode))) {
    // A breaker killed in its microseconds of work leaves its file; once old it is removed too.
    const left = await readLock(breaker)
    if (left && left.ageMs > UNWRITTEN_STALE_MS) await unlink(breaker).catch(() => {})
    return
  }
  try {
    if ((await readLock(path))?.content === content) await unlink(path).catch(() => {})
  } finally {
    await unlink(breaker).catch(() => {})
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs `work` holding the lock file at `path`, created (with its folder) when needed, removed after. */
export function fileLock(path: string, options: FileLockOptions = {}) {
  const waitMs = options.waitMs ?? 30_000
  const staleMs = options.staleMs ?? 120_000
  return async <T>(work: () => Promise<T>): Promise<T> => {
    await mkdir(dirname(path), { recursive: true, mode: options.dirMode })
    const mine = `${process.pid} ${Date.now()} ${crypto.randomUUID()}`
    const deadline = Date.now() + waitMs
    while (!(await create(path, mine, options.fileMode))) {
      const held = await readLock(path)
      if (held && isStale(held, staleMs)) {
        await breakStale(path, held.content, options.fileMode)
        continue
      }
      if (Date.now() > deadline) {
        const pid = held?.content.split(' ')[0] ?? 'another process'
        throw new KeyStoreLockedError(
          `the key store is locked by process ${pid} (${path}); try again, or remove that file if no keys command is running`,
        )
      }
      await pause(5 + Math.random() * 20)
    }
    try {
      return await work()
    } finally {
      // Never another's lock: if ours was taken as stale, its new owner keeps it.
      if ((await readLock(path))?.content === mine) await unlink(path).catch(() => {})
    }
  }
}
