/**
 * The cloud side of the argument routes: the cloud branch of `POST /api/argument/review` (the route itself
 * is declared with local review) and `POST /api/argument/transcribe`. Checks run in the order a server can
 * afford: configuration (503), key (401/403), content type (415), size while reading, chunked or not (413),
 * multipart and consent (400), the file's type (415), the burst limiter (429), then the one provider call
 * (502) and, for transcription, the transcript's bounds (422). Nothing is stored or logged.
 */
import { createRoute } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { KeyRecord } from '../../auth/keys'
import { ARGUMENT_KEY, keyNeeded } from '../../auth/security-schemes'
import { CachePolicy, cacheControl } from '../../http/cache'
import { apiError, errorResponses } from '../../http/errors'
import { createRouter } from '../../http/router'
import type { LexiconProvider } from '../../lexicon/release'
import { requireReady } from '../../http/unavailable'
import { LEXICON_UNAVAILABLE } from '../../lexicon/release'
import type { UsageProvider } from '../../usage/release'
import { USAGE_UNAVAILABLE } from '../../usage/release'
import { limitBodyTo } from '../../http/body-limit'
import { TRANSCRIPTION_LIMITS } from '../limits'
import type { ArgumentInput } from '../schemas'
import { leadingBytes, recogniseAudio } from './audio'
import { problemApiError } from '../../http/problems'
import {
  ARGUMENT_SCOPE,
  failureProblem,
  requireArgumentKey,
  requireConfigured,
  takeRateLimit,
} from './guards'
import { reviewWithModel } from './review'
import { buildPayload } from './payload'
import { readLexicon } from '../../lexicon/reading'
import {
  ConsentHeaderSchema,
  TranscriptionFormSchema,
  TranscriptSchema,
  type ModelAssistedReview,
} from './schemas'
import type { CloudSetup } from './setup'
import { transcribe } from './transcribe'

declare module 'hono' {
  interface ContextVariableMap {
    /** The argument-review key of a transcription request, checked before its body is read. */
    argumentKey: KeyRecord
  }
}

export type CloudReviewDeps = {
  lexicon: LexiconProvider
  usage: UsageProvider
  cloud: CloudSetup | undefined
}

/** The cloud branch of the review route, once the body has passed `ArgumentInput` (consent included). */
export async function reviewInCloud(
  deps: CloudReviewDeps,
  authorization: string | undefined,
  input: ArgumentInput,
): Promise<ModelAssistedReview> {
  const cloud = requireConfigured(deps.cloud, 'review')
  const key = await requireArgumentKey(cloud.keys, authorization)
  const { lexicon } = requireReady(await deps.lexicon.current(), LEXICON_UNAVAILABLE)
  const { catalog } = requireReady(await deps.usage.current(), USAGE_UNAVAILABLE)
  await takeRateLimit(cloud.rateLimiter, key)
  const payload = await readLexicon(lexicon, (read) => buildPayload(read, catalog, input), [catalog.cache])
  const review = await reviewWithModel({
    lexicon,
    catalog,
    input,
    payload,
    provider: cloud.provider,
    model: cloud.model,
  })
  if (!review.ok) throw problemApiError(failureProblem(review.failure))
  return review.value
}

/** The OpenAPI descriptions of the statuses only cloud review adds to the review route. */
export const CLOUD_REVIEW_ERRORS = {
  401: 'Cloud mode without a valid key (`unauthorized`, with `WWW-Authenticate: Bearer`): missing, malformed, unknown, revoked or expired.',
  403: 'Cloud mode with a key that lacks the `argument-review` entitlement (`forbidden`).',
  429: 'Cloud mode: the key reached the burst rate limit (`rate_limited`, with `Retry-After` in seconds).',
  502: "Cloud mode: the provider failed (`provider_timeout`, `provider_unreachable`, `provider_error`, `provider_answer_too_large`) or its answer broke a rule and is not shown (`model_answer_malformed`, `model_refused`, `model_answer_incomplete`, `model_answer_too_long`, `claim_quote_not_in_text`, `citation_unknown_source`, `citation_not_in_source`, `judgment_without_citation`, `meaning_not_offered`); `details[0]` names the rule and where it failed. The provider's own message is never passed on.",
} as const

const MULTIPART = /^multipart\/form-data\s*;/i

const requireMultipart: MiddlewareHandler = async (c, next) => {
  if (!MULTIPART.test(c.req.header('content-type') ?? '')) {
    throw apiError(415, 'unsupported_media_type', 'Transcription takes a multipart/form-data body.', {
      hint: 'Send one binary field named "file", e.g. curl -F file=@speech.mp3.',
    })
  }
  await next()
}

const MIB = 1024 * 1024

