/**
 * Fresh services to record against, one per phase: the Node server as `npm start` runs it (the bundle in
 * dist/, plain node) on a temporary copy of ./data with the phase's keys, or the Workers entry in workerd
 * through the project's own Miniflare helper (test/helpers/worker.ts), seeded from ./data and the keys.
 * Talks to the service over HTTP only; the one piece of the project it loads is that helper (it knows the
 * Workers entry's name and the bindings wrangler.jsonc declares).
 */
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Phase } from './requests'

export type Service = { url: string; close: () => Promise<void> }

export type NodeOptions = {
  /** The bundled Node entry (dist/node.mjs, what `npm start` runs). */
  entry: string
  /** Where the releases come from (./data, built by `npm run build:releases`). */
  data: string
  log: (line: string) => void
}

/** Runs `npm run bundle` (the first half of `npm start`): dist/node.mjs, dist/worker.mjs, dist/web. */
export function bundle(log: (line: string) => void): void {
  log('bundling: npm run bundle')
  const run = spawnSync('npm', ['run', '--silent', 'bundle'], { stdio: 'inherit' })
  if (run.status !== 0) throw new Error(`npm run bundle failed (${run.status ?? run.signal})`)
}

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

async function waitReady(
  url: string,
  child: { exitCode: number | null },
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`)
    const status = await fetch(`${url}/readyz`)
      .then(async (r) => (await r.arrayBuffer(), r.status))
      .catch(() => 0)
    if (status === 200) return
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error(`the server was not ready within 300 s:\n${output()}`)
}

/**
 * The Node server on a copy of ./data (a fresh DATA_DIR: no log, no cursor secret, only the phase's keys),
 * with a clean environment: PATH and HOME, then only the phase's settings, so nothing of the caller's
 * environment changes an answer.
 */
export async function startNode(phase: Phase, options: NodeOptions): Promise<Service> {
  const dir = await mkdtemp(join(tmpdir(), `same-answers-${phase.name}-`))
  const dataDir = join(dir, 'data')
  await cp(resolve(options.data), dataDir, { recursive: true })
  await mkdir(join(dataDir, 'private'), { recursive: true })
  await writeFile(
    join(dataDir, 'private', 'keys.json'),
    JSON.stringify({ keys: phase.keys.map((k) => k.record) }, null, 2) + '\n',
  )
  const port = await freePort()
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ARGUMENT_RATE_LIMIT: `${phase.rateLimit}/60s`,
    ...phase.settings,
  }
  let output = ''
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', '--max-semi-space-size=2', resolve(options.entry)],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const url = `http://127.0.0.1:${port}`
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await once(child, 'exit')
      clearTimeout(timer)
    }
    await rm(dir, { recursive: true, force: true })
  }
  try {
    await waitReady(url, child, () => output)
  } catch (err) {
    await close()
    throw err
  }
  options.log(`node server for ${phase.name}: ${url}, DATA_DIR ${dataDir}`)
  return { url, close }
}

type StartWorker = (options: {
  publicDir: string
  privateDir: string
  publicOnly?: (path: string) => boolean
  keys: Phase['keys'][number]['record'][]
  settings: Record<string, string>
  rateLimit?: number
}) => Promise<{ url: string; close: () => Promise<void> }>

/** The worker in workerd (Miniflare), through the project's helper, seeded from `data` and the keys. */
export async function startWorkers(
  phase: Phase,
  options: { helper: string; data: string; log: (line: string) => void },
): Promise<Service> {
  const module = (await import(resolve(options.helper))) as { startWorker?: StartWorker }
  if (!module.startWorker) throw new Error(`${options.helper} exports no startWorker`)
  const worker = await module.startWorker({
    publicDir: join(options.data, 'public'),
    privateDir: join(options.data, 'private'),
    ...(phase.publicOnly && { publicOnly: phase.publicOnly }),
    keys: phase.keys.map((k) => k.record),
    settings: phase.settings,
    rateLimit: phase.rateLimit,
  })
  options.log(`worker for ${phase.name}: ${worker.url}`)
  return worker
}
