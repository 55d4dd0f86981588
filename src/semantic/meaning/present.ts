/** Turns internal resolutions into the wire shape: meaning IDs, definitions, spans and evidence. */
import type { Lexicon } from '../../lexicon/lexicon'
import { LEXICOGRAPHER_FILES } from '../../lexicon/wordnet-format'
import type { ResolutionBody } from '../schemas'
import type { Token } from '../../text/tokens'
import {
  DEFAULT_SETTINGS,
  featureMatches,
  METHOD_ID,
  type CandidateScore,
  type FeatureMatch,
  type Resolution,
} from './disambiguate'
import { SEMCOR_MODEL_INFO } from './model-info'
import type { PassageFrame } from './passage'
import {
  senseKey,
  senseNumber,
  senseSynset,
  senseWritten,
  synsetDefinition,
  synsetLexFile,
} from '../../lexicon/lexicon'
import { partnerMatches, type PartnerMatch } from './collocations'
import { explainEvidence } from './explain'
import { meaningVector } from './meaning-vectors'
import { sentenceWords, topicWords, type SentenceWord } from './topics'

const round = (n: number) => Math.round(n * 10000) / 10000

export const METHOD = {
  id: METHOD_ID,
  features: [
    'frequency: how often each meaning was tagged in SemCor, smoothed toward WordNet’s sense tag counts and order, times how often the word (of the written form’s possible words) was tagged in that part of speech; a meaning that is not a name keeps at least 0.3 %, since SemCor’s 1960s texts rarely show meanings common today',
    'learned: a per-word classifier learned from SemCor on top of the meaning prior (L2-regularised logistic regression over surrounding words, local collocations, the word classes of the three neighbours each side and the nouns the word takes before and after it, by base form and kind), each feature shown with its weight and the context words it came from',
    'similarity: cosine between the context (GloVe word vectors of the surrounding words, the nearest weighing most) and each meaning’s vector (the mean context of its SemCor occurrences, the words of its definition and examples, and the contexts of its synset and of the synsets next to it)',
    'overlap: extended Lesk between nearby content words and each meaning’s definition, examples, synonyms and related meanings (hypernyms, hyponyms, similar meanings, derivations, domains, parts and wholes), weighted by rarity',
    'partOfSpeech: agreement with the part-of-speech tagger (an averaged perceptron trained on SemCor’s tags)',
    'domain: lexicographer-file (supersense) coherence with the neighbouring words',
    'discourse: one sense per discourse across occurrences of the same word',
    'topic: cosine between the context and each meaning’s vector read from the lexicon alone (the word vectors of its definition, examples, synonyms and related meanings, topic domains among them), so meanings SemCor rarely saw can win in their own subject',
    'collocation: the words bound to the target (a verb’s object and subject, the noun an adjective describes, a noun’s `of` phrase, the verb before a noun) against the same lexicon vector, more when the word is written in the meaning’s definition or examples',
  ],
  abstainMargin: DEFAULT_SETTINGS.margin,
  model: { name: SEMCOR_MODEL_INFO.name, version: SEMCOR_MODEL_INFO.version },
}

/** Learned features shown per candidate, the strongest first. */
const FEATURES_SHOWN = 8

/** The name of a synset's lexicographer file. */
function fileOfSynset(lexicon: Lexicon, synset: number): string {
  return LEXICOGRAPHER_FILES[synsetLexFile(lexicon, synset)] ?? 'unknown'
}

/** A meaning's lexicographer file, read alone (a summary needs no more of it). */
export function meaningFile(lexicon: Lexicon, sense: number): string {
  return fileOfSynset(lexicon, senseSynset(lexicon, sense))
}

/** What an answer says of a meaning, read field by field rather than decoding its whole synset row. */
function meaningInfo(lexicon: Lexicon, sense: number) {
  const synset = senseSynset(lexicon, sense)
  return {
    id: senseKey(lexicon, sense),
    senseNumber: senseNumber(lexicon, sense),
    definition: synsetDefinition(lexicon, synset),
    file: fileOfSynset(lexicon, synset),
  }
}

/** Where a token of the read text stands: in the passage, or in the context before or after it, with its span there. */
export function placeOf(frame: PassageFrame, token: Token) {
  if (token.end <= frame.offset)
    return { in: 'context-before' as const, span: { start: token.start, end: token.end } }
  if (token.start >= frame.afterStart) {
    const shift = frame.afterStart
    return { in: 'context-after' as const, span: { start: token.start - shift, end: token.end - shift } }
  }
  return {
    in: 'passage' as const,
    span: { start: token.start - frame.offset, end: token.end - frame.offset },
  }
}

type Explained = {
  lines: ReturnType<typeof explainEvidence>
  features: readonly FeatureMatch[]
  partners: readonly PartnerMatch[]
  topicWords: number[]
}

/**
 * `near` gives the sentence's context words with their vectors, read on first use and shared by the
 * candidates of one occurrence.
 */
function explained(
  frame: PassageFrame,
  resolution: Resolution,
  c: CandidateScore,
  near: () => readonly SentenceWord[],
): Explained {
  const { analysis } = frame
  const { expression } = resolution
  const same = resolution.candidates.filter((o) => o.word === c.word && o.partOfSpeech === c.partOfSpeech)
  const mostCommon = same.every((o) => o.contributions.frequency <= c.contributions.frequency)
  const vector = c.topic === null ? null : meaningVector(analysis.lexicon, c.sense)
  const words = vector ? topicWords(near(), vector).map((w) => w.token) : []
  const features = featureMatches(c.features)
  const partners = c.collocation ? partnerMatches(c.collocation) : []
  const lines = explainEvidence({
    analysis,
    candidate: c,
    features,
    partners,
    mostCommon,
    topicWords: words,
    firstAfter: expression.endToken,
  })
  return { lines, features, partners, topicWords: words }
}

