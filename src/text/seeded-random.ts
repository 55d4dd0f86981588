/**
 * A small seeded generator (mulberry32): the same seed gives the same numbers, so a draw can be run again
 * (a paged lexicon read that missed a block) or replayed (a failing randomized test).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
