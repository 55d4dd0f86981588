/**
 * The argument routes of the contract (section 4.4) that need no provider: `GET /api/argument`
 * (capabilities) and `POST /api/argument/review` in local mode. The review body is checked in the order a
 * server can afford: content type (415), size while reading, chunked or not (413), JSON syntax (400), then
 * the `ArgumentInput` schema (400 naming the field and the bound). Bodies are never stored or logged.
 */
import { createRoute } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { CachePolicy, cacheControl } from '../http/cache'
import { apiError, errorResponses } from '../http/errors'
import { createRouter } from '../http/router'
import type { LexiconProvider } from '../lexicon/release'
import { requireLexicon } from '../lexicon/routes'
import { capabilities, type ArgumentConfiguration } from './capabilities'
import { ARGUMENT_LIMITS } from './limits'
import { reviewText } from './review'
import { ArgumentInputSchema, CapabilitiesSchema, TextCheckReviewSchema } from './schemas'

/** This build has no AI provider client, so cloud review and transcription are not configured. */
const CONFIGURATION: ArgumentConfiguration = { cloudReview: false, transcription: false }

/** The media types Hono's JSON validator accepts: application/json and application/*+json, with parameters. */
const JSON_MEDIA_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/

const requireJson: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type')
  if (!type || !JSON_MEDIA_TYPE.test(type)) {
    throw apiError(415, 'unsupported_media_type', 'The review takes a JSON body.', {
      hint: 'Send Content-Type: application/json.',
    })
  }
  await next()
}

const limitBody = bodyLimit({
  maxSize: ARGUMENT_LIMITS.requestBytes,
  onError: () => {
    throw apiError(
      413,
      'payload_too_large',
      `The request body is larger than ${ARGUMENT_LIMITS.requestBytes.toLocaleString('en-US')} bytes.`,
      {
        hint: 'GET /api/argument lists every bound; the fields themselves stay far below it.',
        // The rest of the body is not read, so the connection cannot carry another request.
        headers: { Connection: 'close' },
      },
    )
  },
})

/** Parses the JSON once (the validator then reads the parsed body), so bad syntax gets its own code. */
const parseJson: MiddlewareHandler = async (c, next) => {
  try {
    await c.req.json()
  } catch {
    throw apiError(400, 'invalid_json', 'The request body is not valid JSON.')
  }
  await next()
}

const capabilitiesRoute = createRoute({
  method: 'get',
  path: '/api/argument',
  tags: ['Argument review'],
  summary: 'Capabilities, bounds and editorial meaning notes of the argument routes',
  description:
    'No key needed. `configured` reports the current configuration of this deployment, not a guarantee that a provider is available.',
  middleware: [cacheControl(CachePolicy.shortLived)] as const,
  responses: {
    200: {
      description: 'The capabilities.',
      content: { 'application/json': { schema: CapabilitiesSchema } },
    },
  },
})

const reviewRoute = createRoute({
  method: 'post',
  path: '/api/argument/review',
  tags: ['Argument review'],
  summary: 'Review an argument against supplied sources',
  description: `Local mode (\`text-checks\`, the default) needs no key: a deterministic vocabulary comparison, not entailment and not fact-checking. Cloud mode answers 503 until it is configured. JSON only, at most ${ARGUMENT_LIMITS.requestBytes.toLocaleString('en-US')} bytes, chunked or not. Characters are UTF-16 code units (JavaScript \`String.length\`); sentences are counted by the rule published at GET /api/argument. Every response is \`Cache-Control: no-store\`; requests are neither stored nor logged. Source URLs are metadata and never fetched.`,
  middleware: [cacheControl(CachePolicy.noStore), requireJson, limitBody, parseJson] as const,
  request: {
    body: { required: true, content: { 'application/json': { schema: ArgumentInputSchema } } },
  },
  responses: {
    200: {
      description: 'The text-check review (`method: text-checks`).',
      content: { 'application/json': { schema: TextCheckReviewSchema } },
    },
    ...errorResponses({
      400: 'Invalid JSON (`invalid_json`), or a field outside its bound (`invalid_request`, `details` names the field and the bound), or cloud mode without `consent: true`.',
      413: 'Body larger than 450,000 bytes (`payload_too_large`), whether announced by Content-Length or sent chunked.',
      415: 'Body not sent as JSON (`unsupported_media_type`).',
      503: 'Cloud mode is not configured (`cloud_not_configured`), or the lexicon is unavailable (`lexicon_unavailable`).',
    }),
  },
})

export function argumentRoutes(lexicon: LexiconProvider) {
  const app = createRouter()
  const document = capabilities(CONFIGURATION)

  app.openapi(capabilitiesRoute, (c) => c.json(document, 200))

  app.openapi(reviewRoute, async (c) => {
    const input = c.req.valid('json')
    if (input.mode === 'cloud') {
      throw apiError(
        503,
        'cloud_not_configured',
        'Cloud review (model-assisted) is not configured on this deployment: it needs a server-only AI provider key, an ARGUMENT_MODEL that supports structured output and an ARGUMENT_RATE_LIMITER binding.',
        {
          hint: 'Send "mode": "local" (the default) for deterministic text checks; GET /api/argument shows what is configured.',
        },
      )
    }
    return c.json(reviewText(await requireLexicon(lexicon), input), 200)
  })
  return app
}
