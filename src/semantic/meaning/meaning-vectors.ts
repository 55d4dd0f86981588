/**
 * A meaning's vector read from the lexicon alone: the word vectors of its signature (definition, examples,
 * synonyms, and the words and definitions of related meanings, topic domains among them), each weighing
 * as much as the signature gives it. SemCor's meaning vectors (`learned.ts`) know only what the corpus
 * saw; this one knows a computer mouse from its definition's `cursor` and `computer`, so the topic and
 * collocation evidence (`topics.ts`, `collocations.ts`) can speak where the corpus is silent.
 */
import { type Lexicon, senseWritten } from '../../lexicon/lexicon'
import { boundedCache } from '../../text/bounded-cache'
import { givenPerLexicon, perLexicon } from '../../text/per-lexicon'
import { signatureOf } from './signatures'
import { DIMENSIONS, dot, normalize, wordVector } from './vectors'

/** Meaning vectors kept, 400 bytes each; the heaviest requests of every route together read about 4,000. */
const MEANING_VECTOR_LIMIT = 8_000
const PAGED_MEANING_VECTOR_LIMIT = 1_000
const meaningVectors = perLexicon((lexicon) =>
  boundedCache<number, Float32Array | null>(
    lexicon.pages ? PAGED_MEANING_VECTOR_LIMIT : MEANING_VECTOR_LIMIT,
  ),
)

/** Meaning vectors built ahead of a computation, by sense (src/semantic/meaning/built-meanings.ts). */
export const givenMeaningVectors = givenPerLexicon<number, Float32Array | null>()

/** The meaning's lexicon vector (length 1, centred like the word vectors), or null when no word has one. */
export function meaningVector(lexicon: Lexicon, sense: number): Float32Array | null {
  const given = givenMeaningVectors.get(lexicon, sense)
  if (given !== undefined) return given
  const cache = meaningVectors(lexicon)
  const cached = cache.get(sense)
  if (cached !== undefined) return cached
  const own = senseWritten(lexicon, sense).toLowerCase()
  const sum = new Float32Array(DIMENSIONS)
  let any = false
  for (const [word, term] of signatureOf(lexicon, sense)) {
    if (word === own) continue
    const vector = wordVector(lexicon, word)
    if (!vector) continue
    any = true
    for (let d = 0; d < DIMENSIONS; d++) sum[d] = (sum[d] as number) + term.weight * (vector[d] as number)
  }
  const vector = any && normalize(sum) ? sum : null
  cache.set(sense, vector)
  return vector
}

/** A word's vector with its length, read once for cosines with many meanings. */
export type SizedVector = { vector: Float32Array; length: number }

/** The word's vector and length, or null when it has none (or one of no length). */
export function sizedWordVector(lexicon: Lexicon, word: string): SizedVector | null {
  const vector = wordVector(lexicon, word)
  if (!vector) return null
  let length = 0
  for (let d = 0; d < DIMENSIONS; d++) length += (vector[d] as number) ** 2
  return length === 0 ? null : { vector, length: Math.sqrt(length) }
}

/** The cosine of a sized word vector with a meaning's lexicon vector (of length 1). */
export function sizedCosine(word: SizedVector, meaning: Float32Array): number {
  return dot(word.vector, meaning) / word.length
}
