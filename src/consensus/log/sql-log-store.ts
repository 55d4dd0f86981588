/**
 * A LogStore in SQLite: the storage of the observation log's Durable Object on Workers (`ctx.storage`), the
 * single writer of the log there. One row per entry, `idx` from 0, the leaf and its RFC 9162 leaf hash as
 * the checksum, as in the file store. An append is one transaction: all its entries commit, or none.
 */
import { LogCorruptError, type LogStore, type StoredEntry } from './log-store'
import { equalBytes, leafHash } from './merkle'

type SqlValue = ArrayBuffer | string | number | null

/** The subset of a Durable Object's `ctx.storage` the store uses. */
export type SqlStorageLike = {
  sql: { exec(query: string, ...bindings: SqlValue[]): { toArray(): Record<string, SqlValue>[] } }
  transactionSync<T>(body: () => T): T
}

/** Rows read per query when the log opens, so no single result holds the whole log. */
const OPEN_PAGE = 1024

function bytesOf(value: SqlValue, what: string): Uint8Array {
  if (value instanceof ArrayBuffer) return new Uint8Array(value)
  throw new LogCorruptError(`${what} is not stored as bytes`)
}

/** An ArrayBuffer holding exactly these bytes, as SQLite bindings take. */
function blob(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer as ArrayBuffer
}

export function createSqlLogStore(storage: SqlStorageLike): LogStore {
  let size = 0

  return {
    async open(onEntry) {
      storage.sql.exec(
        'CREATE TABLE IF NOT EXISTS log_entries (idx INTEGER PRIMARY KEY, leaf BLOB NOT NULL, leaf_hash BLOB NOT NULL)',
      )
      size = 0
      for (;;) {
        const rows = storage.sql
          .exec(
            'SELECT idx, leaf, leaf_hash FROM log_entries WHERE idx >= ? ORDER BY idx LIMIT ?',
            size,
            OPEN_PAGE,
          )
          .toArray()
        for (const row of rows) {
          if (row.idx !== size)
            throw new LogCorruptError(`log entry ${size} is missing (found ${String(row.idx)})`)
          const leaf = bytesOf(row.leaf ?? null, `log entry ${size}`)
          const stored = bytesOf(row.leaf_hash ?? null, `the checksum of log entry ${size}`)
          if (!equalBytes(leafHash(leaf), stored)) {
            throw new LogCorruptError(`log entry ${size} does not match its checksum`)
          }
          onEntry({ leaf, leafHash: stored }, size)
          size++
        }
        if (rows.length < OPEN_PAGE) break
      }
      return { entries: size, discardedBytes: 0 }
    },

    async append(entries: readonly StoredEntry[]) {
      storage.transactionSync(() => {
        entries.forEach((entry, i) => {
          storage.sql.exec(
            'INSERT INTO log_entries (idx, leaf, leaf_hash) VALUES (?, ?, ?)',
            size + i,
            blob(entry.leaf),
            blob(entry.leafHash),
          )
        })
      })
      size += entries.length
    },

    async read(index) {
      const rows = storage.sql.exec('SELECT leaf FROM log_entries WHERE idx = ?', index).toArray()
      const row = rows[0]
      if (!row) throw new RangeError(`no log entry ${index}`)
      return bytesOf(row.leaf ?? null, `log entry ${index}`)
    },

    async close() {},
  }
}
