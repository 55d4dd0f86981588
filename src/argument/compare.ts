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
  /** The distinct terms of target sentence g, ascending, are `terms[termFrom[g]]` up to `terms[termFrom[g + 1]]`. */
  termFrom: Int32Array
  terms: Int32Array
  /** The target sentences that use term t, ascending, are `postings[postingFrom[t]]` up to `postings[postingFrom[t + 1]]`. */
  postingFrom: Int32Array
  postings: Int32Array
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

/** The index lives in typed arrays: a maximal request has thousands of target sentences and terms. */
export function buildIndex(fields: AnalyzedField[], termCount: number): TargetIndex {
  let count = 0
  let termTotal = 0
  for (const field of fields) {
    count += field.sentences.length
    termTotal += field.terms.length
  }
  const fieldOf = new Int32Array(count)
  const sentenceOf = new Int32Array(count)
  const termFrom = new Int32Array(count + 1)
  const terms = new Int32Array(termTotal)
  const postingFrom = new Int32Array(termCount + 1)
  let id = 0
  let at = 0
  fields.forEach((field, f) => {
    field.sentences.forEach((sentence, s) => {
      fieldOf[id] = f
      sentenceOf[id] = s
      termFrom[id] = at
      for (let k = sentence.firstTerm; k < sentence.endTerm; k++) {
        const term = field.terms[k] as number
        terms[at++] = term
        // Counts the sentences that use the term (its df) for now; the loop below turns counts into offsets.
        postingFrom[term + 1] = (postingFrom[term + 1] as number) + 1
      }
      id++
    })
  })
  termFrom[count] = at
  const weights = new Float64Array(termCount)
  for (let term = 0; term < termCount; term++) {
    const df = postingFrom[term + 1] as number
    weights[term] = Math.log(1 + count / (1 + df))
    postingFrom[term + 1] = (postingFrom[term] as number) + df
  }
  const postings = new Int32Array(termTotal)
  const fill = postingFrom.slice(0, termCount)
  const sentenceWeights = new Float64Array(count)
  for (let g = 0; g < count; g++) {
    let weight = 0
    for (let k = termFrom[g] as number; k < (termFrom[g + 1] as number); k++) {
      const term = terms[k] as number
      weight += weights[term] as number
      postings[fill[term] as number] = g
      fill[term] = (fill[term] as number) + 1
    }
    sentenceWeights[g] = weight
  }
  return {
    fields,
    fieldOf,
    sentenceOf,
    termFrom,
    terms,
    postingFrom,
    postings,
    weights,
    sentenceWeights,
    scratch: new Float64Array(count),
    touched: new Int32Array(count),
  }
}

/** Whether any target sentence uses the term. */
export function targetsUse(index: TargetIndex, term: number): boolean {
  return index.postingFrom[term + 1] !== index.postingFrom[term]
}

export function targetSentence(index: TargetIndex, id: number): AnalyzedSentence {
  const field = index.fields[index.fieldOf[id] as number] as AnalyzedField
  return field.sentences[index.sentenceOf[id] as number] as AnalyzedSentence
}

/** The best `limit` target sentences for one query sentence, and how many share at least one term. */
export function rank(
  index: TargetIndex,
  field: AnalyzedField,
  query: AnalyzedSentence,
  limit: number,
): Ranking {
  const acc = index.scratch
  const touched = index.touched
  const { postingFrom, postings } = index
  let matchingCount = 0
  let queryWeight = 0
  for (let k = query.firstTerm; k < query.endTerm; k++) {
    const term = field.terms[k] as number
    const w = index.weights[term] as number
    queryWeight += w
    const end = postingFrom[term + 1] as number
    for (let p = postingFrom[term] as number; p < end; p++) {
      const g = postings[p] as number
      if (acc[g] === 0) touched[matchingCount++] = g
      acc[g] = (acc[g] as number) + w
    }
  }
  // The best so far, best first, in two parallel lists: ids and scores.
  const bestIds = new Int32Array(Math.min(limit, matchingCount))
  const bestScores = new Float64Array(bestIds.length)
  let listed = 0
  for (let t = 0; t < matchingCount; t++) {
    const g = touched[t] as number
    const score = (2 * (acc[g] as number)) / (queryWeight + (index.sentenceWeights[g] as number))
    acc[g] = 0
    const full = listed === bestIds.length
    if (
      full &&
      (listed === 0 || !better(score, g, bestScores[listed - 1] as number, bestIds[listed - 1] as number))
    )
      continue
    let at = full ? listed - 1 : listed++
    while (at > 0 && better(score, g, bestScores[at - 1] as number, bestIds[at - 1] as number)) {
      bestIds[at] = bestIds[at - 1] as number
      bestScores[at] = bestScores[at - 1] as number
      at--
    }
    bestIds[at] = g
    bestScores[at] = score
  }
  return {
    listed: Array.from(bestIds, (id, k) => ({
      id,
      score: bestScores[k] as number,
      shared: sharedTerms(index, field, query, id),
    })),
    matchingCount,
  }
}

function better(score: number, id: number, thanScore: number, thanId: number): boolean {
  return score > thanScore || (score === thanScore && id < thanId)
}

/** The terms a query sentence shares with target sentence `id`, ascending, in a list of their exact number. */
function sharedTerms(
  index: TargetIndex,
  field: AnalyzedField,
  query: AnalyzedSentence,
  id: number,
): number[] {
  const out = new Array<number>(intersect(index, field, query, id, null))
  intersect(index, field, query, id, out)
  return out
}

/** Walks the query's and the target's ascending terms together: counts the common ones, and writes them to `out` if given. */
function intersect(
  index: TargetIndex,
  field: AnalyzedField,
  query: AnalyzedSentence,
  id: number,
  out: number[] | null,
): number {
  let count = 0
  let i = query.firstTerm
  let j = index.termFrom[id] as number
  const jEnd = index.termFrom[id + 1] as number
  while (i < query.endTerm && j < jEnd) {
    const x = field.terms[i] as number
    const y = index.terms[j] as number
    if (x === y) {
      if (out) out[count] = x
      count++
      i++
      j++
    } else if (x < y) i++
    else j++
  }
  return count
}

export function roundScore(score: number): number {
  return Math.round(score * 10000) / 10000
}
