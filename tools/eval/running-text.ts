/**
 * Evaluation of meaning in context on sense-tagged running text (the JSON Lines of `../shared/wsd` beside the project):
 * every annotated word is resolved through the same operation as `/v1/resolve`, with its sentence as the
 * passage and the sentences around it in its document as `context`. Reported per file: precision, recall,
 * F1 and coverage overall and per gold part of speech, the same without abstaining, two first-meaning
 * baselines (with the gold part of speech; with the service's own tagging), precision at fixed coverage,
 * the part-of-speech tagger's coarse accuracy on the gold tags, and how many spans were refused.
 */
import {
  type Lexicon,
  normalizeLemma,
  senseKey,
  sensesOf,
  senseSynsetPos,
  senseTagCount,
} from '../../src/lexicon/lexicon'
import type { PartOfSpeech } from '../../src/lexicon/wordnet-format'
import { BOUNDS } from '../../src/semantic/bounds'
import { DEFAULT_SETTINGS, type Settings } from '../../src/semantic/meaning/disambiguate'
import { resolveTarget } from '../../src/semantic/meaning/operations'
import type { ResolutionBody } from '../../src/semantic/schemas'

export type WsdAnnotation = { start: number; end: number; lemma: string; pos: string; senses: string[] }
export type WsdSentence = {
  corpus: string
  doc: string
  sentence: number
  text: string
  annotations: WsdAnnotation[]
}

export type CoarseClass = PartOfSpeech | 'other'

/** The corpus's tag → coarse class (Penn tags, or SemEval-2007's one-letter N and V). */
export function coarseClass(tag: string): CoarseClass {
  if (tag.startsWith('N')) return 'noun'
  if (tag.startsWith('V')) return 'verb'
  if (tag.startsWith('J')) return 'adjective'
  if (tag.startsWith('R')) return 'adverb'
  return 'other'
}

const KEY_POS: Record<string, PartOfSpeech> = {
  '1': 'noun',
  '2': 'verb',
  '3': 'adjective',
  '4': 'adverb',
  '5': 'adjective',
}

/** The part of speech of a gold meaning, from its sense key (`bank%1:…` is a noun). */
export function meaningPos(senseKey: string): PartOfSpeech | null {
  return KEY_POS[senseKey.split('%')[1]?.charAt(0) ?? ''] ?? null
}

export function parseSentences(jsonl: string): WsdSentence[] {
  return jsonl
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as WsdSentence)
}

/** The sentences before and after sentence `i` of its document, each side at most `limit` characters. */
export function documentContext(
  sentences: readonly WsdSentence[],
  i: number,
  limit: number = BOUNDS.contextChars,
): { before: string; after: string } {
  const own = sentences[i] as WsdSentence
  let before = ''
  for (let k = i - 1; k >= 0 && sentences[k]?.doc === own.doc; k--) {
    const next = `${(sentences[k] as WsdSentence).text} ${before}`
    if (next.length > limit) break
    before = next
  }
  let after = ''
  for (let k = i + 1; k < sentences.length && sentences[k]?.doc === own.doc; k++) {
    const next =
      after === '' ? (sentences[k] as WsdSentence).text : `${after} ${(sentences[k] as WsdSentence).text}`
    if (next.length > limit) break
    after = next
  }
  return { before, after: after === '' ? '' : ` ${after}` }
}

/**
 * Why a target was not answered right, judged on the method's best candidate: it was right but the method
 * abstained; the target was refused; it had no candidate; the best candidate is another part of speech
 * than the gold meaning's (the target's tagging), another lexicon word (its lemmatisation, or for a
 * multiword target its segmentation); SemCor never tagged the word, or never this meaning of it; or
 * another meaning of the right word was preferred.
 */
export const MISS_CAUSES = [
  'abstained',
  'refused',
  'no-candidate',
  'part-of-speech',
  'lemma',
  'multiword',
  'unseen-word',
  'unseen-meaning',
  'meaning',
] as const
export type MissCause = (typeof MISS_CAUSES)[number]

/** One target's outcome: what the method chose (or its best candidate), its margin, the baselines. */
export type Outcome = {
  /** Why it was not answered right (null when it was). */
  miss: MissCause | null
  /** Part of speech of the gold meaning. */
  gold: CoarseClass
  /** The corpus's tag for the word, as a coarse class. */
  goldTag: CoarseClass
  chosen: boolean
  right: boolean
  bestRight: boolean
  margin: number
  firstGoldPosRight: boolean
  firstTaggedRight: boolean
  refused: boolean
  /** The tagger's coarse class for a one-token target, null for multiword targets. */
  tagged: CoarseClass | null
}

