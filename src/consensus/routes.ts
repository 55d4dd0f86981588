/**
 * The observation and consensus routes of the contract (section 4.5): `POST /v1/observations` (needs a key
 * with the `observations` scope), `POST /v1/predict/consensus` and `POST /v1/verify/consensus` (public,
 * like the log they read).
 */
import { createRoute } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { requireScope } from '../auth/authenticate'
import { pseudonym, type KeyRecord, type KeyStore } from '../auth/keys'
import { DATASET_KEY, keyNeeded } from '../auth/security-schemes'
import { CachePolicy, cacheControl } from '../http/cache'
import { apiError, errorResponses } from '../http/errors'
import type { ReadinessCheck } from '../http/health'
import { createRouter } from '../http/router'
import { requireReady, unavailable } from '../http/unavailable'
import { LEXICON_UNAVAILABLE, type LexiconProvider } from '../lexicon/release'
import { toBase64 } from '../text/base64'
import { entryLeaf, isEntryProblem, observationEntry, type EntryProblem } from './entry'
import { jsonBody } from '../http/json-body'
import type { ObservationLog } from './log/observation-log'
import { checkpointFields, predictConsensus, type ConsensusState } from './predict'
import type { ObservationLogProvider } from './provider'
import {
  LIMITS,
  ObservationRequestSchema,
  ObservationResponseSchema,
  PredictRequestSchema,
  PredictResponseSchema,
  VerifyRequestSchema,
  VerifyResponseSchema,
} from './schemas'
import { verifyConsensus } from './verify'
import { readLexicon } from '../lexicon/reading'
import { BUSY } from '../route-work/busy'
import { requireRegistered, workAnswer, type RouteWorkRunner } from '../route-work/runner'
import { CONSENSUS_TASKS, consensusReadingTask } from './tasks'

export type ConsensusDeps = {
  log: ObservationLogProvider
  keys: KeyStore
  lexicon: LexiconProvider
  /** Runs the lexicon's reading of a predict request's passage (in process, or in worker threads on Node). */
  work: RouteWorkRunner
}

export const OBSERVATION_SCOPE = 'observations'
/** Purpose string of contributor pseudonyms: the same key gets another id in any other feature. */
const PSEUDONYM_PURPOSE = 'observations'

export const OBSERVATIONS_PATH = '/v1/observations'
export const PREDICT_PATH = '/v1/predict/consensus'
export const VERIFY_PATH = '/v1/verify/consensus'

const UNAVAILABLE =
  'The observation log or the lexicon is not available (`log_unavailable`, `lexicon_unavailable`), or, on POST /v1/observations, the key store is damaged (`key_store_unavailable`).'

async function requireLog(provider: ObservationLogProvider): Promise<ObservationLog> {
  const state = await provider.current()
  if (state.status === 'ready') return state.log
  throw unavailable({
    code: 'log_unavailable',
    message: `The observation log is unavailable: ${state.reason}`,
  })
}

function invalid(problem: EntryProblem, status: 400 | 404 = 400) {
  return apiError(status, problem.code, problem.message, {
    details: [{ path: problem.path, message: problem.message }],
    ...(problem.hint ? { hint: problem.hint } : {}),
  })
}

/** The error answers every JSON POST route here shares, with the route's own. */
const postErrors = (maxBytes: number, own: Record<number, string>) =>
  errorResponses({
    413: `Body larger than ${maxBytes} bytes.`,
    415: 'Body not JSON.',
    503: UNAVAILABLE,
    ...own,
  })

const json = <T>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})

const observationRoute = createRoute({
  method: 'post',
  path: OBSERVATIONS_PATH,
  operationId: 'contributeObservation',
  tags: ['Consensus'],
  summary: 'Contribute a source observation to the log',
  description: `Appends an observation (an expression used in a lexicon meaning, in a quoted passage) to the append-only log and answers with its index, leaf hash, a signed checkpoint including it and its inclusion proof. The same contribution from the same key is not appended twice: it is answered with the existing entry (status \`duplicate\`, HTTP 200). Needs a key with the \`observations\` scope; the log records a pseudonym of the key. Body at most ${LIMITS.observationBodyBytes} bytes.`,
  security: keyNeeded(DATASET_KEY, OBSERVATION_SCOPE),
  request: {
    body: { required: true, content: { 'application/json': { schema: ObservationRequestSchema } } },
  },
  responses: {
    201: json(ObservationResponseSchema, 'Appended.'),
    200: json(ObservationResponseSchema, 'Already in the log: the existing entry.'),
    ...postErrors(LIMITS.observationBodyBytes, {
      400: 'Invalid body, span not holding the expression, unknown expression or meaning, meaning not of the expression, or mayShare not true.',
      401: 'Key missing, invalid, revoked or expired.',
      403: 'The key lacks the `observations` scope.',
    }),
  },
})

