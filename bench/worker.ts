/**
 * The Workers entry in workerd (through Miniflare, with local R2, KV and Durable Object bindings seeded
 * from ./data) beside the Node server, in the same run, on loopback: requests per second for a dataset page,
 * a word lookup and a local review, and the worker's cold start (a fresh runtime to its first answer of
 * each kind). The Node server is measured as `npm start` runs it, and with its answer cache off, which is
 * the path through the app the worker always takes. Memory: the isolate's own (JS heap in use plus ArrayBuffer
 * backing stores, through workerd's inspector) after the runs and after 10,000 distinct word lookups, beside
 * the workerd process's resident set and the figure before the lexicon was read in blocks. Then the first
 * meaning-in-context requests of the isolate (a short one of each route, then the heaviest valid one), each
 * with the isolate's memory right after it, before any collection (the inspector is not answered while the
 * request runs): the heap V8 committed for it plus the ArrayBuffers (blocks pinned by the request included).
 * Last, a fresh worker under an isolate's memory: V8's heap limited to ISOLATE_HEAP_MB (the ArrayBuffers
 * beside it), and the heaviest valid request of every route in turn, each with its status and the isolate's
 * memory right after it (workerd aborts, and the request fails, if the heap passes the limit).
 */
import { fmt, load, residentMb, spawnServer, table } from './harness'
import { ISOLATE_HEAP_MB, startWorker, type WorkerOptions } from '../test/helpers/worker'
import { loadBuiltLexicon } from '../src/releases/built-lexicon'
import { allLemmas } from '../src/lexicon/lexicon'
import { everyRouteCases, everyRouteSetup, seedObservations, sendCase } from './every-route'
import { heavyRequests } from './heavy-requests'
import { isolateMemory, isolateMemoryNow, type IsolateMemory } from './isolate-memory'
import { runPassagesUnderHeapLimit } from './illuminate-passages'
import { workerdPids } from './workerd-process'

/**
 * The workerd process after 10,000 distinct word lookups when the isolate read the lexicon whole (README of
 * session 4, the same benchmark): the isolate itself was not measured then.
 */
const PROCESS_MB_WITH_WHOLE_LEXICON = 500

const SETTINGS = {
  CURSOR_SECRET: 'benchmark-cursor-secret-0123456789abcdef',
  LOG_SIGNING_KEY: Buffer.alloc(32, 5).toString('base64'),
}

/** The columns of a request followed by the isolate's memory right after it (MB). */
const REQUEST_MEMORY_COLUMNS = [
  'request, in order',
  'status',
  'ms',
  'heap in use',
  'heap committed',
  'buffers',
]

/** The worker of every run here: the releases of ./data, no keys, the inspector open for its memory. */
const BENCH_WORKER: WorkerOptions = {
  publicDir: 'data/public',
  privateDir: 'data/private',
  keys: [],
  settings: SETTINGS,
  inspect: true,
}

const REVIEW = JSON.stringify({
  text: 'All 45% of residents support the new park, and the council clearly agrees. It is "very popular".',
  sources: [
    {
      id: 'survey',
      label: 'Survey',
      text: 'About 45% of residents said they support the park. The council has not voted yet.',
    },
  ],
})

/** The first requests of the meaning-in-context routes, after the lookups (cold derived tables, warm blocks). */
const PASSAGE =
  'The bank raised its rates again, so she walked down to the river bank and watched the boats while the ' +
  'band played on the bandstand. Later she would set the table, read the paper and call her brother.'
/** Then the heaviest valid request of each route (bench/heavy-requests.ts), whose blocks are mostly cold. */
function semanticCases(): Array<{ name: string; path: string; body: string }> {
  const heaviest = heavyRequests().filter((h) => h.path === '/v1/resolve' || h.path === '/v1/illuminate')
  return [
    {
      name: 'first /v1/resolve ("bank" in two sentences), after the lookups',
      path: '/v1/resolve',
      body: JSON.stringify({ passage: PASSAGE, target: { text: 'bank' } }),
    },
    {
      name: 'first /v1/illuminate (every content word of the same text)',
      path: '/v1/illuminate',
      body: JSON.stringify({ passage: PASSAGE, select: { mode: 'content-words' } }),
    },
    ...heaviest.map((h) => ({ name: `heaviest ${h.path}: ${h.what}`, path: h.path, body: h.body })),
  ]
}

