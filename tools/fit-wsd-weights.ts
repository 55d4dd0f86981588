/**
 * `npm run fit:wsd -- PATH/semcor-3.0-train.jsonl.gz`: learns the weights with which the meaning evidence
 * is combined (src/semantic/meaning/disambiguate.ts) on SemCor itself, never on the dev files. Every
 * `HOLD_OUT_EVERY`-th document of SemCor is held out; the per-word classifiers are trained on the others (as
 * `npm run train:wsd` does, in memory; `--model PATH` keeps that model for the next run), and every tagged
 * word of the held-out documents is resolved through the route's operation with that model, so the learned
 * evidence is as strong there as on unseen text. Each candidate meaning of the gold word's reading gives
 * its evidence at unit weight (prior, learned, similarity, overlap, domain, discourse: the part of speech and the
 * reading's share are the same for all of them), and a conditional logistic regression over the candidates
 * (a softmax per tagged word, as the method's own) learns the weights, for all words and apart for words
 * SemCor saw rarely, sometimes or often. The weights are then scored as the method runs them: the accuracy
 * of always answering on the held-out words, beside the defaults. Prints weights and scores; reads no file
 * it is not given. With `--dev FILE…` it instead chooses the per-class calibration of the learned and
 * similarity evidence on the dev files (read with the release's model or `--dev-model PATH`) and prints how
 * each choice carries to the held-out words (`--dev-only` skips them); `--gloss PATH…` adds the gloss corpus
 * to the held-out model's training as `train:wsd` does.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { loadBuiltLexicon } from '../src/releases/built-lexicon'
import { normalizeLemma, type Lexicon } from '../src/lexicon/lexicon'
import { documentContext, meaningPos, outcomesOf, report, type WsdSentence } from './eval/running-text'
import { DEFAULT_SETTINGS, type Settings } from '../src/semantic/meaning/disambiguate'
import { createTrainer, LEARNING } from './train/learned-train'
import { resolveTarget } from '../src/semantic/meaning/operations'
import { loadWordVectors } from './word-vectors'
import { withModel, withModelText } from './eval/model-override'
import { glossDocuments, taggedDocuments, type GlossTags } from './train/gloss-corpus'
import { PARTS_OF_SPEECH } from '../src/lexicon/wordnet-format'
import { calibrationFor, type CalibrationInstance } from './train/calibration'

/** One document in this many is held out (8 of SemCor's 352, about 5,800 tagged words). */
const HOLD_OUT_EVERY = 44
/** The weights learned, in the order of a candidate's feature vector; the prior's stays 1 (the scale). */
const LEARNED = ['frequency', 'learned', 'similarity', 'overlap', 'domain', 'discourse'] as const
/** Times SemCor tagged the word (in the held-out model) that bound the groups fitted apart. */
const SEEN_GROUPS = [
  { name: 'rare (0-9)', below: 10 },
  { name: 'sometimes (10-99)', below: 100 },
  { name: 'often (100+)', below: Number.POSITIVE_INFINITY },
]

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    model: { type: 'string' },
    gloss: { type: 'string', multiple: true },
    'gloss-tags': { type: 'string', default: 'man' },
    dev: { type: 'string', multiple: true },
    'dev-model': { type: 'string' },
    'dev-only': { type: 'boolean' },
  },
})
const path = positionals[0]
if (!path)
  throw new Error(
    'usage: npm run fit:wsd -- PATH/semcor-3.0-train.jsonl.gz [--model PATH] [--gloss PATH]… [--gloss-tags man|man+auto] [--dev FILE]… [--dev-model PATH]',
  )
