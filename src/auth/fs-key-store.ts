/**
 * The embedded key store: one JSON file (by default `DATA_DIR/private/keys.json`) of key records. An index by
 * digest (key-file.ts) is built once per state of the file (its inode, size and times) and shared by every
 * lookup until the file changes; the Node service builds it on a worker thread (key-index-thread.ts), so a
 * large store never holds up the event loop. A malformed record is left out and logged by its position; a
 * file that cannot be read as a key store makes every lookup fail as unavailable, logged once, and is never
 * overwritten by a write. Writes go through the BlobStore (atomic: temporary file, flush, rename), each
 * read-modify-write under the `exclusive` lock the operator's CLI gives (key-file-lock.ts).
 */
import type { BlobStore } from '../storage/blob-store'
import {
  allRecords,
  findRecord,
  readKeyFile,
  recordCount,
  SKIPPED_LISTED,
  withRecord,
  type KeyFileReading,
} from './key-file'
import { KeyRecordSchema, KeyStoreUnavailableError, type KeyStore } from './keys'

export const KEY_FILE = 'keys.json'

const NO_KEYS = new TextEncoder().encode('{"keys": []}')

/** Builds the index of the file's bytes: here by default, on a worker thread in the Node service. */
export type KeyIndexer = (bytes: Uint8Array) => Promise<KeyFileReading>

export type FileKeyStoreOptions = {
  path?: string
  /** How the file is named in the log lines about it. */
  displayName?: string
  log?: (line: string) => void
  indexer?: KeyIndexer
  /** Holds every other writer off around a read-modify-write (a lock between processes); absent: none. */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>
}

export function createFileKeyStore(store: BlobStore, options: FileKeyStoreOptions = {}): KeyStore {
  const path = options.path ?? KEY_FILE
  const displayName = options.displayName ?? `private/${path}`
  const log = options.log ?? ((line: string) => console.error(line))
  const indexer: KeyIndexer = options.indexer ?? (async (bytes) => readKeyFile(bytes))
  const exclusive = options.exclusive ?? (<T>(work: () => Promise<T>) => work())
  let current: { state: string; reading: Promise<KeyFileReading> } | null = null
  let writes: Promise<void> = Promise.resolve()

  const report = (fields: Record<string, unknown>) =>
    log(JSON.stringify({ level: 'error', file: displayName, ...fields }))

  /** One set of lines per version of the file, not one per request; never a record's content. */
  function reportReading(reading: KeyFileReading): void {
    if ('problem' in reading) return report({ event: 'key_store_damaged', problem: reading.problem })
    const { skipped, skippedCount } = reading.index
    for (const { index, problem } of skipped) report({ event: 'key_record_skipped', record: index, problem })
    if (skippedCount > SKIPPED_LISTED) {
      report({ event: 'key_records_skipped', count: skippedCount, listed: SKIPPED_LISTED })
    }
  }

  async function index(): Promise<KeyFileReading> {
    try {
      const bytes = await store.read(path)
      // Removed between the stat and the read: no keys, as when there is no file.
      const reading = await indexer(bytes ?? NO_KEYS)
      reportReading(reading)
      return reading
    } catch (err) {
      const problem = `the file cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`
      report({ event: 'key_store_damaged', problem })
      return { problem }
    }
  }

  /** The reading of the file's current state (null: no file, no keys), built once per state. */
  async function reading(): Promise<KeyFileReading | null> {
    const stat = await store.stat(path)
    if (!stat) return null
    if (current?.state !== stat.state) current = { state: stat.state, reading: index() }
    return current.reading
  }

  async function usable() {
    const found = await reading()
    if (found && 'problem' in found) throw new KeyStoreUnavailableError(`${displayName}: ${found.problem}`)
    return found?.index ?? null
  }

  return {
    async get(digest) {
      const found = await usable()
      return found ? findRecord(found, digest) : null
    },
    async list() {
      const found = await usable()
      return found ? allRecords(found) : []
    },
    put(record) {
      // Queued within the process, locked between processes: concurrent read-modify-writes would each
      // drop the other's change.
      const write = writes.then(() =>
        exclusive(async () => {
          const bytes = await store.read(path)
          const text = bytes ? new TextDecoder().decode(bytes) : ''
          await store.write(path, withRecord(text, KeyRecordSchema.parse(record), displayName))
        }),
      )
      writes = write.catch(() => {})
      return write
    },
    async condition() {
      const found = await reading()
      if (!found) return { ready: true, detail: 'no key file: no keys' }
      if ('problem' in found) return { ready: false, detail: `${displayName}: ${found.problem}` }
      const { skippedCount } = found.index
      const skipped = skippedCount ? `; ${skippedCount} malformed record(s) left out, see the log` : ''
      return { ready: true, detail: `${recordCount(found.index) > 0 ? 'readable' : 'no keys'}${skipped}` }
    },
  }
}
