/**
 * The key store on a Cloudflare KV namespace (`DATA_KEYS`): one value per key record, named by the
 * lowercase SHA-256 hex digest of the bearer secret (spec 5.6), holding the record as JSON.
 *
 * KV is eventually consistent: a write (a revocation) is visible at once where it was made, and at other
 * locations within about 60 seconds, so a revoked key may still pass there for that long. The Node store
 * sees a change on the next request.
 */
import { KeyRecordSchema, parseKeyRecord, type KeyRecord, type KeyStore } from './keys'

/** The subset of the Workers `KVNamespace` binding the store uses. */
export type KvNamespaceLike = {
  get(key: string, type: 'text'): Promise<string | null>
  put(key: string, value: string): Promise<void>
  list(options: { prefix?: string; cursor?: string }): Promise<{
    keys: { name: string }[]
    list_complete: boolean
    cursor?: string
  }>
}

const DIGEST = /^[a-f0-9]{64}$/

export function createKvKeyStore(kv: KvNamespaceLike): KeyStore {
  async function get(digest: string): Promise<KeyRecord | null> {
    if (!DIGEST.test(digest)) return null
    const text = await kv.get(digest, 'text')
    if (text === null) return null
    const record = parseKeyRecord(text)
    // A record stored under another digest than its own is not this key's record.
    return record?.digest === digest ? record : null
  }

  return {
    get,
    async put(record) {
      const checked = KeyRecordSchema.parse(record)
      await kv.put(checked.digest, JSON.stringify(checked))
    },
    async list() {
      const digests: string[] = []
      let cursor: string | undefined
      do {
        const page = await kv.list({ ...(cursor && { cursor }) })
        for (const key of page.keys) if (DIGEST.test(key.name)) digests.push(key.name)
        cursor = page.list_complete ? undefined : page.cursor
      } while (cursor)
      const records = await Promise.all(digests.sort().map(get))
      return records.filter((r): r is KeyRecord => r !== null)
    },
  }
}
