/**
 * Running a computation over the lexicon. Where the files are held whole (Node) it is a plain call. Where they
 * are read through a bounded cache of checked blocks (Workers), it runs through `runOverBlocks`
 * (src/storage/paged-run.ts), its discovery runs on a throwaway copy of the lexicon so that no memo of a
 * feature keeps what it computed from zeros, and the computation itself on a copy of its own: features keep
 * their memos per lexicon object, bounded for a process's memory (Node), so on Workers they live only as long
 * as the request and the memos of one heavy request never add to the next one's in a 128 MB isolate. A
 * computation too large to hold all its blocks at once runs in steps (`readLexiconInSteps`): each step pins
 * only its own blocks, released when the step ends, while the request's memos carry over from step to step.
 * Between steps the event loop gets a turn: from the blocks already resident a step reads without waiting,
 * and workerd serves every connection of the process on one thread, so a heavy request computed without one
 * would hold back the others' reads for its whole time (past workerd's 15 s to read a request's headers,
 * their connections are dropped). A block that fails its hash rejects with `ReleaseUnavailableError`, which
 * the app answers with 503 `lexicon_unavailable`.
 */
import type { BlockCache } from '../storage/block-cache'
import { runOverBlocks } from '../storage/paged-run'
import type { Lexicon } from './lexicon'

export type LexiconPages = { cache: BlockCache }

/**
 * One step of a computation in steps: `compute` over the request's lexicon once every block it reads is
 * resident. It may run more than once, and on a throwaway lexicon whose reads answer zeros, so it must not
 * change anything outside itself (it returns what the next steps need).
 */
export type LexiconStep = <T>(compute: (lexicon: Lexicon) => T | Promise<T>) => Promise<T>

/** Steps a computation may take on its lexicon, and whether the lexicon is read in blocks. */
export type LexiconSteps = { step: LexiconStep; paged: boolean }

/**
 * `run` over the lexicon in steps of its choosing; `alsoThrough` names the caches of other releases it reads
 * (the usage release's, for the editorial notes of a review).
 */
export function readLexiconInSteps<T>(
  lexicon: Lexicon,
  run: (steps: LexiconSteps) => T | Promise<T>,
  alsoThrough: ReadonlyArray<BlockCache | undefined> = [],
): Promise<T> {
  const caches = [lexicon.pages?.cache, ...alsoThrough].filter((cache) => cache !== undefined)
  const own = caches.length > 0 ? memoFree(lexicon) : lexicon
  let taken = 0
  const step: LexiconStep = async (compute) => {
    if (caches.length > 0 && taken++ > 0) await nextTurn()
    return runOverBlocks(
      caches,
      () => compute(own),
      () => compute(memoFree(lexicon)),
    )
  }
  return Promise.resolve(run({ step, paged: caches.length > 0 }))
}

/** `compute` over the lexicon in one step, once every block it reads is resident. */
export function readLexicon<T>(
  lexicon: Lexicon,
  compute: (lexicon: Lexicon) => T | Promise<T>,
  alsoThrough: ReadonlyArray<BlockCache | undefined> = [],
): Promise<T> {
  return readLexiconInSteps(lexicon, ({ step }) => step(compute), alsoThrough)
}

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The same lexicon as a new object: no memo of a feature (kept per lexicon object) is shared with it. */
function memoFree(lexicon: Lexicon): Lexicon {
  return { ...lexicon, data: { ...lexicon.data, recent: new Map() } }
}