export type Scores = {
  instances: number
  answered: number
  correct: number
  precision: number
  recall: number
  f1: number
  coverage: number
}

export function scores(instances: number, answered: number, correct: number): Scores {
  const precision = answered === 0 ? 0 : correct / answered
  const recall = instances === 0 ? 0 : correct / instances
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
  return {
    instances,
    answered,
    correct,
    precision,
    recall,
    f1,
    coverage: instances === 0 ? 0 : answered / instances,
  }
}

/** The first meaning of a lemma in a part of speech, by WordNet order. */
function firstMeaning(lexicon: Lexicon, lemma: string, pos: PartOfSpeech): string | null {
  const sense = sensesOf(lexicon, lemma).find((s) => senseSynsetPos(lexicon, s) === pos)
  return sense === undefined ? null : (senseKey(lexicon, sense) ?? null)
}

/** How often WordNet tagged a lexicon word's meanings in a part of speech. */
function taggedMass(lexicon: Lexicon, lemma: string, pos: PartOfSpeech): number {
  return sensesOf(lexicon, lemma)
    .filter((s) => senseSynsetPos(lexicon, s) === pos)
    .reduce((sum, s) => sum + senseTagCount(lexicon, s), 0)
}

/**
 * The first meaning in the part of speech the service's tagging gives the target, of the reading in that
 * part of speech WordNet tagged most (`eyes` as eye, not as the lexicon's plural noun `eyes`; ties keep
 * the readings' order).
 */
function firstTagged(lexicon: Lexicon, body: ResolutionBody): string | null {
  const dist = body.partOfSpeech.distribution
  const order = (Object.keys(dist) as PartOfSpeech[]).sort((a, b) => dist[b] - dist[a])
  for (const pos of order) {
    const readings = body.readings
      .filter((r) => r.partOfSpeech === pos)
      .map((r) => ({ word: r.word, mass: taggedMass(lexicon, r.word, pos) }))
      .sort((a, b) => b.mass - a.mass)
    for (const reading of readings) {
      const first = firstMeaning(lexicon, reading.word, pos)
      if (first) return first
    }
  }
  return null
}

export type ReadOptions = { hints?: boolean; settings?: Settings }

/** Resolves every annotation of the sentences (one file, in document order), through the route's operation. */
export function outcomesOf(
  lexicon: Lexicon,
  sentences: readonly WsdSentence[],
  options: ReadOptions = {},
): Outcome[] {
  const out: Outcome[] = []
  sentences.forEach((sentence, i) => {
    const context = documentContext(sentences, i)
    for (const a of sentence.annotations) {
      const gold: CoarseClass = meaningPos(a.senses[0] ?? '') ?? 'other'
      const goldSet = new Set(a.senses)
      const lemma = a.lemma.toLowerCase()
      const firstGold = gold === 'other' ? null : firstMeaning(lexicon, lemma, gold)
      const hints = options.hints && gold !== 'other' ? { lemma, partOfSpeech: gold } : {}
      const result = resolveTarget(
        lexicon,
        sentence.text,
        { span: { start: a.start, end: a.end }, ...hints },
        { context, settings: options.settings },
      )
      const base = {
        gold,
        goldTag: coarseClass(a.pos),
        firstGoldPosRight: firstGold !== null && goldSet.has(firstGold),
      }
      if (!result.ok) {
        out.push({
          ...base,
          miss: 'refused',
          chosen: false,
          right: false,
          bestRight: false,
          margin: 0,
          firstTaggedRight: false,
          refused: true,
          tagged: null,
        })
        continue
      }
      const body = result.value
      const best = body.candidates[0]
      const decision = body.decision
      const tagged = firstTagged(lexicon, body)
      const dist = body.partOfSpeech.distribution
      const single = !/[\s-]/.test(sentence.text.slice(a.start, a.end))
      const top = (Object.keys(dist) as PartOfSpeech[]).reduce((x, y) => (dist[y] > dist[x] ? y : x))
      const right = decision.status === 'chosen' && goldSet.has(decision.meaning)
      const bestRight = best !== undefined && goldSet.has(best.meaning)
      const goldCandidate = body.candidates.find((c) => goldSet.has(c.meaning))
      const miss: MissCause | null = right
        ? null
        : bestRight
          ? 'abstained'
          : best === undefined
            ? 'no-candidate'
            : best.partOfSpeech !== gold
              ? 'part-of-speech'
              : best.word !== normalizeLemma(a.lemma)
                ? single
                  ? 'lemma'
                  : 'multiword'
                : goldCandidate?.evidence.frequency.corpusCount === null
                  ? 'unseen-word'
                  : goldCandidate?.evidence.frequency.corpusCount === 0
                    ? 'unseen-meaning'
                    : 'meaning'
      out.push({
        ...base,
        miss,
        chosen: decision.status === 'chosen',
        right,
        bestRight,
        margin: decision.margin ?? 0,
        firstTaggedRight: tagged !== null && goldSet.has(tagged),
        refused: false,
        tagged: single ? (body.readings.length === 0 || dist[top] === 0 ? 'other' : top) : null,
      })
    }
  })
  return out
}

