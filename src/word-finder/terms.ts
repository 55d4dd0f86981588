/**
 * The words a definition and a description of a meaning are matched by: lower-case letter runs, without
 * the closed-class words (src/text/function-words.ts) and single letters, each Porter-stemmed as the
 * datasets' search stems them, so "waters" in a description finds "water" in a definition.
 */
import { porterStem } from '../datasets/stemmer'
import { boundedCache } from '../text/bounded-cache'
import { functionClass } from '../text/function-words'

/** Stems of the words met (null: a word not matched on); the definitions repeat their vocabulary. */
const stems = boundedCache<string, string | null>(20_000)

function stemOf(word: string): string | null {
  let stem = stems.get(word)
  if (stem === undefined) {
    stem = word.length < 2 || functionClass(word) !== undefined ? null : porterStem(word)
    stems.set(word, stem)
  }
  return stem
}

/** The distinct stemmed content words of a text, in the order first met; at most `limit` of them. */
export function meaningTerms(text: string, limit = Infinity): string[] {
  const out = new Set<string>()
  for (const [word] of text.toLowerCase().matchAll(/[a-z]+/g)) {
    if (out.size >= limit) break
    const stem = stemOf(word)
    if (stem !== null) out.add(stem)
  }
  return [...out]
}