const predictRoute = createRoute({
  method: 'post',
  path: PREDICT_PATH,
  operationId: 'predictConsensus',
  tags: ['Consensus'],
  security: [],
  summary: 'Consensus on an expression, grounded in a signed checkpoint',
  description: `Counts the observations of the expression (its lemma and base forms) in the current checkpoint or the one of \`treeSize\`, by the rule distinct-contributors/v1, and returns the checkpoint, the counted entries (the earliest ${LIMITS.evidence}) with inclusion proofs, and, with a passage, how the consensus compares with the meaning /v1/resolve chooses there. Body at most ${LIMITS.predictBodyBytes} bytes.`,
  request: {
    body: { required: true, content: { 'application/json': { schema: PredictRequestSchema } } },
  },
  responses: {
    200: json(PredictResponseSchema, 'The consensus state with its evidence.'),
    ...postErrors(LIMITS.predictBodyBytes, {
      400: 'Invalid body, or the span does not hold the expression, or the expression is not in the passage.',
      404: 'Not a lexicon word (`expression_not_found`), or no checkpoint of that size yet (`checkpoint_not_found`).',
      503: `${UNAVAILABLE} With a passage, also when ${BUSY}`,
    }),
  },
})

const verifyRoute = createRoute({
  method: 'post',
  path: VERIFY_PATH,
  operationId: 'verifyConsensus',
  tags: ['Consensus'],
  security: [],
  summary: 'Replay consensus evidence',
  description: `Replays a consensus state (post a /v1/predict/consensus answer unchanged), or any entries with a checkpoint: checkpoint signature and body, leaf hashes, inclusion proofs, entries, consistency with an earlier checkpoint, agreement with this log, completeness and the recomputed consensus. Answers 200 with \`valid\` and the first failed step. Body at most ${LIMITS.verifyBodyBytes} bytes.`,
  request: {
    body: { required: true, content: { 'application/json': { schema: VerifyRequestSchema } } },
  },
  responses: {
    200: json(VerifyResponseSchema, 'Each step with its outcome.'),
    ...postErrors(LIMITS.verifyBodyBytes, {
      400: 'Invalid body.',
    }),
  },
})

export function consensusRoutes(deps: ConsensusDeps) {
  requireRegistered(deps.work, CONSENSUS_TASKS)
  const app = createRouter()
  const contributorKey = 'observationKey' as never

  const authorize: MiddlewareHandler = async (c, next) => {
    const record = await requireScope(c.req.header('Authorization'), deps.keys, OBSERVATION_SCOPE)
    c.set(contributorKey, record as never)
    await next()
  }

  for (const path of [OBSERVATIONS_PATH, PREDICT_PATH, VERIFY_PATH])
    app.use(path, cacheControl(CachePolicy.noStore))
  app.on('POST', OBSERVATIONS_PATH, authorize, jsonBody(LIMITS.observationBodyBytes))
  app.on('POST', PREDICT_PATH, jsonBody(LIMITS.predictBodyBytes))
  app.on('POST', VERIFY_PATH, jsonBody(LIMITS.verifyBodyBytes))

  app.openapi(observationRoute, async (c) => {
    const input = c.req.valid('json')
    const record = c.get(contributorKey) as KeyRecord
    const lexicon = requireReady(await deps.lexicon.current(), LEXICON_UNAVAILABLE).lexicon
    const log = await requireLog(deps.log)
    const contributor = await pseudonym(record, PSEUDONYM_PURPOSE)
    const entry = await readLexicon(lexicon, (read) => observationEntry(read, input, contributor))
    if (isEntryProblem(entry)) throw invalid(entry)
    const leaf = entryLeaf(entry)
    const appended = await log.append(leaf)
    // A duplicate is proved in the current tree; a new entry in the tree its batch was committed in.
    const treeSize = appended.duplicate ? log.size() : appended.treeSize
    const checkpoint = await log.checkpoint(treeSize)
    const body = {
      status: appended.duplicate ? ('duplicate' as const) : ('appended' as const),
      index: appended.index,
      leafHash: toBase64(appended.leafHash),
      leaf: new TextDecoder().decode(leaf),
      entry,
      checkpoint: checkpointFields(checkpoint),
      inclusionProof: log.inclusionProof(appended.index, treeSize).map(toBase64),
    }
    return appended.duplicate ? c.json(body, 200) : c.json(body, 201)
  })

  app.openapi(predictRoute, async (c) => {
    const request = c.req.valid('json')
    const lexicon = requireReady(await deps.lexicon.current(), LEXICON_UNAVAILABLE).lexicon
    const log = await requireLog(deps.log)
    const result = await readLexicon(lexicon, (read) => predictConsensus(log, read, request))
    if ('problem' in result) throw invalid(result.problem, result.problem.status)
    if (result.toRead === null) return c.json(result.state, 200)
    return workAnswer<ConsensusState>(c, deps.work, consensusReadingTask, {
      state: result.state,
      ...result.toRead,
    })
  })

  app.openapi(verifyRoute, async (c) => {
    const request = c.req.valid('json')
    const lexicon = requireReady(await deps.lexicon.current(), LEXICON_UNAVAILABLE).lexicon
    const log = await requireLog(deps.log)
    return c.json(await readLexicon(lexicon, (read) => verifyConsensus(log, read, request)), 200)
  })

  return app
}

/** The log's part of `/readyz`: its origin and size, or why it could not be opened. */
export function observationLogReadiness(provider: ObservationLogProvider): ReadinessCheck {
  return {
    name: 'observation-log',
    check: async () => {
      const state = await provider.current()
      return state.status === 'ready'
        ? { ready: true, detail: `${state.log.origin}, ${state.log.size()} entries` }
        : { ready: false, detail: state.reason }
    },
  }
}
