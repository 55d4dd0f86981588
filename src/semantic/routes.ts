/**
 * The semantic `/v1` routes of the contract (section 4.5): discovery, releases, meaning in context, and
 * claims, arguments and evidence. No key is needed; POST bodies are JSON, bounded in bytes, answered
 * `no-store`. Other features add their `/v1` routes to discovery and releases through `extensions`.
 */
import { createRoute, type z } from '@hono/zod-openapi'
import { CachePolicy, cacheControl } from '../http/cache'
import { errorResponses, GET_ONLY } from '../http/errors'
import { createRouter } from '../http/router'
import type { LexiconProvider } from '../lexicon/release'
import type { UsageProvider } from '../usage/release'
import type { DatasetReleases } from '../datasets/releases'
import { BUSY } from '../route-work/busy'
import { BOUNDS } from './bounds'
import {
  ArgumentsRequestSchema,
  ArgumentsResultSchema,
  ClaimsCompareRequestSchema,
  ClaimsCompareResultSchema,
  EvidenceRequestSchema,
  EvidenceResultSchema,
} from './claims/schemas'
import { capabilities, SEMANTIC_POST_PATHS, SEMANTIC_ROUTES } from '../v1/discovery'
import { CapabilitiesSchema, ReleasesResultSchema } from '../v1/discovery-schemas'
import { jsonBody } from '../http/json-body'
import { requireRegistered, workAnswer, type RouteWorkRunner } from '../route-work/runner'
import {
  argumentsTask,
  claimsCompareTask,
  compareTask,
  evidenceTask,
  illuminateTask,
  resolveTask,
  SEMANTIC_TASKS,
} from './tasks'
import {
  describeReleases,
  inferenceModelReleaseSource,
  lexiconReleaseSource,
  semcorModelReleaseSource,
  publicDatasetReleaseSources,
  usageReleaseSource,
  type V1Extension,
} from '../v1/releases'
import {
  CompareRequestSchema,
  CompareResultSchema,
  IlluminateRequestSchema,
  IlluminateResultSchema,
  ResolveRequestSchema,
  ResolveResultSchema,
} from './schemas'

export type SemanticDeps = {
  lexicon: LexiconProvider
  /** The authored usage release, listed in `/v1/releases` when given. */
  usage?: UsageProvider
  /** The dataset releases; the public ones are listed in `/v1/releases` when given. */
  datasets?: DatasetReleases
  interfaceVersion: string
  /** Routes and releases other features add to `/v1` discovery (consensus, observations, usage, datasets). */
  extensions?: V1Extension[]
  /** Runs the POST routes' work (in process, or in worker threads on Node). */
  work: RouteWorkRunner
}

const UNAVAILABLE = `The lexicon release is not loaded or failed its integrity check (\`lexicon_unavailable\`), or ${BUSY}`
const INTERNAL =
  'The service failed to answer (`internal_error`); an unavailable release is a record, not an error.'
const POST_ERRORS = {
  500: 'The work of the request stopped unexpectedly (`internal_error`); it was not completed.',
  400: 'Invalid JSON (`invalid_json`) or a field outside its bounds (`invalid_request`, `details` names it).',
  413: `Body larger than ${BOUNDS.bodyBytes} bytes (\`payload_too_large\`).`,
  415: 'Body not JSON (`unsupported_media_type`).',
}

function jsonRequest<T extends z.ZodType>(schema: T) {
  return { body: { required: true, content: { 'application/json': { schema } } } }
}

function ok<T extends z.ZodType>(description: string, schema: T) {
  return { 200: { description, content: { 'application/json': { schema } } } }
}

const resolveRoute = createRoute({
  method: 'post',
  path: '/v1/resolve',
  operationId: 'resolveMeaning',
  tags: ['Semantic'],
  security: [],
  summary: 'Meaning of an expression in a passage',
  description:
    'Ranks the candidate lexicon meanings of a word or multiword expression in context, with the evidence for each, and chooses one or abstains.',
  request: jsonRequest(ResolveRequestSchema),
  responses: {
    ...ok('Ranked candidates and the decision.', ResolveResultSchema),
    ...errorResponses({
      ...POST_ERRORS,
      422: 'The target does not occur as given (`target_not_found`) or a span is not on word boundaries (`span_not_on_word_boundaries`).',
      503: UNAVAILABLE,
    }),
  },
})

const compareRoute = createRoute({
  method: 'post',
  path: '/v1/compare',
  operationId: 'compareMeanings',
  tags: ['Semantic'],
  security: [],
  summary: 'Same expression, two passages: same meaning or not',
  request: jsonRequest(CompareRequestSchema),
  responses: {
    ...ok('Both resolutions and the verdict with its reason.', CompareResultSchema),
    ...errorResponses({
      ...POST_ERRORS,
      422: 'A target is not found, or the two targets are not forms of the same lexicon word (`not_the_same_expression`).',
      503: UNAVAILABLE,
    }),
  },
})

const illuminateRoute = createRoute({
  method: 'post',
  path: '/v1/illuminate',
  operationId: 'illuminateOccurrences',
  tags: ['Semantic'],
  security: [],
  summary: 'Several occurrences resolved, with a summary of meanings used',
  request: jsonRequest(IlluminateRequestSchema),
  responses: {
    ...ok('Each occurrence resolved, and the summary.', IlluminateResultSchema),
    ...errorResponses({
      ...POST_ERRORS,
      422: `A listed target is not found or not on word boundaries, or the selection has more than ${BOUNDS.illuminateOccurrences} occurrences (\`too_many_occurrences\`).`,
      503: UNAVAILABLE,
    }),
  },
})

