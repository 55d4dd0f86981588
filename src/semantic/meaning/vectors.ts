/**
 * The similarity evidence of meaning in context: word vectors (GloVe, see `model-info.ts`) of the words
 * around an occurrence, averaged into one context vector, against each meaning's vector (the mean context
 * of its SemCor occurrences, its definition and examples, and its synset's and neighbouring synsets'
 * contexts, built by `tools/train/vectors-train.ts`). Both live in the meaning model's text: a line
 * `e:word TAB scale TAB int8s` per word, centred on the mean context so that cosines compare what differs
 * between contexts, and a fifth field of each word's line with its meanings' vectors. Vectors are int8 in
 * base64, 100 bytes each, decoded when first asked for.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import { fromBase64, toBase64 } from '../../text/base64'
import { boundedCache } from '../../text/bounded-cache'
import { givenPerLexicon, perLexicon } from '../../text/per-lexicon'
import type { Token } from '../../text/tokens'
import { surroundingWord, type ContextFeature } from './features'
import { meaningModelOf, modelLine } from './model-file'
import type { Expression, PassageAnalysis } from './passage'

export const DIMENSIONS = 100

/** The key of a word's vector line in the model text. */
export const wordVectorKey = (word: string): string => `e:${word}`

/** How the words around an occurrence weigh in its context vector (the same at training and serving). */
export const CONTEXT_WEIGHTS = {
  /** A word `d` tokens away weighs 1 / (1 + d / decay): the nearest words say most about the occurrence. */
  decay: 3,
  /** Words of the sentences either side weigh this much beside the occurrence's own sentence. */
  otherSentence: 0.5,
} as const

/** A vector as int8s, the largest component at ±127, and the scale that turns them back. */
export function quantize(vector: ArrayLike<number>): { scale: number; bytes: Uint8Array } {
  let largest = 0
  for (let d = 0; d < vector.length; d++) largest = Math.max(largest, Math.abs(vector[d] as number))
  const scale = largest === 0 ? 1 : largest / 127
  const bytes = new Uint8Array(vector.length)
  for (let d = 0; d < vector.length; d++) bytes[d] = Math.round((vector[d] as number) / scale) & 0xff
  return { scale, bytes }
}

/** A vector as int8s in base64 and the scale that turns them back. */
export function encodeVector(vector: ArrayLike<number>): { scale: number; text: string } {
  const { scale, bytes } = quantize(vector)
  return { scale, text: toBase64(bytes) }
}

/** The vectors of `text` (int8s in base64, `DIMENSIONS` each), each times `scale`; none when it is not base64. */
export function decodeVectors(text: string, scale: number): Float32Array[] {
  const bytes = fromBase64(text)
  if (bytes === null) return []
  const values = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out: Float32Array[] = []
  for (let at = 0; at + DIMENSIONS <= values.length; at += DIMENSIONS) {
    const vector = new Float32Array(DIMENSIONS)
    for (let d = 0; d < DIMENSIONS; d++) vector[d] = (values[at + d] as number) * scale
    out.push(vector)
  }
  return out
}

/** Scales a vector to length 1 in place; false when it has no length. */
export function normalize(vector: Float32Array | Float64Array): boolean {
  let sum = 0
  for (let d = 0; d < vector.length; d++) sum += (vector[d] as number) ** 2
  if (sum === 0) return false
  const length = Math.sqrt(sum)
  for (let d = 0; d < vector.length; d++) vector[d] = (vector[d] as number) / length
  return true
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0
  for (let d = 0; d < DIMENSIONS; d++) sum += (a[d] as number) * (b[d] as number)
  return sum
}

/**
 * The weighted mean of the vectors of an occurrence's surrounding words (its `word` features), or null when
 * none has a vector. Not normalized: training centres it first.
 */
export function contextVector(
  analysis: PassageAnalysis,
  expression: Expression,
  features: readonly ContextFeature[],
  vectorOf: (word: string) => ArrayLike<number> | null,
): Float64Array | null {
  const out = new Float64Array(DIMENSIONS)
  const sentence = (analysis.tokens[expression.firstToken] as Token).sentence
  let total = 0
  for (const feature of features) {
    if (feature.kind !== 'word') continue
    const vector = vectorOf(surroundingWord(feature))
    if (!vector) continue
    const k = feature.tokens[0] as number
    const distance = k < expression.firstToken ? expression.firstToken - k : k - expression.endToken + 1
    const weight =
      ((analysis.tokens[k] as Token).sentence === sentence ? 1 : CONTEXT_WEIGHTS.otherSentence) /
      (1 + distance / CONTEXT_WEIGHTS.decay)
    for (let d = 0; d < DIMENSIONS; d++) out[d] = (out[d] as number) + weight * (vector[d] as number)
    total += weight
  }
  if (total === 0) return null
  for (let d = 0; d < DIMENSIONS; d++) out[d] = (out[d] as number) / total
  return out
}

/**
 * Decoded word vectors kept per lexicon, 400 bytes each and a passage of 12,000 characters reads about 1,000
 * words; fewer on Workers, where the lines come from blocks that must also fit.
 */
const WORD_VECTOR_LIMIT = 20_000
const PAGED_WORD_VECTOR_LIMIT = 2_000
const wordVectors = perLexicon((lexicon) =>
  boundedCache<string, Float32Array | null>(lexicon.pages ? PAGED_WORD_VECTOR_LIMIT : WORD_VECTOR_LIMIT),
)

/** Word vectors read ahead of a computation, by word (src/semantic/meaning/built-meanings.ts). */
export const givenWordVectors = givenPerLexicon<string, Float32Array | null>()

/** A word's vector from the meaning model, centred on the mean context, or null when it has none. */
export function wordVector(lexicon: Lexicon, word: string): Float32Array | null {
  const given = givenWordVectors.get(lexicon, word)
  if (given !== undefined) return given
  const cache = wordVectors(lexicon)
  const cached = cache.get(word)
  if (cached !== undefined) return cached
  const line = modelLine(meaningModelOf(lexicon), wordVectorKey(word))
  let vector: Float32Array | null = null
  if (line !== null) {
    const [, scale, text] = line.split('\t')
    vector = decodeVectors(text ?? '', Number(scale))[0] ?? null
  }
  cache.set(word, vector)
  return vector
}

/** The occurrence's context vector from the model's word vectors, of length 1, or null. */
export function occurrenceVector(
  analysis: PassageAnalysis,
  expression: Expression,
  features: readonly ContextFeature[],
): Float64Array | null {
  const vector = contextVector(analysis, expression, features, (word) => wordVector(analysis.lexicon, word))
  return vector && normalize(vector) ? vector : null
}
