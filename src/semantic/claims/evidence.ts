/**
 * How supplied excerpts fit a claim: for each excerpt, its sentence that aligns best with the claim's
 * content terms, compared with the claim for shared content, polarity, opposites and scope, and classified
 * as sharing the proposition, partly overlapping, differing in scope, differing in polarity, or not
 * overlapping. The summary counts fits; it describes wording and never judges the claim accurate or not.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import { sentenceSpans, type Span } from '../text/tokens'
import {
  classifyFit,
  compareReadings,
  matchTerms,
  type Comparison,
  type Fit,
  type TermMatching,
} from './compare'
import { readClaim, type ClaimReading } from './reading'

export type Excerpt = { id: string; label?: string; text: string }

export type ExcerptFit = {
  id: string
  label: string | null
  fit: Fit
  sentence: { span: { start: number; end: number }; text: string } | null
  comparison: Comparison | null
  explanation: string
}

const FIT_WORDS: Record<Fit, string> = {
  'shares-proposition': 'words the same proposition as the claim',
  'partial-overlap': 'shares part of the claim’s content',
  'differs-in-scope': 'words the same content with a different scope',
  'differs-in-polarity': 'words the same content with the opposite polarity',
  'no-overlap': 'shares no content word with the claim',
}

const COUNT_WORDS: Record<Fit, string> = {
  'shares-proposition': 'shares the proposition',
  'partial-overlap': 'partial overlap',
  'differs-in-scope': 'differs in scope',
  'differs-in-polarity': 'differs in polarity',
  'no-overlap': 'no overlap',
}

export function fitExcerpt(
  lexicon: Lexicon,
  claim: ReturnType<typeof readClaim>,
  excerpt: Excerpt,
): ExcerptFit {
  // Sentences are ranked by their term matching alone; only the best gets the full comparison.
  let best: { matching: TermMatching; reading: ClaimReading; span: Span; score: number } | null = null
  for (const span of sentenceSpans(excerpt.text)) {
    const reading = readClaim(lexicon, excerpt.text.slice(span.start, span.end))
    const matching = matchTerms(lexicon, claim, reading)
    const score = matching.aligned.length + matching.opposites.length * 0.9
    if (score > 0 && (!best || score > best.score)) best = { matching, reading, span, score }
  }
  const label = excerpt.label ?? null
  if (!best) {
    return {
      id: excerpt.id,
      label,
      fit: 'no-overlap',
      sentence: null,
      comparison: null,
      explanation: `The excerpt ${FIT_WORDS['no-overlap']}.`,
    }
  }
  const comparison = compareReadings(lexicon, claim, best.reading, 0, best.span.start, best.matching)
  const fit = classifyFit(comparison)
  const covered = Math.round(comparison.firstCoverage * 100)
  return {
    id: excerpt.id,
    label,
    fit,
    sentence: { span: best.span, text: excerpt.text.slice(best.span.start, best.span.end) },
    comparison,
    explanation: `Its best-aligned sentence ${FIT_WORDS[fit]} (${covered}% of the claim's content terms aligned).`,
  }
}

export function evaluateEvidence(lexicon: Lexicon, claimText: string, excerpts: readonly Excerpt[]) {
  const claim = readClaim(lexicon, claimText)
  const fits = excerpts.map((e) => fitExcerpt(lexicon, claim, e))
  const counts: Record<Fit, number> = {
    'shares-proposition': 0,
    'partial-overlap': 0,
    'differs-in-scope': 0,
    'differs-in-polarity': 0,
    'no-overlap': 0,
  }
  for (const f of fits) counts[f.fit]++
  const parts = (Object.keys(counts) as Fit[])
    .filter((fit) => counts[fit] > 0)
    .map((fit) => `${COUNT_WORDS[fit]}: ${counts[fit]}`)
  const statement =
    `Of ${fits.length} excerpt${fits.length === 1 ? '' : 's'}, by how the wording lines up with the claim — ${parts.join('; ')}. ` +
    'This describes how the wording of each excerpt lines up with the claim; it is not a judgement of whether the claim is accurate, and an excerpt that does not line up is not evidence against it.'
  return { claim, fits, counts, statement }
}
