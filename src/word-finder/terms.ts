/**
 * The words a definition and a description of a meaning are matched by: lower-case letter runs, without
 * the closed-class words (src/text/function-words.ts) and single letters, each Porter-stemmed as the
 * datasets' search stems them, so "waters" in a description finds "water" in a definition.
 */
import { porterStem } from '../datasets/stemmer'
import { functionClass } from '../text/function-words'

/** The distinct stemmed content words of a text, in the order first met. */
export function meaningTerms(text: string): string[] {
  const out = new Set<string>()
  for (const [word] of text.toLowerCase().matchAll(/[a-z]+/g)) {
    if (word.length < 2 || functionClass(word) !== undefined) continue
    out.add(porterStem(word))
  }
  return [...out]
}
