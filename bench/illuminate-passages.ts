/**
 * The heaviest /v1/illuminate (every content word of 12,000 characters, 10 candidates each) of passages
 * from several places in the book, beside the benchmark's own (bench/heavy-requests.ts, from 50,000): one
 * passage fitting the isolate heap does not show that others do. Used by test/worker/isolate-memory.test.ts
 * and by `npm run bench -- worker`, which runs them one after another, then three at once, in one isolate
 * under the heap limit, with the time, workerd's CPU time and the isolate's memory after each.
 */
import { request } from 'node:http'
import { BOUNDS } from '../src/semantic/bounds'
import { ISOLATE_HEAP_MB, startWorker } from '../test/helpers/worker'
import { fmt, processCpuMs, table } from './harness'
import { proseOf } from './heavy-requests'
import { isolateMemoryNow } from './isolate-memory'
import { workerdPids } from './workerd-process'

/** Where the passages sent one after another start (the last is the benchmark's). */
export const PASSAGES_IN_TURN = [0, 52_000, 200_000, 50_000]
/** Where the three passages sent at once start. */
export const PASSAGES_AT_ONCE = [300_000, 400_000, 500_000]

/** The body of the heaviest /v1/illuminate of the passage starting at `from`. */
export function heaviestIlluminate(from: number): string {
  return JSON.stringify({
    passage: proseOf(BOUNDS.passageChars, Infinity, from),
    select: { mode: 'content-words' },
    maxCandidates: BOUNDS.illuminateCandidates,
  })
}

/**
 * The status of a /v1/illuminate of `body`, or why there is none (`no answer` and the socket's error: an
 * aborted workerd resets every connection). Each request has a connection of its own: on a kept-alive one,
 * a request written as workerd closes it after the long answer before fails with no answer (`other side
 * closed`), which would read as an abort.
 */
export function illuminateStatus(url: string, body: string): Promise<string> {
  return new Promise((resolve) => {
    const failed = (err: NodeJS.ErrnoException) => resolve(`no answer (${err.code ?? err.message})`)
    const sent = request(
      `${url}/v1/illuminate`,
      {
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        response.on('error', failed)
        response.on('end', () => resolve(String(response.statusCode)))
        response.resume()
      },
    )
    sent.on('error', failed)
    sent.end(body)
  })
}

export async function runPassagesUnderHeapLimit(): Promise<void> {
  const worker = await startWorker({
    publicDir: 'data/public',
    privateDir: 'data/private',
    keys: [],
    settings: { LOG_SIGNING_KEY: Buffer.alloc(32, 5).toString('base64') },
    inspect: true,
    v8Flags: [`--max-heap-size=${ISOLATE_HEAP_MB}`],
  })
  const pids = await workerdPids()
  const cpuMs = async () => (await Promise.all(pids.map(processCpuMs))).reduce((a, b) => a + b, 0)
  const rows: string[][] = []
  const measured = async (name: string, send: () => Promise<string[]>): Promise<boolean> => {
    const cpuBefore = await cpuMs()
    const started = performance.now()
    const statuses = await send()
    const ms = fmt(performance.now() - started, 0)
    const cpu = fmt((await cpuMs()) - cpuBefore, 0)
    const now = await isolateMemoryNow(worker.mf).catch(() => null)
    const mb = (n: number) => fmt(n, 0)
    const memory = now
      ? [mb(now.heapMb), mb(now.committedMb), mb(now.buffersMb), mb(ISOLATE_HEAP_MB + now.buffersMb)]
      : ['', '', '', '']
    rows.push([name, statuses.join(' '), ms, cpu, ...memory])
    return now !== null
  }
  try {
    let alive = true
    for (const from of PASSAGES_IN_TURN) {
      const body = heaviestIlluminate(from)
      alive = await measured(`passage from ${from}`, async () => [await illuminateStatus(worker.url, body)])
      if (!alive) break
    }
    if (alive) {
      const bodies = PASSAGES_AT_ONCE.map(heaviestIlluminate)
      await measured(`three at once, from ${PASSAGES_AT_ONCE.join(', ')}`, () =>
        Promise.all(bodies.map((body) => illuminateStatus(worker.url, body))),
      )
    }
  } finally {
    await worker.close()
  }
  table(
    `The heaviest /v1/illuminate of other passages, one after another, then three at once, in one isolate whose V8 heap is limited to ${ISOLATE_HEAP_MB} MB, each followed by its memory (MB)`,
    [
      [
        'passage (start in the book)',
        'status',
        'ms',
        'workerd CPU ms',
        'heap in use',
        'heap committed',
        'buffers',
        'heap limit + buffers',
      ],
      ...rows,
    ],
  )
}
