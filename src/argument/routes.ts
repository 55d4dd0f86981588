/**
 * The argument routes of the contract (section 4.4) that need no provider: `GET /api/argument`
 * (capabilities) and `POST /api/argument/review` in local mode. The review body is checked as every JSON
 * body of the service is (`src/http/json-body.ts`): content type (415), size while reading, chunked or not
 * (413), JSON syntax (400), then the `ArgumentInput` schema (400 naming the field and the bound, the sentence
 * bounds included). Bodies are never stored or logged.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { CachePolicy, cacheControl } from '../http/cache'
import { ARGUMENT_KEY, keyOptional } from '../auth/security-schemes'
import { errorResponses, GET_ONLY } from '../http/errors'
import { jsonBody } from '../http/json-body'
import { createRouter } from '../http/router'
import type { LexiconProvider } from '../lexicon/release'
import type { UsageProvider } from '../usage/release'
import { BUSY } from '../route-work/busy'
import { requireRegistered, workAnswer, type RouteWorkRunner } from '../route-work/runner'
import { capabilities } from './capabilities'
import { ARGUMENT_SCOPE } from './cloud/guards'
import { CLOUD_REVIEW_ERRORS, reviewInCloud, transcriptionRoutes } from './cloud/routes'
import { ModelAssistedReviewSchema } from './cloud/schemas'
import { cloudReport, type CloudSetup } from './cloud/setup'
import { ARGUMENT_LIMITS } from './limits'
import { CapabilitiesSchema } from './capabilities-schema'
import { ArgumentInputSchema, TextCheckReviewSchema } from './schemas'
import { ARGUMENT_TASKS, reviewTask } from './tasks'

const reviewBody = jsonBody(
  ARGUMENT_LIMITS.requestBytes,
  'GET /api/argument lists every bound; the fields themselves stay far below it.',
)

const capabilitiesRoute = createRoute({
  method: 'get',
  path: '/api/argument',
  operationId: 'getArgumentCapabilities',
  tags: ['Argument review'],
  summary: 'Capabilities, bounds and editorial meaning notes of the argument routes',
  security: [],
  description:
    'No key needed. `configured` reports the current configuration of this deployment, not a guarantee that a provider is available.',
  middleware: [cacheControl(CachePolicy.shortLived)] as const,
  responses: {
    200: {
      description: 'The capabilities.',
      content: { 'application/json': { schema: CapabilitiesSchema } },
    },
    ...errorResponses(GET_ONLY),
  },
})

const reviewRoute = createRoute({
  method: 'post',
  path: '/api/argument/review',
  operationId: 'reviewArgument',
  tags: ['Argument review'],
  summary: 'Review an argument against supplied sources',
  // A key only in cloud mode.
  security: keyOptional(ARGUMENT_KEY, ARGUMENT_SCOPE),
  description: `Local mode (\`text-checks\`, the default) needs no key: a deterministic vocabulary comparison, not entailment and not fact-checking. Cloud mode (\`model-assisted\`) needs \`consent: true\`, a key with the \`argument-review\` entitlement and a configured provider (503 until then); the provider receives only what GET /api/argument lists, once, with a 45-second limit and no retries, and its answer is verified before it is shown. JSON only, at most ${ARGUMENT_LIMITS.requestBytes.toLocaleString('en-US')} bytes, chunked or not. Characters are UTF-16 code units (JavaScript \`String.length\`); sentences are counted by the rule published at GET /api/argument. Every response is \`Cache-Control: no-store\`; requests are neither stored nor logged. Source URLs are metadata and never fetched.`,
  middleware: [cacheControl(CachePolicy.noStore), reviewBody] as const,
  request: {
    body: { required: true, content: { 'application/json': { schema: ArgumentInputSchema } } },
  },
  responses: {
    200: {
      description:
        'The text-check review (`method: text-checks`) in local mode, the verified model-assisted review (`method: model-assisted`) in cloud mode.',
      content: {
        'application/json': { schema: z.union([TextCheckReviewSchema, ModelAssistedReviewSchema]) },
      },
    },
    ...errorResponses({
      400: 'Invalid JSON (`invalid_json`), or a field outside its bound (`invalid_request`, `details` names the field and the bound), or cloud mode without `consent: true`.',
      413: 'Body larger than 450,000 bytes (`payload_too_large`), whether announced by Content-Length or sent chunked.',
      415: 'Body not sent as JSON, UTF-8 (`unsupported_media_type`, with `Accept-Post: application/json`).',
      ...CLOUD_REVIEW_ERRORS,
      503:
        'Cloud mode is not configured (`cloud_not_configured`, `details` name what is missing), the rate limiter did not answer (`rate_limiter_unavailable`), or the lexicon or (cloud mode) the usage release is unavailable (`lexicon_unavailable`, `usage_unavailable`), or (cloud mode) the key store is damaged (`key_store_unavailable`); in local mode also when ' +
        BUSY,
    }),
  },
})

export type ArgumentDeps = {
  lexicon: LexiconProvider
  usage: UsageProvider
  cloud?: CloudSetup
  /** Runs the local review (in process, or in worker threads on Node). */
  work: RouteWorkRunner
}

export function argumentRoutes(deps: ArgumentDeps) {
  requireRegistered(deps.work, ARGUMENT_TASKS)
  const { lexicon } = deps
  const app = createRouter()
  const document = capabilities(cloudReport(deps.cloud))

  app.openapi(capabilitiesRoute, (c) => c.json(document, 200))

  app.openapi(reviewRoute, async (c) => {
    const input = c.req.valid('json')
    if (input.mode === 'cloud') {
      const cloud = { lexicon, usage: deps.usage, cloud: deps.cloud }
      return c.json(await reviewInCloud(cloud, c.req.header('Authorization'), input), 200)
    }
    return workAnswer(c, deps.work, reviewTask, input)
  })
  app.route('/', transcriptionRoutes(deps.cloud))
  return app
}
