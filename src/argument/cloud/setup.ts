/**
 * How a deployment sets up the cloud features (spec 5.10): a server-only provider key, an explicit review
 * model, the transcription model, the burst rate limiter and the key store. What is missing is named, so a
 * 503 and `GET /api/argument` can say it, and the secret itself is never reported.
 */
import type { KeyStore } from '../../auth/keys'
import type { RateLimiter } from './rate-limiter'

export const DEFAULT_PROVIDER_BASE_URL = 'https://api.openai.com/v1'
export const DEFAULT_TRANSCRIPTION_MODEL = 'gpt-4o-mini-transcribe'
/** The provider call's time limit (spec 4.4 rule 6); tests pass a shorter one. */
export const PROVIDER_TIMEOUT_MS = 45_000

export type CloudSetup = {
  /** The server-only provider key (ARGUMENT_PROVIDER_API_KEY); never logged, echoed or reported. */
  apiKey?: string
  /** Base URL of an OpenAI-compatible HTTP API, without a trailing slash. */
  baseUrl?: string
  /** ARGUMENT_MODEL: no default, it must be a model that supports structured output. */
  reviewModel?: string
  transcriptionModel?: string
  /** ARGUMENT_RATE_LIMITER: a platform binding or the embedded limiter. */
  rateLimiter?: RateLimiter
  /** How GET /api/argument describes the limiter, e.g. "in-process, 5 requests per 60 seconds per key". */
  rateLimiterDescription?: string
  /** The store holding argument-review keys. */
  keys?: KeyStore
  timeoutMs?: number
}

/** The setup once every part a feature needs is there. */
export type ProviderSettings = {
  apiKey: string
  baseUrl: string
  timeoutMs: number
}

export type CloudFeature = 'review' | 'transcription'

export const SETTING_NAMES = {
  apiKey: 'ARGUMENT_PROVIDER_API_KEY (the server-only AI provider key)',
  reviewModel: 'ARGUMENT_MODEL (an explicit model that supports structured output)',
  rateLimiter:
    'ARGUMENT_RATE_LIMITER (a rate limiter with a limit({key}) operation; on Node set ARGUMENT_RATE_LIMIT, for example 5/60s)',
  keys: 'DATA_KEYS (the key store holding argument-review keys)',
} as const

/** What the feature still needs, by setting name; empty when it is configured. */
export function missingSettings(setup: CloudSetup | undefined, feature: CloudFeature): string[] {
  const missing: string[] = []
  if (!setup?.apiKey) missing.push(SETTING_NAMES.apiKey)
  if (feature === 'review' && !setup?.reviewModel) missing.push(SETTING_NAMES.reviewModel)
  if (!setup?.rateLimiter) missing.push(SETTING_NAMES.rateLimiter)
  if (!setup?.keys) missing.push(SETTING_NAMES.keys)
  return missing
}

export function providerSettings(setup: CloudSetup & { apiKey: string }): ProviderSettings {
  return {
    apiKey: setup.apiKey,
    baseUrl: (setup.baseUrl ?? DEFAULT_PROVIDER_BASE_URL).replace(/\/+$/, ''),
    timeoutMs: setup.timeoutMs ?? PROVIDER_TIMEOUT_MS,
  }
}

export function transcriptionModel(setup: CloudSetup): string {
  return setup.transcriptionModel ?? DEFAULT_TRANSCRIPTION_MODEL
}

/** What `GET /api/argument` reports about the cloud setup: configuration, never a secret. */
export type CloudReport = {
  review: { configured: boolean; missing: string[] }
  transcription: { configured: boolean; missing: string[] }
  provider: {
    api: string
    apiKeyConfigured: boolean
    reviewModel: string | null
    transcriptionModel: string
    rateLimiter: string | null
  }
}

export function cloudReport(setup: CloudSetup | undefined): CloudReport {
  const review = missingSettings(setup, 'review')
  const transcription = missingSettings(setup, 'transcription')
  return {
    review: { configured: review.length === 0, missing: review },
    transcription: { configured: transcription.length === 0, missing: transcription },
    provider: {
      api: 'OpenAI HTTP API: chat completions with JSON-schema structured output for review, audio transcriptions for speech',
      apiKeyConfigured: Boolean(setup?.apiKey),
      reviewModel: setup?.reviewModel ?? null,
      transcriptionModel: setup ? transcriptionModel(setup) : DEFAULT_TRANSCRIPTION_MODEL,
      rateLimiter: setup?.rateLimiter
        ? (setup.rateLimiterDescription ?? 'a limit({key}) binding supplied by the platform')
        : null,
    },
  }
}
