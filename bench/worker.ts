/**
 * The Workers entry in workerd (through Miniflare, with local R2, KV and Durable Object bindings seeded
 * from ./data) beside the Node server, in the same run, on loopback: requests per second for a dataset page,
 * a word lookup and a local review, and the worker's cold start (a fresh runtime to its first answer of
 * each kind). The Node server is measured as `npm start` runs it, and with its answer cache off, which is
 * the path through the app the worker always takes.
 */
import { fmt, load, spawnServer, table } from './harness'
import { startWorker } from '../test/helpers/worker'

const SETTINGS = {
  CURSOR_SECRET: 'benchmark-cursor-secret-0123456789abcdef',
  LOG_SIGNING_KEY: Buffer.alloc(32, 5).toString('base64'),
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

export async function run(): Promise<void> {
  const coldStarted = performance.now()
  const worker = await startWorker({
    publicDir: 'data/public',
    privateDir: 'data/private',
    keys: [],
    settings: SETTINGS,
  })
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
    table(`Worker cold start: runtime up and releases seeded into local R2 in ${fmt(seededMs, 0)} ms, then`, [
      ['first request after start, in order', 'status', 'ms'],
      ...firstAnswers,
    ])
  } finally {
    await Promise.all([worker.close(), node.close(), nodeUncached.close()])
  }
}