/**
 * A fresh worker under the heap limit, the heaviest request of every route in turn (bench/every-route.ts),
 * and the isolate's memory right after each. Miniflare does not start an aborted workerd again (connections
 * are refused after it), so the rows after an abort say so rather than show a fresh isolate's figures.
 */
export async function runUnderHeapLimit(): Promise<void> {
  const setup = await everyRouteSetup(SETTINGS)
  const cases = await everyRouteCases((await loadBuiltLexicon()).lexicon, setup)
  const worker = await startWorker({
    ...setup.worker,
    inspect: true,
    v8Flags: [`--max-heap-size=${ISOLATE_HEAP_MB}`],
  })
  const rows: string[][] = []
  const kept = new Map<string, string>()
  let aborts = 0
  try {
    await seedObservations(worker.url, setup)
    for (const c of cases) {
      const answer = await sendCase(worker.url, c, kept).catch(() => null)
      if (!answer) aborts++
      const status = answer ? String(answer.status) : 'no answer (workerd aborted)'
      const ok = answer?.status === c.status ? '' : ` (expected ${c.status})`
      const name = `${c.method} ${c.name}${aborts > 0 && answer ? ' [after an abort]' : ''}`
      const now = await isolateMemoryNow(worker.mf).catch(() => null)
      const mb = (n: number) => fmt(n, 0)
      rows.push([
        name,
        status + ok,
        answer ? fmt(answer.ms, 0) : '',
        ...(now
          ? [mb(now.heapMb), mb(now.committedMb), mb(now.buffersMb), mb(ISOLATE_HEAP_MB + now.buffersMb)]
          : ['', '', '', '']),
      ])
    }
  } finally {
    await Promise.all([worker.close(), setup.provider.close()])
  }
  table(
    `The heaviest request of every route in one isolate whose V8 heap is limited to ${ISOLATE_HEAP_MB} MB, each followed at once by its memory (MB; the platform's limit is 128)`,
    [[...REQUEST_MEMORY_COLUMNS, 'heap limit + buffers'], ...rows],
  )
}

type Target = { name: string; url: string }

const CASES = [
  {
    name: 'dataset page (literary-context, first 100 records)',
    path: '/api/datasets/literary-context/records',
  },
  { name: 'word lookup (/api/lexicon/words/bank)', path: '/api/lexicon/words/bank' },
  { name: 'local review (POST /api/argument/review)', path: '/api/argument/review', body: REVIEW },
] as const

async function measure(target: Target, c: (typeof CASES)[number]): Promise<string> {
  const result = await load(target.url + c.path, {
    seconds: 4,
    connections: 10,
    ...('body' in c && { method: 'POST', body: c.body, headers: { 'Content-Type': 'application/json' } }),
  })
  const flaw = result.errors + result.non2xx > 0 ? ` (${result.errors} errors, ${result.non2xx} non-2xx)` : ''
  return `${fmt(result.requestsPerSecond, 0)}${flaw}`
}

/** The 10,000 lemmas of the lexicon release at every 10th place, for distinct lookups. */
async function distinctLemmas(count: number): Promise<string[]> {
  const { lexicon } = await loadBuiltLexicon()
  const lemmas = [...allLemmas(lexicon)]
  const step = Math.max(1, Math.floor(lemmas.length / count))
  return lemmas.filter((_, i) => i % step === 0).slice(0, count)
}

