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
