/**
 * What the cloud argument tests share: a real key store in a temporary directory holding keys in every
 * state, and the app on a real HTTP server, configured against a fake provider on loopback.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/app'
import type { CloudSetup } from '../../src/argument/cloud/setup'
import { createWindowLimiter } from '../../src/argument/cloud/rate-limiter'
import { createFileKeyStore } from '../../src/auth/fs-key-store'
import { generateSecret, secretDigest, type KeyStore } from '../../src/auth/keys'
import { createFsStore } from '../../src/storage/fs-store'
import { testLexiconProvider } from './lexicon'
import { startServer, type TestServer } from './server'

export { rawPost } from './raw-post'
import { testUsageProvider } from './usage'

/** The server-only provider key the service is configured with; it must reach only the provider. */
export const PROVIDER_KEY = `sk-test-${'p'.repeat(40)}`
export const REVIEW_MODEL = 'test-review-model'

export type ArgumentKeys = {
  dir: string
  store: KeyStore
  /** Bearer secrets: with argument-review, a second one, without the entitlement, revoked, expired. */
  review: string
  other: string
  noScope: string
  revoked: string
  expired: string
}

export async function argumentKeys(): Promise<ArgumentKeys> {
  const dir = await mkdtemp(join(tmpdir(), 'argument-keys-'))
  const store = createFileKeyStore(createFsStore(dir))
  const later = Date.now() + 3_600_000
  const make = async (datasets: string[], active = true, expiresAt = later) => {
    const secret = generateSecret()
    await store.put({ digest: await secretDigest(secret), active, expiresAt, datasets })
    return secret
  }
  return {
    dir,
    store,
    review: await make(['argument-review']),
    other: await make(['argument-review', 'observed-language']),
    noScope: await make(['observed-language']),
    revoked: await make(['argument-review'], false),
    expired: await make(['argument-review'], true, Date.now() - 1),
  }
}

/** A complete setup against `baseUrl`, with a limiter too generous to interfere unless a test replaces it. */
export function cloudSetup(baseUrl: string, keys: KeyStore, overrides: Partial<CloudSetup> = {}): CloudSetup {
  return {
    apiKey: PROVIDER_KEY,
    baseUrl,
    reviewModel: REVIEW_MODEL,
    keys,
    rateLimiter: createWindowLimiter({ requests: 100_000, windowSeconds: 60 }),
    rateLimiterDescription: 'in-process sliding window, 100000 requests per 60 seconds per key',
    timeoutMs: 400,
    ...overrides,
  }
}

export async function startCloudApp(setup: CloudSetup | undefined): Promise<TestServer> {
  return startServer(
    createApp({
      lexicon: await testLexiconProvider(),
      usage: await testUsageProvider(),
      ...(setup && { argumentCloud: setup }),
    }),
  )
}

/** Runs `action` with console output captured, and returns everything written. */
export async function capturedConsole(action: () => Promise<void>): Promise<string[]> {
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const
  const originals = methods.map((m) => console[m])
  const seen: string[] = []
  methods.forEach((m) => (console[m] = (...args: unknown[]) => void seen.push(args.map(String).join(' '))))
  try {
    await action()
  } finally {
    methods.forEach((m, i) => (console[m] = originals[i] as (typeof console)[typeof m]))
  }
  return seen
}
