/**
 * Evidence for `/v1/compare` that compares the two uses of a word directly, as word-in-context systems do,
 * rather than through their two readings: the cosine between the two occurrences' context vectors (the
 * word vectors of the surrounding words, the nearest weighing most, centred on the mean context: the
 * similarity evidence's own, `vectors.ts`). To say it in words, the two words of the target's sentences,
 * one near each use, that are most alike (`bus` and `train` for `miss`).
 */
import type { Token } from '../../text/tokens'
import { contextFeatures, surroundingWord } from './features'
import type { Expression, PassageFrame } from './passage'
import { dot, normalize, occurrenceVector, wordVector } from './vectors'

/** One use: its passage read with its context, and the occurrence compared. */
export type Use = { frame: PassageFrame; expression: Expression }

/** Two words, one near each use, by token index in each use's analysis, and their cosine. */
export type AlikeWords = { first: number; second: number; cosine: number }

export type Likeness = { cosine: number | null; words: AlikeWords | null }

/** Words of each use looked at for the pair most alike: the nearest, where most of the likeness is. */
const NEAREST = 8
/** A pair of words is named only when at least this alike: nearer pairs say little to a reader. */
const NAMED_COSINE = 0.4

type NearWord = { token: number; vector: Float64Array }

/** The nearest content words of the use's sentence with a vector (length 1), nearest first. */
function nearWords(use: Use, features: ReturnType<typeof contextFeatures>): NearWord[] {
  const { analysis } = use.frame
  const { firstToken, endToken } = use.expression
  const sentence = (analysis.tokens[firstToken] as Token).sentence
  const distance = (k: number) => (k < firstToken ? firstToken - k : k - endToken + 1)
  const out: NearWord[] = []
  for (const feature of features) {
    const k = feature.tokens[0] as number
    if (feature.kind !== 'word' || (analysis.tokens[k] as Token).sentence !== sentence) continue
    const word = wordVector(analysis.lexicon, surroundingWord(feature))
    if (!word) continue
    const vector = Float64Array.from(word)
    if (normalize(vector)) out.push({ token: k, vector })
  }
  return out.sort((a, b) => distance(a.token) - distance(b.token)).slice(0, NEAREST)
}

/** How alike the words around two uses are, and the two words most alike. */
export function likenessOf(first: Use, second: Use): Likeness {
  const featuresOf = (use: Use) => contextFeatures(use.frame.analysis, use.expression)
  const fa = featuresOf(first)
  const fb = featuresOf(second)
  const va = occurrenceVector(first.frame.analysis, first.expression, fa)
  const vb = occurrenceVector(second.frame.analysis, second.expression, fb)
  const near = nearWords(second, fb)
  let words: AlikeWords | null = null
  for (const a of nearWords(first, fa)) {
    for (const b of near) {
      const cosine = dot(a.vector, b.vector)
      if (cosine >= NAMED_COSINE && cosine > (words?.cosine ?? -1)) {
        words = { first: a.token, second: b.token, cosine }
      }
    }
  }
  return { cosine: va && vb ? dot(va, vb) : null, words }
}
