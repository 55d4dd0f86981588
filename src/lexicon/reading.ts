/**
 * Running a computation over the lexicon. Where the files are held whole (Node) it is a plain call. Where they
 * are read through a bounded cache of checked blocks (Workers), accessors are synchronous and cannot wait for
 * a block, so a read of a block that is not resident throws; the computation is then run once more on zeros
 * to discover the other blocks it needs (on a throwaway copy of the lexicon, so no memo of a feature keeps
 * what it computed), those blocks are fetched, checked and pinned, and the computation is run again. Route
 * logic is a deterministic function of the lexicon and the request, so running it again is safe; only its
 * answer from a run that read no missing block is used.
 */
import { BlockIntegrityError } from '../storage/block-hashes'
import type { BlockCache } from '../storage/block-cache'
import { BlockMissError, type BlockRef } from '../storage/paged-bytes'
import { unavailable } from '../http/unavailable'
import type { Lexicon } from './lexicon'
import { LEXICON_UNAVAILABLE } from './release'

export type LexiconPages = { cache: BlockCache }

/** Rounds of fetching one computation may take: far above what any route needs (each round pins more). */
const MAX_ROUNDS = 64

/** `compute` over the lexicon, once every block it reads is resident. */
export async function readLexicon<T>(
  lexicon: Lexicon,
  compute: (lexicon: Lexicon) => T | Promise<T>,
): Promise<T> {
  const pages = lexicon.pages
  if (!pages) return compute(lexicon)
  const pinned: BlockRef[] = []
  try {
    for (let round = 0; ; round++) {
      let missed: BlockMissError
      try {
        return await compute(lexicon)
      } catch (err) {
        if (!(err instanceof BlockMissError) || round >= MAX_ROUNDS) throw err
        missed = err
      }
      const throwaway: Lexicon = { ...lexicon, data: { ...lexicon.data, recent: new Map() } }
      const wanted = [...missed.blocks, ...pages.cache.discover(() => compute(throwaway))]
      pinned.push(...wanted)
      await pages.cache.fetch(wanted)
    }
  } catch (err) {
    if (err instanceof BlockIntegrityError) {
      throw unavailable(LEXICON_UNAVAILABLE, {
        problems: [{ path: err.path, problem: 'block-hash-mismatch' }],
      })
    }
    throw err
  } finally {
    pages.cache.unpin(pinned)
  }
}
