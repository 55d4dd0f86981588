/**
 * Bounded work, over HTTP: for each CPU-heavy POST route, its heaviest valid request (bench/heavy-requests.ts)
 * on the service as `npm start` serves it (the bundle in dist/, plain Node), with route work in the worker-thread pool (the default) and in
 * process (`ROUTE_WORKERS=0`) side by side: the request's latency alone and the server's CPU time for it
 * (all threads; unlike latency, not inflated by other processes on a shared machine), `/healthz` p99 while four of them
 * run at once, and the server's peak resident memory; and, in this process, what each request still costs
 * the event loop with its work elsewhere (bench/event-loop-share.ts). Baselines from the same run:
 * `/healthz` p99 and resident memory of the idle server, `JSON.parse` of the body.
 */
import { execFileSync } from 'node:child_process'
import { get, request } from 'node:http'
import { fmt, freePort, processCpuMs, residentMb, spawnServer, table } from './harness'
import { eventLoopShare } from './event-loop-share'
import { heavyRequests, type HeavyRequest } from './heavy-requests'
import { loadBuiltLexicon } from '../src/releases/built-lexicon'

type Server = Awaited<ReturnType<typeof spawnServer>>

const CONCURRENT = 4
/** The V8 flags `npm start` gives Node (package.json), so the server measured is the one it serves. */
const START_FLAGS = ['--max-semi-space-size=2']

const SOLO_RUNS = 3

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN
}

/**
 * POSTs the request on a connection of its own and returns its latency in milliseconds; with `busy`, a
 * 503 `busy` (the pool's queue full) is NaN instead of a failure.
 */
function post(server: Server, heavy: HeavyRequest, busy = false): Promise<number> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(
      server.url + heavy.path,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } },
      (res) => {
        res.resume()
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - started)
            : busy && res.statusCode === 503
              ? resolve(NaN)
              : reject(new Error(`${heavy.path} answered ${res.statusCode}`)),
        )
      },
    )
    req.on('error', reject)
    req.end(heavy.body)
  })
}

/**
 * A GET on a connection of its own: a pooled keep-alive connection left idle while a heavy request runs
 * may be closed by the server just as it is reused (ECONNRESET), which is not what this measures.
 */
function getFresh(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve())
    }).on('error', reject)
  })
}

/** `/healthz` asked one after another until `done` settles; its latencies and the server's peak memory. */
async function probe(
  server: Server,
  done: Promise<unknown>,
): Promise<{ latencies: number[]; peakMb: number }> {
  let finished = false
  void done.finally(() => (finished = true)).catch(() => {})
  const latencies: number[] = []
  let peakMb = 0
  while (!finished) {
    const started = performance.now()
    await getFresh(server.url + '/healthz')
    latencies.push(performance.now() - started)
    peakMb = Math.max(peakMb, await residentMb(server.pid))
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return { latencies, peakMb }
}

async function idle(server: Server): Promise<{ healthzP99: number; rssMb: number }> {
  const { latencies } = await probe(server, new Promise((resolve) => setTimeout(resolve, 1_500)))
  return { healthzP99: percentile(latencies, 0.99), rssMb: await residentMb(server.pid) }
}

async function measure(server: Server, request: HeavyRequest) {
  await post(server, request)
  const solo: number[] = []
  const cpuBefore = await processCpuMs(server.pid)
  for (let i = 0; i < SOLO_RUNS; i++) solo.push(await post(server, request))
  const cpu = ((await processCpuMs(server.pid)) - cpuBefore) / SOLO_RUNS
  const four = Promise.all(Array.from({ length: CONCURRENT }, () => post(server, request, true)))
  const { latencies, peakMb } = await probe(server, four)
  const together = await four
  return {
    solo: percentile(solo, 0.5),
    cpu,
    slowestOfFour: Math.max(...together.filter((ms) => !Number.isNaN(ms))),
    busyOfFour: together.filter((ms) => Number.isNaN(ms)).length,
    healthzP99: percentile(latencies, 0.99),
    peakMb,
  }
}

export async function run(): Promise<void> {
  const { config } = await loadBuiltLexicon()
  const requests = heavyRequests()
  const loop = await eventLoopShare(config, requests)
  const rows: Array<Array<string | number>> = [
    [
      'route (heaviest valid request)',
      'body KB',
      'latency ms pool',
      'in process',
      'CPU ms pool',
      'in process',
      'slowest of 4 pool (503 busy)',
      'in process',
      '/healthz p99 ms pool',
      'in process',
      'peak RSS MB pool',
      'in process',
      'event loop ms',
      'JSON.parse ms',
    ],
  ]
  execFileSync(process.execPath, ['tools/bundle.mjs'])
  const start = async (env: Record<string, string>) =>
    spawnServer(
      'dist/node.mjs',
      { DATA_DIR: config.DATA_DIR, PORT: String(await freePort()), ...env },
      { typescript: false, nodeFlags: START_FLAGS },
    )
  // One server at a time: they would share DATA_DIR's observation log, which one process holds.
  const measureAll = async (env: Record<string, string>) => {
    const server = await start(env)
    try {
      // Let the workers load their lexicon before the idle baseline.
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      const baseline = await idle(server)
      const routes = []
      for (const request of requests) routes.push(await measure(server, request))
      return { baseline, routes }
    } finally {
      await server.close()
    }
  }
  const pool = await measureAll({})
  const inProcess = await measureAll({ ROUTE_WORKERS: '0' })
  rows.push([
    'baseline: idle server, /healthz only',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    fmt(pool.baseline.healthzP99, 1),
    fmt(inProcess.baseline.healthzP99, 1),
    fmt(pool.baseline.rssMb, 0),
    fmt(inProcess.baseline.rssMb, 0),
    '',
    '',
  ])
  requests.forEach((request, i) => {
    const a = pool.routes[i] as Awaited<ReturnType<typeof measure>>
    const b = inProcess.routes[i] as Awaited<ReturnType<typeof measure>>
    rows.push([
      `${request.path}: ${request.what}`,
      fmt(request.body.length / 1000, 0),
      fmt(a.solo, 0),
      fmt(b.solo, 0),
      fmt(a.cpu, 0),
      fmt(b.cpu, 0),
      `${fmt(a.slowestOfFour, 0)}${a.busyOfFour ? ` (${a.busyOfFour} busy)` : ''}`,
      fmt(b.slowestOfFour, 0),
      fmt(a.healthzP99, 1),
      fmt(b.healthzP99, 1),
      fmt(a.peakMb, 0),
      fmt(b.peakMb, 0),
      fmt((loop[i]?.app.median ?? NaN) / 1000, 1),
      fmt((loop[i]?.parse.median ?? NaN) / 1000, 1),
    ])
  })
  table(
    `Heaviest valid request per route: alone (median of ${SOLO_RUNS}, after one warm-up), ${CONCURRENT} at once, /healthz p99 meanwhile, peak resident memory`,
    rows,
  )
  console.log(
    `goals: latency < 1,000 ms; /healthz p99 < 50 ms while ${CONCURRENT} run; resident memory < 400 MB. Pool: ROUTE_WORKERS unset (one fewer than the cores, at least one).`,
  )
}
