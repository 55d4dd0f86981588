/**
 * A written word's lexical part-of-speech evidence: which parts of speech the lexicon allows it (through
 * its base forms) and how often each was tagged, plus one. Kept per lexicon; callers get a copy.
 */
import { type Lexicon, sensesOf, senseSynsetPos, senseTagCount } from '../lexicon/lexicon'
import type { PartOfSpeech } from '../lexicon/wordnet-format'
import { boundedCache } from './bounded-cache'
import { perLexicon } from './per-lexicon'
import { formReadings } from './word-forms'

export type PosDistribution = Record<PartOfSpeech, number>

/** Words whose weights are kept (about 120 bytes each; the heaviest requests of every route read 10,000). */
const LEXICAL_CACHE_LIMIT = 50_000
const lexicalCache = perLexicon(() => boundedCache<string, PosDistribution | null>(LEXICAL_CACHE_LIMIT))

export function lexicalWeights(lexicon: Lexicon, lower: string): PosDistribution | null {
  const cache = lexicalCache(lexicon)
  let weights = cache.get(lower)
  if (weights === undefined) {
    weights = computeLexicalWeights(lexicon, lower)
    cache.set(lower, weights)
  }
  return weights && { ...weights }
}

function computeLexicalWeights(lexicon: Lexicon, lower: string): PosDistribution | null {
  const weights: PosDistribution = { noun: 0, verb: 0, adjective: 0, adverb: 0 }
  let any = false
  for (const reading of formReadings(lexicon, lower)) {
    let tagged = 0
    for (const sense of sensesOf(lexicon, reading.word)) {
      if (senseSynsetPos(lexicon, sense) === reading.partOfSpeech) {
        tagged += senseTagCount(lexicon, sense)
      }
    }
    weights[reading.partOfSpeech] += tagged + 1
    any = true
  }
  return any ? weights : null
}
