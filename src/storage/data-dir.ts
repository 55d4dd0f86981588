/**
 * The check of DATA_DIR the Node entry point makes before anything else: that it is, or can be made, a
 * directory this process may write, so that a wrong value is one clear line naming the path and what to do
 * rather than a stack trace from deep in a release build.
 */
import { accessSync, constants, mkdirSync, statSync } from 'node:fs'
import { resolve } from 'node:path'

/** Why DATA_DIR cannot hold the service's data, with what to do; null when it can (created if missing). */
export function dataDirProblem(dataDir: string): string | null {
  const full = resolve(dataDir)
  const fix = 'set DATA_DIR to a directory this user may write (it is created when missing)'
  try {
    mkdirSync(full, { recursive: true })
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      return `DATA_DIR ${full} is a file, or lies under one, not a directory: ${fix}`
    }
    return `DATA_DIR ${full} cannot be created (${code}): ${fix}`
  }
  if (!statSync(full).isDirectory()) return `DATA_DIR ${full} is not a directory: ${fix}`
  try {
    accessSync(full, constants.W_OK | constants.X_OK)
  } catch {
    return `DATA_DIR ${full} is not writable by this user: ${fix}`
  }
  return null
}
