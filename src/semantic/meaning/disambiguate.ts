/**
 * Knowledge-based word-sense disambiguation of one expression in a passage. Each candidate meaning gets a
 * score from independent, explainable features:
 *  - frequency: SemCor's meaning counts for the word, smoothed toward WordNet's tag counts and sense order
 *    (the most-frequent-sense prior);
 *  - learned: the word's classifier learned from SemCor (`tools/train/learned-train.ts`), weights of context features
 *    on top of the prior;
 *  - similarity: the cosine between the word vectors of the context and the meaning's vector, the mean context
 *    of its SemCor occurrences, its definition and its synset's (`vectors.ts`), so words SemCor saw near one meaning speak
 *    for it even when the text uses others of like sense;
 *  - overlap: extended (simplified) Lesk, the rarity-weighted overlap between nearby content words and the
 *    meaning's signature (definition, examples, synonyms, related meanings), nearer words counting more;
 *  - part of speech: agreement with the light tagger's guess for the occurrence;
 *  - domain: coherence of the meaning's lexicographer file (its supersense) with the supersenses the
 *    neighbouring words can take;
 *  - discourse: one sense per discourse, added when the same word occurs again in the passage.
 * Scores become shares by a softmax; the method abstains when the best share does not lead the second by
 * the margin, when the expression is not a lexicon word, or when no word around it could be read.
 */
import type { SenseRow } from '../../lexicon/compile'
import {
  type Lexicon,
  senseAt,
  senseKey,
  sensesOf,
  senseSynset,
  senseSynsetPos,
  senseTagCount,
  senseWritten,
  synsetLexFile,
} from '../../lexicon/lexicon'
import { LEXICOGRAPHER_FILES, PARTS_OF_SPEECH, type PartOfSpeech } from '../../lexicon/wordnet-format'
import { boundedCache } from '../../text/bounded-cache'
import { perLexicon } from '../../text/per-lexicon'
import { guessToken, type PosDistribution } from '../../text/tagger'
import type { Token } from '../../text/tokens'
import { formReadings } from '../../text/word-forms'
import type { Expression, PassageAnalysis } from './passage'
import { contextFeatures, type ContextFeature, type FeatureKind } from './features'
import { learnedEntry, type LearnedEntry, type SenseWeights } from './learned'
import { buildSignature, signatureOf, type Signature, type SignatureTerm } from './signatures'
import { dot, occurrenceVector } from './vectors'
import { collocationEvidence, partnersOf, sizePartners, type CollocationEvidence } from './collocations'
import { meaningVector } from './meaning-vectors'
import { topicCosine } from './topics'
import { perToken, tokenKeys } from './token-memo'

export const METHOD_ID = 'semcor-and-knowledge-wsd/2'

export type Settings = {
  weights: {
    frequency: number
    learned: number
    similarity: number
    overlap: number
    partOfSpeech: number
    domain: number
    discourse: number
    topic: number
    collocation: number
  }
  /**
   * Per part of speech of the reading, how far the learned and similarity evidence is trusted against the
   * meaning prior: a factor on their weights, chosen per class on the dev files and checked on held-out
   * SemCor documents (`npm run fit:wsd`), since one weight for all made adjectives overconfident.
   */
  calibration: Record<PartOfSpeech, { learned: number; similarity: number }>
  /** Pseudo-count of WordNet's prior added to the corpus counts of a word. */
  priorSmoothing: number
  /**
   * The least prior a meaning keeps (names excepted): SemCor is 1960s text, so a meaning it never tagged
   * (a computer's key, a dead battery) is rare there, not impossible today, and the context can still lift it.
   */
  priorFloor: number

  /** Abstain when the best share leads the second by less than this. */
  margin: number
  /** Tokens either side of the expression that count as context. */
  window: number
}

export const DEFAULT_SETTINGS: Settings = {
  weights: {
    frequency: 1,
    learned: 1,
    similarity: 4,
    overlap: 4,
    partOfSpeech: 1.5,
    domain: 0.5,
    discourse: 1,
    topic: 4,
    collocation: 4,
  },
  calibration: {
    noun: { learned: 1, similarity: 1 },
    verb: { learned: 1, similarity: 1 },
    adjective: { learned: 1, similarity: 1 },
    adverb: { learned: 1, similarity: 1 },
  },
  priorSmoothing: 2,
  priorFloor: 0.003,
  margin: 0.05,
  window: 25,
}