const claimsCompareRoute = createRoute({
  method: 'post',
  path: '/v1/claims/compare',
  operationId: 'compareClaims',
  tags: ['Semantic'],
  security: [],
  summary: 'Scope, strength and proposition differences between two claims',
  request: jsonRequest(ClaimsCompareRequestSchema),
  responses: {
    ...ok('Readings of both claims and their differences.', ClaimsCompareResultSchema),
    ...errorResponses({ ...POST_ERRORS, 503: UNAVAILABLE }),
  },
})

const argumentsRoute = createRoute({
  method: 'post',
  path: '/v1/arguments/analyze',
  operationId: 'analyzeArguments',
  tags: ['Semantic'],
  security: [],
  summary: 'Candidate claims and premise/conclusion links in messages',
  request: jsonRequest(ArgumentsRequestSchema),
  responses: {
    ...ok('Candidate claims, links and skipped sentences.', ArgumentsResultSchema),
    ...errorResponses({ ...POST_ERRORS, 503: `Every worker is busy and the queue is full: ${BUSY}` }),
  },
})

const evidenceRoute = createRoute({
  method: 'post',
  path: '/v1/claims/evaluate-evidence',
  operationId: 'evaluateEvidence',
  tags: ['Semantic'],
  security: [],
  summary: 'How supplied excerpts fit a claim (never true or false)',
  request: jsonRequest(EvidenceRequestSchema),
  responses: {
    ...ok('Per-excerpt fit with aligned spans, and a summary.', EvidenceResultSchema),
    ...errorResponses({ ...POST_ERRORS, 503: UNAVAILABLE }),
  },
})

const capabilitiesRoute = createRoute({
  method: 'get',
  path: '/v1',
  operationId: 'getDiscovery',
  tags: ['Semantic'],
  security: [],
  summary: 'Semantic capability discovery',
  responses: {
    ...ok('Routes, bounds, meanings and releases.', CapabilitiesSchema),
    ...errorResponses({ ...GET_ONLY, 500: INTERNAL }),
  },
})

const releasesRoute = createRoute({
  method: 'get',
  path: '/v1/releases',
  operationId: 'listReleases',
  tags: ['Semantic'],
  security: [],
  summary: 'Release records the semantic routes rest on',
  responses: {
    ...ok('Each release with its version hash and attribution.', ReleasesResultSchema),
    ...errorResponses({ ...GET_ONLY, 500: INTERNAL }),
  },
})

/** The routes that read the learned model of meaning in context. */
const MEANING_PATHS = ['/v1/resolve', '/v1/compare', '/v1/illuminate']

export function semanticRoutes(deps: SemanticDeps) {
  requireRegistered(deps.work, SEMANTIC_TASKS)
  const app = createRouter()
  const extensions = deps.extensions ?? []
  const lexiconReaders = SEMANTIC_ROUTES.filter((r) => r.reads.includes('lexicon')).map((r) => r.path)
  const releaseSources = [
    lexiconReleaseSource(deps.lexicon, lexiconReaders),
    inferenceModelReleaseSource(
      SEMANTIC_ROUTES.filter((r) => r.reads.includes('inference-model')).map((r) => r.path),
    ),
    ...(deps.usage ? [usageReleaseSource(deps.usage)] : []),
    ...(deps.datasets ? publicDatasetReleaseSources(deps.datasets) : []),
    ...extensions.flatMap((e) => e.releases),
    semcorModelReleaseSource(MEANING_PATHS),
  ]
  const routes = [...SEMANTIC_ROUTES, ...extensions.flatMap((e) => e.routes)]

  app.use('/v1', cacheControl(CachePolicy.shortLived))
  app.use('/v1/releases', cacheControl(CachePolicy.shortLived))
  for (const path of SEMANTIC_POST_PATHS) {
    app.on('POST', path, cacheControl(CachePolicy.noStore), jsonBody(BOUNDS.bodyBytes))
  }

  app.openapi(capabilitiesRoute, async (c) =>
    c.json(capabilities(deps.interfaceVersion, routes, await describeReleases(releaseSources)), 200),
  )
  app.openapi(releasesRoute, async (c) => c.json({ releases: await describeReleases(releaseSources) }, 200))

  app.openapi(resolveRoute, (c) => workAnswer(c, deps.work, resolveTask, c.req.valid('json')))
  app.openapi(compareRoute, (c) => workAnswer(c, deps.work, compareTask, c.req.valid('json')))
  app.openapi(illuminateRoute, (c) => workAnswer(c, deps.work, illuminateTask, c.req.valid('json')))
  app.openapi(claimsCompareRoute, (c) => workAnswer(c, deps.work, claimsCompareTask, c.req.valid('json')))
  app.openapi(argumentsRoute, (c) => workAnswer(c, deps.work, argumentsTask, c.req.valid('json')))
  app.openapi(evidenceRoute, (c) => workAnswer(c, deps.work, evidenceTask, c.req.valid('json')))
  return app
}
