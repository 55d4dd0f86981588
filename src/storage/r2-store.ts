/**
 * The BlobStore on a Cloudflare R2 bucket (the Workers adapter of src/storage/blob-store.ts). Objects are
 * named by their path; the ETag is the state token, and an object written through `write` carries its
 * SHA-256 as an R2 checksum, so an integrity check reads the stored digest instead of the whole object.
 */
import type { BlobStat, BlobStore } from './blob-store'
import { sha256Hex, toHex } from './digest'

/** The part of an R2 object's metadata this store reads. */
export type R2ObjectHead = {
  size: number
  etag: string
  checksums: { sha256?: ArrayBuffer }
}

export type R2ObjectWithBody = R2ObjectHead & {
  body: ReadableStream<Uint8Array>
  arrayBuffer(): Promise<ArrayBuffer>
}

/** The subset of the Workers `R2Bucket` binding the store uses (structural, so no platform types leak in). */
export type R2BucketLike = {
  head(key: string): Promise<R2ObjectHead | null>
  get(
    key: string,
    options?: { range?: { offset: number; length: number } },
  ): Promise<R2ObjectWithBody | R2ObjectHead | null>
  put(key: string, value: Uint8Array | string, options?: { sha256?: string }): Promise<unknown>
  delete(key: string): Promise<void>
  list(options: { prefix?: string; cursor?: string }): Promise<{
    objects: { key: string }[]
    truncated: boolean
    cursor?: string
  }>
}

const emptyStream = (): ReadableStream<Uint8Array> => new ReadableStream({ start: (c) => c.close() })

/** A `get` answers metadata alone when a condition fails; only an object with a body has `arrayBuffer`. */
function withBody(object: R2ObjectWithBody | R2ObjectHead | null): R2ObjectWithBody | null {
  return object && typeof (object as Partial<R2ObjectWithBody>).arrayBuffer === 'function'
    ? (object as R2ObjectWithBody)
    : null
}

export function createR2Store(bucket: R2BucketLike): BlobStore {
  /** Bytes [start, end) clipped to the object, or null when the object is missing. */
  async function ranged(
    path: string,
    start: number,
    end: number,
  ): Promise<R2ObjectWithBody | 'empty' | null> {
    const head = await bucket.head(path)
    if (!head) return null
    const from = Math.min(Math.max(0, start), head.size)
    const to = Math.min(Math.max(from, end), head.size)
    if (to <= from) return 'empty'
    return withBody(await bucket.get(path, { range: { offset: from, length: to - from } }))
  }

  async function read(path: string): Promise<Uint8Array | null> {
    const object = withBody(await bucket.get(path))
    return object ? new Uint8Array(await object.arrayBuffer()) : null
  }

  return {
    read,
    async stat(path): Promise<BlobStat | null> {
      const head = await bucket.head(path)
      return head ? { size: head.size, state: head.etag } : null
    },
    async readRange(path, start, end) {
      const object = await ranged(path, start, end)
      if (object === 'empty') return new Uint8Array(0)
      return object ? new Uint8Array(await object.arrayBuffer()) : null
    },
    async readSpan(path, start, end) {
      const object = withBody(await bucket.get(path, { range: { offset: start, length: end - start } }))
      return object ? new Uint8Array(await object.arrayBuffer()) : null
    },
    async stream(path, range) {
      if (!range) return withBody(await bucket.get(path))?.body ?? null
      const object = await ranged(path, range.start, range.end)
      if (object === 'empty') return emptyStream()
      return object?.body ?? null
    },
    async sha256(path) {
      const head = await bucket.head(path)
      if (!head) return null
      if (head.checksums.sha256) return toHex(new Uint8Array(head.checksums.sha256))
      // Uploaded without a checksum (by another tool): hash it whole.
      const bytes = await read(path)
      return bytes ? sha256Hex(bytes) : null
    },
    async write(path, data) {
      // R2 checks the digest on upload and keeps it, so a later integrity check need not read the object.
      await bucket.put(path, data, { sha256: await sha256Hex(data) })
    },
    async remove(path) {
      await bucket.delete(path)
    },
    async list(prefix) {
      // The filesystem store lists a folder: `a/b` must not match `a/bc/...`.
      const folder = prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`
      const keys: string[] = []
      let cursor: string | undefined
      do {
        const page = await bucket.list({ prefix: folder, ...(cursor && { cursor }) })
        for (const object of page.objects) keys.push(object.key)
        cursor = page.truncated ? page.cursor : undefined
      } while (cursor)
      return keys.sort()
    },
  }
}
