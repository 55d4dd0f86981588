/**
 * The embedded key store: one JSON file (by default `DATA_DIR/private/keys.json`) mapping digests to
 * records. It is re-read whenever the file changes, and written atomically through the BlobStore. A file
 * that is not a key store (empty, truncated, not JSON, wrong shape) makes every lookup fail as unavailable,
 * logged once naming the file and the problem, and is never overwritten by a write.
 */
import { z } from 'zod'
import type { BlobStore } from '../storage/blob-store'
import { KeyRecordSchema, KeyStoreUnavailableError, type KeyRecord, type KeyStore } from './keys'

export const KEY_FILE = 'keys.json'

const KeyFileSchema = z.object({ keys: z.array(KeyRecordSchema) })

export type FileKeyStoreOptions = {
  path?: string
  /** How the file is named in the log line about a damaged file. */
  displayName?: string
  log?: (line: string) => void
}

/**
 * What is wrong with the file's bytes, or null when they are a key store. Never quotes the content: a
 * JSON parser's message can echo the text around the fault, which may be a digest.
 */
function damage(text: string): { problem: string; records?: Map<string, KeyRecord> } {
  if (text.trim() === '') return { problem: 'the file is empty' }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { problem: 'the file is not valid JSON (truncated or damaged)' }
  }
  const parsed = KeyFileSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? issue.path.join('.') : 'the top level'
    return { problem: `the file does not have the key-store shape {"keys": [...]}: ${where} is invalid` }
  }
  return { problem: '', records: new Map(parsed.data.keys.map((record) => [record.digest, record])) }
}

export function createFileKeyStore(store: BlobStore, options: FileKeyStoreOptions = {}): KeyStore {
  const path = options.path ?? KEY_FILE
  const displayName = options.displayName ?? `private/${path}`
  const log = options.log ?? ((line: string) => console.error(line))
  let cached: { state: string; records: Map<string, KeyRecord> | null; problem: string } | null = null
  let writes: Promise<void> = Promise.resolve()

  async function load(): Promise<Map<string, KeyRecord>> {
    const stat = await store.stat(path)
    if (!stat) return new Map()
    if (!cached || cached.state !== stat.state) {
      const bytes = await store.read(path)
      const found = damage(bytes ? new TextDecoder().decode(bytes) : '')
      cached = { state: stat.state, records: found.records ?? null, problem: found.problem }
      // One line per damaged version of the file, not one per request.
      if (!found.records) {
        log(
          JSON.stringify({
            level: 'error',
            event: 'key_store_damaged',
            file: displayName,
            problem: found.problem,
          }),
        )
      }
    }
    if (!cached.records) throw new KeyStoreUnavailableError(`${displayName}: ${cached.problem}`)
    return cached.records
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
