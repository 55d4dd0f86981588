/**
 * Running a computation over files read through bounded caches of checked blocks (src/storage/block-cache.ts).
 * Reads are synchronous and cannot wait for a block, so a read of a block that is not resident throws; the
 * computation is then rehearsed on zeros to discover the other blocks it needs (in every cache it reads
 * through at once), those blocks are fetched, checked and pinned (with the resident blocks it read, so that
 * fetching never drops one the next run reads again), and the computation is run again. Logic is
 * a deterministic function of the files and the request, so running it again is safe; only the answer of a
 * run that missed no block is used.
 */
import type { BlockCache } from './block-cache'
import { BlockMissError, type BlockRef } from './paged-bytes'

/** Rounds of fetching one computation may take: far above what any route needs (each round pins more). */
const MAX_ROUNDS = 64

/**
 * `compute` once every block it reads through `caches` is resident. `rehearse` is the same computation for
 * the discovery runs, over throwaway copies of whatever `compute` memoizes (a memo filled from zeros must
 * not outlive the run).
 */
export async function runOverBlocks<T>(
  caches: readonly BlockCache[],
  compute: () => T | Promise<T>,
  rehearse: () => unknown = compute,
): Promise<T> {
  if (caches.length === 0) return compute()
  const pinned = new Map<BlockCache, BlockRef[]>()
  try {
    for (let round = 0; ; round++) {
      let missed: BlockMissError
      try {
        return await compute()
      } catch (err) {
        if (!(err instanceof BlockMissError) || round >= MAX_ROUNDS) throw err
        missed = err
      }
      const wanted = discoverIn(caches, rehearse)
      const owner = caches.find((cache) => cache === missed.owner)
      if (!owner) throw missed
      wanted.get(owner)?.push(...missed.blocks)
      await Promise.all(
        [...wanted].map(([cache, blocks]) => {
          pinned.set(cache, [...(pinned.get(cache) ?? []), ...blocks])
          return cache.fetch(blocks)
        }),
      )
    }
  } finally {
    for (const [cache, blocks] of pinned) cache.unpin(blocks)
  }
}

/**
 * One discovery run with every cache answering zeros: by cache, the blocks it would have missed and the
 * resident blocks it read, all of which the next round pins.
 */
function discoverIn(caches: readonly BlockCache[], rehearse: () => unknown): Map<BlockCache, BlockRef[]> {
  const found = new Map<BlockCache, BlockRef[]>()
  const nested = caches.reduceRight<() => unknown>(
    (inner, cache) => () => {
      const { missing, resident } = cache.discover(inner)
      found.set(cache, [...missing, ...resident])
    },
    rehearse,
  )
  nested()
  return found
}
