/**
 * One line a learner can read for each kind of evidence behind a candidate meaning, beside its numbers:
 * which words pointed where, and how common the meaning is. A line is null when that evidence did not
 * count for or against the candidate. Only words of the text and of the dictionary are named: no
 * feature names, weights or file codes.
 */
import type { Token } from '../../text/tokens'
import type { CandidateScore, FeatureMatch } from './disambiguate'
import type { PartnerMatch } from './collocations'
import type { PassageAnalysis } from './passage'

export type EvidenceLines = Record<keyof CandidateScore['contributions'], string | null>

/** Contributions smaller than this (in score points) are not worth a line. */
const COUNTS = 0.05

const quote = (text: string) => `“${text}”`

function list(words: readonly string[]): string {
  const quoted = words.map(quote)
  return quoted.length <= 1
    ? (quoted[0] ?? '')
    : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`
}

const tokenText = (analysis: PassageAnalysis, k: number) => (analysis.tokens[k] as Token).text

/** The words of a bound-word match as written (`of the committee`, `caught`). */
function partnerPhrase(analysis: PassageAnalysis, match: PartnerMatch, firstAfter: number): string {
  if (match.role !== 'of') return tokenText(analysis, match.token)
  const from = (analysis.tokens[firstAfter] as Token).start
  return analysis.text.slice(from, (analysis.tokens[match.token] as Token).end)
}

function collocationLine(
  analysis: PassageAnalysis,
  c: CandidateScore,
  partners: readonly PartnerMatch[],
  firstAfter: number,
  word: string,
): string | null {
  if (Math.abs(c.contributions.collocation) < COUNTS) return null
  let best: PartnerMatch | undefined
  for (const match of partners) if (!best || match.cosine > best.cosine) best = match
  if (!best) return null
  const phrase = quote(partnerPhrase(analysis, best, firstAfter))
  if (best.written) return `${phrase} goes with ${quote(word)} in this meaning’s own definition or examples`
  const fit =
    best.cosine >= 0.25
      ? 'fits this meaning'
      : best.cosine >= 0.1
        ? 'fits this meaning a little'
        : 'does not fit this meaning'
  if (best.role === 'of') return `${phrase} ${fit}`
  if (best.role === 'verb') return `${phrase} before ${quote(word)} ${fit}`
  if (c.partOfSpeech === 'verb') {
    return `${best.role === 'after' ? 'What it acts on' : 'Who or what does it'}, ${phrase}, ${fit}`
  }
  if (c.partOfSpeech === 'adjective') return `It describes ${phrase}, which ${fit}`
  return `${phrase} next to it ${fit}`
}

export type ExplainInput = {
  analysis: PassageAnalysis
  candidate: CandidateScore
  /** The candidate's learned features (`featureMatches`). */
  features: readonly FeatureMatch[]
  /** The bound words' parts in its collocation evidence (`partnerMatches`), none without a lexicon vector. */
  partners: readonly PartnerMatch[]
  /** Whether this candidate's prior is the highest among the candidates of its word and part of speech. */
  mostCommon: boolean
  /** Context words of the sentence that point to this meaning's subject (from `topics.ts`). */
  topicWords: readonly number[]
  /** The first token after the target (where an `of` phrase starts). */
  firstAfter: number
}

export function explainEvidence(input: ExplainInput): EvidenceLines {
  const { analysis, candidate: c, features, partners, mostCommon, topicWords, firstAfter } = input
  const word = c.word
  const counts = (x: number) => Math.abs(x) >= COUNTS
  const learnedWords = [
    ...new Set(
      features
        .filter((f) => Math.sign(f.weight) === Math.sign(c.contributions.learned))
        .flatMap((f) => f.tokens.filter((k) => analysis.tags[k]).map((k) => tokenText(analysis, k))),
    ),
  ].slice(0, 3)
  const overlapWords = [...new Set(c.matches.map((m) => tokenText(analysis, m.token)))].slice(0, 3)
  return {
    frequency:
      c.corpusCount === 0 && c.tagCount === 0
        ? `A meaning of ${quote(word)} rarely met in the tagged texts the model learned from, so it starts behind`
        : mostCommon
          ? `The most common meaning of ${quote(word)} in the tagged texts the model learned from`
          : `A less common meaning of ${quote(word)} in the tagged texts the model learned from`,
    learned:
      counts(c.contributions.learned) && learnedWords.length > 0
        ? c.contributions.learned > 0
          ? `${list(learnedWords)} nearby ${learnedWords.length > 1 ? 'were' : 'was'} seen with this meaning in tagged texts`
          : `${list(learnedWords)} nearby ${learnedWords.length > 1 ? 'were' : 'was'} seen with other meanings in tagged texts`
        : null,
    similarity:
      c.similarity === null || !counts(c.contributions.similarity)
        ? null
        : c.similarity > 0
          ? 'The words around are like those found with this meaning in tagged texts'
          : 'The words around are unlike those found with this meaning in tagged texts',
    overlap:
      counts(c.contributions.overlap) && overlapWords.length > 0
        ? `${list(overlapWords)} also ${overlapWords.length > 1 ? 'appear' : 'appears'} in this meaning’s definition or related words`
        : null,
    partOfSpeech: counts(c.contributions.partOfSpeech)
      ? c.posProbability >= 0.5
        ? `${quote(word)} reads here as a ${c.partOfSpeech}`
        : `${quote(word)} reads here less as a ${c.partOfSpeech} than as another part of speech`
      : null,
    domain: counts(c.contributions.domain) ? 'Words nearby often have meanings of the same kind' : null,
    discourse: counts(c.contributions.discourse)
      ? `${quote(word)} elsewhere in the text leans to this meaning`
      : null,
    topic:
      c.topic === null || !counts(c.contributions.topic)
        ? null
        : topicWords.length > 0 && c.topic > 0
          ? `${list(topicWords.map((k) => tokenText(analysis, k)))} ${topicWords.length > 1 ? 'point' : 'points'} to this meaning’s subject`
          : c.topic > 0
            ? 'The subject of the sentence is close to this meaning'
            : 'The subject of the sentence is far from this meaning',
    collocation: collocationLine(analysis, c, partners, firstAfter, word),
  }
}
