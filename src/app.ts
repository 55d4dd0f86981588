/**
 * The service as one web-standard fetch handler: shared HTTP behaviour, every feature's routes and the
 * OpenAPI document. Runtime-specific things (files, environment, sockets) arrive through `AppDeps`.
 */
import type { KeyStore } from './auth/keys'
import { keyStoreReadiness } from './auth/readiness'
import { SECURITY_SCHEMES } from './auth/security-schemes'
import { datasetReadiness } from './datasets/readiness'
import { datasetRoutes } from './datasets/routes'
import type { DatasetService } from './datasets/service'
import { CachePolicy, cacheControl } from './http/cache'
import { healthRoutes } from './http/health'
import { useSharedMiddleware } from './http/middleware'
import { isDatasetPath } from './datasets/paths'
import { argumentRoutes } from './argument/routes'
import type { CloudSetup } from './argument/cloud/setup'
import { createRouter } from './http/router'
import { consensusV1Extension } from './consensus/v1-extension'
import { consensusRoutes, observationLogReadiness, type ConsensusDeps } from './consensus/routes'
import type { LexiconProvider } from './lexicon/release'
import { lexiconRoutes } from './lexicon/routes'
import { wordFinderRoutes } from './word-finder/routes'
import type { UsageProvider } from './usage/release'
import { usageRoutes } from './usage/routes'
import { semanticRoutes } from './semantic/routes'
import { BOUNDS as SEMANTIC_BOUNDS } from './semantic/bounds'
import { meaningModelV1Extension, semanticV1Extension } from './semantic/v1-extension'
import { lexiconV1Extension } from './lexicon/v1-extension'
import { usageV1Extension } from './usage/v1-extension'
import { datasetsV1Extension } from './datasets/v1-extension'
import { readersOf, type V1Extension } from './v1/releases'
import { v1Routes } from './v1/routes'
import type { WebAssets } from './client-assets/assets'
import { webRoutes } from './client-assets/routes'
import { inProcessRunner, type RouteWorkRunner } from './route-work/runner'
import { lexiconTaskContext, type LexiconTaskContext } from './lexicon/task-context'
import { SEMANTIC_TASKS } from './semantic/tasks'
import { semanticPassageReader } from './semantic/meaning/passage-reader'
import { ARGUMENT_TASKS } from './argument/tasks'
import { CONSENSUS_TASKS, type ConsensusTaskContext } from './consensus/tasks'

export const INTERFACE_VERSION = '1.0.0'

/**
 * Every feature's route tasks (src/route-work/task.ts), registered with the runner of route work: the
 * in-process one here and on Workers, the Node pool (src/node.ts); src/route-thread.ts registers the same
 * lists in each worker thread. A route whose task is missing here fails when the app is built.
 */
export const ROUTE_TASKS = [...SEMANTIC_TASKS, ...ARGUMENT_TASKS, ...CONSENSUS_TASKS]

/** What the roots give every registered task: the lexicon, and the consensus feature's passage reader. */
export type RouteTaskContext = LexiconTaskContext & ConsensusTaskContext

/** Route work in the request's own isolate, each task given the provider's current lexicon. */
export function inProcessWork(lexicon: LexiconProvider): RouteWorkRunner {
  return inProcessRunner<RouteTaskContext>({
    tasks: ROUTE_TASKS,
    context: { ...lexiconTaskContext(lexicon), passageReader: semanticPassageReader },
  })
}

export type AppDeps = {
  lexicon: LexiconProvider
  usage: UsageProvider
  /** Provider key, models, rate limiter and key store of cloud review and transcription; absent: not configured. */
  argumentCloud?: CloudSetup
  /** The dataset releases, key store and cursor codec; without it the dataset routes are not mounted. */
  datasets?: DatasetService
  /**
   * The observation log and the key store its contributors are checked against. Optional so that tests
   * of other features can build an app without a log; the Node entry point always gives it.
   */
  consensus?: Omit<ConsensusDeps, 'lexicon' | 'work'>
  /**
   * The operator's key store, for keyed routes outside the features that carry their own (the legacy
   * `/api/words/{word}`); absent, those routes answer 503.
   */
  keys?: KeyStore
  /** What other features add to `/v1` discovery and `/v1/releases` (their routes and release records). */
  v1Extensions?: V1Extension[]
  /** The built web client served at `/` (the Node adapter reads `dist/web`); without it `/` answers 404. */
  web?: WebAssets
  /**
   * Runs the CPU-heavy work of the semantic POST routes, the consensus read and the local review; absent: in the request's own
   * isolate. Node gives a pool of worker threads, so that such work never holds up other requests.
   */
  work?: RouteWorkRunner
}

/**
 * No open licence has been granted for the service itself; what it serves keeps its sources' licences.
 * OpenAPI 3.1's SPDX `identifier` is not in the generator's 3.0 licence type, hence a constant.
 */
const SERVICE_LICENSE = {
  name: "Proprietary: all rights reserved for the service; the data it serves keeps its sources' licences, listed by GET /v1/releases and each release manifest",
  identifier: 'LicenseRef-Proprietary',
}

