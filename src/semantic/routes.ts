/**
 * The semantic `/v1` routes of the contract (section 4.5): meaning in context, and claims, arguments and
 * evidence. No key is needed; POST bodies are JSON, bounded in bytes, answered `no-store`. Their entries in
 * `/v1` discovery are in v1-extension.ts.
 */
import { createRoute, type z } from '@hono/zod-openapi'
import { CachePolicy, cacheControl } from '../http/cache'
import { errorResponses } from '../http/errors'
import { createRouter } from '../http/router'
import type { LexiconProvider } from '../lexicon/release'
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
import { SEMANTIC_POST_PATHS } from './v1-extension'
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
  CompareRequestSchema,
  CompareResultSchema,
  IlluminateRequestSchema,
  IlluminateResultSchema,
  ResolveRequestSchema,
  ResolveResultSchema,
} from './schemas'

export type SemanticDeps = {
  lexicon: LexiconProvider
  /** Runs the POST routes' work (in process, or in worker threads on Node). */
  work: RouteWorkRunner
}

const UNAVAILABLE = `The lexicon release is not loaded or failed its integrity check (\`lexicon_unavailable\`), or ${BUSY}`
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

export function semanticRoutes(deps: SemanticDeps) {
  requireRegistered(deps.work, SEMANTIC_TASKS)
  const app = createRouter()
  for (const path of SEMANTIC_POST_PATHS) {
    app.on('POST', path, cacheControl(CachePolicy.noStore), jsonBody(BOUNDS.bodyBytes))
  }

  app.openapi(resolveRoute, (c) => workAnswer(c, deps.work, resolveTask, c.req.valid('json')))
  app.openapi(compareRoute, (c) => workAnswer(c, deps.work, compareTask, c.req.valid('json')))
  app.openapi(illuminateRoute, (c) => workAnswer(c, deps.work, illuminateTask, c.req.valid('json')))
  app.openapi(claimsCompareRoute, (c) => workAnswer(c, deps.work, claimsCompareTask, c.req.valid('json')))
  app.openapi(argumentsRoute, (c) => workAnswer(c, deps.work, argumentsTask, c.req.valid('json')))
  app.openapi(evidenceRoute, (c) => workAnswer(c, deps.work, evidenceTask, c.req.valid('json')))
  return app
}
