/**
 * `npm run eval:review [-- --verbose]`: runs the local review (`text-checks`) in process on the written review
 * cases in test/fixtures/review and prints, per case and overall, the written-in discrepancies found, the
 * statements made, and how many are false and how many noise (definitions in docs/methods/argument-review.md).
 * `--verbose` lists every statement with its class. Deterministic.
 */
import { fileURLToPath } from 'node:url'
import { ArgumentInputSchema } from '../src/argument/schemas'
import { reviewText } from '../src/argument/review'
import { loadBuiltLexicon } from '../src/releases/built-lexicon'
import { readReviewCases, scoreCase, totals, type CaseScore } from './eval/review-eval'

const verbose = process.argv.includes('--verbose')
const folder = fileURLToPath(new URL('../test/fixtures/review', import.meta.url))
const { lexicon } = await loadBuiltLexicon()
const cases = await readReviewCases(folder)

const pct = (n: number) => `${(n * 100).toFixed(1)}%`
const scores: CaseScore[] = cases.map((c) =>
  scoreCase(c, reviewText(lexicon, ArgumentInputSchema.parse({ text: c.text, sources: c.sources }))),
)

console.log(
  '| case | sentences | found | statements | helpful | false | noise | confirmations | folded | most notes in a sentence |',
)
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
for (const s of scores) {
  const name = s.faithful ? `${s.id} (faithful)` : s.id
  console.log(
    `| ${name} | ${s.sentences} | ${s.found}/${s.expected} | ${s.statements} | ${s.helpful} | ${s.false} | ${s.noise} | ${s.confirmations} | ${s.folded} | ${s.maxNotesPerSentence} |`,
  )
}
const t = totals(scores)
console.log(
  `\n${t.cases} cases, ${t.sentences} sentences: found ${t.found} of ${t.expected} written-in discrepancies (${pct(t.foundShare)}); ` +
    `${t.statements} statements: ${t.helpful} helpful, ${t.allowed} allowed, ${t.confirmations} confirmations, ` +
    `${t.false} false, ${t.noise} noise (${pct(t.noiseShare)}); ${t.folded} folded groups; ` +
    `a faithful argument's sentence got at most ${t.faithfulMaxNotes} note(s).`,
)
for (const s of scores) {
  for (const m of s.missed)
    console.log(`missed: ${s.id} sentence ${m.sentence} ${m.kind} ${m.values.join(' / ')}`)
  for (const c of s.classed)
    if (verbose || c.verdict === 'false' || c.verdict === 'noise')
      console.log(`${c.verdict}: ${s.id} sentence ${c.sentence} ${c.kind}: ${c.text}`)
}
