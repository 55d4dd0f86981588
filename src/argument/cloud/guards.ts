/**
 * The HTTP checks every cloud request passes, in this order: the feature is configured (503 naming what is
 * missing), the key carries `argument-review` (401/403), and, just before the provider is called, the
 * burst limiter lets this key through (429 with Retry-After). Also how a cloud failure is answered: 502
 * for the provider and its answer, 422 for a transcript out of bounds, always naming the rule.
 */
import { requireScope } from '../../auth/authenticate'
import { pseudonym, type KeyRecord, type KeyStore } from '../../auth/keys'
import type { ApiError } from '../../http/errors'
import { apiError } from '../../http/errors'
import type { CloudFailure } from './failures'
import type { RateLimiter } from './rate-limiter'
import {
  missingSettings,
  providerSettings,
  transcriptionModel,
  type CloudFeature,
  type CloudSetup,
  type ProviderSettings,
} from './setup'

export const ARGUMENT_SCOPE = 'argument-review'

/** When a limiter refuses without saying for how long: the longest window a platform binding offers. */
export const RETRY_AFTER_FALLBACK_SECONDS = 60

export type ConfiguredCloud = {
  provider: ProviderSettings
  keys: KeyStore
  rateLimiter: RateLimiter
  /** The feature's model: ARGUMENT_MODEL for review, TRANSCRIPTION_MODEL for transcription. */
  model: string
}

const FEATURE_NAMES: Record<CloudFeature, string> = {
  review: 'Cloud review (model-assisted)',
  transcription: 'Transcription',
}

export function requireConfigured(setup: CloudSetup | undefined, feature: CloudFeature): ConfiguredCloud {
  const missing = missingSettings(setup, feature)
  const model = feature === 'review' ? setup?.reviewModel : setup && transcriptionModel(setup)
  if (!setup?.apiKey || !setup.keys || !setup.rateLimiter || !model || missing.length > 0) {
    throw apiError(
      503,
      feature === 'review' ? 'cloud_not_configured' : 'transcription_not_configured',
      `${FEATURE_NAMES[feature]} is not configured on this deployment. Missing: ${missing.join('; ')}.`,
      {
        details: missing.map((setting) => ({
          path: setting.slice(0, setting.indexOf(' ')),
          message: `missing: ${setting}`,
        })),
        hint:
          feature === 'review'
            ? 'Send "mode": "local" (the default) for deterministic text checks; GET /api/argument shows what is configured.'
            : 'GET /api/argument shows what is configured.',
      },
    )
  }
  return {
    provider: providerSettings({ ...setup, apiKey: setup.apiKey }),
    keys: setup.keys,
    rateLimiter: setup.rateLimiter,
    model,
  }
}

export function requireArgumentKey(keys: KeyStore, authorization: string | undefined): Promise<KeyRecord> {
  return requireScope(authorization, keys, ARGUMENT_SCOPE)
}

/** Asks the limiter for this key; it sees a pseudonym of the key, never the secret or its digest. */
export async function takeRateLimit(limiter: RateLimiter, key: KeyRecord): Promise<void> {
  let outcome: Awaited<ReturnType<RateLimiter['limit']>>
  try {
    outcome = await limiter.limit({ key: await pseudonym(key, 'argument-rate-limit') })
  } catch {
    throw apiError(
      503,
      'rate_limiter_unavailable',
      'The rate limiter did not answer; the provider was not called.',
    )
  }
  if (outcome.success) return
  const retryAfter = outcome.retryAfterSeconds ?? RETRY_AFTER_FALLBACK_SECONDS
  throw apiError(
    429,
    'rate_limited',
    `This key has reached the burst rate limit of cloud review and transcription; try again in ${retryAfter} seconds.`,
    {
      headers: { 'Retry-After': String(retryAfter) },
      hint: 'The limit is per key and per deployment location, not a global quota; GET /api/argument shows it.',
    },
  )
}

export function failureError(failure: CloudFailure): ApiError {
  return apiError(failure.kind === 'transcript' ? 422 : 502, failure.code, failure.message, {
    details: [{ path: failure.path ?? '', message: `rule ${failure.rule} failed` }],
  })
}
