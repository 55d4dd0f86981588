/**
 * Prefix search over lexicon words. Order: the exact word first, then by WordNet sense tag count (the
 * commoner word first), then the shorter, then code-unit order. Two- and three-character prefixes come
 * from a table built at load; longer ones scan their (small) alphabetical range.
 */
import { compareCodeUnits, normalizeLemma, type Lexicon } from './lexicon'

export const PREFIX_RESULT_LIMIT = 20

export function searchPrefix(lexicon: Lexicon, rawPrefix: string, limit = PREFIX_RESULT_LIMIT): string[] {
  const prefix = normalizePrefix(rawPrefix)
  const exact = lexicon.lemmaSenses.has(prefix) ? prefix : null
  const ranked =
    prefix.length <= 3 ? (lexicon.shortPrefixTop.get(prefix) ?? []) : scanRange(lexicon, prefix, limit + 1)
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

function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (compareCodeUnits(sorted[mid] as string, key) < 0) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The `keep` best-ranked lemmas starting with `prefix`, best first. */
function scanRange(lexicon: Lexicon, prefix: string, keep: number): string[] {
  const best: Array<[number, string]> = []
  for (let i = lowerBound(lexicon.sortedLemmas, prefix); i < lexicon.sortedLemmas.length; i++) {
    const lemma = lexicon.sortedLemmas[i] as string
    if (!lemma.startsWith(prefix)) break
    const rank = lexicon.lemmaRank[i] as number
    if (best.length === keep && rank >= (best[keep - 1] as [number, string])[0]) continue
    let at = best.length
    while (at > 0 && (best[at - 1] as [number, string])[0] > rank) at--
    best.splice(at, 0, [rank, lemma])
    if (best.length > keep) best.pop()
  }
  return best.map(([, lemma]) => lemma)
}

export { normalizeLemma }