/**
 * Why the service's own reading of a target differs from the one the gold lemma and part of speech give as
 * hints: the tagger's best guess is another part of speech; it guessed right but a reading in another part
 * of speech won; another lemma in the right part of speech won; the gold lemma is not among the target's
 * readings; or the same reading, another meaning.
 */
export const GAP_CAUSES = ['tagger', 'other-reading', 'lemma', 'unread-lemma', 'meaning'] as const
export type GapCause = (typeof GAP_CAUSES)[number]

/** Targets right only with hints (`gained`) or only without (`lost`), and how often each lemma was one. */
export type HintGap = Record<GapCause, { gained: number; lost: number; lemmas: Map<string, number> }>

/**
 * What the hints are worth, target by target and always answering (abstention plays no part): each target
 * is resolved without hints and with its gold lemma and part of speech, and where one is right and the other
 * not, counted under why the service's own reading differs.
 */
export function hintGapOf(lexicon: Lexicon, sentences: readonly WsdSentence[]): HintGap {
  const gap = Object.fromEntries(
    GAP_CAUSES.map((cause) => [cause, { gained: 0, lost: 0, lemmas: new Map<string, number>() }]),
  ) as HintGap
  sentences.forEach((sentence, i) => {
    const context = documentContext(sentences, i)
    for (const a of sentence.annotations) {
      const gold = meaningPos(a.senses[0] ?? '')
      if (gold === null) continue
      const lemma = normalizeLemma(a.lemma)
      const span = { start: a.start, end: a.end }
      const own = resolveTarget(lexicon, sentence.text, { span }, { context })
      const hinted = resolveTarget(lexicon, sentence.text, { span, lemma, partOfSpeech: gold }, { context })
      if (!own.ok || !hinted.ok) continue
      const best = own.value.candidates[0]
      const hintedRight = a.senses.includes(hinted.value.candidates[0]?.meaning ?? '')
      if (a.senses.includes(best?.meaning ?? '') === hintedRight) continue
      const dist = own.value.partOfSpeech.distribution
      const guess = (Object.keys(dist) as PartOfSpeech[]).reduce((x, y) => (dist[y] > dist[x] ? y : x))
      const cause: GapCause = !own.value.readings.some((r) => r.word === lemma && r.partOfSpeech === gold)
        ? 'unread-lemma'
        : best?.partOfSpeech !== gold
          ? guess === gold
            ? 'other-reading'
            : 'tagger'
          : best.word !== lemma
            ? 'lemma'
            : 'meaning'
      const row = gap[cause]
      if (hintedRight) row.gained++
      else row.lost++
      row.lemmas.set(lemma, (row.lemmas.get(lemma) ?? 0) + 1)
    }
  })
  return gap
}

export type FileReport = {
  method: Scores
  forced: Scores
  byPos: Record<CoarseClass, { method: Scores; forced: Scores; firstGoldPos: Scores; firstTagged: Scores }>
  firstGoldPos: Scores
  firstTagged: Scores
  /** Precision of the most confident answers (by margin) at 50, 80 and 100 % coverage. */
  precisionAt: Record<'50' | '80' | '100', number>
  tagger: { tokens: number; correct: number; accuracy: number }
  refused: number
  /** Targets not answered right, by why. */
  misses: Record<MissCause, number>
}

/** Precision of the `share` most confident outcomes, answering with the best candidate, ties kept in order. */
export function precisionAtCoverage(outcomes: readonly Outcome[], share: number): number {
  const ranked = outcomes.map((o, i) => ({ o, i })).sort((x, y) => y.o.margin - x.o.margin || x.i - y.i)
  const n = Math.max(1, Math.round(outcomes.length * share))
  const top = ranked.slice(0, n)
  return top.filter((x) => x.o.bestRight).length / top.length
}

