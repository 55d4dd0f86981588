/**
 * Facts of a passage's tokens that every occurrence near them reads again (an occurrence reads the words of
 * its window and its sentences, so each token is read by dozens): worked out once per token and passage
 * analysis, not looked up again in the lexicon-wide caches for each occurrence. Kept per analysis object,
 * which names its lexicon, so a copy reading another lexicon (a rehearsal on Workers) keeps its own.
 */
import type { Token } from '../../text/tokens'
import { matchKeys } from '../../text/word-forms'
import type { PassageAnalysis } from './passage'

/** `fact` of a token, memoized per analysis; `fact` never answers undefined. */
export function perToken<T>(
  fact: (analysis: PassageAnalysis, k: number) => T,
): (analysis: PassageAnalysis, k: number) => T {
  const memos = new WeakMap<PassageAnalysis, Array<T | undefined>>()
  return (analysis, k) => {
    let memo = memos.get(analysis)
    if (!memo) memos.set(analysis, (memo = new Array<T | undefined>(analysis.tokens.length)))
    const known = memo[k]
    if (known !== undefined) return known
    const value = fact(analysis, k)
    memo[k] = value
    return value
  }
}

/** Token k's match keys (`matchKeys`): its written form and every base form. */
export const tokenKeys = perToken((analysis, k) =>
  matchKeys(analysis.lexicon, (analysis.tokens[k] as Token).lower),
)
