/**
 * Word search benchmarks (`npm run bench -- word-search`): each kind of `GET /api/lexicon/search` in
 * process, beside a plain linear scan that answers the same question over the whole word list (or every
 * definition) measured in the same run, and the prefix search; and the size the word finder adds to the
 * lexicon release.
 */
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { searchPrefix } from '../src/lexicon/search'
import { allSynsets, type Lexicon } from '../src/lexicon/lexicon'
import { arpabetOf } from '../src/lexicon/pronunciation-file'
import { wordAt, wordListOf, wordListSize } from '../src/lexicon/word-list-file'
import { loadBuiltLexicon } from '../src/releases/built-lexicon'
import { publicRoot } from '../src/storage/data-roots'
import { findWords, type Asked } from '../src/word-finder/find'
import { FINDER_FILE } from '../src/word-finder/finder-file'
import { rhymeKeys, soundKey } from '../src/word-finder/sound-keys'
import { meaningTerms } from '../src/word-finder/terms'
import { fmt, table, timeIt, type Timing } from './harness'

const PATTERNS = ['r?n*', '*ight', 'c?t', '*tion', 's*m', '*zzq*']
const SPELLINGS = ['nite', 'fone', 'kat', 'skool', 'rite', 'nolij']
const RHYMES = ['light', 'cat', 'water', 'money', 'orange', 'day']
const DESCRIPTIONS = [
  'a large body of water',
  'a person who teaches children',
  'a young dog',
  'a building where books are kept',
  'very happy',
  'to move quickly on foot',
]

/** Wall-clock median and p95, and the mean CPU time per call, which load from other processes does not inflate. */
async function measure(fn: () => unknown, runs: number, warmup = Math.min(200, runs)) {
  const start = process.cpuUsage()
  const timing: Timing = await timeIt(fn, runs, warmup)
  const used = process.cpuUsage(start)
  return { ...timing, cpu: (used.user + used.system) / (runs + warmup) }
}

const cycle = <T>(items: readonly T[]) => {
  let i = 0
  return () => items[i++ % items.length] as T
}

export async function run(): Promise<void> {
  const { config, lexicon } = await loadBuiltLexicon()
  const list = wordListOf(lexicon)
  const words = Array.from({ length: wordListSize(list) }, (_, line) => wordAt(list, line))
  const filters = { safe: true }
  const ours = (next: () => Asked) => () => findWords(lexicon, next(), filters, 0, 20)

  const pattern = cycle(PATTERNS)
  const spelled = await measure(
    ours(() => ({ kind: 'spelled', pattern: pattern() })),
    600,
  )
  const scanPattern = cycle(PATTERNS)
  const spelledScan = await measure(() => {
    const glob = scanPattern().replace(/\?/g, '.').replace(/\*/g, '.*')
    const regex = new RegExp(`^${glob}$`)
    return words.filter((w) => regex.test(w))
  }, 60)

  const spelling = cycle(SPELLINGS)
  const sounds = await measure(
    ours(() => ({ kind: 'sounds', spelling: spelling() })),
    600,
  )
  const scanSpelling = cycle(SPELLINGS)
  const soundsScan = await measure(
    () => {
      const key = soundKey(scanSpelling())
      return words.filter((w) => soundKey(w) === key)
    },
    10,
    2,
  )

  const rhyme = cycle(RHYMES)
  const rhymes = await measure(
    ours(() => ({ kind: 'rhymes', word: rhyme() })),
    600,
  )
  const scanRhyme = cycle(RHYMES)
  const rhymesScan = await measure(() => scanRhymes(lexicon, words, scanRhyme()), 5, 1)

  const description = cycle(DESCRIPTIONS)
  const means = await measure(
    ours(() => ({ kind: 'means', description: description() })),
    300,
  )
  const scanDescription = cycle(DESCRIPTIONS)
  const meansScan = await measure(() => scanDefinitions(lexicon, scanDescription()), 5, 1)

  let seed = 1
  const random = await measure(
    () => findWords(lexicon, { kind: 'random', seed: seed++ }, { ...filters, band: 'common' }, 0, 1),
    2000,
  )
  const prefix = cycle(['do', 'co', 'un', 'wat', 'inte', 'thro'])
  const prefixSearch = await measure(() => searchPrefix(lexicon, prefix()), 2000)

  const row = (kind: string, ours: Timing & { cpu: number }, scan?: Timing & { cpu: number }) => [
    kind,
    fmt(ours.median),
    fmt(ours.p95),
    fmt(ours.cpu),
    scan ? fmt(scan.median) : '',
    scan ? fmt(scan.cpu) : '',
    scan ? fmt(scan.cpu / ours.cpu) : '',
  ]
  table('Word search in process (microseconds per call, 20 words; goal: median < 5,000)', [
    [
      'kind',
      'median',
      'p95',
      'CPU, mean',
      'baseline: linear scan, median',
      'its CPU, mean',
      'scan / ours (CPU)',
    ],
    row('spelled (wildcards)', spelled, spelledScan),
    row('sounds', sounds, soundsScan),
    row('rhymes', rhymes, rhymesScan),
    row('means', means, meansScan),
    row('random (band=common)', random),
    row('prefix search (reference)', prefixSearch),
  ])

  const folder = join(publicRoot(config), 'lexicon/releases', lexicon.manifest.release)
  const finderBytes = (await stat(join(folder, FINDER_FILE))).size
  let releaseBytes = 0
  for (const file of lexicon.manifest.files) releaseBytes += (await stat(join(folder, file.path))).size
  table('Size in the lexicon release', [
    ['file', 'MB'],
    [FINDER_FILE, fmt(finderBytes / 1e6, 2)],
    ['the whole lexicon release', fmt(releaseBytes / 1e6, 2)],
  ])
}

/** Rhymes by reading every word's pronunciation: the question the finder file's groups answer. */
function scanRhymes(lexicon: Lexicon, words: readonly string[], word: string): string[] {
  const own = arpabetOf(lexicon, word)[0]
  const key = own ? rhymeKeys(own)?.perfect : undefined
  return words.filter((w) => {
    const sound = arpabetOf(lexicon, w)[0]
    return sound !== undefined && rhymeKeys(sound)?.perfect === key
  })
}

/** Definitions sharing the most terms with the description, by reading every definition. */
function scanDefinitions(lexicon: Lexicon, description: string): string[] {
  const asked = new Set(meaningTerms(description))
  const scored: Array<[string, number]> = []
  for (const [id, , , definition] of allSynsets(lexicon)) {
    const shared = meaningTerms(definition).filter((t) => asked.has(t)).length
    if (shared > 0) scored.push([id, shared])
  }
  return scored
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([id]) => id)
}
