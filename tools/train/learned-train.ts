/**
 * Deriving the learned evidence from a sense-tagged corpus: per lexicon word and part of speech, how often
 * each meaning was tagged, and a per-word classifier over the context features of its occurrences (see
 * `features.ts`): L2-regularised multinomial logistic regression, IMS-style, trained on top of the word's
 * meaning prior, so a word seen rarely or a feature that says little leaves the prior alone. The lexicon's own
 * text adds occurrences tagged by construction (each meaning's example sentences and definition) to the
 * classifier of every word the corpus tagged, so meanings the corpus saw rarely or never have context evidence
 * too; they never enter the counts, which stay the corpus's frequencies. Only counts and
 * weights are kept, never text; rare features and small weights are dropped. The output is the model text
 * `learned.ts` reads, one line per word, sorted, with training in a fixed order, so the same corpus gives the
 * same bytes: `pos:word TAB senseKeys TAB counts TAB name|i w i w|name|…` (pairs of sense index and weight in
 * hundredths, an integer).
 */
import type { Lexicon } from '../../src/lexicon/lexicon'
import {
  allLemmas,
  pointersOf,
  senseIndexOf,
  senseKey,
  sensesOf,
  senseSynset,
  senseSynsetPos,
  senseWritten,
  synsetDefinition,
  synsetExamples,
} from '../../src/lexicon/lexicon'
import type { PartOfSpeech } from '../../src/lexicon/wordnet-format'
import {
  contextFeatures,
  featureKind,
  surroundingWord,
  textWordFeatures,
  type ContextFeature,
  type FeatureKind,
} from '../../src/semantic/meaning/features'
import { analyzePassage, expressionFor } from '../../src/semantic/meaning/passage'
import { isTargetProblem, locateTarget, meaningOccurrence } from '../../src/semantic/meaning/targets'
import { contextVector, DIMENSIONS } from '../../src/semantic/meaning/vectors'
import {
  addCentred,
  addUnit,
  VECTOR_WEIGHTS,
  meanVector,
  senseVectorsField,
  wordVectorLines,
  type WordVectors,
} from './vectors-train'

export type TaggedSentence = {
  doc: string
  text: string
  annotations: Array<{ start: number; end: number; senses: string[] }>
}

/**
 * Where a tagged document comes from: `corpus` (running text, SemCor: its tags are the meaning counts) or
 * `gloss` (WordNet's own definitions and examples with their words tagged, the Princeton WordNet Gloss
 * Corpus: occurrences for the classifiers and contexts for the meanings' vectors, never counted in the prior,
 * whose definitions and examples are not running text).
 */
export type DocumentSource = 'corpus' | 'gloss'

/** How the per-word classifiers are learned and pruned. */
export type LearningSettings = {
  /** Features seen fewer times than this with a word are not used: each says too little. */
  minimumCount: Record<FeatureKind, number>
  /** L2 penalty applied at each step to the weights the step touches (pulling them back to the prior). */
  l2: number
  /** Passes of stochastic gradient descent over each word's occurrences. */
  epochs: number
  /** Step size of the first pass; later passes take smaller steps. */
  rate: number
  /** Weights smaller than this are not kept in the model. */
  minimumWeight: number
  /**
   * How much an occurrence from the lexicon itself counts beside a corpus one: each example sentence of a
   * meaning (and its definition, read as surrounding words) is an occurrence tagged by construction.
   */
  lexiconWeight: number
  /** How much a tagged word of the gloss corpus counts beside a corpus occurrence, as an occurrence and a context. */
  glossWeight: number
  /**
   * The kinds of feature read from the lexicon's text: its example sentences are short and made up, so the
   * classes of their neighbours say little about running text (with them a pot plant read as a factory).
   */
  lexiconKinds: readonly FeatureKind[]
}

/** The settings the committed model was trained with (chosen on the dev files, see the README). */
export const LEARNING: LearningSettings = {
  minimumCount: { word: 3, collocation: 2, class: 2, argument: 2 },
  l2: 0.02,
  epochs: 8,
  rate: 0.2,
  minimumWeight: 0.05,
  lexiconWeight: 1,
  glossWeight: 1,
  lexiconKinds: ['word', 'collocation', 'argument'],
}

/**
 * An occurrence's gold meanings and feature indexes, and where it comes from: running text (`corpus`), the
 * lexicon's own text read for the headword (`lexicon`), or a tagged word of the gloss corpus (`gloss`).
 */
type Occurrence = { senses: number[]; features: number[]; source: 'corpus' | 'lexicon' | 'gloss' }