export async function run(): Promise<void> {
  const coldStarted = performance.now()
  const worker = await startWorker(BENCH_WORKER)
  const seededMs = performance.now() - coldStarted
  const firstAnswers: string[][] = []
  for (const c of CASES) {
    const started = performance.now()
    const response = await fetch(worker.url + c.path, {
      method: 'body' in c ? 'POST' : 'GET',
      ...('body' in c && { body: c.body, headers: { 'Content-Type': 'application/json' } }),
    })
    await response.arrayBuffer()
    firstAnswers.push([c.name, String(response.status), fmt(performance.now() - started, 0)])
  }
  const node = await spawnServer('bench/servers/app.ts', SETTINGS)
  const nodeUncached = await spawnServer('bench/servers/app.ts', { ...SETTINGS, RESPONSE_CACHE_MB: '0' })
  try {
    const targets: Target[] = [
      { name: 'worker in workerd', url: worker.url },
      { name: 'Node, answer cache off', url: nodeUncached.url },
      { name: 'Node as npm start runs it', url: node.url },
    ]
    const rows: string[][] = [['requests per second', ...targets.map((t) => t.name)]]
    for (const c of CASES) {
      const row: string[] = [c.name]
      for (const target of targets) row.push(await measure(target, c))
      rows.push(row)
    }
    table('Worker in workerd beside the Node server, loopback, 10 connections, 4 s each', rows)
    const workerd = await workerdPids()
    const rss = async () => (await Promise.all(workerd.map(residentMb))).reduce((a, b) => a + b, 0)
    const before = await rss()
    const poke = async () => (await fetch(`${worker.url}/healthz`)).arrayBuffer()
    const isolateBefore = await isolateMemory(worker.mf, poke)
    const lemmas = await distinctLemmas(10_000)
    for (let i = 0; i < lemmas.length; i += 50) {
      await Promise.all(
        lemmas.slice(i, i + 50).map(async (lemma) => {
          await (await fetch(`${worker.url}/api/lexicon/words/${encodeURIComponent(lemma)}`)).arrayBuffer()
        }),
      )
    }
    const after = await rss()
    const isolateAfter = await isolateMemory(worker.mf, poke)
    const semanticRows: string[][] = []
    for (const c of semanticCases()) {
      const started = performance.now()
      const response = await fetch(worker.url + c.path, {
        method: 'POST',
        body: c.body,
        headers: { 'Content-Type': 'application/json' },
      })
      await response.arrayBuffer()
      const ms = performance.now() - started
      const now = await isolateMemoryNow(worker.mf)
      semanticRows.push([
        c.name,
        String(response.status),
        fmt(ms, 0),
        fmt(now.heapMb, 0),
        fmt(now.committedMb, 0),
        fmt(now.buffersMb, 0),
        fmt(now.committedMb + now.buffersMb, 0),
      ])
    }
    const isolateSemantic = await isolateMemory(worker.mf, poke)
    const nodeRss = await residentMb(nodeUncached.pid)
    const isolateRow = (when: string, m: IsolateMemory) => [
      `isolate, ${when}`,
      `${fmt(m.heapMb + m.buffersMb, 0)} (heap ${fmt(m.heapMb, 0)}, buffers ${fmt(m.buffersMb, 0)})`,
    ]
    table('Memory (goal for the isolate: < 100 MB after 10,000 distinct words; its limit is 128 MB)', [
      ['what', 'MB'],
      isolateRow('after the runs above', isolateBefore),
      isolateRow(`after ${lemmas.length} distinct word lookups`, isolateAfter),
      isolateRow('after the first meaning-in-context requests below', isolateSemantic),
      ['workerd process (runtime, local R2, isolate), after the runs above', fmt(before, 0)],
      [`workerd process, after ${lemmas.length} distinct word lookups`, fmt(after, 0)],
      [`workerd process, same lookups, lexicon read whole (before)`, fmt(PROCESS_MB_WITH_WHOLE_LEXICON, 0)],
      ['Node server (answer cache off), same requests as above', fmt(nodeRss, 0)],
    ])
    table(`Worker cold start: runtime up and releases seeded into local R2 in ${fmt(seededMs, 0)} ms, then`, [
      ['first request after start, in order', 'status', 'ms'],
      ...firstAnswers,
    ])
    table(
      'First meaning-in-context requests of the isolate, after the lookups, each followed at once by its memory (MB, no collection: garbage and dropped blocks included; the limit is 128)',
      [[...REQUEST_MEMORY_COLUMNS, 'committed + buffers'], ...semanticRows],
    )
  } finally {
    await Promise.all([worker.close(), node.close(), nodeUncached.close()])
  }
  await runUnderHeapLimit()
  await runPassagesUnderHeapLimit()
}
