/**
 * The embedded key store: one JSON file (by default `DATA_DIR/private/keys.json`) mapping digests to
 * records. It is re-read whenever the file changes, and written atomically through the BlobStore.
 */
import type { BlobStore } from '../storage/blob-store'
import { KeyRecordSchema, type KeyRecord, type KeyStore } from './keys'

export const KEY_FILE = 'keys.json'

export function createFileKeyStore(store: BlobStore, path = KEY_FILE): KeyStore {
  let cached: { state: string; records: Map<string, KeyRecord> } | null = null
  let writes: Promise<void> = Promise.resolve()

  async function load(): Promise<Map<string, KeyRecord>> {
    const stat = await store.stat(path)
    if (!stat) return new Map()
    if (cached && cached.state === stat.state) return cached.records
    const bytes = await store.read(path)
    const records = new Map<string, KeyRecord>()
    if (bytes) {
      const raw = JSON.parse(new TextDecoder().decode(bytes)) as { keys?: unknown[] }
      for (const entry of raw.keys ?? []) {
        const parsed = KeyRecordSchema.safeParse(entry)
        if (parsed.success) records.set(parsed.data.digest, parsed.data)
      }
    }
    cached = { state: stat.state, records }
    return records
  }

  return {
    async get(digest) {
      return (await load()).get(digest) ?? null
    },
    async list() {
      return [...(await load()).values()].sort((a, b) => (a.digest < b.digest ? -1 : 1))
    },
    put(record) {
      // Writes are queued: two read-modify-write cycles running at once would each drop the other's key.
      const write = writes.then(async () => {
        const records = new Map(await load())
        records.set(record.digest, KeyRecordSchema.parse(record))
        const keys = [...records.values()].sort((a, b) => (a.digest < b.digest ? -1 : 1))
        await store.write(path, JSON.stringify({ keys }, null, 2) + '\n')
        cached = null
      })
      writes = write.catch(() => {})
      return write
    },
  }
}
