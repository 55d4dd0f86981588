/**
 * How supplied excerpts fit a claim: for each excerpt, its sentence that aligns best with the claim's
 * content terms, compared with the claim for shared content, polarity, opposites and scope, and classified
 * as sharing the proposition, partly overlapping, differing in scope, differing in polarity, or not
 * overlapping. The summary counts fits; it describes wording and never judges the claim accurate or not.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import { functionClass } from '../../text/function-words'
import { sentenceBounds, splitSentences } from '../../text/sentences'
import { forEachLowerWord, type Span } from '../../text/tokens'
import { alignTerms, classifyFit, compareReadings, type Comparison, type Fit } from './compare'
import { inferRelation, type Inference, type Relation } from './inference'
import { inferFromText, PREMISE_SENTENCES } from './premises'
import { pairBound } from './relations'
import { readClaim, type ClaimReading } from './reading'

export type Excerpt = { id: string; label?: string; text: string }

export type ExcerptFit = {
  id: string
  label: string | null
  fit: Fit
  sentence: { span: { start: number; end: number }; text: string } | null
  comparison: Comparison | null
  /** Whether the best-aligned sentence's wording entails the claim, excludes it, or neither. */
  relation: Relation
  confidence: number
  inference: Inference
  explanation: string
}

export type BestSentence = {
  comparison: Comparison
  reading: ClaimReading
  span: { start: number; end: number }
  score: number
  /** How many sentences the excerpt has. */
  sentences: number
}

/**
 * The excerpt sentence that aligns best with the claim (most aligned terms, opposites a little less; the
 * first of equals). Most sentences of a long excerpt share nothing with the claim, and a word-level bound on
 * each sentence's score, which never falls below what the full reading finds, skips reading them; the rest
 * are read from the highest bound down, until no bound can beat the best score found.
 */
export function bestSentence(lexicon: Lexicon, claim: ClaimReading, text: string): BestSentence | null {
  const sentences = sentenceBounds(text)
  const bounded: Array<{ span: Span; bound: number; order: number }> = []
  for (let k = 0; k < sentences.length; k += 2) {
    const start = sentences[k] as number
    const end = sentences[k + 1] as number
    const words: string[] = []
    forEachLowerWord(text, start, end, (lower) => {
      if (functionClass(lower) === undefined) words.push(lower)
    })
    const bound = pairBound(lexicon, claim.terms, words)
    if (bound > 0) bounded.push({ span: { start, end }, bound, order: k >> 1 })
  }
  bounded.sort((x, y) => y.bound - x.bound || x.order - y.order)
  let best: { reading: ClaimReading; span: Span; score: number; order: number } | null = null
  for (const { span, bound, order } of bounded) {
    if (best && (bound < best.score || (bound === best.score && order > best.order))) {
      if (bound < best.score) break
      continue
    }
    const reading = readClaim(lexicon, text.slice(span.start, span.end))
    // Ranked with relations in any part of speech, as the word-level bound reads them: the bound then stops
    // the reading as early as it did before relations were read in each word's part of speech.
    const { pairs, opposed } = alignTerms(lexicon, claim, reading, 'any')
    const score = pairs.length + opposed.length * 0.9
    if (score > 0 && (!best || score > best.score || (score === best.score && order < best.order)))
      best = { reading, span, score, order }
  }
  if (!best) return null
  const { reading, span, score } = best
  const comparison = compareReadings(lexicon, claim, reading, 0, span.start)
  return { reading, span, score, comparison, sentences: sentences.length / 2 }
}

/** The sentence the relation is inferred from: the best-aligned one, or the first when none aligns. */
export function inferenceSentence(lexicon: Lexicon, claim: ClaimReading, text: string): BestSentence {
  const best = bestSentence(lexicon, claim, text)
  if (best) return best
  const spans = splitSentences(text)
  const span = spans[0] ?? { start: 0, end: text.length }
  const reading = readClaim(lexicon, text.slice(span.start, span.end))
  const comparison = compareReadings(lexicon, claim, reading, 0, span.start)
  return { comparison, reading, span, score: 0, sentences: spans.length }
}

function inferFrom(lexicon: Lexicon, claim: ClaimReading, s: BestSentence): Inference {
  return inferRelation(lexicon, claim, s.reading, s.comparison, s.span.start)
}

