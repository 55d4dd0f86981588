/**
 * What the tests of releases read in checked blocks share: an answer as text to compare byte for byte (its
 * request id blanked), and a store that damages the ranged reads of one file while its whole reads and stats
 * stay honest, so that only the block check can notice.
 */
import type { BlobStore } from '../../src/storage/blob-store'
import type { TestServer } from './server'

/** Status, content type and body of an answer (GET, or POST of `body` as JSON). */
export async function answerText(server: TestServer, path: string, body?: unknown): Promise<string> {
  const response = await fetch(server.url + path, {
    ...(body !== undefined && {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
    }),
  })
  const text = (await response.text()).replace(/"requestId":"[^"]*"/, '"requestId":"-"')
  return `${response.status} ${response.headers.get('content-type')}\n${text}`
}

/** A store whose ranged reads of the file named `name` flip one byte of what it holds. */
export function tamperingStore(store: BlobStore, name: string): BlobStore {
  return {
    ...store,
    async readRange(path, start, end) {
      const bytes = await store.readRange(path, start, end)
      if (!bytes || !path.endsWith(`/${name}`) || bytes.byteLength === 0) return bytes
      const copy = bytes.slice()
      copy[0] = (copy[0] as number) ^ 1
      return copy
    },
  }
}