const limitBody = limitBodyTo(
  TRANSCRIPTION_LIMITS.maxRequestBytes,
  `The request is larger than ${TRANSCRIPTION_LIMITS.maxRequestBytes / MIB} MiB (${TRANSCRIPTION_LIMITS.maxRequestBytes} bytes).`,
  `Keep the file to ${TRANSCRIPTION_LIMITS.maxClientFileBytes / MIB} MiB so the whole request fits.`,
)

/** Parses the multipart body once (the validator then reads the parsed form), so bad syntax gets its own code. */
const parseMultipart: MiddlewareHandler = async (c, next) => {
  try {
    await c.req.formData()
  } catch {
    throw apiError(400, 'invalid_multipart', 'The request body is not a valid multipart/form-data body.')
  }
  await next()
}

function requireTranscription(cloud: CloudSetup | undefined): MiddlewareHandler {
  return async (c, next) => {
    const configured = requireConfigured(cloud, 'transcription')
    c.set('argumentKey', await requireArgumentKey(configured.keys, c.req.header('Authorization')))
    await next()
  }
}

function transcribeRoute(cloud: CloudSetup | undefined) {
  return createRoute({
    method: 'post',
    path: '/api/argument/transcribe',
    operationId: 'transcribeAudio',
    tags: ['Argument review'],
    summary: 'Transcribe the speech of an audio file for review',
    security: keyNeeded(ARGUMENT_KEY, ARGUMENT_SCOPE),
    description: `Needs a key with the \`argument-review\` entitlement and the header \`${TRANSCRIPTION_LIMITS.consentHeader.name}: ${TRANSCRIPTION_LIMITS.consentHeader.value}\`: the audio is sent to the AI provider. One binary field \`file\` (${TRANSCRIPTION_LIMITS.fileTypes.map((t) => t.name).join(', ')}), recognised by its leading bytes as well as its declared type. The whole request is at most 20 MiB, enforced while reading, chunked or not; clients keep files to 19 MiB. The answer is an editable transcript of the speech only (visual content is not assessed) that the user must review before use. Every response is \`Cache-Control: no-store\`; nothing is stored or logged.`,
    middleware: [
      cacheControl(CachePolicy.noStore),
      requireTranscription(cloud),
      requireMultipart,
      limitBody,
      parseMultipart,
    ] as const,
    request: {
      headers: ConsentHeaderSchema,
      body: { required: true, content: { 'multipart/form-data': { schema: TranscriptionFormSchema } } },
    },
    responses: {
      200: {
        description: 'The editable transcript, with its limits.',
        content: { 'application/json': { schema: TranscriptSchema } },
      },
      ...errorResponses({
        400: `Missing or wrong \`${TRANSCRIPTION_LIMITS.consentHeader.name}\` header, a body that is not valid multipart (\`invalid_multipart\`), or not exactly one binary field \`file\` (\`invalid_request\`).`,
        401: 'No valid key (`unauthorized`, with `WWW-Authenticate: Bearer`).',
        403: 'The key lacks the `argument-review` entitlement (`forbidden`).',
        413: 'The request is larger than 20 MiB (`payload_too_large`), whether announced by Content-Length or sent chunked.',
        415: 'The body is not multipart/form-data, or the file is not an accepted audio type by its declared type and its leading bytes (`unsupported_media_type`).',
        422: 'The transcript is empty (`transcript_empty`) or longer than a review text, 12,000 characters or 100 sentences (`transcript_too_long`).',
        429: 'The key reached the burst rate limit (`rate_limited`, with `Retry-After` in seconds).',
        502: "The provider failed (`provider_timeout`, `provider_unreachable`, `provider_error`, `provider_answer_too_large`) or did not answer with a transcription (`model_answer_malformed`). The provider's own message is never passed on.",
        503: 'Transcription is not configured (`transcription_not_configured`, `details` name what is missing), the rate limiter did not answer (`rate_limiter_unavailable`), or the key store is damaged (`key_store_unavailable`).',
      }),
    },
  })
}

export function transcriptionRoutes(cloud: CloudSetup | undefined) {
  const app = createRouter()
  app.openapi(transcribeRoute(cloud), async (c) => {
    const configured = requireConfigured(cloud, 'transcription')
    const file = c.req.valid('form').file
    const recognition = recogniseAudio(await leadingBytes(file), file.type, file.name)
    if (!recognition.ok) {
      throw apiError(415, 'unsupported_media_type', recognition.reason, {
        hint: `Accepted: ${TRANSCRIPTION_LIMITS.fileTypes.map((t) => t.name).join(', ')}. GET /api/argument lists their media types and extensions.`,
      })
    }
    await takeRateLimit(configured.rateLimiter, c.get('argumentKey'))
    const result = await transcribe({
      provider: configured.provider,
      model: configured.model,
      audio: recognition.audio,
      file,
    })
    if (!result.ok) throw problemApiError(failureProblem(result.failure))
    return c.json(result.value, 200)
  })
  return app
}
