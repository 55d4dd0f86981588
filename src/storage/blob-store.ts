/**
 * The storage interface the app reads releases through. The embedded implementation is the local
 * filesystem (src/storage/fs-store.ts); an object store (S3, R2) implements the same few operations.
 */

export type BlobStat = {
  size: number
  /**
   * Opaque token that changes whenever the object may have changed, also when its content is rewritten
   * and its timestamps are put back: on a filesystem inode, size, mtime and ctime in nanoseconds (ctime
   * cannot be set back); on an object store the ETag or generation number.
   */
  state: string
}

export interface BlobStore {
  /**
   * The object's size and state, or null when it is missing. Asked on every request for the pointer,
   * manifest and key files, so it must be cheap (a metadata lookup), and must see every write that has
   * returned before it was called.
   */
  stat(path: string): Promise<BlobStat | null>
  /**
   * The same as `stat`, answered at once, where the store can (a local filesystem): the Node answer cache
   * asks for a change token on every request it may answer, and a promise there costs more than the stat.
   */
  statNow?(path: string): BlobStat | null
  read(path: string): Promise<Uint8Array | null>
  /** Bytes [start, end) of an object, or null when it is missing. */
  readRange(path: string, start: number, end: number): Promise<Uint8Array | null>
  /**
   * Bytes [start, end) of an object the caller knows to hold them (its manifest gives its length), in one
   * request where `readRange` needs two (an object store asks the size to clip the range first); fewer or
   * no bytes when it does not. Optional: readers fall back on `readRange`.
   */
  readSpan?(path: string, start: number, end: number): Promise<Uint8Array | null>
  /** A stream of bytes [start, end) (the whole object by default), or null when it is missing. */
  stream(path: string, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array> | null>
  /** Writes an object so that readers see either the old content or the new, never a part. */
  write(path: string, data: Uint8Array | string): Promise<void>
  /**
   * Writes an object only when none is stored under its name, whole or not at all as `write` does: true
   * when this call stored it, false when another was there (left as it was). Optional: where a store cannot
   * refuse to replace, callers that race (two instances' first use of a shared secret) may disagree.
   */
  create?(path: string, data: Uint8Array | string): Promise<boolean>
  remove(path: string): Promise<void>
  list(prefix: string): Promise<string[]>
  /**
   * The object's SHA-256 as lowercase hex, computed without holding the whole object in memory, or null
   * when it is missing. Optional: without it, integrity checks read the object whole.
   */
  sha256?(path: string): Promise<string | null>
  /**
   * Reads the start of the object into `target` (up to its length) and returns how many bytes it placed
   * there with their SHA-256 as lowercase hex, or null when the object is missing. Optional: it lets a
   * loader read a large file straight into memory it already holds (shared memory for threads) rather than
   * into a buffer of its own that is then copied.
   */
  readInto?(path: string, target: Uint8Array): Promise<{ bytes: number; sha256: string } | null>
}
