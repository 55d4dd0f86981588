/**
 * A bounded least-recently-used cache, for serialized response bodies and whole stored answers. Release
 * data is immutable, so the JSON for a popular word is the same until the release changes; keys therefore
 * carry the release id, or entries carry an expiry. Bounded by entries and by total weight (characters or
 * bytes), so memory stays predictable.
 */
import type { TypedResponse } from 'hono'

export type LruCache<V> = {
  get(key: string): V | undefined
  set(key: string, value: V): void
  delete(key: string): void
  clear(): void
  readonly size: number
}

export function createLruCache<V>(options: {
  maxEntries: number
  /** Bound on the sum of `weigh(value)`; a value heavier than this alone is not kept. */
  maxWeight: number
  weigh: (value: V) => number
}): LruCache<V> {
  const entries = new Map<string, V>()
  let weight = 0
  const remove = (key: string) => {
    const value = entries.get(key)
    if (value === undefined) return
    entries.delete(key)
    weight -= options.weigh(value)
  }
  return {
    get(key) {
      const value = entries.get(key)
      if (value !== undefined) {
        entries.delete(key)
        entries.set(key, value)
      }
      return value
    },
    set(key, value) {
      const added = options.weigh(value)
      if (added > options.maxWeight) return
      remove(key)
      entries.set(key, value)
      weight += added
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries && weight <= options.maxWeight) break
        remove(oldest)
      }
    },
    delete: remove,
    clear() {
      entries.clear()
      weight = 0
    },
    get size() {
      return entries.size
    },
  }
}

/** A cache of serialized bodies, weighed in characters. */
export function createBodyCache(options: { maxEntries: number; maxChars: number }): LruCache<string> {
  return createLruCache({
    maxEntries: options.maxEntries,
    maxWeight: options.maxChars,
    weigh: (s) => s.length,
  })
}

/**
 * A 200 JSON answer from an already serialized body, typed as the value it was serialized from, so cached
 * and fresh answers go through the same typed route. It carries its cache policy itself, which spares the
 * hottest routes a middleware layer.
 */
export function serializedJson<T>(body: string, cacheControl: string): TypedResponse<T, 200, 'json'> {
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': cacheControl },
  }) as unknown as TypedResponse<T, 200, 'json'>
}
