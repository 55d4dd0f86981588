/**
 * The lexicon's reading of an expression in a passage, which a consensus state is compared with.
 *
 * `PassageResolver` is the seam for the semantic `/v1/resolve` logic. Until that is plugged in, the
 * consensus routes use `glossOverlapResolver`, a documented fallback: among the meanings of the
 * expression's lemmas, the one whose definition, examples and synonyms share the most distinct content
 * words with the passage (outside the expression itself); ties, and passages sharing no word with any
 * meaning, go to the most frequent sense (highest WordNet tag count, then WordNet order).
 */
import type { SenseRow } from '../lexicon/compile'
import { sensesOf, type Lexicon } from '../lexicon/lexicon'
import { meaning } from '../lexicon/record'

export type PassageReading = { meaning: string; method: string }

export type PassageResolver = {
  name: string
  resolve(
    lexicon: Lexicon,
    input: { lemmas: readonly string[]; passage: string; span: { start: number; end: number } },
  ): PassageReading | null
}

const STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below ' +
    'between both but by can did do does doing down during each few for from further had has have having ' +
    'he her here hers herself him himself his how i if in into is it its itself just me more most my myself ' +
    'no nor not now of off on once only or other our ours ourselves out over own same she should so some ' +
    'such than that the their theirs them themselves then there these they this those through to too under ' +
    'until up very was we were what when where which while who whom why will with would you your yours ' +
    'yourself yourselves one ones something someone used use'
  ).split(' '),
)

function contentWords(text: string): Set<string> {
  const out = new Set<string>()
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []) {
    if (word.length > 2 && !STOPWORDS.has(word)) out.add(word)
  }
  return out
}

export const glossOverlapResolver: PassageResolver = {
  name: 'consensus-fallback/gloss-overlap',
  resolve(lexicon, { lemmas, passage, span }) {
    const target = contentWords(passage.slice(span.start, span.end))
    const context = contentWords(passage.slice(0, span.start) + ' ' + passage.slice(span.end))
    for (const word of target) context.delete(word)
    let best: { sense: number; overlap: number; tags: number } | null = null
    for (const lemma of lemmas) {
      for (const sense of sensesOf(lexicon, lemma)) {
        const m = meaning(lexicon, sense)
        const gloss = contentWords([m.definition, ...m.examples, ...m.synonyms.map((s) => s.word)].join(' '))
        let overlap = 0
        for (const word of context) if (gloss.has(word)) overlap++
        const candidate = { sense, overlap, tags: (lexicon.senses[sense] as SenseRow)[4] }
        // Strictly better only: among equals the earlier meaning (WordNet order) stays.
        if (
          !best ||
          candidate.overlap > best.overlap ||
          (candidate.overlap === best.overlap && candidate.tags > best.tags)
        ) {
          best = candidate
        }
      }
    }
    if (!best) return null
    return {
      meaning: (lexicon.senses[best.sense] as SenseRow)[0],
      method: best.overlap > 0 ? `gloss-overlap (${best.overlap} shared words)` : 'most-frequent-sense',
    }
  },
}
