/**
 * The checks every cloud request passes, in this order, each a typed problem when it fails: the feature is
 * configured (unavailable, naming what is missing), the key carries `argument-review` (unauthorized or
 * forbidden), and, just before the provider is called, the burst limiter lets this key through (rate
 * limited, with the seconds to wait). Also the problem of a cloud failure: the provider and its answer
 * failed (upstream), or a transcript is out of bounds (unprocessable), always naming the rule.
 */
import { requireScope } from '../../auth/authenticate'
import { pseudonym, type KeyRecord, type KeyStore } from '../../auth/keys'
import { ProblemError, type Problem } from '../../validation/problem'
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
    throw new ProblemError({
      kind: 'unavailable',
      code: feature === 'review' ? 'cloud_not_configured' : 'transcription_not_configured',
      message: `${FEATURE_NAMES[feature]} is not configured on this deployment. Missing: ${missing.join('; ')}.`,
      details: missing.map((setting) => ({
        path: setting.slice(0, setting.indexOf(' ')),
        message: `missing: ${setting}`,
      })),
      hint:
        feature === 'review'
          ? 'Send "mode": "local" (the default) for deterministic text checks; GET /api/argument shows what is configured.'
          : 'GET /api/argument shows what is configured.',
    })
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
    throw new ProblemError({
      kind: 'unavailable',
      code: 'rate_limiter_unavailable',
      message: 'The rate limiter did not answer; the provider was not called.',
    })
  }
  if (outcome.success) return
  const retryAfter = outcome.retryAfterSeconds ?? RETRY_AFTER_FALLBACK_SECONDS
  throw new ProblemError({
    kind: 'rate_limited',
    code: 'rate_limited',
    message: `This key has reached the burst rate limit of cloud review and transcription; try again in ${retryAfter} seconds.`,
    retryAfterSeconds: retryAfter,
    hint: 'The limit is per key and per deployment location, not a global quota; GET /api/argument shows it.',
  })
}

export function failureProblem(failure: CloudFailure): Problem {
  return {
    kind: failure.kind === 'transcript' ? 'unprocessable' : 'upstream_failed',
    code: failure.code,
    message: failure.message,
    details: [{ path: failure.path ?? '', message: `rule ${failure.rule} failed` }],
  }
}
