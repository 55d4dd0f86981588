/**
 * A bounded least-recently-used cache of serialized response bodies. Release data is immutable, so the
 * JSON for a popular word is the same string until the release changes; keys therefore carry the release
 * id. Bounded by entries and by total characters, so memory stays predictable.
 */
import type { TypedResponse } from 'hono'

export type BodyCache = {
  get(key: string): string | undefined
  set(key: string, body: string): void
  readonly size: number
}

export function createBodyCache(options: { maxEntries: number; maxChars: number }): BodyCache {
  const entries = new Map<string, string>()
  let chars = 0
  return {
    get(key) {
      const body = entries.get(key)
      if (body !== undefined) {
        entries.delete(key)
        entries.set(key, body)
      }
      return body
    },
    set(key, body) {
      if (body.length > options.maxChars) return
      const previous = entries.get(key)
      if (previous !== undefined) {
        chars -= previous.length
        entries.delete(key)
      }
      entries.set(key, body)
      chars += body.length
      for (const [oldest, oldBody] of entries) {
        if (entries.size <= options.maxEntries && chars <= options.maxChars) break
        entries.delete(oldest)
        chars -= oldBody.length
      }
    },
    get size() {
      return entries.size
    },
  }
}

/**
 * A 200 JSON answer from an already serialized body, typed as the value it was serialized from, so cached
 * and fresh answers go through the same typed route.
 */
export function serializedJson<T>(body: string): TypedResponse<T, 200, 'json'> {
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  }) as unknown as TypedResponse<T, 200, 'json'>
}
