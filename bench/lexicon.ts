/**
 * Lexicon benchmarks: in-process prefix search and word lookup, the same lookups through wordpos, HTTP
 * throughput beside a bare node:http server with a precomputed body, cold start, resident memory and the
 * memory of the loaded lexicon.
 */
import { execFile, execFileSync, spawn } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { publicRoot } from '../src/storage/data-roots'
import { lookupWord } from '../src/lexicon/record'
import { searchPrefix } from '../src/lexicon/search'
import { cpuSeconds, fmt, freePort, load, residentMb, spawnServer, table, timeIt } from './harness'
import { loadBuiltLexicon } from '../src/releases/built-lexicon'
import { allLemmas } from '../src/lexicon/lexicon'
import { createLexiconProvider, LEXICON_MANIFEST_PATH } from '../src/lexicon/release'
import { LEXICON_COMPANIONS } from '../src/releases/lexicon-release'
import { createFsStore } from '../src/storage/fs-store'

const PREFIXES = ['do', 'co', 'un', 'ice c', 'inte', 'thro', 'pre', 'sta', 'wat', 'multi', 'hyper', 'qu']
const WORDS = [
  'dog',
  'run',
  'geese',
  'ran',
  'better',
  'ice cream',
  'give up',
  'bank',
  'light',
  'set',
  'serendipity',
  'mice',
]

export async function run(): Promise<void> {
  const { config, lexicon } = await loadBuiltLexicon()

  let p = 0
  const prefix = await timeIt(() => searchPrefix(lexicon, PREFIXES[p++ % PREFIXES.length] as string), 20000)
  let w = 0
  const word = await timeIt(() => lookupWord(lexicon, WORDS[w++ % WORDS.length] as string), 20000)

  // What the answer cache asks on every request it could answer: the lexicon's change token, a stat of the
  // manifest and of every file it lists, beside the one stat of the manifest it used to be.
  const store = createFsStore(publicRoot(config))
  const provider = createLexiconProvider(store, { companions: LEXICON_COMPANIONS })
  const listed = await provider.current()
  const files = listed.status === 'ready' ? listed.lexicon.manifest.files.length : 0
  const token = await timeIt(() => provider.changeToken(), 20000)
  const manifestStat = await timeIt(() => store.statNow?.(LEXICON_MANIFEST_PATH), 20000)

  const { default: WordPOS } = await import('wordpos')
  const wordpos = new WordPOS()
  let v = 0
  const viaWordpos = await timeIt(() => wordpos.lookup(WORDS[v++ % WORDS.length] as string), 600, 60)

  const memory = await lexiconMemory(publicRoot(config))
  table('The loaded lexicon, in a fresh process', [
    ['measure', 'value', 'goal'],
    ['resident memory added (MB)', fmt(memory.rssMB, 1), ''],
    ['of which array buffers (MB)', fmt(memory.buffersMB, 1), ''],
    ['heap added (MB)', fmt(memory.heapMB, 1), ''],
    ['load and verify, every file hashed as read: the start-up check (ms)', fmt(memory.loadMs, 0), ''],
    ['hashing every file alone, streamed (ms)', fmt(memory.hashMs, 0), ''],
  ])

  table('In-process (microseconds per call)', [
    ['operation', 'median', 'p95', 'goal'],
    ['prefix search', fmt(prefix.median), fmt(prefix.p95), '< 50'],
    ['word lookup (full record)', fmt(word.median), fmt(word.p95), '< 50'],
    ['wordpos.lookup, same words', fmt(viaWordpos.median), fmt(viaWordpos.p95), ''],
    ['wordpos / ours (median)', fmt(viaWordpos.median / word.median), '', ''],
    [`answer-cache token: manifest and ${files} files stat-ed`, fmt(token.median), fmt(token.p95), ''],
    ['one stat of the manifest (the token before)', fmt(manifestStat.median), fmt(manifestStat.p95), ''],
  ])

  const dir = await mkdtemp(join(tmpdir(), 'bench-lexicon-'))
  const rows: Array<Array<string | number>> = [
    [
      'route',
      'service req/s',
      'bare node:http req/s',
      'ratio',
      'service CPU µs/req',
      'bare CPU µs/req',
      'ratio by CPU',
      'goal',
    ],
  ]
  // Distinct words beyond the app's own body cache of 4,096 entries: past the answer cache (no-cache), a
  // word's record is built and serialized unless another connection asked for it a moment before.
  const manyWords = [...allLemmas(lexicon)].filter((_, i) => i % 15 === 0).slice(0, 10_000)
  // The service as `npm start` runs it: the bundle in dist/ on plain Node, not the TypeScript through tsx.
  execFileSync(process.execPath, ['tools/bundle.mjs'])
  const app = await spawnServer(
    'dist/node.mjs',
    { DATA_DIR: config.DATA_DIR, PORT: String(await freePort()) },
    { typescript: false },
  )
  // Let the route-work thread load its lexicon first: its CPU would count as the service's.
  await new Promise((resolve) => setTimeout(resolve, 5_000))
  const distinct = manyWords.map((w) => `/api/lexicon/words/${encodeURIComponent(w)}`)
  // `Cache-Control: no-cache` sends every request through the app, past the Node adapter's answer cache.
  const bypass = { 'Cache-Control': 'no-cache' }
  try {
    for (const [name, path, paths, headers] of [
      ['prefix search', '/api/lexicon/words?prefix=do', null, {}],
      ['word lookup (dog)', '/api/lexicon/words/dog', null, {}],
      ['word lookup (10,000 distinct words, answer cache warm)', '/api/lexicon/words/dog', distinct, {}],
      ['prefix search, no-cache', '/api/lexicon/words?prefix=do', null, bypass],
      ['word lookup (dog), no-cache', '/api/lexicon/words/dog', null, bypass],
      ['word lookup (10,000 distinct), no-cache', '/api/lexicon/words/dog', distinct, bypass],
    ] as const) {
      const response = await fetch(app.url + path)
      const bodyFile = join(dir, 'body.json')
      await writeFile(bodyFile, Buffer.from(await response.arrayBuffer()))
      // The baseline answers the service's own response: same body and same headers, precomputed.
      const sent = Object.fromEntries(
        [...response.headers].filter(
          ([header]) => !['content-length', 'date', 'connection', 'keep-alive'].includes(header),
        ),
      )
      const bare = await spawnServer('bench/servers/bare.ts', {
        BENCH_BODY_FILE: bodyFile,
        BENCH_HEADERS: JSON.stringify(sent),
      })
      try {
        const options = { paths: paths ?? undefined, headers }
        await load(bare.url, { seconds: 1, ...options })
        const bareCpu = await cpuSeconds(bare.pid)
        const baseline = await load(bare.url, { seconds: 5, ...options })
        const bareCpuPerRequest = ((await cpuSeconds(bare.pid)) - bareCpu) / (baseline.requestsPerSecond * 5)
        // autocannon's connections walk the same list in step, so a run alone would take many seconds to
        // ask for each word once: the warm row first asks for every word, as a steady service would have.
        if (paths && !Object.keys(headers).length) await requestEach(app.url, paths)
        await load(app.url + path, { seconds: 1, ...options })
        const appCpu = await cpuSeconds(app.pid)
        const service = await load(app.url + path, { seconds: 5, ...options })
        const appCpuPerRequest = ((await cpuSeconds(app.pid)) - appCpu) / (service.requestsPerSecond * 5)
        rows.push([
          name,
          fmt(service.requestsPerSecond, 0),
          fmt(baseline.requestsPerSecond, 0),
          fmt(service.requestsPerSecond / baseline.requestsPerSecond, 2),
          fmt(appCpuPerRequest * 1e6, 0),
          fmt(bareCpuPerRequest * 1e6, 0),
          fmt(bareCpuPerRequest / appCpuPerRequest, 2),
          Object.keys(headers).length ? '' : '>= 0.70',
        ])
      } finally {
        await bare.close()
      }
    }
  } finally {
    await app.close()
  }
  table(
    'HTTP on loopback, the service as npm start runs it (autocannon, 20 connections, 5 s; no-cache rows bypass the answer cache; every request rechecks the releases; CPU from /proc, which load from other processes does not inflate)',
    rows,
  )

  const cold = await coldStart(config.DATA_DIR)
  table('Cold start on a built release', [
    ['measure', 'value', 'goal'],
    ['process start to first 200 (ms)', fmt(cold.ms, 0), '< 1500'],
    ['bundling before it, in npm start (ms)', fmt(cold.bundleMs, 0), ''],
    ['resident memory after first answers (MB)', fmt(cold.rssMb, 0), '< 300'],
  ])
}

