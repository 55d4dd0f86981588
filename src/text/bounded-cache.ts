/**
 * A memo with a bound on its entries, for the caches of derived word and meaning facts: once full, the
 * entry stored first is dropped for each new one, so a run of unusual words neither grows memory without
 * end nor empties the cache of the everyday words every request asks about at once.
 */
export type BoundedCache<K, V> = {
  get(key: K): V | undefined
  /** Stores the value, dropping the oldest entry first when the cache is full. */
  set(key: K, value: V): void
  readonly size: number
}

export function boundedCache<K, V>(limit: number): BoundedCache<K, V> {
  const entries = new Map<K, V>()
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      if (entries.size >= limit && !entries.has(key)) {
        const oldest = entries.keys().next()
        if (!oldest.done) entries.delete(oldest.value)
      }
      entries.set(key, value)
    },
    get size() {
      return entries.size
    },
  }
}
