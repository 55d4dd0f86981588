/**
 * `npm run eval:nli -- FILE...`: runs `/v1/claims/evaluate-evidence`'s own code in process on sentence pairs
 * in the SICK JSON Lines format (claim = hypothesis, one excerpt = premise) and prints accuracy, per-class
 * precision and recall and the confusion matrix of `relation` beside the majority-class baseline, and per
 * `section` (when the pairs name one) accuracy beside that section's majority class. Also prints the older
 * `fit` read as a label (`shares-proposition` → entailment, `differs-in-polarity` → contradiction, else
 * neutral) for comparison. Deterministic: no sampling, no randomness.
 */
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
  type NliLabel,
  type NliPair,
  type NliScore,
} from './eval/nli-eval'

const files = process.argv.slice(2).filter((a) => a !== '--')
if (files.length === 0) {
  console.error('usage: npm run eval:nli -- FILE.jsonl [FILE.jsonl ...]')
  process.exit(2)
}
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

/** Accuracy of `relation` per `section`, beside that section's majority class. */
function printSections(pairs: readonly NliPair[], gold: readonly NliLabel[], predicted: readonly NliLabel[]) {
  const sections = [...new Set(pairs.map((p) => p.section ?? '(none)'))]
  console.log(`\n| section | pairs | \`relation\` | majority class |`)
  console.log(`| ------- | ----- | ---------- | -------------- |`)
  for (const section of sections) {
    const at = pairs.flatMap((p, i) => ((p.section ?? '(none)') === section ? [i] : []))
    const s = scoreNli(
      at.map((i) => gold[i] as NliLabel),
      at.map((i) => predicted[i] as NliLabel),
    )
    console.log(
      `| ${section} | ${at.length} | ${pct(s.accuracy)} (${Math.round(s.accuracy * at.length)}) | ${pct(s.majority.accuracy)} ${s.majority.label} |`,
    )
  }
}

for (const file of files) {
  const pairs = parseNliPairs(await readFile(file, 'utf8'), file)
  const started = performance.now()
  const gold: NliLabel[] = []
  const byFit: NliLabel[] = []
  const byRelation: NliLabel[] = []
  for (const pair of pairs) {
    const result = evaluateEvidence(lexicon, pair.hypothesis, [{ id: pair.id, text: pair.premise }])
    const fit = result.fits[0]
    if (!fit) throw new Error(`no answer for ${pair.id}`)
    gold.push(pair.label)
    byFit.push(fitLabel(fit.fit))
    byRelation.push(RELATION_LABEL[fit.inference.relation])
  }
  const ms = performance.now() - started
  const fitScore = scoreNli(gold, byFit)
  console.log(`\n## ${basename(file)}: ${pairs.length} pairs, ${(ms / pairs.length).toFixed(2)} ms a pair`)
  console.log(`baseline (always "${fitScore.majority.label}"): accuracy ${pct(fitScore.majority.accuracy)}`)
  print('`relation`', scoreNli(gold, byRelation))
  if (pairs.some((p) => p.section !== undefined)) printSections(pairs, gold, byRelation)
  print('`fit` read as a label (before `relation`)', fitScore)
}