type WordData = {
  senses: Map<string, number>
  counts: number[]
  featureNames: string[]
  featureIndex: Map<string, number>
  featureCounts: number[]
  occurrences: Occurrence[]
  /**
   * The context vectors of the tagged occurrences (not centred), with their meanings' slots and whether
   * they come from running text (only those set the mean context).
   */
  contexts: Array<{ slots: number[]; vector: Float64Array; corpus: boolean }>
  /** Per meaning's slot, the sum and count of the vectors of its definition's and examples' words. */
  glosses: Map<number, { sum: Float64Array; count: number }>
}

export type Trainer = {
  /** Reads one document's sentences, in order. */
  addDocument(sentences: readonly TaggedSentence[], source?: DocumentSource): void
  /**
   * Adds the lexicon's own tagged text for every word the corpus tagged: each meaning's example sentences
   * and definition as occurrences of it (weighted by `lexiconWeight` in training, never counted in the prior).
   */
  addLexiconText(): void
  /**
   * Corpus instances counted, gloss-corpus instances read, and instances skipped (meaning unknown to the
   * lexicon, or not a reading of the words marked).
   */
  stats(): { counted: number; glosses: number; skipped: number }
  /** The model lines, sorted by word. */
  lines(settings: LearningSettings): string[]
}

/**
 * With word vectors, the trainer also derives the similarity evidence (`vectors-train.ts`): each meaning's
 * vector, and the vectors of the words it may read, in the same lines.
 */
export function createTrainer(lexicon: Lexicon, vectors?: WordVectors): Trainer {
  const words = new Map<string, WordData>()
  let counted = 0
  let glosses = 0
  let skipped = 0
  const readWords = new Set<string>()
  const vectorOf = (word: string): Float32Array | null => {
    const vector = vectors?.get(word)
    if (!vector) return null
    readWords.add(word)
    return vector
  }
  const wordData = (key: string): WordData => {
    let data = words.get(key)
    if (!data) {
      data = {
        senses: new Map(),
        counts: [],
        featureNames: [],
        featureIndex: new Map(),
        featureCounts: [],
        occurrences: [],
        contexts: [],
        glosses: new Map(),
      }
      words.set(key, data)
    }
    return data
  }
  const senseSlot = (data: WordData, key: string): number => {
    let i = data.senses.get(key)
    if (i === undefined) {
      i = data.counts.length
      data.senses.set(key, i)
      data.counts.push(0)
    }
    return i
  }
  const addOccurrence = (
    data: WordData,
    senses: number[],
    features: readonly ContextFeature[],
    source: Occurrence['source'],
  ): void => {
    const occurrence: Occurrence = { senses, features: [], source }
    for (const feature of features) {
      let f = data.featureIndex.get(feature.name)
      if (f === undefined) {
        f = data.featureNames.length
        data.featureIndex.set(feature.name, f)
        data.featureNames.push(feature.name)
        data.featureCounts.push(0)
      }
      data.featureCounts[f] = (data.featureCounts[f] as number) + 1
      occurrence.features.push(f)
    }
    data.occurrences.push(occurrence)
  }
  return {
    addDocument(sentences, source = 'corpus') {
      let text = ''
      const placed: Array<{ offset: number; sentence: TaggedSentence }> = []
      for (const sentence of sentences) {
        if (text !== '') text += ' '
        placed.push({ offset: text.length, sentence })
        text += sentence.text
      }
      const analysis = analyzePassage(lexicon, text)
      for (const { offset, sentence } of placed) {
        for (const a of sentence.annotations) {
          const senses = a.senses.filter((key) => senseIndexOf(lexicon, key) !== undefined)
          const first = senses[0]
          const expression = locateTarget(analysis, {
            span: { start: a.start + offset, end: a.end + offset },
          })
          if (first === undefined || isTargetProblem(expression)) {
            skipped++
            continue
          }
          const sense = senseIndexOf(lexicon, first) as number
          // The headword in its own synset's definition or example is already read by `addLexiconText`.
          if (source === 'gloss' && isOwnText(lexicon, sense, sentence.text)) continue
          const word = senseWritten(lexicon, sense).toLowerCase()
          const pos = senseSynsetPos(lexicon, sense)
          if (!expression.readings.some((r) => r.word === word && r.partOfSpeech === pos)) {
            skipped++
            continue
          }
          if (source === 'corpus') counted++
          else glosses++
          const data = wordData(`${pos}:${word}`)
          const indexes = senses.map((key) => senseSlot(data, key))
          if (source === 'corpus')
            for (const i of indexes) data.counts[i] = (data.counts[i] as number) + 1 / senses.length
          const features = contextFeatures(analysis, {
            ...expression,
            readings: [{ word, partOfSpeech: pos, via: 'exact' }],
          })
          addOccurrence(data, indexes, features, source)
          const vector = vectors && contextVector(analysis, expression, features, vectorOf)
          if (vector) data.contexts.push({ slots: indexes, vector, corpus: source === 'corpus' })
        }
      }
    },
    addLexiconText() {
      for (const key of [...words.keys()].sort()) {
        const data = words.get(key) as WordData
        const [pos, word] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)]
        for (const sense of sensesOf(lexicon, word)) {
          if (senseSynsetPos(lexicon, sense) !== pos) continue
          const index = senseSlot(data, senseKey(lexicon, sense))
          const synset = senseSynset(lexicon, sense)
          const reading = [{ word, partOfSpeech: pos as PartOfSpeech, via: 'exact' as const }]
          const addGloss = (features: readonly ContextFeature[]) => {
            if (!vectors) return
            let gloss = data.glosses.get(index)
            if (!gloss) data.glosses.set(index, (gloss = { sum: new Float64Array(DIMENSIONS), count: 0 }))
            for (const feature of features) {
              const vector = vectorOf(surroundingWord(feature))
              if (!vector) continue
              for (let d = 0; d < DIMENSIONS; d++)
                gloss.sum[d] = (gloss.sum[d] as number) + (vector[d] as number)
              gloss.count++
            }
          }
          for (const example of synsetExamples(lexicon, synset)) {
            const analysis = analyzePassage(lexicon, example)
            addGloss(textWordFeatures(analysis, word))
            const found = meaningOccurrence(analysis, sense)
            if (!found) continue
            const expression = { ...expressionFor(analysis, found[0], found[1]), readings: reading }
            addOccurrence(data, [index], contextFeatures(analysis, expression), 'lexicon')
          }
          const definition = textWordFeatures(
            analyzePassage(lexicon, synsetDefinition(lexicon, synset)),
            word,
          )
          addGloss(definition)
          addOccurrence(data, [index], definition, 'lexicon')
        }
      }
    },
    stats: () => ({ counted, glosses, skipped }),
    lines(settings) {
      const out: string[] = []
      const mean = meanVector(
        [...words.values()].flatMap((data) => data.contexts.filter((c) => c.corpus).map((c) => c.vector)),
      )
      const synsetSums = vectors
        ? synsetContexts(lexicon, words, mean, settings)
        : new Map<number, Float64Array>()
      for (const key of [...words.keys()].sort()) {
        const data = words.get(key) as WordData
        const keys = [...data.senses.keys()].sort()
        const order = keys.map((k) => data.senses.get(k) as number)
        const counts = order.map((i) => round(data.counts[i] as number))
        const features: string[] = []
        if (keys.length > 1) {
          const weights = learnWord(data, settings)
          const rows: Array<[string, string]> = []
          data.featureNames.forEach((name, f) => {
            const row = weights.get(f)
            if (!row) return
            const pairs: string[] = []
            order.forEach((i, s) => {
              const w = Math.round((row[i] as number) * 100)
              if (Math.abs(w) >= settings.minimumWeight * 100) pairs.push(`${s} ${w}`)
            })
            if (pairs.length > 0) rows.push([name, `${name}|${pairs.join(' ')}`])
          })
          rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
          for (const [, text] of rows) features.push(text)
        }
        const line = [key, keys.join(' '), counts.join(' '), features.join('|')]
        if (vectors && keys.length > 1) {
          const sums = order.map((i, s) =>
            senseSum(lexicon, data, i, keys[s] as string, mean, synsetSums, settings),
          )
          line.push(senseVectorsField(sums))
        }
        out.push(line.join('\t'))
      }
      if (!vectors) return out
      const lemmas = [...allLemmas(lexicon)].filter((lemma) => !lemma.includes(' '))
      return [...out, ...wordVectorLines([...readWords, ...lemmas], vectors, mean)]
    },
  }
}