const { lexicon } = await loadBuiltLexicon()
const docs = await taggedDocuments<WsdSentence>(path)
const heldOut = docs.filter((_, i) => i % HOLD_OUT_EVERY === 0)
const started = performance.now()
const crossFitted: Lexicon = withModelText(lexicon, await crossFittedModel())
console.log(
  `model of ${docs.length - heldOut.length} documents ready in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
    `${heldOut.reduce((n, d) => n + d.reduce((m, s) => m + s.annotations.length, 0), 0)} held-out tagged words in ${heldOut.length} documents`,
)

/** The model trained without the held-out documents; `--model PATH` keeps it there for the next run. */
async function crossFittedModel(): Promise<Uint8Array> {
  if (values.model) {
    const kept = await readFile(values.model).catch(() => null)
    if (kept) return kept
  }
  const trainer = createTrainer(lexicon, await loadWordVectors())
  docs.forEach((doc, i) => {
    if (i % HOLD_OUT_EVERY !== 0) trainer.addDocument(doc)
  })
  const tags = values['gloss-tags'] as GlossTags
  for (const doc of await glossDocuments(values.gloss ?? [], tags)) trainer.addDocument(doc, 'gloss')
  trainer.addLexiconText()
  const text = new TextEncoder().encode(trainer.lines(LEARNING).join('\n'))
  if (values.model) await writeFile(values.model, text)
  return text
}

/** A held-out tagged word: its gold reading's candidates' evidence at unit weight, and which are gold. */
type Instance = CalibrationInstance & { seen: number }

const unit: Settings = {
  ...DEFAULT_SETTINGS,
  weights: Object.fromEntries(
    Object.keys(DEFAULT_SETTINGS.weights).map((kind) => [kind, 1]),
  ) as Settings['weights'],
  calibration: Object.fromEntries(
    PARTS_OF_SPEECH.map((pos) => [pos, { learned: 1, similarity: 1 }]),
  ) as Settings['calibration'],
}

function collect(model: Lexicon, documents: readonly WsdSentence[][]): Instance[] {
  const out: Instance[] = []
  for (const doc of documents) {
    doc.forEach((sentence, i) => {
      const context = documentContext(doc, i)
      for (const a of sentence.annotations) {
        const pos = meaningPos(a.senses[0] ?? '')
        const result = resolveTarget(
          model,
          sentence.text,
          { span: { start: a.start, end: a.end } },
          { context, settings: unit },
        )
        if (!pos || !result.ok) continue
        const lemma = normalizeLemma(a.lemma)
        const list = result.value.candidates.filter((c) => c.word === lemma && c.partOfSpeech === pos)
        const gold = list.map((c) => a.senses.includes(c.meaning))
        if (list.length < 2 || !gold.some(Boolean)) continue
        const e = (c: (typeof list)[number]) => c.evidence
        out.push({
          features: list.map((c) => [
            e(c).frequency.contribution,
            e(c).learned.contribution,
            e(c).similarity.contribution,
            e(c).overlap.contribution,
            e(c).domain.contribution,
            e(c).discourse.contribution,
          ]),
          gold,
          pos,
          seen: list.reduce((n, c) => n + (e(c).frequency.corpusCount ?? 0), 0),
        })
      }
    })
  }
  return out
}

/** Conditional logistic regression by gradient ascent, a light L2 pull towards the starting weights. */
function fit(instances: readonly Instance[], start: readonly number[]): number[] {
  const w = [...start]
  const l2 = 0.01
  for (let step = 0; step < 400; step++) {
    const gradient = w.map((x, f) => -l2 * instances.length * (x - (start[f] as number)))
    for (const { features, gold } of instances) {
      const scores = features.map((x) => x.reduce((s, v, f) => s + v * (w[f] as number), 0))
      const max = Math.max(...scores)
      const exps = scores.map((s) => Math.exp(s - max))
      const sum = exps.reduce((a, b) => a + b, 0)
      const goldMass = exps.reduce((m, x, c) => m + (gold[c] ? x : 0), 0)
      features.forEach((x, c) => {
        const p = (exps[c] as number) / sum
        const q = gold[c] ? (exps[c] as number) / goldMass : 0
        x.forEach((v, f) => (gradient[f] = (gradient[f] as number) + (q - p) * v))
      })
    }
    w.forEach((_, f) => (w[f] = (w[f] as number) + (0.5 * (gradient[f] as number)) / instances.length))
    w[0] = 1
  }
  return w
}

function ranked(instances: readonly Instance[], w: readonly number[]): number {
  let right = 0
  for (const { features, gold } of instances) {
    const scores = features.map((x) => x.reduce((s, v, f) => s + v * (w[f] as number), 0))
    if (gold[scores.indexOf(Math.max(...scores))]) right++
  }
  return right / instances.length
}

/**
 * Per part of speech, the factors on the learned and similarity evidence (`Settings.calibration`) chosen on
 * the dev files (`--dev`, read with the full model, `--dev-model` or the release's), and how the choice
 * carries to the held-out SemCor words, beside the uncalibrated method.
 */
if (values.dev && values.dev.length > 0) {
  const instances = values['dev-only'] ? [] : collect(crossFitted, heldOut)
  const full = await withModel(lexicon, values['dev-model'])
  const dev: Instance[] = []
  for (const file of values.dev) dev.push(...collect(full, await taggedDocuments<WsdSentence>(file)))
  for (const pos of PARTS_OF_SPEECH) {
    const of = (list: readonly Instance[]) => list.filter((x) => x.pos === pos)
    const choice = calibrationFor(of(dev), of(instances), DEFAULT_SETTINGS.weights)
    if (!choice) continue
    const pct = (n: number) => (n * 100).toFixed(1)
    console.log(
      `${pos.padEnd(9)} learned ×${choice.learned}, similarity ×${choice.similarity}: dev ${pct(choice.dev)} (uncalibrated ${pct(choice.devBefore)}, ${of(dev).length} words); ` +
        `held-out SemCor ${pct(choice.heldOut)} (uncalibrated ${pct(choice.heldOutBefore)}, ${of(instances).length} words; ` +
        `best there ×${choice.heldOutBest.learned} / ×${choice.heldOutBest.similarity}, ${pct(choice.heldOutBest.accuracy)})`,
    )
  }
  process.exit(0)
}

const start = LEARNED.map((name) => DEFAULT_SETTINGS.weights[name])
const instances = collect(crossFitted, heldOut)
const show = (w: readonly number[]) =>
  LEARNED.map((name, f) => `${name} ${(w[f] as number).toFixed(2)}`).join(', ')
const all = fit(instances, start)
console.log(`${instances.length} held-out words with two or more candidates of the gold word`)
console.log(
  `all words: ${show(all)}; ranked right ${(ranked(instances, all) * 100).toFixed(1)} (defaults ${(ranked(instances, start) * 100).toFixed(1)})`,
)
let from = 0
for (const group of SEEN_GROUPS) {
  const members = instances.filter((x) => x.seen >= from && x.seen < group.below)
  from = group.below
  const w = fit(members, start)
  console.log(
    `${group.name}, ${members.length} words: ${show(w)}; ranked right ${(ranked(members, w) * 100).toFixed(1)} ` +
      `(all-word weights ${(ranked(members, all) * 100).toFixed(1)}, defaults ${(ranked(members, start) * 100).toFixed(1)})`,
  )
}

const learnedSettings: Settings = {
  ...DEFAULT_SETTINGS,
  weights: { ...DEFAULT_SETTINGS.weights, ...Object.fromEntries(LEARNED.map((name, f) => [name, all[f]])) },
}
const accuracy = (settings: Settings) =>
  report(heldOut.flatMap((doc) => outcomesOf(crossFitted, doc, { settings }))).forced.f1 * 100
console.log(
  `always answering on the held-out words: learned weights ${accuracy(learnedSettings).toFixed(2)}, defaults ${accuracy(DEFAULT_SETTINGS).toFixed(2)}`,
)
