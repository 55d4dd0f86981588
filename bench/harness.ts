/**
 * Benchmark tools shared by every feature: in-process timing (median and p95 of many runs), an HTTP load
 * generator (autocannon) and the baseline every HTTP figure is printed beside: a bare `node:http` server
 * answering a precomputed body, measured in the same run.
 */
import autocannon from 'autocannon'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Timing = { median: number; p95: number; runs: number }

/** Runs `fn` `runs` times after a warm-up and returns per-run microseconds. */
export async function timeIt(fn: () => unknown, runs = 2000, warmup = Math.min(200, runs)): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn()
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    samples.push((performance.now() - start) * 1000)
  }
  samples.sort((a, b) => a - b)
  return {
    median: samples[Math.floor(samples.length / 2)] as number,
    p95: samples[Math.floor(samples.length * 0.95)] as number,
    runs,
  }
}

export type Load = { requestsPerSecond: number; latencyP50ms: number; errors: number; non2xx: number }

export async function load(
  url: string,
  options: {
    seconds?: number
    connections?: number
    method?: string
    body?: string
    headers?: Record<string, string>
    /** Paths to cycle through instead of the URL's own. */
    paths?: readonly string[]
  } = {},
): Promise<Load> {
  const result = await autocannon({
    url,
    requests: options.paths?.map((path) => ({ path })),
    duration: options.seconds ?? 5,
    connections: options.connections ?? 20,
    method: (options.method ?? 'GET') as 'GET',
    body: options.body,
    headers: options.headers,
  })
  return {
    requestsPerSecond: result.requests.average,
    latencyP50ms: result.latency.p50,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

/** A bare node:http server that answers every request with the same precomputed body. */
export async function bareServer(
  body: string | Uint8Array,
  contentType = 'application/json',
  headers: Record<string, string> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const payload = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body)
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { ...headers, 'Content-Type': contentType, 'Content-Length': payload.byteLength })
    res.end(payload)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

export function fmt(n: number, digits = 1): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
}

/** Prints a titled table of rows (first row is the header). */
export function table(title: string, rows: Array<Array<string | number>>): void {
  console.log(`\n## ${title}\n`)
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? '').length))) ?? []
  rows.forEach((row, index) => {
    console.log(`| ${row.map((cell, i) => String(cell).padEnd(widths[i] ?? 0)).join(' | ')} |`)
    if (index === 0) console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`)
  })
}

/**
 * Starts a Node script in its own process (so the load generator does not share its event loop) and waits
 * for it to print `listening <url>` (or, as the service does, `listening on <url>`) on stdout. TypeScript goes through tsx unless `typescript` is false.
 */
export async function spawnServer(
  script: string,
  env: Record<string, string> = {},
  options: { typescript?: boolean; nodeFlags?: readonly string[] } = {},
): Promise<{ url: string; pid: number; close: () => Promise<void> }> {
  const { spawn } = await import('node:child_process')
  const flags = options.nodeFlags ?? []
  const args = options.typescript === false ? [...flags, script] : [...flags, '--import', 'tsx', script]
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let seen = ''
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      const match = /listening (?:on )?(http:\/\/\S+)/.exec(seen)
      if (match) resolve(match[1] as string)
    })
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)))
  })
  return {
    url,
    pid: child.pid as number,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** Resident memory of a process in MB, from /proc. */
/** Linux clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat times. */
const CLOCK_TICKS = 100

/** User + system CPU milliseconds the process (all its threads) has used, from /proc. */
export async function processCpuMs(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises')
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
}

export async function residentMb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises')
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

/** CPU seconds (user + system) a process has used so far, from /proc: a figure other load cannot inflate. */
export async function cpuSeconds(pid: number): Promise<number> {
  const fields =
    (await (await import('node:fs/promises')).readFile(`/proc/${pid}/stat`, 'utf8'))
      .split(') ')[1]
      ?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** A port nothing listens on right now (the service takes no port 0). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}