/**
 * The topic and collocation evidence speak where SemCor is silent: for a meaning SemCor tagged n times
 * they weigh SILENT / (SILENT + n), so the corpus's own evidence keeps the meanings it saw often. The
 * words bound to the occurrence (`collocations.ts`) are surer than the whole context, so the corpus quiets
 * them later: BOUND_SILENT in place of SILENT (chosen on the dev files; decision 0054).
 */
const SILENT = 2
const BOUND_SILENT = 10

export type OverlapMatch = { token: number; key: string; weight: number; source: string }

/** A learned context feature that moved a candidate, with its tokens and its contribution. */
export type FeatureMatch = { feature: string; kind: FeatureKind; tokens: number[]; weight: number }

/** The occurrence's context features the word's classifier kept, with the weights they give its meanings. */
type FeatureRow = { feature: ContextFeature; weights: SenseWeights }

/**
 * Where a candidate's learned features are read from: the occurrence's rows and the meaning's index in
 * them. Its matches (`featureMatches`) are worked out only for the candidates an answer shows.
 */
export type LearnedFeatures = { rows: readonly FeatureRow[]; index: number | undefined }

export type Contributions = Settings['weights']

export type CandidateScore = {
  sense: number
  word: string
  partOfSpeech: PartOfSpeech
  tagCount: number
  /** Times the corpus behind the learned evidence tagged this meaning (null: it never tagged the word). */
  corpusCount: number | null
  features: LearnedFeatures
  /** Cosine between the context vector and the meaning's vector (null: either has none). */
  similarity: number | null
  posProbability: number
  lexicographerFile: number
  domainShare: number
  matches: OverlapMatch[]
  /** Cosine between the context vector and the meaning's lexicon vector (null: either has none). */
  topic: number | null
  /** The words bound to the occurrence against the meaning (null: the meaning has no lexicon vector). */
  collocation: CollocationEvidence | null
  contributions: Contributions
  score: number
  share: number
}

export type Decision =
  | { status: 'chosen'; sense: number; margin: number }
  | { status: 'abstained'; reason: 'not-in-lexicon' | 'small-margin' | 'no-context'; margin: number | null }

export type PosEvidence = { distribution: PosDistribution; cues: string[] }

export type Resolution = {
  expression: Expression
  partOfSpeech: PosEvidence
  candidates: CandidateScore[]
  decision: Decision
  /** Other occurrences of the same word pooled under one sense per discourse. */
  discoursePeers: number
  /** Content words around the expression that were read as context. */
  contextWords: number
  /** The context features the scores read, kept for the words an answer names. */
  features: readonly ContextFeature[]
}

/**
 * Per word as written, the share of its candidate meanings in each lexicographer file; about 400 bytes
 * each, and the heaviest requests of every route together read 700 words.
 */
const PROFILE_CACHE_LIMIT = 20_000
const supersenseProfiles = perLexicon(() => boundedCache<string, SupersenseProfile>(PROFILE_CACHE_LIMIT))

/** Lexicographer files with the share of a word's candidate meanings in each, in the order first met. */
type SupersenseProfile = { files: number[]; shares: number[] }

function supersenseProfile(lexicon: Lexicon, lower: string): SupersenseProfile {
  const cache = supersenseProfiles(lexicon)
  const cached = cache.get(lower)
  if (cached) return cached
  const weights = new Map<number, number>()
  let total = 0
  for (const reading of formReadings(lexicon, lower)) {
    for (const sense of sensesOf(lexicon, reading.word)) {
      if (senseSynsetPos(lexicon, sense) !== reading.partOfSpeech) continue
      const row = senseAt(lexicon, sense)
      const weight = priorWeight(row)
      const file = synsetLexFile(lexicon, row[2])
      weights.set(file, (weights.get(file) ?? 0) + weight)
      total += weight
    }
  }
  const profile = {
    files: [...weights.keys()],
    shares: [...weights.values()].map((weight) => weight / total),
  }
  cache.set(lower, profile)
  return profile
}

type ReadingSenses = { senses: number[]; logPriors: number[]; files: number[] }

/**
 * A word's meanings in one part of speech, with their log prior and lexicographer file, kept per lexicon;
 * about 500 bytes each, and the heaviest requests of every route together read 1,000.
 */
