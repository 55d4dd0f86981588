/**
 * Deriving the learned evidence from a sense-tagged corpus: per lexicon word and part of speech, how often
 * each meaning was tagged, and how often each context feature (see `features.ts`) occurred with each
 * meaning. Only counts are kept, never text; rare features are dropped. The output is the model text
 * `learned.ts` reads, one line per word, sorted, so the same corpus gives the same bytes:
 * `pos:word TAB senseKeys TAB counts TAB name|i c i c|name|…` (pairs of sense index and count).
 */
import type { Lexicon } from '../../lexicon/lexicon'
import { senseIndexOf, senseSynsetPos, senseWritten } from '../../lexicon/lexicon'
import { contextFeatures, featureKind, type FeatureKind } from './features'
import { analyzePassage } from './passage'
import { isTargetProblem, locateTarget } from './targets'

export type TaggedSentence = {
  doc: string
  text: string
  annotations: Array<{ start: number; end: number; senses: string[] }>
}

type WordCounts = { senses: Map<string, number>; features: Map<string, Map<string, number>> }

export type Trainer = {
  /** Reads one document's sentences, in order. */
  addDocument(sentences: readonly TaggedSentence[]): void
  /** Instances counted and skipped (meaning unknown to the lexicon, or not a reading of the words marked). */
  stats(): { counted: number; skipped: number }
  /** The model lines, sorted by word; features seen fewer times than their kind's minimum are dropped. */
  lines(minimum: Record<FeatureKind, number>): string[]
}

export function createTrainer(lexicon: Lexicon): Trainer {
  const words = new Map<string, WordCounts>()
  let counted = 0
  let skipped = 0
  return {
    addDocument(sentences) {
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
          const word = senseWritten(lexicon, sense).toLowerCase()
          const pos = senseSynsetPos(lexicon, sense)
          if (!expression.readings.some((r) => r.word === word && r.partOfSpeech === pos)) {
            skipped++
            continue
          }
          counted++
          const key = `${pos}:${word}`
          let entry = words.get(key)
          if (!entry) {
            entry = { senses: new Map(), features: new Map() }
            words.set(key, entry)
          }
          const share = 1 / senses.length
          for (const s of senses) entry.senses.set(s, (entry.senses.get(s) ?? 0) + share)
          for (const feature of contextFeatures(analysis, {
            ...expression,
            readings: [{ word, partOfSpeech: pos, via: 'exact' }],
          })) {
            let bySense = entry.features.get(feature.name)
            if (!bySense) {
              bySense = new Map()
              entry.features.set(feature.name, bySense)
            }
            for (const s of senses) bySense.set(s, (bySense.get(s) ?? 0) + share)
          }
        }
      }
    },
    stats: () => ({ counted, skipped }),
    lines(minimum) {
      const out: string[] = []
      for (const key of [...words.keys()].sort()) {
        const entry = words.get(key) as WordCounts
        const senses = [...entry.senses.keys()].sort()
        const index = new Map(senses.map((s, i) => [s, i]))
        const counts = senses.map((s) => round(entry.senses.get(s) as number))
        const features: string[] = []
        if (senses.length > 1) {
          for (const name of [...entry.features.keys()].sort()) {
            const bySense = entry.features.get(name) as Map<string, number>
            let total = 0
            for (const c of bySense.values()) total += c
            if (total < minimum[featureKind(name)]) continue
            const pairs: number[] = []
            for (const s of [...bySense.keys()].sort())
              pairs.push(index.get(s) as number, round(bySense.get(s) as number))
            features.push(`${name}|${pairs.join(' ')}`)
          }
        }
        out.push([key, senses.join(' '), counts.join(' '), features.join('|')].join('\t'))
      }
      return out
    },
  }
}

const round = (n: number) => Math.round(n * 100) / 100
