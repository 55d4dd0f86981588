/**
 * `npm run eval:wsd`: the held-out word-sense evaluation on the lexicon's own example sentences, printed
 * beside the first-meaning baselines. Options: `--stride N` (every Nth example), `--limit N` (at most N
 * items). Exits 1 when the method does not beat the first-meaning baseline in the tagged part of speech.
 */
import { parseArgs } from 'node:util'
import { ensureReleases, publicRoot } from '../src/build/ensure-releases'
import { loadConfig } from '../src/config'
import { loadLexicon } from '../src/lexicon/release'
import { evaluate, evaluationItems, type EvalScore } from '../src/semantic/eval/wsd-eval'
import { DEFAULT_SETTINGS } from '../src/semantic/meaning/disambiguate'
import { createFsStore } from '../src/storage/fs-store'

const { values } = parseArgs({ options: { stride: { type: 'string' }, limit: { type: 'string' } } })
const config = loadConfig(process.env)
await ensureReleases(config)
const state = await loadLexicon(createFsStore(publicRoot(config)))
if (state.status !== 'ready') throw new Error(state.reason)

const started = performance.now()
const items = evaluationItems(state.lexicon, {
  stride: values.stride ? Number(values.stride) : undefined,
  limit: values.limit ? Number(values.limit) : undefined,
})
const report = evaluate(state.lexicon, items)
const seconds = (performance.now() - started) / 1000

const pct = (n: number) => `${(n * 100).toFixed(1)}%`
const row = (name: string, s: EvalScore) =>
  `| ${name.padEnd(52)} | ${pct(s.accuracy).padStart(8)} | ${pct(s.coverage).padStart(8)} | ${pct(s.recall).padStart(8)} |`
console.log(`\nHeld-out WSD evaluation on WordNet ${state.lexicon.manifest.source.version} example sentences`)
console.log(
  `release ${state.lexicon.manifest.release.slice(0, 12)}, ${report.items} items, ${seconds.toFixed(1)} s\n`,
)
console.log(`| ${'method'.padEnd(52)} | accuracy | coverage |   recall |`)
console.log(`| ${'-'.repeat(52)} | -------- | -------- | -------- |`)
console.log(row(`knowledge-based WSD (abstains below margin ${DEFAULT_SETTINGS.margin})`, report.method))
console.log(row('knowledge-based WSD, always answering', report.methodForced))
console.log(row('baseline: first meaning in the tagged part of speech', report.firstMeaningInTaggedPos))
console.log(row('baseline: first meaning in lexicon order', report.firstMeaning))
console.log(
  `\nOn the ${report.method.answered} items the method answered, the tagged first-meaning baseline scores ${pct(report.baselineOnAnswered)} (method ${pct(report.method.accuracy)}).`,
)
const beats = report.methodForced.accuracy > report.firstMeaningInTaggedPos.accuracy
console.log(
  beats
    ? 'The method beats the first-meaning baseline.'
    : 'The method does NOT beat the first-meaning baseline.',
)
process.exitCode = beats ? 0 : 1