const READING_SENSES_CACHE_LIMIT = 20_000
const readingSensesCache = perLexicon(() => boundedCache<string, ReadingSenses>(READING_SENSES_CACHE_LIMIT))

/** A token's supersense profile, read once per passage by every occurrence whose context it is in. */
const tokenProfile = perToken((analysis, k) =>
  supersenseProfile(analysis.lexicon, (analysis.tokens[k] as Token).lower),
)

function readingSenses(lexicon: Lexicon, word: string, pos: PartOfSpeech): ReadingSenses {
  const cache = readingSensesCache(lexicon)
  const key = `${pos}:${word}`
  const cached = cache.get(key)
  if (cached) return cached
  const senses = sensesOf(lexicon, word).filter((s) => senseSynsetPos(lexicon, s) === pos)
  const priorTotal = senses.reduce((sum, s) => sum + priorWeight(senseAt(lexicon, s)), 0)
  const entry = {
    senses,
    logPriors: senses.map((s) => Math.log(priorWeight(senseAt(lexicon, s)) / priorTotal)),
    files: senses.map((s) => synsetLexFile(lexicon, senseSynset(lexicon, s))),
  }
  cache.set(key, entry)
  return entry
}

/** Tag count, with a little mass that decreases with sense order so untagged meanings keep WordNet's order. */
function priorWeight(row: SenseRow): number {
  return row[4] + 1 / (1 + row[3])
}

type ContextWord = { token: number; keys: readonly string[]; weight: number }

function contextOf(analysis: PassageAnalysis, expression: Expression, settings: Settings): ContextWord[] {
  const { tokens, tags } = analysis
  const own = new Set(expression.readings.map((r) => r.word))
  for (const word of expression.lower.split(/[ -]/)) own.add(word)
  const sentence = (tokens[expression.firstToken] as Token).sentence
  const out: ContextWord[] = []
  const from = Math.max(0, expression.firstToken - settings.window)
  const to = Math.min(tokens.length, expression.endToken + settings.window)
  for (let k = from; k < to; k++) {
    if (k >= expression.firstToken && k < expression.endToken) continue
    const token = tokens[k] as Token
    if (!tags[k] || Math.abs(token.sentence - sentence) > 1) continue
    const keys = tokenKeys(analysis, k)
    if (keys.some((key) => own.has(key))) continue
    const distance = k < expression.firstToken ? expression.firstToken - k : k - expression.endToken + 1
    const weight = ((token.sentence === sentence ? 1 : 0.5) * (1 + 2 / distance)) / 2
    out.push({ token: k, keys, weight })
  }
  return out
}

function overlap(
  signature: Signature,
  context: readonly ContextWord[],
): { raw: number; matches: OverlapMatch[] } {
  let raw = 0
  const matches: OverlapMatch[] = []
  for (const word of context) {
    // The best term as a match is made once per word, not once per key that matched.
    let bestKey = ''
    let best: SignatureTerm | undefined
    let weight = 0
    for (const key of word.keys) {
      const term = signature.get(key)
      if (term && (!best || term.weight > weight)) {
        best = term
        bestKey = key
        weight = term.weight * word.weight
      }
    }
    if (best && weight > 0) {
      raw += weight
      matches.push({ token: word.token, key: bestKey, weight, source: best.source })
    }
  }
  return { raw, matches }
}

function expressionPos(analysis: PassageAnalysis, expression: Expression): PosEvidence {
  const possible = PARTS_OF_SPEECH.filter((pos) => expression.readings.some((r) => r.partOfSpeech === pos))
  const distribution: PosDistribution = { noun: 0, verb: 0, adjective: 0, adverb: 0 }
  const single = expression.endToken - expression.firstToken === 1
  const tag = single
    ? (analysis.tags[expression.firstToken] ??
      guessToken(analysis.lexicon, analysis.tokens, expression.firstToken))
    : null
  const total = tag ? possible.reduce((sum, pos) => sum + tag.distribution[pos], 0) : 0
  if (tag && total > 0) {
    for (const pos of possible) distribution[pos] = tag.distribution[pos] / total
    return { distribution, cues: tag.cues }
  }
  // Untagged (a multiword expression, or a form like `was` the tagger leaves to the closed class): each
  // part of speech weighs as often as its readings were tagged, so `was` reads as be, not as the noun `wa`.
  const mass = readingMasses(analysis.lexicon, expression)
  let sum = 0
  expression.readings.forEach((r, i) => {
    distribution[r.partOfSpeech] += mass[i] as number
    sum += mass[i] as number
  })
  for (const pos of possible) distribution[pos] /= sum
  const cue = expression.endToken - expression.firstToken > 1 ? 'multiword expression' : 'closed-class word'
  return {
    distribution,
    cues: possible.length > 1 ? [`${cue}: parts of speech weighed by how often each was tagged`] : [],
  }
}

