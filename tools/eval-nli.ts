/**
 * `npm run eval:nli [-- FILE...] [--wrong]`: runs `/v1/claims/evaluate-evidence`'s own code in process on
 * sentence pairs in the SICK JSON Lines format (claim = hypothesis, one excerpt = premise) and prints, per
 * file, accuracy beside the majority-class baseline, per-class precision and recall, the confusion matrix,
 * accuracy per `section` when the pairs name one (FraCaS's phenomena, the everyday pairs' phenomena), and how
 * many wrong answers were given with confidence ≥ 0.9. Also prints the older `fit` read as a label
 * (`shares-proposition` → entailment, `differs-in-polarity` → contradiction, else neutral) for comparison.
 * Without files it runs SICK trial and FraCaS dev (../shared/nli) and the project's everyday pairs;
 * `--wrong` lists each wrong answer. Deterministic: no sampling, no randomness.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { loadBuiltLexicon } from '../src/releases/built-lexicon'
import { evaluateEvidence } from '../src/semantic/claims/evidence'
import type { Fit } from '../src/semantic/claims/compare'
import type { Relation } from '../src/semantic/claims/inference'
import {
  NLI_LABELS,
  parseNliPairs,
  scoreNli,
  scoreSections,
  type NliLabel,
  type NliScore,
} from './eval/nli-eval'

const DEFAULT_FILES = [
  '../shared/nli/sick-trial.jsonl',
  '../shared/nli/fracas-dev.jsonl',
  'test/fixtures/claims/everyday-pairs.jsonl',
]
/** Confidence at or above which a wrong answer counts as a confident one. */
const CONFIDENT = 0.9

const args = process.argv.slice(2).filter((a) => a !== '--')
const listWrong = args.includes('--wrong')
const named = args.filter((a) => !a.startsWith('--'))
const files = named.length > 0 ? named : DEFAULT_FILES.filter((f) => existsSync(f))
const { lexicon } = await loadBuiltLexicon()

const fitLabel = (fit: Fit): NliLabel =>
  fit === 'shares-proposition' ? 'entailment' : fit === 'differs-in-polarity' ? 'contradiction' : 'neutral'

const RELATION_LABEL: Record<Relation, NliLabel> = {
  follows: 'entailment',
  conflicts: 'contradiction',
  neither: 'neutral',
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`.padStart(6)

function print(title: string, s: NliScore): void {
  console.log(`\n${title}: accuracy ${pct(s.accuracy)} over ${s.pairs} pairs`)
  console.log(`| class         | precision | recall | predicted | gold |`)
  console.log(`| ------------- | --------- | ------ | --------- | ---- |`)
  for (const l of NLI_LABELS) {
    const c = s.perClass[l]
    console.log(
      `| ${l.padEnd(13)} | ${pct(c.precision).padStart(9)} | ${pct(c.recall)} | ${String(c.predicted).padStart(9)} | ${String(c.gold).padStart(4)} |`,
    )
  }
  console.log(`confusion (rows gold, columns predicted: ${NLI_LABELS.join(', ')})`)
  for (const g of NLI_LABELS)
    console.log(`  ${g.padEnd(13)} ${NLI_LABELS.map((p) => String(s.confusion[g][p]).padStart(5)).join(' ')}`)
}

for (const file of files) {
  const pairs = parseNliPairs(await readFile(file, 'utf8'), file)
  const started = performance.now()
  const gold: NliLabel[] = []
  const byFit: NliLabel[] = []
  const byRelation: NliLabel[] = []
  const sections: string[] = []
  let confidentWrong = 0
  for (const pair of pairs) {
    const result = evaluateEvidence(lexicon, pair.hypothesis, [{ id: pair.id, text: pair.premise }])
    const fit = result.fits[0]
    if (!fit) throw new Error(`no answer for ${pair.id}`)
    const predicted = RELATION_LABEL[fit.inference.relation]
    gold.push(pair.label)
    byFit.push(fitLabel(fit.fit))
    byRelation.push(predicted)
    sections.push(pair.section ?? '')
    if (predicted !== pair.label && fit.inference.confidence >= CONFIDENT) confidentWrong++
    if (listWrong && predicted !== pair.label)
      console.log(`wrong ${pair.id}: ${predicted} (${fit.inference.confidence}) for ${pair.label}`)
  }
  const ms = performance.now() - started
  const fitScore = scoreNli(gold, byFit)
  console.log(`\n## ${basename(file)}: ${pairs.length} pairs, ${(ms / pairs.length).toFixed(2)} ms a pair`)
  console.log(`baseline (always "${fitScore.majority.label}"): accuracy ${pct(fitScore.majority.accuracy)}`)
  print('`relation`', scoreNli(gold, byRelation))
  console.log(`wrong answers with confidence ≥ ${CONFIDENT}: ${confidentWrong}`)
  const bySection = scoreSections(sections, gold, byRelation)
  if (bySection.length > 0) {
    console.log(`\n| section | pairs | accuracy | majority |`)
    console.log(`| ------- | ----- | -------- | -------- |`)
    for (const s of bySection)
      console.log(
        `| ${s.section} | ${s.score.pairs} | ${pct(s.score.accuracy)} | ${pct(s.score.majority.accuracy)} (${s.score.majority.label}) |`,
      )
  }
  print('`fit` read as a label (before `relation`)', fitScore)
}
