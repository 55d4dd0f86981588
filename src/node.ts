/**
 * The Node entry point: validates configuration, makes sure the releases exist in DATA_DIR (building what is
 * missing), and serves the app with @hono/node-server on HOST:PORT, behind the response cache.
 */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { availableParallelism } from 'node:os'
import {
  changeTokenScope,
  createApp,
  inProcessWork,
  ROUTE_TASKS,
  servingChangeToken,
  type AppDeps,
} from './app'
import { cloudSetupFromConfig } from './argument/cloud/config-setup'
import { createFileKeyStore } from './auth/fs-key-store'
import { keyIndexThread } from './auth/thread-indexer'
import { ensureReleases, privateRoot, publicRoot } from './releases/ensure-releases'
import { projectRoot } from './storage/project-root'
import { dataDirProblem } from './storage/data-dir'
import { ConfigError, loadConfig, type ServiceConfig } from './config'
import { createDatasetService } from './datasets/service'
import { openNodeObservationLog } from './consensus/node-log'
import { createLogProvider } from './consensus/provider'
import { createLexiconProvider, type LexiconProvider } from './lexicon/release'
import { cachingListener, type FetchHandler } from './http/node-cache'
import { createNodeServer } from './http/node-server'
import { listenProblem, startFailed, stopOnSignals } from './http/node-lifecycle'
import { createFsStore, PRIVATE_MODES } from './storage/fs-store'
import { nodeBlockDigest } from './storage/node-block-digest'
import { createUsageProvider } from './usage/release'
import type { WebAssets } from './client-assets/assets'
import { readWebAssets } from './client-assets/fs-assets'
import { createWorkerPool } from './route-work/node-pool'
import type { RouteWorkRunner } from './route-work/runner'
import { lexiconHandoff } from './lexicon/task-context'
import { LEXICON_COMPANIONS } from './releases/lexicon-release'

/** What the app serves on Node: the releases and key store in DATA_DIR, the observation log beside them. */
export function nodeAppDeps(
  config: ServiceConfig,
  log: (line: string) => void = (line) => console.log(line),
  web?: WebAssets,
): AppDeps {
  const store = createFsStore(publicRoot(config))
  const privateStore = createFsStore(privateRoot(config), PRIVATE_MODES)
  const keys = createFileKeyStore(privateStore, { indexer: keyIndexThread() })
  const lexicon = createLexiconProvider(store, { companions: LEXICON_COMPANIONS })
  return {
    keys,
    lexicon,
    work: routeWorkRunner(config, lexicon),
    usage: createUsageProvider(store),
    argumentCloud: cloudSetupFromConfig(config, keys),
    datasets: createDatasetService({
      stores: { public: store, private: privateStore },
      keys,
      cursorSecret: config.CURSOR_SECRET,
      blockDigest: nodeBlockDigest,
    }),
    consensus: {
      log: createLogProvider(() => openNodeObservationLog(config, log)),
      keys,
    },
    ...(web && { web }),
  }
}

/** Threads for route work: one fewer than the cores (the event loop keeps one), at least one. */
export function routeWorkerCount(config: ServiceConfig): number {
  return config.ROUTE_WORKERS ?? Math.max(1, availableParallelism() - 1)
}

/**
 * The pool of worker threads that runs the app's route tasks (src/route-thread.ts registers the same),
 * each request's lexicon checked by `lexicon` and handed to its thread in shared memory.
 */
export function routeWorkPool(options: {
  size: number
  queueMs: number
  lexicon: LexiconProvider
  entry?: URL
}) {
  const { lexicon, ...pool } = options
  return createWorkerPool({
    ...pool,
    tasks: ROUTE_TASKS,
    handoff: () => lexicon.current().then(lexiconHandoff),
  })
}

/** The pool of worker threads for route work, or the in-process runner when ROUTE_WORKERS is 0. */
function routeWorkRunner(config: ServiceConfig, lexicon: LexiconProvider): RouteWorkRunner {
  const size = routeWorkerCount(config)
  if (size === 0) return inProcessWork(lexicon)
  return routeWorkPool({
    size,
    queueMs: config.ROUTE_QUEUE_MS,
    lexicon,
  })
}

export function createNodeApp(config: ServiceConfig, log?: (line: string) => void) {
  return createApp(nodeAppDeps(config, log))
}

/**
 * Serves an app built from `deps` on HOST:PORT (0: any free port) behind the answer cache, whose stored
 * answers are keyed by the releases' change token; resolves with the bound address once listening.
 */
export function serveNodeApp(
  app: { fetch: FetchHandler },
  deps: AppDeps,
  config: ServiceConfig,
): Promise<{ server: Server; address: AddressInfo }> {
  const listener = cachingListener(app.fetch, {
    maxBytes: config.RESPONSE_CACHE_MB * 2 ** 20,
    changeToken: servingChangeToken(deps),
    tokenScope: changeTokenScope,
  })
  const server = createNodeServer(listener, { requestTimeoutMs: config.REQUEST_TIMEOUT_MS })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.PORT, config.HOST, () => {
      server.off('error', reject)
      resolve({ server, address: server.address() as AddressInfo })
    })
  })
}

async function main(): Promise<void> {
  let config: ServiceConfig
  try {
    config = loadConfig(process.env)
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(2)
    }
    throw err
  }
  const dataProblem = dataDirProblem(config.DATA_DIR)
  if (dataProblem) startFailed(dataProblem)
  // The web client built by tools/bundle.mjs beside this bundle (dist/web).
  const web = await readWebAssets(join(projectRoot(), 'dist', 'web'))
  const deps = nodeAppDeps(config, undefined, web)
  // The lexicon and the datasets are checked through the providers that serve them: every file hashed once.
  await ensureReleases(config, {
    lexicon: deps.lexicon,
    datasetReleases: deps.datasets?.releases,
    log: (line) => console.log(line),
  })
  const app = createApp(deps)
  // Load and verify before listening, so the first request does not pay for it.
  await app.request('/readyz')
  let served: { server: Server; address: AddressInfo }
  try {
    served = await serveNodeApp(app, deps, config)
  } catch (err) {
    startFailed(listenProblem(err as NodeJS.ErrnoException, config))
  }
  console.log(`lexicon-service listening on http://${config.HOST}:${served.address.port}`)
  stopOnSignals(served.server, config.SHUTDOWN_TIMEOUT_MS)
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
