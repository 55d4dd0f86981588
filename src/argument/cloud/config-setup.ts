/**
 * The cloud setup of a deployment configured through environment variables (the Node entry point): the
 * provider settings as given, and the embedded in-process limiter when ARGUMENT_RATE_LIMIT is set. A
 * Workers entry would pass its ARGUMENT_RATE_LIMITER binding as `rateLimiter` instead.
 */
import type { KeyStore } from '../../auth/keys'
import type { ServiceConfig } from '../../config'
import { createWindowLimiter, describeRateLimit, parseRateLimit } from './rate-limiter'
import type { CloudSetup } from './setup'

export function cloudSetupFromConfig(config: ServiceConfig, keys: KeyStore): CloudSetup {
  const rule = config.ARGUMENT_RATE_LIMIT === undefined ? null : parseRateLimit(config.ARGUMENT_RATE_LIMIT)
  return {
    apiKey: config.ARGUMENT_PROVIDER_API_KEY,
    baseUrl: config.ARGUMENT_PROVIDER_BASE_URL,
    reviewModel: config.ARGUMENT_MODEL,
    transcriptionModel: config.TRANSCRIPTION_MODEL,
    keys,
    ...(rule && {
      rateLimiter: createWindowLimiter(rule),
      rateLimiterDescription: `in-process sliding window, ${describeRateLimit(rule)}`,
    }),
  }
}
