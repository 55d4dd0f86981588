/**
 * Semantic benchmarks: `resolve` of one target in a 1,000-character passage and `illuminate` of every content
 * word of a 12,000-character passage, in process, each beside a trivial baseline measured in the same run
 * (the first meaning of the same targets, looked up without any context); then `/v1/resolve` over HTTP
 * beside a bare node:http server answering the same body. Passages are the lexicon's own example sentences,
 * so the figures are reproducible.
 */
import { execFile, execFileSync } from 'node:child_process'
import { build } from 'esbuild'
import { mkdtemp, writeFile } from 'node:fs/promises'
import os, { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Lexicon } from '../src/lexicon/lexicon'
import { sensesOf, synsetCount, synsetExamples } from '../src/lexicon/lexicon'
import { meaning } from '../src/lexicon/record'
import { illuminate } from '../src/semantic/meaning/illuminate'
import { resolveTarget } from '../src/semantic/meaning/operations'
import { readLexiconInSteps } from '../src/lexicon/reading'
import { analyzePassage } from '../src/semantic/meaning/passage'
import { tokenize } from '../src/text/tokens'
import { fmt, freePort, load, processCpuMs, residentMb, spawnServer, table, timeIt } from './harness'
import { loadBuiltLexicon } from '../src/releases/built-lexicon'
import { publicRoot } from '../src/releases/ensure-releases'

/** Example sentences of the lexicon, from synset `from` on, joined until `chars` characters. */
export function passageOf(lexicon: Lexicon, chars: number, from: number): string {
  let text = ''
  for (let s = from; text.length < chars; s++) {
    for (const example of synsetExamples(lexicon, s % synsetCount(lexicon)) ?? []) {
      const sentence = example.charAt(0).toUpperCase() + example.slice(1) + '. '
      if (text.length + sentence.length > chars) return text.trimEnd()
      text += sentence
    }
  }
  return text.trimEnd()
}

/** Mean CPU milliseconds (user + system) per call over `runs` calls: unlike wall time, not inflated by other processes. */
export async function cpuPerCall(fn: () => unknown, runs: number): Promise<number> {
  const started = process.cpuUsage()
  for (let i = 0; i < runs; i++) await fn()
  const used = process.cpuUsage(started)
  return (used.user + used.system) / 1000 / runs
}

/** The baseline: each target's first meaning (word record entry), without reading the context. */
function firstMeanings(lexicon: Lexicon, words: readonly string[]): number {
  let found = 0
  for (const word of words) {
    const first = sensesOf(lexicon, word)[0]
    if (first !== undefined && meaning(lexicon, first).id) found++
  }
  return found
}