function candidateBody(frame: PassageFrame, c: CandidateScore, why: Explained) {
  const { analysis } = frame
  const { lines } = why
  const info = meaningInfo(analysis.lexicon, c.sense)
  return {
    meaning: info.id,
    word: c.word,
    partOfSpeech: c.partOfSpeech,
    senseNumber: info.senseNumber,
    lexicographerFile: info.file,
    definition: info.definition,
    score: round(c.score),
    share: round(c.share),
    evidence: {
      frequency: {
        tagCount: c.tagCount,
        corpusCount: c.corpusCount,
        contribution: round(c.contributions.frequency),
        explanation: lines.frequency,
      },
      learned: {
        contribution: round(c.contributions.learned),
        features: why.features.slice(0, FEATURES_SHOWN).map((f) => ({
          feature: f.feature,
          kind: f.kind,
          words: f.tokens.map((k) => {
            const token = analysis.tokens[k] as Token
            return { word: token.text, ...placeOf(frame, token) }
          }),
          weight: round(f.weight),
        })),
        explanation: lines.learned,
      },
      similarity: {
        cosine: c.similarity === null ? null : round(c.similarity),
        contribution: round(c.contributions.similarity),
        explanation: lines.similarity,
      },
      overlap: {
        contribution: round(c.contributions.overlap),
        matches: c.matches.map((m) => {
          const token = analysis.tokens[m.token] as Token
          return {
            word: token.text,
            ...placeOf(frame, token),
            matched: m.key,
            source: m.source,
            weight: round(m.weight),
          }
        }),
        explanation: lines.overlap,
      },
      partOfSpeech: {
        probability: round(c.posProbability),
        contribution: round(c.contributions.partOfSpeech),
        explanation: lines.partOfSpeech,
      },
      domain: {
        share: round(c.domainShare),
        contribution: round(c.contributions.domain),
        explanation: lines.domain,
      },
      discourse: { contribution: round(c.contributions.discourse), explanation: lines.discourse },
      topic: {
        cosine: c.topic === null ? null : round(c.topic),
        contribution: round(c.contributions.topic),
        words: why.topicWords.map((k) => {
          const token = analysis.tokens[k] as Token
          return { word: token.text, ...placeOf(frame, token) }
        }),
        explanation: lines.topic,
      },
      collocation: {
        contribution: round(c.contributions.collocation),
        words: why.partners.map((m) => {
          const token = analysis.tokens[m.token] as Token
          return {
            word: token.text,
            ...placeOf(frame, token),
            role: m.role,
            cosine: round(m.cosine),
            written: m.written,
          }
        }),
        explanation: lines.collocation,
      },
    },
  }
}

export function resolutionBody(
  frame: PassageFrame,
  resolution: Resolution,
  maxCandidates = Number.POSITIVE_INFINITY,
): ResolutionBody {
  const { expression, decision, candidates } = resolution
  const { analysis, offset } = frame
  let near: SentenceWord[] | undefined
  const nearWords = () => (near ??= sentenceWords(analysis, expression, resolution.features))
  const best = candidates[0]
  let decisionBody: ResolutionBody['decision']
  if (decision.status === 'chosen') {
    const info = meaningInfo(analysis.lexicon, decision.sense)
    decisionBody = {
      status: 'chosen',
      meaning: info.id,
      word: best?.word ?? senseWritten(analysis.lexicon, decision.sense),
      partOfSpeech: best?.partOfSpeech ?? 'noun',
      definition: info.definition,
      margin: round(decision.margin),
    }
  } else {
    decisionBody = {
      status: 'abstained',
      reason: decision.reason,
      margin: decision.margin === null ? null : round(decision.margin),
      explanation:
        decision.reason === 'not-in-lexicon'
          ? `"${expression.text}" is not a lexicon word or an inflected form of one.`
          : decision.reason === 'no-context'
            ? `No word around "${expression.text}" could be read as evidence: only how common each meaning is speaks, which says nothing about this use.`
            : `The best meaning leads the next by ${round(decision.margin ?? 0)}, less than the margin ${DEFAULT_SETTINGS.margin}: the evidence does not separate them.`,
    }
  }
  return {
    target: {
      text: expression.text,
      span: { start: expression.span.start - offset, end: expression.span.end - offset },
    },
    readings: expression.readings.map((r) => ({ word: r.word, partOfSpeech: r.partOfSpeech, via: r.via })),
    word: best?.word ?? null,
    partOfSpeech: {
      distribution: {
        noun: round(resolution.partOfSpeech.distribution.noun),
        verb: round(resolution.partOfSpeech.distribution.verb),
        adjective: round(resolution.partOfSpeech.distribution.adjective),
        adverb: round(resolution.partOfSpeech.distribution.adverb),
      },
      cues: resolution.partOfSpeech.cues,
    },
    candidateCount: candidates.length,
    candidates: candidates
      .slice(0, maxCandidates)
      .map((c) => candidateBody(frame, c, explained(frame, resolution, c, nearWords))),
    decision: decisionBody,
    discourse: { otherOccurrences: resolution.discoursePeers },
  }
}