const FIT_WORDS: Record<Fit, string> = {
  'shares-proposition': 'words the same proposition as the claim',
  'partial-overlap': 'shares part of the claim’s content',
  'differs-in-scope': 'words the same content with a different scope',
  'differs-in-polarity': 'words the same content with the opposite polarity',
  'no-overlap': 'shares no content word with the claim',
}

const RELATION_WORDS: Record<Relation, string> = {
  follows: 'its wording entails the claim',
  conflicts: 'its wording excludes the claim',
  neither: 'its wording neither entails nor excludes the claim',
}

const COUNT_WORDS: Record<Fit, string> = {
  'shares-proposition': 'shares the proposition',
  'partial-overlap': 'partial overlap',
  'differs-in-scope': 'differs in scope',
  'differs-in-polarity': 'differs in polarity',
  'no-overlap': 'no overlap',
}

export function fitExcerpt(lexicon: Lexicon, claim: ClaimReading, excerpt: Excerpt): ExcerptFit {
  const best = bestSentence(lexicon, claim, excerpt.text)
  const label = excerpt.label ?? null
  if (!best) {
    const inference = inferFrom(lexicon, claim, inferenceSentence(lexicon, claim, excerpt.text))
    return {
      id: excerpt.id,
      label,
      fit: 'no-overlap',
      sentence: null,
      comparison: null,
      relation: inference.relation,
      confidence: inference.confidence,
      inference,
      explanation: `The excerpt ${FIT_WORDS['no-overlap']}.`,
    }
  }
  const fit = classifyFit(best.comparison)
  const fromBest = inferFrom(lexicon, claim, best)
  // A long excerpt is read sentence by sentence only: nothing to split again for what it implies.
  const inference =
    best.sentences > PREMISE_SENTENCES ? fromBest : inferFromText(lexicon, claim, excerpt.text, fromBest)
  const covered = Math.round(best.comparison.firstCoverage * 100)
  return {
    id: excerpt.id,
    label,
    fit,
    sentence: { span: best.span, text: excerpt.text.slice(best.span.start, best.span.end) },
    comparison: best.comparison,
    relation: inference.relation,
    confidence: inference.confidence,
    inference,
    explanation: `Its best-aligned sentence ${FIT_WORDS[fit]} (${covered}% of the claim's content terms aligned); ${RELATION_WORDS[inference.relation]}.`,
  }
}

export function evaluateEvidence(lexicon: Lexicon, claimText: string, excerpts: readonly Excerpt[]) {
  const claim = readClaim(lexicon, claimText)
  const fits = excerpts.map((e) => fitExcerpt(lexicon, claim, e))
  return { claim, fits, ...evidenceSummary(fits) }
}

/** What the fits of the excerpts come to: how many fit each way, entail each way, and a statement of it. */
export function evidenceSummary(fits: ReadonlyArray<Pick<ExcerptFit, 'fit' | 'relation'>>) {
  const counts: Record<Fit, number> = {
    'shares-proposition': 0,
    'partial-overlap': 0,
    'differs-in-scope': 0,
    'differs-in-polarity': 0,
    'no-overlap': 0,
  }
  const relations: Record<Relation, number> = { follows: 0, conflicts: 0, neither: 0 }
  for (const f of fits) {
    counts[f.fit]++
    relations[f.relation]++
  }
  const parts = (Object.keys(counts) as Fit[])
    .filter((fit) => counts[fit] > 0)
    .map((fit) => `${COUNT_WORDS[fit]}: ${counts[fit]}`)
  const statement =
    `Of ${fits.length} excerpt${fits.length === 1 ? '' : 's'}, by how the wording lines up with the claim — ${parts.join('; ')}. ` +
    `By what the wording entails: ${relations.follows} entail${relations.follows === 1 ? 's' : ''} it, ${relations.conflicts} exclude${relations.conflicts === 1 ? 's' : ''} it, ${relations.neither} neither. ` +
    'This describes how the wording of each excerpt lines up with the claim; it is not a judgement of whether the claim is accurate, and an excerpt that does not line up is not evidence against it.'
  return { counts, relations, statement }
}
