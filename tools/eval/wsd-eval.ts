/**
 * Evaluation of the disambiguator on the lexicon's own example sentences (held out of the gloss evidence only:
 * the learned model is trained on them, see `learned-train.ts`). Each example belongs to
 * one meaning; every occurrence in it of a word of that meaning (inflected forms too) that has more than one
 * candidate meaning is an item, and the example is removed from that meaning's signature while it is
 * scored. Reported against two first-meaning baselines: the word's first meaning in lexicon order, and its
 * first meaning in the part of speech the tagger guessed (the same information the method has).
 */
import { type Lexicon, senseWritten, synsetAt, synsetCount } from '../../src/lexicon/lexicon'
import { DEFAULT_SETTINGS, scoreExpression, type Settings } from '../../src/semantic/meaning/disambiguate'
import { analyzePassage, expressionFor } from '../../src/semantic/meaning/passage'
import { meaningOccurrence } from '../../src/semantic/meaning/targets'

export type EvalItem = {
  synset: number
  example: string
  sense: number
  firstToken: number
  endToken: number
}

export type EvalScore = {
  answered: number
  correct: number
  accuracy: number
  coverage: number
  recall: number
}

export type EvalReport = {
  items: number
  method: EvalScore
  methodForced: EvalScore
  firstMeaning: EvalScore
  firstMeaningInTaggedPos: EvalScore
  /** Accuracy of the first meaning in the tagged part of speech on the items the method answered. */
  baselineOnAnswered: number
}

/**
 * Every evaluation item in lexicon order, or a deterministic sample: every `stride`-th example, up to
 * `limit` items.
 */
export function evaluationItems(
  lexicon: Lexicon,
  options: { stride?: number; limit?: number } = {},
): EvalItem[] {
  const stride = options.stride ?? 1
  const limit = options.limit ?? Number.POSITIVE_INFINITY
  const items: EvalItem[] = []
  let exampleNumber = 0
  for (let s = 0; s < synsetCount(lexicon) && items.length < limit; s++) {
    const synset = synsetAt(lexicon, s)
    for (const example of synset[4]) {
      if (exampleNumber++ % stride !== 0) continue
      const analysis = analyzePassage(lexicon, example)
      for (const sense of synset[5]) {
        const found = meaningOccurrence(analysis, sense)
        if (!found) continue
        const expression = expressionFor(analysis, found[0], found[1])
        if (!expression.readings.some((r) => r.word === senseWritten(lexicon, sense).toLowerCase())) continue
        const candidates = scoreExpression(analysis, expression).candidates.length
        if (candidates < 2) continue
        items.push({ synset: s, example, sense, firstToken: found[0], endToken: found[1] })
        if (items.length >= limit) break
      }
    }
  }
  return items
}

function score(answered: number, correct: number, total: number): EvalScore {
  return {
    answered,
    correct,
    accuracy: answered === 0 ? 0 : correct / answered,
    coverage: total === 0 ? 0 : answered / total,
    recall: total === 0 ? 0 : correct / total,
  }
}

export function evaluate(
  lexicon: Lexicon,
  items: readonly EvalItem[],
  settings: Settings = DEFAULT_SETTINGS,
): EvalReport {
  let answered = 0
  let correct = 0
  let forcedCorrect = 0
  let firstCorrect = 0
  let taggedCorrect = 0
  let baselineOnAnswered = 0
  for (const item of items) {
    const analysis = analyzePassage(lexicon, item.example)
    const expression = expressionFor(analysis, item.firstToken, item.endToken)
    const resolution = scoreExpression(analysis, expression, {
      settings,
      heldOut: { sense: item.sense, example: item.example },
    })
    const best = resolution.candidates[0]
    if (best?.sense === item.sense) forcedCorrect++
    // Candidates come per reading in lexicon order, so the first of that order is the first meaning.
    const inOrder = [...resolution.candidates].sort((a, b) => a.sense - b.sense)
    const lexiconOrder = expression.readings.flatMap((r) =>
      inOrder.filter((c) => c.word === r.word && c.partOfSpeech === r.partOfSpeech),
    )
    const firstSense = lexiconOrder[0]?.sense
    if (firstSense === item.sense) firstCorrect++
    const dist = resolution.partOfSpeech.distribution
    const taggedPos = (Object.keys(dist) as Array<keyof typeof dist>).reduce((a, b) =>
      dist[b] > dist[a] ? b : a,
    )
    const tagged = lexiconOrder.find((c) => c.partOfSpeech === taggedPos) ?? lexiconOrder[0]
    const taggedHit = tagged?.sense === item.sense
    if (taggedHit) taggedCorrect++
    if (resolution.decision.status === 'chosen') {
      answered++
      if (resolution.decision.sense === item.sense) correct++
      if (taggedHit) baselineOnAnswered++
    }
  }
  const n = items.length
  return {
    items: n,
    method: score(answered, correct, n),
    methodForced: score(n, forcedCorrect, n),
    firstMeaning: score(n, firstCorrect, n),
    firstMeaningInTaggedPos: score(n, taggedCorrect, n),
    baselineOnAnswered: answered === 0 ? 0 : baselineOnAnswered / answered,
  }
}
