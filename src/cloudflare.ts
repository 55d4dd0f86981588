/**
 * The Cloudflare Workers entry point: the same app as src/node.ts (createApp) over Workers adapters. R2
 * buckets hold the public and private releases, KV (`DATA_KEYS`) the key records by digest, the platform's
 * rate-limiting binding is the burst limiter, and a Durable Object is the observation log's single writer.
 * Settings arrive as bindings (wrangler.jsonc vars; secrets through `wrangler secret put`).
 */
import { createApp, inProcessWork, type App } from './app'
import type { RateLimiter } from './argument/cloud/rate-limiter'
import { createKvKeyStore, type KvNamespaceLike } from './auth/kv-key-store'
import { ConfigError, loadConfig, type ServiceConfig } from './config'
import { entryGroup } from './consensus/entry'
import {
  ObservationLogObject,
  logWriterFor,
  workerLogSigner,
  type LogObjectStub,
} from './consensus/log-object'
import { createLogProvider, type ObservationLogProvider } from './consensus/provider'
import { openReplicaLog, type ReplicaLog } from './consensus/log/replica-log'
import { createDatasetService } from './datasets/service'
import { apiError } from './http/errors'
import { useSharedMiddleware } from './http/middleware'
import { isDatasetPath } from './datasets/paths'
import { createRouter } from './http/router'
import { createLexiconProvider } from './lexicon/release'
import { createR2Store, type R2BucketLike } from './storage/r2-store'
import { createUsageProvider } from './usage/release'
import { takingTurns } from './route-work/turns'
import { LEXICON_COMPANIONS } from './releases/lexicon-release'

export { ObservationLogObject }

/**
 * Bytes of the usage release's records an isolate keeps between requests: 16 blocks of 4 KiB, under half of
 * its 138 KB of records (a request for every contrast pins the blocks it reads beyond this while it runs).
 */
const USAGE_CACHE_BYTES = 64 * 1024

/** The name under which every isolate finds the one log writer. */
const LOG_OBJECT_NAME = 'observations'

export type WorkerEnv = {
  PUBLIC_RELEASES: R2BucketLike
  PRIVATE_RELEASES: R2BucketLike
  DATA_KEYS: KvNamespaceLike
  ARGUMENT_RATE_LIMITER?: RateLimiter
  OBSERVATION_LOG: { idFromName(name: string): unknown; get(id: unknown): LogObjectStub }
} & Partial<Record<WorkerSetting, string>>

/** The settings of the Node configuration that mean something on Workers (the rest are about files and sockets). */
const WORKER_SETTINGS = [
  'ARGUMENT_PROVIDER_API_KEY',
  'ARGUMENT_PROVIDER_BASE_URL',
  'ARGUMENT_MODEL',
  'TRANSCRIPTION_MODEL',
  'CURSOR_SECRET',
  'LOG_SIGNING_KEY',
  'LOG_ORIGIN',
  'LEXICON_CACHE_MB',
  'ROUTE_QUEUE_MS',
] as const
type WorkerSetting = (typeof WORKER_SETTINGS)[number]

/**
 * The log as each request sees it: the replica opened once per isolate, then brought up to date with the
 * writer, so an observation appended through another isolate is counted here too.
 */
function replicaLogProvider(env: WorkerEnv, config: ServiceConfig): ObservationLogProvider {
  const stubOf = () => env.OBSERVATION_LOG.get(env.OBSERVATION_LOG.idFromName(LOG_OBJECT_NAME))
  const opened = createLogProvider(async () =>
    openReplicaLog({
      writer: logWriterFor(stubOf),
      signer: await workerLogSigner({
        LOG_SIGNING_KEY: config.LOG_SIGNING_KEY,
        LOG_ORIGIN: config.LOG_ORIGIN,
      }),
      groupOf: entryGroup,
    }),
  )
  return {
    async current() {
      const state = await opened.current()
      if (state.status !== 'ready') return state
      try {
        await (state.log as ReplicaLog).sync()
        return state
      } catch (err) {
        return { status: 'unavailable', reason: err instanceof Error ? err.message : String(err) }
      }
    },
  }
}

export function createWorkerApp(env: WorkerEnv, config: ServiceConfig): App {
  const store = createR2Store(env.PUBLIC_RELEASES)
  const privateStore = createR2Store(env.PRIVATE_RELEASES)
  const keys = createKvKeyStore(env.DATA_KEYS)
  // An isolate has 128 MB: the lexicon is read in checked blocks through a bounded cache, never whole.
  const lexicon = createLexiconProvider(store, {
    pagedCacheBytes: config.LEXICON_CACHE_MB * 1024 * 1024,
    companions: LEXICON_COMPANIONS,
  })
  return createApp({
    keys,
    lexicon,
    // ... and the blocks and heap of one heavy request are all it has room for: such requests take turns.
    work: takingTurns(inProcessWork(lexicon), { queueMs: config.ROUTE_QUEUE_MS }),
    usage: createUsageProvider(store, { pagedCacheBytes: USAGE_CACHE_BYTES }),
    argumentCloud: {
      apiKey: config.ARGUMENT_PROVIDER_API_KEY,
      baseUrl: config.ARGUMENT_PROVIDER_BASE_URL,
      reviewModel: config.ARGUMENT_MODEL,
      transcriptionModel: config.TRANSCRIPTION_MODEL,
      keys,
      ...(env.ARGUMENT_RATE_LIMITER && {
        rateLimiter: env.ARGUMENT_RATE_LIMITER,
        rateLimiterDescription:
          'Workers rate-limiting binding ARGUMENT_RATE_LIMITER, local to each location and eventually consistent',
      }),
    },
    datasets: createDatasetService({
      stores: { public: store, private: privateStore },
      keys,
      cursorSecret: config.CURSOR_SECRET,
    }),
    consensus: { log: replicaLogProvider(env, config), keys },
  })
}

function settingsOf(env: WorkerEnv): Record<string, string | undefined> {
  return Object.fromEntries(WORKER_SETTINGS.map((name) => [name, env[name]]))
}

/** Every request of a deployment with invalid settings: 503 naming them (never their values, maybe secrets). */
function misconfiguredApp(err: ConfigError): { fetch(request: Request): Response | Promise<Response> } {
  const names = err.problems.map((problem) => problem.split(' ')[0] as string)
  const app = createRouter()
  useSharedMiddleware(app, { readOnlyPaths: isDatasetPath })
  app.all('*', () => {
    throw apiError(503, 'not_configured', `The deployment's settings are invalid: ${names.join(', ')}.`)
  })
  return app
}

/** One app per isolate: the bindings of a deployment do not change while an isolate lives. */
let built: { fetch(request: Request): Response | Promise<Response> } | null = null

export default {
  fetch(request: Request, env: WorkerEnv): Response | Promise<Response> {
    if (!built) {
      try {
        built = createWorkerApp(env, loadConfig(settingsOf(env)))
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err
        built = misconfiguredApp(err)
      }
    }
    return built.fetch(request)
  },
}