export function createApp(deps: AppDeps) {
  const app = createRouter()
  useSharedMiddleware(app, { readOnlyPaths: isDatasetPath })
  const work = deps.work ?? inProcessWork(deps.lexicon)

  app.route(
    '/',
    healthRoutes([
      {
        name: 'lexicon',
        check: async () => {
          const state = await deps.lexicon.current()
          return state.status === 'ready'
            ? { ready: true, detail: `release ${state.lexicon.manifest.release}` }
            : { ready: false, detail: state.reason }
        },
      },
      {
        name: 'usage',
        check: async () => {
          const state = await deps.usage.current()
          return state.status === 'ready'
            ? { ready: true, detail: `release ${state.catalog.manifest.version}` }
            : { ready: false, detail: state.reason }
        },
      },
      ...keyStoreReadiness(deps.keys),
      ...(deps.datasets ? [datasetReadiness(deps.datasets)] : []),
      ...(deps.consensus ? [observationLogReadiness(deps.consensus.log)] : []),
    ]),
  )
  app.route('/', lexiconRoutes(deps.lexicon, deps.keys))
  app.route('/', wordFinderRoutes(deps.lexicon))
  app.route('/', usageRoutes(deps.usage))
  app.route(
    '/',
    argumentRoutes({ lexicon: deps.lexicon, usage: deps.usage, cloud: deps.argumentCloud, work }),
  )
  if (deps.datasets) app.route('/', datasetRoutes(deps.datasets))
  app.route(
    '/',
    v1Routes({
      interfaceVersion: INTERFACE_VERSION,
      maxBodyBytes: SEMANTIC_BOUNDS.bodyBytes,
      extensions: v1Extensions(deps),
    }),
  )
  app.route('/', semanticRoutes({ lexicon: deps.lexicon, work }))
  if (deps.consensus) app.route('/', consensusRoutes({ ...deps.consensus, lexicon: deps.lexicon, work }))
  if (deps.web) app.route('/', webRoutes(deps.web))

  app.use('/openapi.json', cacheControl(CachePolicy.shortLived))
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
    app.openAPIRegistry.registerComponent('securitySchemes', name, scheme)
  }
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    // Relative: the service is self-hosted, so its routes are on whatever origin served this document.
    servers: [{ url: '/' }],
    info: {
      title: 'Lexicon, Usage, Dataset and Argument-Review Service',
      version: INTERFACE_VERSION,
      license: SERVICE_LICENSE,
      description:
        'Every error answers with the shared `Error` body (`code`, `message`, `status`, `requestId`, optional `details` and `hint`) and `Cache-Control: no-store`. Every GET route also answers HEAD with the same status and headers and no body. Unknown routes answer 404 (`route_not_found`); a known path with another method answers 405 with an `Allow` header. Every response carries `X-Request-Id`, `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY` and `Cross-Origin-Resource-Policy: same-origin` (CORS reads from other sites are not affected by it); API answers carry a `Content-Security-Policy` that lets nothing load or frame them. `CONNECT` answers 405; a request not fully received within the time limit of the server (30 s by default) answers 408. Every length bound on a string (`minLength`, `maxLength`, and the characters named in descriptions) counts UTF-16 code units, what JavaScript `String.length` counts: a character outside the Basic Multilingual Plane, such as an emoji, counts two.',
    },
  })
  return app
}

export type App = ReturnType<typeof createApp>

/**
 * What `/v1` discovery and `/v1/releases` list, in this order: the semantic routes and the releases they
 * read (the lexicon, the inference model), the usage release, the public datasets, what `deps` adds, the
 * observation log, and last the learned model of meaning in context.
 */
function v1Extensions(deps: AppDeps): V1Extension[] {
  const semantic = semanticV1Extension()
  return [
    lexiconV1Extension(deps.lexicon, readersOf(semantic.routes, 'lexicon')),
    semantic,
    usageV1Extension(deps.usage),
    ...(deps.datasets ? [datasetsV1Extension(deps.datasets.releases)] : []),
    ...(deps.v1Extensions ?? []),
    ...(deps.consensus ? [consensusV1Extension(deps.consensus.log)] : []),
    meaningModelV1Extension(),
  ]
}

/** The observation log's size, which `/v1` and `/v1/releases` show through its checkpoint. */
async function observationLogToken(deps: AppDeps): Promise<string> {
  if (!deps.consensus) return ''
  const state = await deps.consensus.log.current()
  return state.status === 'ready' ? `log:${state.log.size()}` : `log:${state.reason}`
}

/** Which paths share a change token: `lexicon`, `usage`, `dataset/{name}`, or `all`. */
export function changeTokenScope(path: string): string {
  if (path.startsWith('/api/lexicon')) return 'lexicon'
  if (path.startsWith('/api/usage')) return 'usage'
  const dataset = /^\/api\/datasets\/([^/]+)/.exec(path)?.[1]
  return dataset ? `dataset/${dataset}` : 'all'
}

/**
 * The change token of what a shared cache may store from this app for a path: the lexicon routes depend on
 * the lexicon release only, the usage routes on the usage release, a dataset's routes on that dataset's
 * release; anything else (`/v1` discovery and releases, which name the log's checkpoint) on all of them and on
 * the observation log's size. A stat of the pointer, the manifest and each file a release lists; see
 * ResponseCacheOptions in src/http/node-cache.ts.
 */
export function servingChangeToken(deps: AppDeps): (path: string) => string | Promise<string> {
  const datasets = deps.datasets?.releases
  // Not async: a lexicon or usage token is known at once on Node, and a cache hit then needs no promise.
  return (path) => {
    const scope = changeTokenScope(path)
    if (scope === 'lexicon') return deps.lexicon.changeToken()
    if (scope === 'usage') return deps.usage.changeToken()
    if (datasets && scope !== 'all') return datasets.changeToken(scope.slice('dataset/'.length))
    return Promise.all([
      deps.lexicon.changeToken(),
      deps.usage.changeToken(),
      datasets ? datasets.changeToken() : '',
      observationLogToken(deps),
    ]).then((parts) => parts.join('#'))
  }
}