/**
 * One word's classifier: for each kept feature, a weight per meaning, learned by stochastic gradient descent
 * on the log-likelihood of the gold meanings with the prior's log as a fixed offset, and an L2 penalty on
 * the weights a step touches. Occurrences are visited in corpus order, so training is deterministic.
 */
function learnWord(data: WordData, settings: LearningSettings): Map<number, Float64Array> {
  const n = data.counts.length
  const total = data.counts.reduce((a, b) => a + b, 0)
  const offset = data.counts.map((c) => Math.log((c + 0.5) / (total + 0.5 * n)))
  const kept = data.featureNames.map(
    (name, f) => (data.featureCounts[f] as number) >= settings.minimumCount[featureKind(name)],
  )
  const fromLexicon = data.featureNames.map((name) => settings.lexiconKinds.includes(featureKind(name)))
  const weights = new Map<number, Float64Array>()
  const row = (f: number) => {
    let r = weights.get(f)
    if (!r) {
      r = new Float64Array(n)
      weights.set(f, r)
    }
    return r
  }
  const scores = new Float64Array(n)
  for (let epoch = 0; epoch < settings.epochs; epoch++) {
    const rate = settings.rate / (1 + epoch)
    for (const occurrence of data.occurrences) {
      const fromText = occurrence.source !== 'corpus'
      const active = occurrence.features.filter((f) => kept[f] && (!fromText || fromLexicon[f]))
      if (active.length === 0) continue
      for (let s = 0; s < n; s++) scores[s] = offset[s] as number
      for (const f of active) {
        const r = row(f)
        for (let s = 0; s < n; s++) scores[s] = (scores[s] as number) + (r[s] as number)
      }
      let max = -Infinity
      for (let s = 0; s < n; s++) max = Math.max(max, scores[s] as number)
      let sum = 0
      for (let s = 0; s < n; s++) {
        scores[s] = Math.exp((scores[s] as number) - max)
        sum += scores[s] as number
      }
      const gold = 1 / occurrence.senses.length
      const weight = sourceWeight(occurrence.source, settings)
      for (let s = 0; s < n; s++) scores[s] = (weight * (scores[s] as number)) / sum
      for (const s of occurrence.senses) scores[s] = (scores[s] as number) - weight * gold
      for (const f of active) {
        const r = row(f)
        for (let s = 0; s < n; s++) {
          const w = r[s] as number
          r[s] = w - rate * ((scores[s] as number) + settings.l2 * w)
        }
      }
    }
  }
  return weights
}

