/**
 * Prefix search over lexicon words. Order: the exact word first, then by WordNet sense tag count (the
 * commoner word first), then the shorter, then code-unit order. Two- and three-character prefixes come
 * from a table the release builder writes; longer ones scan their (small) alphabetical range.
 */
import {
  isLemma,
  lemmaAt,
  lemmaPrefixRange,
  lemmaRankAt,
  normalizeLemma,
  shortPrefixTop,
  type Lexicon,
} from './lexicon'

export const PREFIX_RESULT_LIMIT = 20

export function searchPrefix(lexicon: Lexicon, rawPrefix: string, limit = PREFIX_RESULT_LIMIT): string[] {
  const prefix = normalizePrefix(rawPrefix)
  const exact = isLemma(lexicon, prefix) ? prefix : null
  const ranked = prefix.length <= 3 ? shortPrefixTop(lexicon, prefix) : scanRange(lexicon, prefix, limit + 1)
  const words = exact ? [exact] : []
  for (const lemma of ranked) {
    if (words.length >= limit) break
    if (lemma !== exact) words.push(lemma)
  }
  return words
}

/** Lower case and underscores as spaces; inner spaces are kept, since `ice c` is a useful prefix. */
export function normalizePrefix(prefix: string): string {
  return prefix.toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trimStart()
}

/** The `keep` best-ranked lemmas starting with `prefix`, best first. */
function scanRange(lexicon: Lexicon, prefix: string, keep: number): string[] {
  const best: Array<[number, number]> = []
  const [start, end] = lemmaPrefixRange(lexicon, prefix)
  for (let i = start; i < end; i++) {
    const rank = lemmaRankAt(lexicon, i)
    if (best.length === keep && rank >= (best[keep - 1] as [number, number])[0]) continue
    let at = best.length
    while (at > 0 && (best[at - 1] as [number, number])[0] > rank) at--
    best.splice(at, 0, [rank, i])
    if (best.length > keep) best.pop()
  }
  return best.map(([, position]) => lemmaAt(lexicon, position))
}

export { normalizeLemma }
