/**
 * Service configuration from environment variables, validated at start-up. Every bad value is reported
 * with its name, what is expected and what was given, and the service does not start.
 */
import { z } from 'zod'

/**
 * `<requests>/<seconds>s`, the form of ARGUMENT_RATE_LIMIT; src/argument/cloud/rate-limiter.ts reads a
 * value of it into a rule.
 */
export const RATE_LIMIT_PATTERN = /^([1-9][0-9]{0,5})\/([1-9][0-9]{0,5})s$/

const port = z.coerce
  .number({ error: 'must be an integer from 1 to 65535' })
  .int('must be an integer from 1 to 65535')
  .min(1, 'must be an integer from 1 to 65535')
  .max(65535, 'must be an integer from 1 to 65535')

export const ConfigSchema = z.object({
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  PORT: port.default(8787),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  /**
   * Workers only: memory for the isolate's cache of checked lexicon blocks (MiB), beside the blocks a running
   * request pins. Node holds the release whole and ignores it. 20 rather than 24: the heaviest /v1/illuminate
   * left 47 to 57 MB of buffers in the isolate instead of 53 to 67, though the next request finds fewer of its
   * blocks still resident (decision 0053); at least 17, so that the hot sections (8.1 MB) come with the first
   * fetch.
   */
  LEXICON_CACHE_MB: z.coerce
    .number({ error: 'must be a whole number of MiB' })
    .int('must be a whole number of MiB')
    .min(1, 'must be at least 1')
    .max(96, 'must be at most 96 (an isolate has 128 MB in all)')
    .default(20),
  /** Memory for the Node adapter's cache of public answers (MiB); 0 turns it off. */
  RESPONSE_CACHE_MB: z.coerce
    .number({ error: 'must be a whole number of MiB' })
    .int('must be a whole number of MiB')
    .min(0, 'must be 0 or more')
    .max(4096, 'must be at most 4096')
    .default(32),
  /**
   * Most milliseconds a client may take to send a whole request, headers and body, before a 408 (Node's
   * own default keeps a slow body for 300 seconds).
   */
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .max(300_000, 'must be at most 300000')
    .default(30_000),
  /**
   * Most milliseconds a stopping service (SIGTERM, SIGINT) waits for the requests under way, a download to
   * a client that stopped reading included; then their connections are closed and it exits. A second
   * signal exits at once.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more')
    .max(600_000, 'must be at most 600000')
    .default(10_000),
  /**
   * Worker threads for the CPU-heavy work of the semantic POST routes and the local review; they share the
   * main thread's lexicon release files (no copy) and each keeps its own bounded caches. Unset: one fewer
   * than the cores, at least one; 0: in process.
   */
  ROUTE_WORKERS: z.coerce
    .number({ error: 'must be a whole number of threads' })
    .int('must be a whole number of threads')
    .min(0, 'must be 0 or more')
    .max(64, 'must be at most 64')
    .optional(),
  /**
   * Estimated milliseconds of work per worker thread that may wait for the threads; a request that would
   * take the queue past it is answered 503 with Retry-After. 0: no request waits.
   */
  ROUTE_QUEUE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more')
    .max(600_000, 'must be at most 600000')
    .default(3_000),
  /** Server-only AI provider key; any value is accepted so that no message ever repeats it. */
  ARGUMENT_PROVIDER_API_KEY: z.string().optional(),
  /** Base URL of the OpenAI-compatible provider API; unset: https://api.openai.com/v1. */
  ARGUMENT_PROVIDER_BASE_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http or https URL, for example https://api.openai.com/v1',
    })
    .optional(),
  /** The review model; no default, it must support structured output. */
  ARGUMENT_MODEL: z.string().optional(),
  /** The transcription model; unset: gpt-4o-mini-transcribe. */
  TRANSCRIPTION_MODEL: z.string().optional(),
  /** The embedded burst limiter, `<requests>/<seconds>s` per key; unset: cloud features stay off. */
  ARGUMENT_RATE_LIMIT: z
    .string()
    .regex(RATE_LIMIT_PATTERN, 'must be <requests>/<seconds>s, for example 5/60s')
    .optional(),
  /** HMAC secret for dataset page cursors; unset, one is generated once into DATA_DIR/private. */
  CURSOR_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Server-only secret: the observation log's Ed25519 signing key, as a note private key
   * (PRIVATE+KEY+name+hash+data) or a base64 32-byte seed. Unset: generated into DATA_DIR/private/.
   */
  LOG_SIGNING_KEY: z.string().optional(),
  /** The log's origin line and key name: a schema-less URL, no spaces, no '+'. */
  LOG_ORIGIN: z
    .string()
    .regex(/^[^\s+]+$/, 'must be a key name without spaces or "+", for example example.org/observations')
    .default('lexicon-service.local/observations'),
})

export type ServiceConfig = z.infer<typeof ConfigSchema>

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Reads the configuration from an environment map; empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined>): ServiceConfig {
  const present = Object.fromEntries(
    Object.keys(ConfigSchema.shape)
      .map((key) => [key, env[key]])
      .filter(([, value]) => value !== undefined && value !== ''),
  )
  const result = ConfigSchema.safeParse(present)
  if (result.success) return result.data
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0])
      return `${name} ${issue.message} (got ${JSON.stringify(present[name])})`
    }),
  )
}