/** The learned model's memory and load time, in a fresh process running it bundled, as `npm start` does. */
async function modelMemory(
  releaseRoot: string,
): Promise<{ rssMB: number; heapMB: number; loadMs: number; modelFileMB: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-model-'))
  const outfile = join(dir, 'model-memory.mjs')
  await build({
    entryPoints: ['bench/servers/model-memory.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'warning',
  })
  const { stdout } = await promisify(execFile)(process.execPath, [outfile, releaseRoot])
  return JSON.parse(stdout.trim()) as { rssMB: number; heapMB: number; loadMs: number; modelFileMB: number }
}

/** Starts of the bundle measured for the cold start; their median is reported. */
const COLD_STARTS = 5

type ColdStart = {
  firstOkMs: number
  listeningMs: number
  firstRequestMs: number
  firstRequestCpuMs: number
  rssMB: number
}

/** One start of the bundle to its first 200 of /v1/resolve, and what that first request cost. */
async function coldStart(dataDir: string, request: RequestInit): Promise<ColdStart> {
  const port = String(await freePort())
  const spawned = performance.now()
  const app = await spawnServer(
    'dist/node.mjs',
    { DATA_DIR: dataDir, PORT: port },
    { typescript: false, nodeFlags: ['--max-semi-space-size=2'] },
  )
  try {
    const listeningMs = performance.now() - spawned
    const cpuBefore = await processCpuMs(app.pid)
    const asked = performance.now()
    const answer = await fetch(app.url + '/v1/resolve', request)
    await answer.arrayBuffer()
    if (answer.status !== 200) throw new Error(`the first /v1/resolve answered ${answer.status}`)
    const firstOkMs = performance.now() - spawned
    const firstRequestMs = performance.now() - asked
    const firstRequestCpuMs = (await processCpuMs(app.pid)) - cpuBefore
    await new Promise((settle) => setTimeout(settle, 1000))
    return { firstOkMs, listeningMs, firstRequestMs, firstRequestCpuMs, rssMB: await residentMb(app.pid) }
  } finally {
    await app.close()
  }
}

export async function run(): Promise<void> {
  const { config, lexicon } = await loadBuiltLexicon()

  const short = passageOf(lexicon, 1000, 60_000)
  const long = passageOf(lexicon, 12_000, 20_000)
  const shortTargets = analyzePassage(lexicon, short).expressions
  const target = shortTargets[Math.floor(shortTargets.length / 2)]
  if (!target) throw new Error('no content word in the short passage')
  const targetWords = [target.readings[0]?.word ?? target.lower]
  const longWords = analyzePassage(lexicon, long).expressions.map((e) => e.readings[0]?.word ?? e.lower)

  const resolveCall = () => resolveTarget(lexicon, short, { span: target.span })
  // As the route computes it: its items serialized as they are resolved (src/semantic/meaning/illuminate.ts).
  const illuminateCall = () =>
    readLexiconInSteps(lexicon, (steps) => illuminate(steps, long, { mode: 'content-words' }))
  const coldStarted = performance.now()
  resolveCall()
  const coldResolve = performance.now() - coldStarted
  const resolve = await timeIt(resolveCall, 2000)
  const resolveBaseline = await timeIt(() => {
    tokenize(short)
    firstMeanings(lexicon, targetWords)
  }, 2000)

  const coldIlluminateStarted = performance.now()
  const once = await illuminateCall()
  const coldIlluminate = performance.now() - coldIlluminateStarted
  const occurrences = once.ok ? once.value.summary.occurrences : 0
  const all = await timeIt(illuminateCall, 30, 3)
  const allBaseline = await timeIt(
    () => {
      tokenize(long)
      firstMeanings(lexicon, longWords)
    },
    30,
    3,
  )

  const resolveCpu = await cpuPerCall(resolveCall, 500)
  const illuminateCpu = await cpuPerCall(illuminateCall, 10)
  const ms = (us: number) => fmt(us / 1000, 2)
  table('In-process (milliseconds per call; medians after warm-up, p95 beside)', [
    ['operation', 'median', 'p95', 'CPU per call', 'baseline median', 'goal'],
    [
      `resolve "${target.text}" in ${short.length} chars`,
      ms(resolve.median),
      ms(resolve.p95),
      fmt(resolveCpu, 2),
      ms(resolveBaseline.median),
      '< 2',
    ],
    [
      `illuminate ${occurrences} content words in ${long.length} chars`,
      ms(all.median),
      ms(all.p95),
      fmt(illuminateCpu, 2),
      ms(allBaseline.median),
      '< 200',
    ],
    ['first resolve, cold caches', ms(coldResolve * 1000), '', '', '', ''],
    ['first illuminate, cold signatures', ms(coldIlluminate * 1000), '', '', '', ''],
  ])
  console.log('baseline: tokenize the passage and look up the first meaning of the same targets, no context.')
  console.log(
    `CPU per call: user + system time of the whole process (GC threads included), which other processes cannot inflate; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores during the run.`,
  )

  const memory = await modelMemory(publicRoot(config))
  table('The learned model (SemCor counts and tagger weights), in a fresh process running the bundle', [
    ['measure', 'value', 'goal'],
    ['model file in the lexicon release (held with it)', `${fmt(memory.modelFileMB, 1)} MB`, ''],
    ['RSS added by a first look-up and the tagger', `${fmt(memory.rssMB, 1)} MB`, '≤ 60 MB'],
    ['heap added', `${fmt(memory.heapMB, 1)} MB`, ''],
    ['first look-up and tagger decoding time', `${fmt(memory.loadMs, 0)} ms`, ''],
  ])

  const dir = await mkdtemp(join(tmpdir(), 'bench-semantic-'))
  const body = JSON.stringify({ passage: short, target: { span: target.span } })
  const request = { method: 'POST', body, headers: { 'Content-Type': 'application/json' } }
  // The service as `npm start` runs it (the bundle on plain Node with its flags), bundled before the clock
  // starts: the cold start is the process's, not tsx compiling the sources.
  execFileSync(process.execPath, ['tools/bundle.mjs'])
  const starts: ColdStart[] = []
  for (let run = 0; run < COLD_STARTS; run++) starts.push(await coldStart(config.DATA_DIR, request))
  const measures: Array<[string, keyof ColdStart, string]> = [
    ['first 200, ms', 'firstOkMs', '< 1500'],
    ['of which listening, ms', 'listeningMs', ''],
    ['first request, ms', 'firstRequestMs', ''],
    ['first request, process CPU ms', 'firstRequestCpuMs', ''],
    ['RSS 1 s after it, MB', 'rssMB', ''],
  ]
  const title = `Cold start (spawn of the bundle, as npm start runs it, to the first 200 of /v1/resolve; median of ${COLD_STARTS} starts)`
  table(title, [
    ['measure', 'median', 'each start', 'goal'],
    ...measures.map(([label, key, goal]) => {
      const values = starts.map((c) => c[key])
      const median = [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] as number
      return [label, fmt(median, 0), values.map((v) => fmt(v, 0)).join(' '), goal]
    }),
  ])
  const port = String(await freePort())
  const app = await spawnServer(
    'dist/node.mjs',
    { DATA_DIR: config.DATA_DIR, PORT: port },
    { typescript: false, nodeFlags: ['--max-semi-space-size=2'] },
  )
  try {
    const answer = await fetch(app.url + '/v1/resolve', request)
    const bodyFile = join(dir, 'resolve.json')
    await writeFile(bodyFile, Buffer.from(await answer.arrayBuffer()))
    const bare = await spawnServer('bench/servers/bare.ts', { BENCH_BODY_FILE: bodyFile })
    try {
      await load(bare.url, { seconds: 1, ...request })
      const baseline = await load(bare.url, { seconds: 5, ...request })
      await load(app.url + '/v1/resolve', { seconds: 1, ...request })
      const service = await load(app.url + '/v1/resolve', { seconds: 5, ...request })
      table('HTTP on loopback (autocannon, 20 connections, 5 s)', [
        ['route', 'service req/s', 'p50 ms', 'bare node:http req/s', 'ratio', 'non-2xx'],
        [
          'POST /v1/resolve (1,000 chars)',
          fmt(service.requestsPerSecond, 0),
          fmt(service.latencyP50ms, 1),
          fmt(baseline.requestsPerSecond, 0),
          fmt(service.requestsPerSecond / baseline.requestsPerSecond, 2),
          service.non2xx,
        ],
      ])
    } finally {
      await bare.close()
    }
  } finally {
    await app.close()
  }
}