/** The loaded lexicon's memory, measured in a process of its own so nothing else is counted. */
async function lexiconMemory(
  root: string,
): Promise<{ rssMB: number; heapMB: number; buffersMB: number; loadMs: number; hashMs: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--expose-gc',
    '--import',
    'tsx',
    'bench/servers/lexicon-memory.ts',
    root,
  ])
  return JSON.parse(stdout.trim()) as {
    rssMB: number
    heapMB: number
    buffersMB: number
    loadMs: number
    hashMs: number
  }
}

/** GETs every path once, a few at a time. */
async function requestEach(base: string, paths: readonly string[], parallel = 8): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < paths.length) await (await fetch(base + (paths[next++] as string))).arrayBuffer()
  }
  await Promise.all(Array.from({ length: parallel }, worker))
}

async function coldStart(dataDir: string): Promise<{ bundleMs: number; ms: number; rssMb: number }> {
  const port = 20000 + Math.floor(Math.random() * 20000)
  // `npm start` bundles the code (a build step of its own), then runs plain Node on dist/node.mjs: the
  // service process, timed from its start.
  const bundling = performance.now()
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, ['tools/bundle.mjs'], { stdio: 'inherit' }).once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`bundle exited with ${code}`)),
    ),
  )
  const bundleMs = performance.now() - bundling
  const started = performance.now()
  const child = spawn(process.execPath, ['dist/node.mjs'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port) },
    stdio: 'ignore',
  })
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/lexicon/words/dog`)
        if (res.status === 200) break
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    }
    const ms = performance.now() - started
    for (const wordToFetch of WORDS)
      await fetch(`http://127.0.0.1:${port}/api/lexicon/words/${encodeURIComponent(wordToFetch)}`)
    return { bundleMs, ms, rssMb: await residentMb(child.pid as number) }
  } finally {
    child.kill('SIGTERM')
  }
}
