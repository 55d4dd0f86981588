/**
 * The vocabulary comparison: an inverted index from each term to the target sentences that use it, and the
 * ranking of target sentences for one query sentence by weighted overlap. Cost grows with the postings of the
 * query's terms, not with the number of target sentences times query sentences.
 *
 * Score (published in the capabilities document): weighted Dice overlap of distinct terms,
 * 2·Σ w(shared) / (Σ w(query terms) + Σ w(target-sentence terms)), with w(t) = ln(1 + N / (1 + df(t))),
 * N the number of target sentences and df(t) how many of them use t. Rare shared terms count more than
 * common ones, and a query term no target uses still weighs in the denominator.
 */
import type { AnalyzedField, AnalyzedSentence } from './document'

export const SCORE_RULE =
  'Weighted Dice overlap of distinct terms: score = 2·Σ w(shared terms) / (Σ w(terms of the sentence) + Σ w(terms of the matched sentence)), with w(t) = ln(1 + N / (1 + df(t))), N the number of sentences compared against and df(t) how many of them use term t. It runs from 0 (no shared term) to 1 (the same terms), is rounded to 4 decimals, and ties keep the order of the sources and of their sentences.'

export type TargetIndex = {
  fields: AnalyzedField[]
  /** Global sentence id → its field (index into `fields`) and its sentence index in that field. */
  fieldOf: Int32Array
  sentenceOf: Int32Array
  /** Term id → ascending global sentence ids that use it. */
  postings: Array<number[] | undefined>
  weights: Float64Array
  sentenceWeights: Float64Array
  /** Scratch accumulator, one slot per target sentence, kept at zero between queries. */
  scratch: Float64Array
  /** Scratch list of the target sentences touched by the current query. */
  touched: Int32Array
}

export type RankedMatch = { id: number; score: number; shared: number[] }
/** The best matches, and how many target sentences share at least one term. */
export type Ranking = { listed: RankedMatch[]; matchingCount: number }

export function buildIndex(fields: AnalyzedField[], termCount: number): TargetIndex {
  let count = 0
  for (const field of fields) count += field.sentences.length
  const fieldOf = new Int32Array(count)
  const sentenceOf = new Int32Array(count)
  const postings: Array<number[] | undefined> = new Array(termCount)
  let id = 0
  fields.forEach((field, f) => {
    field.sentences.forEach((sentence, s) => {
      fieldOf[id] = f
      sentenceOf[id] = s
      for (const term of sentence.terms) {
        const list = postings[term]
        if (list) list.push(id)
        else postings[term] = [id]
      }
      id++
    })
  })
  const weights = new Float64Array(termCount)
  for (let term = 0; term < termCount; term++) {
    weights[term] = Math.log(1 + count / (1 + (postings[term]?.length ?? 0)))
  }
  const sentenceWeights = new Float64Array(count)
  const located = { fields, fieldOf, sentenceOf }
  for (let g = 0; g < count; g++) sentenceWeights[g] = termWeight(weights, targetSentence(located, g).terms)
  return {
    fields,
    fieldOf,
    sentenceOf,
    postings,
    weights,
    sentenceWeights,
    scratch: new Float64Array(count),
    touched: new Int32Array(count),
  }
}

function termWeight(weights: Float64Array, terms: number[]): number {
  let sum = 0
  for (const term of terms) sum += weights[term] as number
  return sum
}

export function targetSentence(
  index: Pick<TargetIndex, 'fields' | 'fieldOf' | 'sentenceOf'>,
  id: number,
): AnalyzedSentence {
  const field = index.fields[index.fieldOf[id] as number] as AnalyzedField
  return field.sentences[index.sentenceOf[id] as number] as AnalyzedSentence
}

/** The best `limit` target sentences for one query sentence, and how many share at least one term. */
export function rank(index: TargetIndex, query: AnalyzedSentence, limit: number): Ranking {
  const acc = index.scratch
  const touched = index.touched
  let matchingCount = 0
  let queryWeight = 0
  for (const term of query.terms) {
    const w = index.weights[term] as number
    queryWeight += w
    const list = index.postings[term]
    if (!list) continue
    for (const g of list) {
      if (acc[g] === 0) touched[matchingCount++] = g
      acc[g] = (acc[g] as number) + w
    }
  }
  const best: Array<{ id: number; score: number }> = []
  for (let t = 0; t < matchingCount; t++) {
    const g = touched[t] as number
    const score = (2 * (acc[g] as number)) / (queryWeight + (index.sentenceWeights[g] as number))
    acc[g] = 0
    if (best.length === limit && !better(score, g, best[limit - 1] as { id: number; score: number })) continue
    let at = best.length === limit ? limit - 1 : best.length
    while (at > 0 && better(score, g, best[at - 1] as { id: number; score: number })) {
      best[at] = best[at - 1] as { id: number; score: number }
      at--
    }
    best[at] = { id: g, score }
  }
  return {
    listed: best.map(({ id, score }) => ({
      id,
      score,
      shared: intersect(query.terms, targetSentence(index, id).terms),
    })),
    matchingCount,
  }
}

function better(score: number, id: number, than: { id: number; score: number }): boolean {
  return score > than.score || (score === than.score && id < than.id)
}

function intersect(a: number[], b: number[]): number[] {
  const out: number[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const x = a[i] as number
    const y = b[j] as number
    if (x === y) {
      out.push(x)
      i++
      j++
    } else if (x < y) i++
    else j++
  }
  return out
}

export function roundScore(score: number): number {
  return Math.round(score * 10000) / 10000
}
