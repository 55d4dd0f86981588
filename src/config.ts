/**
 * Service configuration from environment variables, validated at start-up. Every bad value is reported
 * with its name, what is expected and what was given, and the service does not start.
 */
import { z } from 'zod'

const port = z.coerce
  .number({ error: 'must be an integer from 1 to 65535' })
  .int('must be an integer from 1 to 65535')
  .min(1, 'must be an integer from 1 to 65535')
  .max(65535, 'must be an integer from 1 to 65535')

export const ConfigSchema = z.object({
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  PORT: port.default(8787),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  /** How often, at most, release files are re-stat'ed to catch changes on disk (milliseconds). */
  RELEASE_RECHECK_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more')
    .max(3_600_000, 'must be at most 3600000')
    .default(1000),
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
