/**
 * Integrity checks of release files against their manifest: byte length and SHA-256. A file is hashed once
 * per file state (the store's stat token, which changes with any write), not once per request, and
 * requests that find the same new state share one hash; a changed, missing or corrupt file is reported, so
 * its routes answer 503 instead of something wrong.
 */
import type { BlobStore } from './blob-store'
import { sha256Hex } from './digest'

export type ExpectedFile = { path: string; bytes: number; sha256: string }
export type FileProblem = { path: string; problem: 'missing' | 'length-mismatch' | 'hash-mismatch' }

export type FileVerifier = {
  /** Checks every file, hashing only those whose state changed since the last check. */
  verify(files: readonly ExpectedFile[]): Promise<FileProblem[]>
  /** Reads one file and returns its bytes only if they are the ones the manifest names. */
  read(file: ExpectedFile): Promise<Uint8Array | FileProblem>
  /**
   * Reads one file into `target` (its length the file's), straight from the store where it can; null when
   * the bytes placed there are the ones the manifest names, else the problem (and `target` must not be used).
   */
  readInto(file: ExpectedFile, target: Uint8Array): Promise<FileProblem | null>
}

export function createFileVerifier(store: BlobStore): FileVerifier {
  // The outcome of hashing each file, per file state: a file is hashed again only when its state changes,
  // whether it matched or not (a corrupt file must not cost a full hash on every request).
  const hashed = new Map<string, { known: string; matches: Promise<boolean | null> }>()
  const mismatch = (file: ExpectedFile): FileProblem => ({ path: file.path, problem: 'hash-mismatch' })

  async function digestOf(path: string): Promise<string | null> {
    if (store.sha256) return store.sha256(path)
    const bytes = await store.read(path)
    return bytes ? sha256Hex(bytes) : null
  }

  async function check(file: ExpectedFile, keepBytes: boolean): Promise<Uint8Array | FileProblem | null> {
    const stat = await store.stat(file.path)
    if (!stat) return { path: file.path, problem: 'missing' }
    if (stat.size !== file.bytes) return { path: file.path, problem: 'length-mismatch' }
    const known = `${stat.state}:${file.sha256}`
    if (!keepBytes) {
      let seen = hashed.get(file.path)
      if (seen?.known !== known) {
        const entry = {
          known,
          matches: digestOf(file.path).then((d) => (d === null ? null : d === file.sha256)),
        }
        hashed.set(file.path, entry)
        // A failed read is not remembered: the next check tries again.
        entry.matches.catch(() => hashed.get(file.path) === entry && hashed.delete(file.path))
        seen = entry
      }
      const matches = await seen.matches
      if (matches === null) return { path: file.path, problem: 'missing' }
      return matches ? null : mismatch(file)
    }
    const bytes = await store.read(file.path)
    if (!bytes) return { path: file.path, problem: 'missing' }
    const matches = bytes.byteLength === file.bytes && (await sha256Hex(bytes)) === file.sha256
    hashed.set(file.path, { known, matches: Promise.resolve(matches) })
    return matches ? bytes : mismatch(file)
  }

  return {
    async verify(files) {
      const problems: FileProblem[] = []
      for (const file of files) {
        const result = await check(file, false)
        if (result && !(result instanceof Uint8Array)) problems.push(result)
      }
      return problems
    },
    async read(file) {
      return (await check(file, true)) as Uint8Array | FileProblem
    },
    async readInto(file, target) {
      if (!store.readInto) {
        const bytes = await check(file, true)
        if (!(bytes instanceof Uint8Array)) return bytes as FileProblem
        target.set(bytes)
        return null
      }
      const stat = await store.stat(file.path)
      if (!stat) return { path: file.path, problem: 'missing' }
      if (stat.size !== file.bytes || target.byteLength !== file.bytes) {
        return { path: file.path, problem: 'length-mismatch' }
      }
      const read = await store.readInto(file.path, target)
      if (!read) return { path: file.path, problem: 'missing' }
      if (read.bytes !== file.bytes) return { path: file.path, problem: 'length-mismatch' }
      const matches = read.sha256 === file.sha256
      hashed.set(file.path, { known: `${stat.state}:${file.sha256}`, matches: Promise.resolve(matches) })
      return matches ? null : mismatch(file)
    },
  }
}
