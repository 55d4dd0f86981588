/**
 * Key store benchmarks, each beside a baseline measured in the same run:
 * - `/healthz` p99 and worst latency of the service (served as `npm start` serves it) while a store of
 *   200,000 keys (about 54 MB, as `keys create` writes it) is changed by `keys create` and `keys revoke`
 *   and read by keyed requests, beside the same figures with one key and no key activity (goal: p99 < 50
 *   ms); the first keyed request after each change; the service's resident memory;
 * - one `keys revoke` beside twenty `keys create`, each a CLI process, KEY_RACE_TRIALS times (100 by
 *   default): keys lost and revocations undone (goal: 0 and 0).
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { Agent, get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateSecret, secretDigest, type KeyRecord } from '../src/auth/keys'
import { projectRoot } from '../src/storage/project-root'
import { bundledCli } from '../test/helpers/cli'
import { revokeBesideCreates } from '../test/helpers/key-race'
import { fmt, residentMb, spawnServer, table } from './harness'

const LARGE = 200_000
const PROBE_GAP_MS = 5
const QUIET_MS = 5_000
const CHANGES = 3

/** A data directory with the built public releases and a key store of `count` keys, one of them `secret`'s. */
async function dataDir(count: number, secret: string): Promise<{ dir: string; bytes: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-keys-'))
  await symlink(join(projectRoot(), 'data', 'public'), join(dir, 'public'))
  await mkdir(join(dir, 'private'), { mode: 0o700 })
  const now = Date.now()
  const record = (digest: string): KeyRecord => ({
    digest,
    active: true,
    expiresAt: now + 90 * 86_400_000,
    datasets: ['dictionary'],
    createdAt: now,
  })
  const keys = [record(await secretDigest(secret))]
  for (let i = 1; i < count; i++) keys.push(record(await secretDigest(`bench-key-${i}`)))
  // In digest order, as the keys commands write it.
  keys.sort((a, b) => (a.digest < b.digest ? -1 : 1))
  const text = JSON.stringify({ keys }, null, 2) + '\n'
  await writeFile(join(dir, 'private', 'keys.json'), text, { mode: 0o600 })
  return { dir, bytes: Buffer.byteLength(text) }
}

/** Latency in ms of one GET on a kept-alive connection. */
function timedGet(url: string, agent: Agent, headers: Record<string, string> = {}): Promise<number> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    get(url, { agent, headers }, (res) => {
      res.resume()
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`))
        else resolve(performance.now() - started)
      })
    }).on('error', reject)
  })
}

/** Probes `/healthz` every few ms until `during` settles; the latencies, sorted. */
async function probeWhile(url: string, during: Promise<unknown>): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const samples: number[] = []
  let done = false
  const settled = during.finally(() => (done = true))
  while (!done) {
    samples.push(await timedGet(`${url}/healthz`, agent))
    await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS))
  }
  await settled
  agent.destroy()
  return samples.sort((a, b) => a - b)
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

async function stall(): Promise<void> {
  const cli = await bundledCli()
  const secret = generateSecret()
  const rows: Array<Array<string | number>> = [
    [
      'store',
      'key activity',
      '/healthz p99 ms',
      '/healthz max ms',
      'probes',
      'first keyed request after a change ms',
      'RSS MB',
    ],
  ]
  for (const count of [1, LARGE]) {
    const { dir, bytes } = await dataDir(count, secret)
    const started = performance.now()
    const server = await spawnServer('bench/servers/app.ts', { DATA_DIR: dir, ROUTE_WORKERS: '1' })
    const startMs = performance.now() - started
    const keyed = new Agent({ keepAlive: true, maxSockets: 1 })
    const word = () => timedGet(`${server.url}/api/words/dog`, keyed, { Authorization: `Bearer ${secret}` })
    try {
      await word()
      const firstAfterChange: number[] = []
      const activity = async () => {
        if (count === 1) return new Promise((resolve) => setTimeout(resolve, QUIET_MS))
        for (let i = 0; i < CHANGES; i++) {
          const created = await cli(['keys', 'create', '--scopes', 'dictionary', '--json', '--data-dir', dir])
          if (created.code !== 0) throw new Error(created.stderr)
          firstAfterChange.push(await word())
          for (let j = 0; j < 20; j++) await word()
        }
        const digest = await secretDigest(`bench-key-${LARGE - 1}`)
        const revoked = await cli(['keys', 'revoke', digest, '--data-dir', dir])
        if (revoked.code !== 0) throw new Error(revoked.stderr)
        firstAfterChange.push(await word())
      }
      const samples = await probeWhile(server.url, activity())
      rows.push([
        `${count.toLocaleString('en-US')} key(s), ${fmt(bytes / 2 ** 20)} MB`,
        count === 1 ? 'none (baseline)' : `${CHANGES} creates, 1 revoke, keyed reads`,
        fmt(percentile(samples, 0.99)),
        fmt(samples.at(-1) ?? 0),
        samples.length,
        firstAfterChange.length ? fmt(median(firstAfterChange)) : '-',
        fmt(await residentMb(server.pid), 0),
      ])
      console.log(`(${count} key(s): service up and indexed in ${fmt(startMs / 1000, 2)} s)`)
    } finally {
      keyed.destroy()
      await server.close()
      await rm(dir, { recursive: true, force: true })
    }
  }
  table('/healthz while the key store changes (goal: p99 < 50 ms)', rows)
}

async function race(): Promise<void> {
  const trials = Number(process.env.KEY_RACE_TRIALS ?? 100)
  const cli = await bundledCli()
  let lost = 0
  let resurrected = 0
  let failed = 0
  const started = performance.now()
  for (let trial = 0; trial < trials; trial++) {
    const outcome = await revokeBesideCreates(cli)
    lost += outcome.lost
    resurrected += outcome.resurrected
    failed += outcome.failed.length
  }
  table('One revoke beside twenty creates, each a CLI process (goal: 0 lost, 0 resurrected)', [
    ['trials', 'keys created', 'lost', 'revocations undone', 'commands failed', 'seconds'],
    [trials, trials * 20, lost, resurrected, failed, fmt((performance.now() - started) / 1000, 0)],
  ])
}

export async function run(): Promise<void> {
  await stall()
  await race()
}
