/**
 * Where the observation log keeps its entries. The embedded store is an append-only file
 * (`file-log-store.ts`); a database implements the same few operations. A store only keeps bytes in
 * order: the Merkle tree, deduplication and indexes are rebuilt from them by the log.
 */

export type StoredEntry = {
  /** The entry's bytes: the Merkle leaf. */
  leaf: Uint8Array
  /** SHA-256(0x00 || leaf); the store keeps it as the entry's checksum and checks it when reading back. */
  leafHash: Uint8Array
}

export type OpenReport = {
  entries: number
  /** Bytes of an interrupted append found after the last committed entry and removed. */
  discardedBytes: number
}

export interface LogStore {
  /**
   * Opens the store, repairing an interrupted append, and hands every committed entry over in order. The
   * entry's bytes may be a view of a read buffer reused afterwards: copy what is kept beyond the call.
   */
  open(onEntry: (entry: StoredEntry, index: number) => void): Promise<OpenReport>
  /**
   * Appends entries in order. When the promise resolves they are durable (they survive a crash); when it
   * rejects, none of them is committed.
   */
  append(entries: readonly StoredEntry[]): Promise<void>
  /** The leaf bytes of a committed entry. */
  read(index: number): Promise<Uint8Array>
  close(): Promise<void>
}

export class LogCorruptError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LogCorruptError'
  }
}