export type ScoreOptions = { settings?: Settings; heldOut?: { sense: number; example: string } }

/** Scores every candidate meaning of an expression, without discourse pooling. */
export function scoreExpression(
  analysis: PassageAnalysis,
  expression: Expression,
  options: ScoreOptions = {},
): Resolution {
  const settings = options.settings ?? DEFAULT_SETTINGS
  const { lexicon } = analysis
  const partOfSpeech = expressionPos(analysis, expression)
  const context = contextOf(analysis, expression, settings)
  // By lexicographer file: the context's candidate meanings, weighed by nearness.
  const domain = new Float64Array(LEXICOGRAPHER_FILES.length)
  let domainTotal = 0
  for (const word of context) {
    const { files, shares } = tokenProfile(analysis, word.token)
    for (let i = 0; i < files.length; i++) {
      const file = files[i] as number
      domain[file] = (domain[file] as number) + (shares[i] as number) * word.weight
    }
    domainTotal += word.weight
  }
  const candidates: CandidateScore[] = []
  const w = settings.weights
  const features = contextFeatures(analysis, expression)
  let contextVector: Float64Array | null | undefined
  const partners = sizePartners(lexicon, partnersOf(analysis, expression, features))
  const readingShare = readingShares(lexicon, expression)
  for (const reading of expression.readings) {
    const { senses, logPriors, files } = readingSenses(lexicon, reading.word, reading.partOfSpeech)
    const posProbability = partOfSpeech.distribution[reading.partOfSpeech]
    const entry = learnedEntry(lexicon, reading.word, reading.partOfSpeech)
    const priors = entry ? corpusPriors(lexicon, senses, logPriors, entry, settings) : logPriors.map(Math.exp)
    const learnedRows = entry ? featureRows(entry, features) : []
    const trust = settings.calibration[reading.partOfSpeech]
    senses.forEach((sense, i) => {
      const file = files[i] as number
      const signature =
        options.heldOut?.sense === sense
          ? buildSignature(lexicon, sense, options.heldOut.example)
          : signatureOf(lexicon, sense)
      const { raw, matches } = overlap(signature, context)
      const prior = flooredPrior(lexicon, sense, priors[i] as number, settings)
      const key = senseKey(lexicon, sense)
      const learned: LearnedFeatures = { rows: learnedRows, index: entry?.senseIndex(key) }
      const senseVector = entry?.senseVector(key)
      if (senseVector && contextVector === undefined) {
        contextVector = occurrenceVector(analysis, expression, features)
      }
      const similarity = senseVector && contextVector ? dot(contextVector, senseVector) : null
      const lexiconVector = meaningVector(lexicon, sense)
      if (lexiconVector && contextVector === undefined) {
        contextVector = occurrenceVector(analysis, expression, features)
      }
      const topic = lexiconVector && contextVector ? topicCosine(contextVector, lexiconVector) : null
      const collocation = lexiconVector ? collocationEvidence(partners, lexiconVector, signature) : null
      const seen = entry ? (entry.senses.get(key) ?? 0) : 0
      const silence = SILENT / (SILENT + seen)
      const boundSilence = BOUND_SILENT / (BOUND_SILENT + seen)
      const domainShare = domainTotal > 0 ? (domain[file] as number) / domainTotal : 0
      candidates.push({
        sense,
        word: reading.word,
        partOfSpeech: reading.partOfSpeech,
        tagCount: senseTagCount(lexicon, sense),
        corpusCount: entry ? seen : null,
        features: learned,
        similarity,
        posProbability,
        lexicographerFile: file,
        domainShare,
        matches,
        topic,
        collocation,
        contributions: {
          frequency: w.frequency * Math.log(prior),
          learned: w.learned * trust.learned * learnedTotal(learned),
          similarity: w.similarity * trust.similarity * (similarity ?? 0),
          overlap: w.overlap * Math.log1p(raw),
          partOfSpeech: w.partOfSpeech * Math.log(posProbability + 0.02),
          domain: w.domain * domainShare,
          discourse: 0,
          topic: w.topic * silence * (topic ?? 0),
          collocation: w.collocation * boundSilence * (collocation?.total ?? 0),
        },
        score: 0,
        share: 0,
      })
    })
  }
  normalizeWithinReadings(candidates, expression.readings, readingShare, settings)
  return finish(
    {
      expression,
      partOfSpeech,
      candidates,
      decision: null,
      discoursePeers: 0,
      contextWords: context.length,
      features,
    },
    settings,
  )
}

