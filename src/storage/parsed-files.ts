/**
 * Small files read on every request (pointers, manifests), parsed again only when their state changes: a
 * request costs one `stat`, and still sees a file exactly as it is on disk at that moment.
 */
import type { BlobStore } from './blob-store'

export type Parsed<T> = { state: string; value: T }

export type ParsedFiles = <T>(
  store: BlobStore,
  path: string,
  parse: (bytes: Uint8Array) => T,
) => Promise<Parsed<T> | null>

/** A reader that keeps the last parse of each path with the state it was read at; null when missing. */
export function createParsedFiles(): ParsedFiles {
  const parsed = new Map<string, { store: BlobStore; state: string; value: unknown }>()
  return async <T>(store: BlobStore, path: string, parse: (bytes: Uint8Array) => T) => {
    const stat = await store.stat(path)
    if (!stat) return null
    const cached = parsed.get(path)
    if (cached?.store === store && cached.state === stat.state) {
      return { state: stat.state, value: cached.value as T }
    }
    const bytes = await store.read(path)
    if (!bytes) return null
    // Parsed under the state seen before the read: if the file changed in between, the next request sees
    // a newer state and parses again.
    const value = parse(bytes)
    parsed.set(path, { store, state: stat.state, value })
    return { state: stat.state, value }
  }
}