export function report(outcomes: readonly Outcome[]): FileReport {
  const count = (list: readonly Outcome[], f: (o: Outcome) => boolean) => list.filter(f).length
  const n = outcomes.length
  const byPos = {} as FileReport['byPos']
  for (const pos of ['noun', 'verb', 'adjective', 'adverb', 'other'] as const) {
    const list = outcomes.filter((o) => o.gold === pos)
    byPos[pos] = {
      method: scores(
        list.length,
        count(list, (o) => o.chosen),
        count(list, (o) => o.right),
      ),
      forced: scores(
        list.length,
        count(list, (o) => !o.refused),
        count(list, (o) => o.bestRight),
      ),
      firstGoldPos: scores(
        list.length,
        list.length,
        count(list, (o) => o.firstGoldPosRight),
      ),
      firstTagged: scores(
        list.length,
        list.length,
        count(list, (o) => o.firstTaggedRight),
      ),
    }
  }
  const taggedOnes = outcomes.filter((o) => o.tagged !== null)
  const taggerCorrect = count(taggedOnes, (o) => o.tagged === o.goldTag)
  return {
    method: scores(
      n,
      count(outcomes, (o) => o.chosen),
      count(outcomes, (o) => o.right),
    ),
    forced: scores(
      n,
      count(outcomes, (o) => !o.refused),
      count(outcomes, (o) => o.bestRight),
    ),
    byPos,
    firstGoldPos: scores(
      n,
      n,
      count(outcomes, (o) => o.firstGoldPosRight),
    ),
    firstTagged: scores(
      n,
      n,
      count(outcomes, (o) => o.firstTaggedRight),
    ),
    precisionAt: {
      '50': precisionAtCoverage(outcomes, 0.5),
      '80': precisionAtCoverage(outcomes, 0.8),
      '100': precisionAtCoverage(outcomes, 1),
    },
    tagger: {
      tokens: taggedOnes.length,
      correct: taggerCorrect,
      accuracy: taggedOnes.length === 0 ? 0 : taggerCorrect / taggedOnes.length,
    },
    refused: count(outcomes, (o) => o.refused),
    misses: Object.fromEntries(
      MISS_CAUSES.map((cause) => [cause, count(outcomes, (o) => o.miss === cause)]),
    ) as Record<MissCause, number>,
  }
}

/** Margins the abstention curve is printed at. */
export const CURVE_MARGINS = [0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5] as const

/** Precision, coverage and F1 if the method abstained below each margin (answering its best candidate otherwise). */
export function abstentionCurve(outcomes: readonly Outcome[]): Array<{ margin: number } & Scores> {
  return CURVE_MARGINS.map((margin) => {
    const answered = outcomes.filter((o) => !o.refused && o.margin >= margin)
    return { margin, ...scores(outcomes.length, answered.length, answered.filter((o) => o.bestRight).length) }
  })
}

/**
 * The method built up one kind of evidence at a time, from the prior alone (each step adds one kind at its
 * default weight), so a part of speech where some evidence hurts shows which.
 */
export const EVIDENCE_STEPS: ReadonlyArray<{ name: string; settings: Settings }> = (() => {
  const off = { learned: 0, similarity: 0, overlap: 0, domain: 0, discourse: 0, topic: 0, collocation: 0 }
  const on = DEFAULT_SETTINGS.weights
  const upTo = (kinds: ReadonlyArray<keyof typeof off>) => ({
    ...off,
    ...Object.fromEntries(kinds.map((kind) => [kind, on[kind]])),
  })
  const steps: Array<[string, Partial<Settings['weights']>]> = [
    ['prior', off],
    ['+ learned', upTo(['learned'])],
    ['+ similarity', upTo(['learned', 'similarity'])],
    ['+ overlap', upTo(['learned', 'similarity', 'overlap'])],
    ['+ domain', upTo(['learned', 'similarity', 'overlap', 'domain'])],
    ['+ discourse', upTo(['learned', 'similarity', 'overlap', 'domain', 'discourse'])],
    ['+ topic', upTo(['learned', 'similarity', 'overlap', 'domain', 'discourse', 'topic'])],
    ['+ collocation', {}],
  ]
  return steps.map(([name, weights]) => ({
    name,
    settings: { ...DEFAULT_SETTINGS, weights: { ...on, ...weights } },
  }))
})()