/** How often each reading of an expression was tagged: WordNet's tag counts and the corpus's, plus a little. */
function readingMasses(lexicon: Lexicon, expression: Expression): number[] {
  return expression.readings.map((reading) => {
    const { senses } = readingSenses(lexicon, reading.word, reading.partOfSpeech)
    const corpus = learnedEntry(lexicon, reading.word, reading.partOfSpeech)?.total ?? 0
    return senses.reduce((sum, s) => sum + senseTagCount(lexicon, s), 0.1 + corpus)
  })
}

/**
 * How likely each reading of the written form is among the readings in its part of speech (`saw` as see or
 * as saw), by how often each word was tagged in that part of speech (WordNet's tag counts and the corpus's).
 */
function readingShares(lexicon: Lexicon, expression: Expression): number[] {
  const mass = readingMasses(lexicon, expression)
  const byPos = new Map<PartOfSpeech, number>()
  expression.readings.forEach((r, i) =>
    byPos.set(r.partOfSpeech, (byPos.get(r.partOfSpeech) ?? 0) + (mass[i] as number)),
  )
  return expression.readings.map((r, i) => (mass[i] as number) / (byPos.get(r.partOfSpeech) as number))
}

function total(c: Contributions): number {
  return (
    c.frequency +
    c.learned +
    c.similarity +
    c.overlap +
    c.partOfSpeech +
    c.domain +
    c.discourse +
    c.topic +
    c.collocation
  )
}

/**
 * A word's meaning priors from the corpus counts, smoothed toward WordNet's prior by `priorSmoothing`
 * pseudo-counts, so meanings the corpus never tagged keep WordNet's order.
 */
function corpusPriors(
  lexicon: Lexicon,
  senses: readonly number[],
  logPriors: readonly number[],
  entry: LearnedEntry,
  settings: Settings,
): number[] {
  const a = settings.priorSmoothing
  const counts = senses.map((s) => entry.senses.get(senseKey(lexicon, s)) ?? 0)
  const sum = counts.reduce((x, y) => x + y, 0)
  return counts.map((c, i) => (c + a * Math.exp(logPriors[i] as number)) / (sum + a))
}

/**
 * A meaning's prior raised to the floor, except a name's (`Court`, the tennis player, for `tennis court`):
 * a name is meant where it is written as one, which the tagger and the lexicon's case already read.
 */
function flooredPrior(lexicon: Lexicon, sense: number, prior: number, settings: Settings): number {
  if (prior >= settings.priorFloor) return prior
  const written = senseWritten(lexicon, sense)
  return written[0] !== written[0]?.toLowerCase() ? prior : settings.priorFloor
}

/** The context features the word's classifier kept, each with the weights it gives the word's meanings. */
function featureRows(entry: LearnedEntry, features: readonly ContextFeature[]): FeatureRow[] {
  const rows: FeatureRow[] = []
  for (const feature of features) {
    const weights = entry.features.get(feature.name)
    if (weights) rows.push({ feature, weights })
  }
  return rows
}

/**
 * The word's classifier: each context feature it kept adds its weight for this meaning (learned on top of
 * the prior, so features the word was never seen with, and meanings the corpus never tagged, add nothing).
 */
function learnedTotal({ rows, index }: LearnedFeatures): number {
  let sum = 0
  if (index === undefined) return sum
  for (const { weights } of rows) {
    const weight = weights[index] as number
    if (!Number.isNaN(weight)) sum += weight
  }
  return sum
}