const round = (n: number) => Math.round(n * 100) / 100

function sourceWeight(source: Occurrence['source'], settings: LearningSettings): number {
  return source === 'corpus' ? 1 : source === 'lexicon' ? settings.lexiconWeight : settings.glossWeight
}

/** Whether `text` is the definition or an example of the synset of `sense` (spacing, case and marks aside). */
function isOwnText(lexicon: Lexicon, sense: number, text: string): boolean {
  const synset = senseSynset(lexicon, sense)
  const wanted = plainText(text)
  return [synsetDefinition(lexicon, synset), ...synsetExamples(lexicon, synset)].some(
    (own) => plainText(own) === wanted,
  )
}

const plainText = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '')

/**
 * The unnormalized vector of the meaning in `slot` (sense key `key`): its corpus contexts, centred and of
 * length 1 (a context tagged with two meanings counts half for each), then its gloss, its synset's contexts
 * and its neighbouring synsets' contexts, each of length 1 times its weight in `VECTOR_WEIGHTS`.
 */
function senseSum(
  lexicon: Lexicon,
  data: WordData,
  slot: number,
  key: string,
  mean: Float64Array,
  synsetSums: ReadonlyMap<number, Float64Array>,
  settings: LearningSettings,
): Float64Array {
  const sum = new Float64Array(DIMENSIONS)
  for (const { slots, vector, corpus } of data.contexts) {
    const weight = corpus ? 1 : settings.glossWeight
    if (slots.includes(slot)) addCentred(sum, vector, mean, weight / slots.length)
  }
  const gloss = data.glosses.get(slot)
  if (gloss && gloss.count > 0) {
    addCentred(
      sum,
      Array.from(gloss.sum, (x) => x / gloss.count),
      mean,
      VECTOR_WEIGHTS.gloss,
    )
  }
  const synset = senseSynset(lexicon, senseIndexOf(lexicon, key) as number)
  addUnit(sum, synsetSums.get(synset) ?? [], VECTOR_WEIGHTS.synset)
  const related = new Float64Array(DIMENSIONS)
  for (const [symbol, target] of pointersOf(lexicon, synset)) {
    const near = RELATED.has(symbol) ? synsetSums.get(target) : undefined
    if (near) for (let d = 0; d < DIMENSIONS; d++) related[d] = (related[d] as number) + (near[d] as number)
  }
  addUnit(sum, related, VECTOR_WEIGHTS.related)
  return sum
}

/** The relations whose synsets lend a meaning their contexts: hypernyms, hyponyms (and instance ones), similar. */
const RELATED = new Set(['@', '@i', '~', '~i', '&'])

/** Per synset, the sum of the centred contexts (each of length 1) of every corpus occurrence tagged with it. */
function synsetContexts(
  lexicon: Lexicon,
  words: ReadonlyMap<string, WordData>,
  mean: Float64Array,
  settings: LearningSettings,
): Map<number, Float64Array> {
  const out = new Map<number, Float64Array>()
  for (const key of [...words.keys()].sort()) {
    const data = words.get(key) as WordData
    const keyOf: string[] = []
    for (const [senseKey, slot] of data.senses) keyOf[slot] = senseKey
    for (const { slots, vector, corpus } of data.contexts) {
      for (const slot of slots) {
        const synset = senseSynset(lexicon, senseIndexOf(lexicon, keyOf[slot] as string) as number)
        let sum = out.get(synset)
        if (!sum) out.set(synset, (sum = new Float64Array(DIMENSIONS)))
        addCentred(sum, vector, mean, (corpus ? 1 : settings.glossWeight) / slots.length)
      }
    }
  }
  return out
}
