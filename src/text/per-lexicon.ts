/**
 * Memoization per loaded lexicon: derived indexes live as long as their lexicon and are rebuilt for a new
 * release, without a global that outlives it.
 */
import type { Lexicon } from '../lexicon/lexicon'

export function perLexicon<T>(make: (lexicon: Lexicon) => T): (lexicon: Lexicon) => T {
  const cache = new WeakMap<Lexicon, T>()
  return (lexicon) => {
    let value = cache.get(lexicon)
    if (value === undefined) {
      value = make(lexicon)
      cache.set(lexicon, value)
    }
    return value
  }
}

/** Entries handed to a lexicon object from outside, answered before its memo: see `givenPerLexicon`. */
export type GivenPerLexicon<K, V> = {
  /** Hands `entries` to this lexicon object, in place of those handed to it before. */
  give(lexicon: Lexicon, entries: ReadonlyMap<K, V>): void
  get(lexicon: Lexicon, key: K): V | undefined
}

/**
 * Entries a computation is handed, computed before it from the same release (as
 * src/semantic/meaning/built-meanings.ts does): kept with the lexicon object it runs on, so that every run of
 * it, its rehearsals on a throwaway copy too, reads them instead of what they were computed from.
 */
export function givenPerLexicon<K, V>(): GivenPerLexicon<K, V> {
  const given = new WeakMap<Lexicon, ReadonlyMap<K, V>>()
  return {
    give: (lexicon, entries) => void given.set(lexicon, entries),
    get: (lexicon, key) => given.get(lexicon)?.get(key),
  }
}
