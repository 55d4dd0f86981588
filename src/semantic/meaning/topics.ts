/**
 * Topic evidence: the words around an occurrence against each meaning's lexicon vector
 * (`meaning-vectors.ts`), whose definition, examples, related meanings and WordNet topic domains
 * (computer science, medicine, law…) carry the meaning's subject. `screen` and `click` near `mouse` point
 * to the device, whose definition speaks of a cursor on a computer; the SemCor similarity (`vectors.ts`)
 * knows only the rodent, the meaning the corpus tagged. The context words nearest the meaning are kept to
 * say which words pointed there.
 */
import type { Token } from '../../text/tokens'
import { surroundingWord, type ContextFeature } from './features'
import { sizedCosine, sizedWordVector, type SizedVector } from './meaning-vectors'
import type { Expression, PassageAnalysis } from './passage'
import { dot } from './vectors'

/** Cosine between the occurrence's context vector and the meaning's lexicon vector. */
export function topicCosine(context: Float64Array, meaning: Float32Array): number {
  return dot(context, meaning)
}

/** Context words named as pointing to a meaning. */
const WORDS_NAMED = 2
/** A word is named only when its own cosine with the meaning reaches this. */
const NAMED_COSINE = 0.3

/** A context word of the occurrence's sentence with its vector, read once for every candidate shown. */
export type SentenceWord = { token: number; sized: SizedVector }

/** The context words of the occurrence's sentence that have a vector, in feature order. */
export function sentenceWords(
  analysis: PassageAnalysis,
  expression: Expression,
  features: readonly ContextFeature[],
): SentenceWord[] {
  const sentence = (analysis.tokens[expression.firstToken] as Token).sentence
  const words: SentenceWord[] = []
  for (const feature of features) {
    if (feature.kind !== 'word') continue
    const token = feature.tokens[0] as number
    if ((analysis.tokens[token] as Token).sentence !== sentence) continue
    const sized = sizedWordVector(analysis.lexicon, surroundingWord(feature))
    if (sized) words.push({ token, sized })
  }
  return words
}

/**
 * The context words of the occurrence's sentence nearest the meaning, nearest first: read only for the
 * candidates an answer shows, not while scoring.
 */
export function topicWords(
  candidates: readonly SentenceWord[],
  meaning: Float32Array,
): Array<{ token: number; cosine: number }> {
  const words: Array<{ token: number; cosine: number }> = []
  for (const { token, sized } of candidates) {
    const cosine = sizedCosine(sized, meaning)
    if (cosine >= NAMED_COSINE) words.push({ token, cosine })
  }
  words.sort((a, b) => b.cosine - a.cosine)
  return words.slice(0, WORDS_NAMED)
}
