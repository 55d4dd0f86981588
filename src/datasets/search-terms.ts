/**
 * How text becomes search terms, alike for the index (built with the release) and for `q`: lowercased,
 * accents folded, split at anything not a letter or digit, English stopwords dropped, each word stemmed
 * with the Porter stemmer. Changing any of this changes what an index built before holds, so the rule has a
 * name the manifest records (`TERMS_RULE`).
 */
import { porterStem } from './stemmer'

export const TERMS_RULE = 'lowercase-nfkd-ascii-fold/letters-digits/lucene-english-stopwords/porter-1980'

/** Lucene's classic English stopword set: too common to tell records apart. */
const STOPWORDS = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(
    ' ',
  ),
)

const MARKS = /\p{M}+/gu
const WORD = /[\p{L}\p{N}]+/gu

/** Every term of `text` in order, repeats kept (term frequencies count them). */
export function termsOf(text: string, stems: Map<string, string> = new Map()): string[] {
  const out: string[] = []
  const folded = text.normalize('NFKD').replace(MARKS, '').toLowerCase()
  for (const match of folded.matchAll(WORD)) {
    const word = match[0]
    if (STOPWORDS.has(word)) continue
    let stem = stems.get(word)
    if (stem === undefined) stems.set(word, (stem = porterStem(word)))
    out.push(stem)
  }
  return out
}
