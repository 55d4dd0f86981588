/**
 * The Workers entry (src/cloudflare.ts) running in workerd through Miniflare, with local R2, KV, Durable Object
 * and rate-limit bindings as wrangler.jsonc declares them, seeded from release folders (./data by default)
 * and key records. Bundled in memory by the project's esbuild settings for the worker.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import type { KeyRecord } from '../../src/auth/keys'
import type { KvNamespaceLike } from '../../src/auth/kv-key-store'
import type { R2BucketLike } from '../../src/storage/r2-store'
import { sha256Hex } from '../../src/storage/digest'

export type WorkerServer = { url: string; mf: Miniflare; close: () => Promise<void> }

export type WorkerOptions = {
  /** Folders whose files become the objects of the public and private release buckets. */
  publicDir: string
  privateDir: string
  /** The public files (by path in the bucket) to upload; absent: all. */
  publicOnly?: (path: string) => boolean
  keys: KeyRecord[]
  /** Vars and secrets of the deployment (LOG_SIGNING_KEY, CURSOR_SECRET, ...). */
  settings: Record<string, string>
  /** The ARGUMENT_RATE_LIMITER binding: requests per 60 seconds per key; absent: no binding. */
  rateLimit?: number
  /** Opens workerd's V8 inspector on a free port (for measuring the isolate's memory). */
  inspect?: boolean
  /** V8 flags for workerd (e.g. an isolate's heap limit), through test/helpers/workerd-v8-flags.sh. */
  v8Flags?: string[]
}

/**
 * V8's heap (young and old generations) in the runs that hold the worker to an isolate's 128 MB: the
 * ArrayBuffers come beside it (the blocks a request pins and the caches', 52 MB right after the heaviest
 * /v1/illuminate), so heap and buffers together stay within 128 MB with room for reads under way.
 */
export const ISOLATE_HEAP_MB = 64

/**
 * How long a test of the heaviest requests in workerd may take (they take about a minute under CI's load):
 * past it the test fails, so that a worker that keeps fetching and running again stops CI with a failure
 * naming it instead of holding it until the job's own limit.
 */
export const HEAVY_WORKER_TEST_MS = 5 * 60_000

let bundling: Promise<string> | null = null

/** dist/worker.mjs as `npm run bundle` makes it, without writing it. */
export function workerScript(): Promise<string> {
  bundling ??= build({
    entryPoints: ['src/cloudflare.ts'],
    bundle: true,
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  }).then((out) => (out.outputFiles[0] as { text: string }).text)
  return bundling
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile() && !e.name.includes('.tmp-'))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
}

type Bucket = { put(key: string, value: Uint8Array, options: { sha256: string }): Promise<unknown> }

/**
 * A bucket or namespace of the running worker, seen from Node. Miniflare types these with
 * @cloudflare/workers-types, which the project does not install (its globals clash with Node's); the
 * adapters' own structural types describe them instead.
 */
export async function workerBucket(mf: Miniflare, name: string): Promise<R2BucketLike & Bucket> {
  return (await mf.getR2Bucket(name)) as unknown as R2BucketLike & Bucket
}

export async function workerKv(mf: Miniflare): Promise<KvNamespaceLike> {
  return (await mf.getKVNamespace('DATA_KEYS')) as unknown as KvNamespaceLike
}

/** Uploads every file of `dir` under its relative path, with its SHA-256 as R2 keeps it. */
async function seedBucket(bucket: Bucket, dir: string, skip: (path: string) => boolean): Promise<void> {
  for (const path of await filesUnder(dir)) {
    if (skip(path)) continue
    const bytes = new Uint8Array(await readFile(join(dir, path)))
    await bucket.put(path, bytes, { sha256: await sha256Hex(bytes) })
  }
}

/**
 * A Miniflare of the worker; its R2 and KV kept under `persistRoot` when given (else in memory). Miniflare
 * runs `MINIFLARE_WORKERD_PATH` when it is set, with its environment, when it spawns workerd (while `ready` is
 * awaited): with `v8Flags`, the wrapper that adds them to workerd's config.
 */
async function openMiniflare(
  options: WorkerOptions,
  persistRoot?: string,
): Promise<{ mf: Miniflare; url: URL }> {
  const mf = new Miniflare({
    modules: true,
    script: await workerScript(),
    compatibilityDate: '2026-04-26',
    host: '127.0.0.1',
    port: 0,
    r2Buckets: ['PUBLIC_RELEASES', 'PRIVATE_RELEASES'],
    kvNamespaces: ['DATA_KEYS'],
    durableObjects: { OBSERVATION_LOG: { className: 'ObservationLogObject', useSQLite: true } },
    ...(options.rateLimit && {
      ratelimits: { ARGUMENT_RATE_LIMITER: { simple: { limit: options.rateLimit, period: 60 as const } } },
    }),
    bindings: options.settings,
    ...(options.inspect && { inspectorPort: 0 }),
    ...(persistRoot && { defaultPersistRoot: persistRoot }),
  })
  const saved = { ...process.env }
  if (options.v8Flags?.length) {
    process.env.MINIFLARE_WORKERD_PATH = fileURLToPath(new URL('./workerd-v8-flags.sh', import.meta.url))
    process.env.WORKERD_BINARY = (createRequire(import.meta.url)('workerd') as { default: string }).default
    process.env.WORKERD_V8_FLAGS = options.v8Flags.join(' ')
  }
  try {
    return { mf, url: await mf.ready }
  } catch (err) {
    await mf.dispose()
    throw err
  } finally {
    for (const name of ['MINIFLARE_WORKERD_PATH', 'WORKERD_BINARY', 'WORKERD_V8_FLAGS']) {
      if (saved[name] === undefined) delete process.env[name]
      else process.env[name] = saved[name]
    }
  }
}

/** The releases into the buckets and the key records into KV. */
async function seed(mf: Miniflare, options: WorkerOptions): Promise<void> {
  // Keys live in KV on Workers, never in the private bucket.
  const publicOnly = options.publicOnly ?? (() => true)
  await seedBucket(await workerBucket(mf, 'PUBLIC_RELEASES'), options.publicDir, (p) => !publicOnly(p))
  await seedBucket(await workerBucket(mf, 'PRIVATE_RELEASES'), options.privateDir, (p) => p === 'keys.json')
  const kv = await workerKv(mf)
  for (const record of options.keys) await kv.put(record.digest, JSON.stringify(record))
}

/**
 * The worker, its buckets and KV seeded. V8 flags hold for every isolate of workerd, Miniflare's own too,
 * and its R2 simulation holds an upload whole: with `v8Flags`, a workerd without them seeds storage on
 * disk first, and the worker then runs on that storage under the flags.
 */
export async function startWorker(options: WorkerOptions): Promise<WorkerServer> {
  if (!options.v8Flags?.length) {
    const { mf, url } = await openMiniflare(options)
    try {
      await seed(mf, options)
    } catch (err) {
      await mf.dispose()
      throw err
    }
    return { url: url.origin, mf, close: () => mf.dispose() }
  }
  const persistRoot = await mkdtemp(join(tmpdir(), 'worker-storage-'))
  const removeStorage = () => rm(persistRoot, { recursive: true, force: true })
  try {
    const seeding = await openMiniflare({ ...options, v8Flags: [], inspect: false }, persistRoot)
    await seed(seeding.mf, options).finally(() => seeding.mf.dispose())
    const { mf, url } = await openMiniflare(options, persistRoot)
    return { url: url.origin, mf, close: () => mf.dispose().finally(removeStorage) }
  } catch (err) {
    await removeStorage()
    throw err
  }
}