/** The features that moved a candidate's learned evidence, the strongest first. */
export function featureMatches({ rows, index }: LearnedFeatures): FeatureMatch[] {
  const matches: FeatureMatch[] = []
  if (index === undefined) return matches
  for (const { feature, weights } of rows) {
    const weight = weights[index] as number
    if (Number.isNaN(weight)) continue
    matches.push({ feature: feature.name, kind: feature.kind, tokens: feature.tokens, weight })
  }
  return matches.sort((x, y) => Math.abs(y.weight) - Math.abs(x.weight))
}

/** Scores, shares by softmax, best first (ties by WordNet order), and the decision. */
function finish(
  resolution: Omit<Resolution, 'decision'> & { decision: Decision | null },
  settings: Settings,
): Resolution {
  const { candidates } = resolution
  for (const c of candidates) c.score = total(c.contributions)
  const max = Math.max(...candidates.map((c) => c.score))
  const exps = candidates.map((c) => Math.exp(c.score - max))
  const sum = exps.reduce((a, b) => a + b, 0)
  candidates.forEach((c, i) => (c.share = (exps[i] as number) / sum))
  candidates.sort((a, b) => b.score - a.score || a.sense - b.sense)
  const [first, second] = candidates
  let decision: Decision
  if (!first) decision = { status: 'abstained', reason: 'not-in-lexicon', margin: null }
  else {
    const margin = first.share - (second?.share ?? 0)
    // With no word around it and no other occurrence, only the prior speaks: that is no reading of this use.
    const unread = second !== undefined && resolution.contextWords === 0 && resolution.discoursePeers === 0
    decision = unread
      ? { status: 'abstained', reason: 'no-context', margin }
      : margin >= settings.margin
        ? { status: 'chosen', sense: first.sense, margin }
        : { status: 'abstained', reason: 'small-margin', margin }
  }
  return { ...resolution, decision }
}

/**
 * One sense per discourse: each occurrence's scores gain the mean share that the other occurrences of the
 * same word give each meaning. `peers` are the independently scored other occurrences (only their shares are
 * read, so a caller may keep just those). `own` is consumed: its candidates take the discourse evidence in
 * place: a copy of every candidate of every occurrence of a passage made a long passage 2 to 4 % slower.
 */
export function poolDiscourse(
  own: Resolution,
  peers: ReadonlyArray<{ candidates: ReadonlyArray<Pick<CandidateScore, 'sense' | 'share'>> }>,
  settings: Settings = DEFAULT_SETTINGS,
): Resolution {
  if (peers.length === 0 || own.candidates.length === 0) return own
  const mean = new Map<number, number>()
  for (const peer of peers) {
    for (const c of peer.candidates) mean.set(c.sense, (mean.get(c.sense) ?? 0) + c.share / peers.length)
  }
  for (const c of own.candidates) {
    c.contributions.discourse = settings.weights.discourse * (mean.get(c.sense) ?? 0)
  }
  return finish({ ...own, decision: null, discoursePeers: peers.length }, settings)
}

/**
 * Context evidence decides among the meanings of one reading, not between readings: within each reading
 * (lexicon word and part of speech) the frequency, learned, similarity, overlap and domain scores are normalized to
 * log shares, and the reading's own share (how often it is tagged, in the tagger's part of speech) is added
 * back. Otherwise a reading with one meaning (`district` as a verb) scores as if certain, and a reading the
 * corpus never saw escapes the learned evidence that counts against its rivals.
 */
function normalizeWithinReadings(
  candidates: CandidateScore[],
  readings: Expression['readings'],
  readingShare: readonly number[],
  settings: Settings,
): void {
  readings.forEach((reading, r) => {
    const list = candidates.filter((c) => c.word === reading.word && c.partOfSpeech === reading.partOfSpeech)
    if (list.length === 0) return
    const evidence = list.map(
      (c) =>
        c.contributions.frequency +
        c.contributions.learned +
        c.contributions.similarity +
        c.contributions.overlap +
        c.contributions.domain +
        c.contributions.topic +
        c.contributions.collocation,
    )
    const max = Math.max(...evidence)
    const norm = max + Math.log(evidence.reduce((sum, x) => sum + Math.exp(x - max), 0))
    const own = settings.weights.frequency * Math.log(readingShare[r] as number)
    for (const c of list) c.contributions.frequency += own - norm
  })
}
