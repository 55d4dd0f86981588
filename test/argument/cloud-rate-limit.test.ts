import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import { cloudSetupFromConfig } from '../../src/argument/cloud/config-setup'
import { createWindowLimiter, parseRateLimit, type RateLimiter } from '../../src/argument/cloud/rate-limiter'
import { CapabilitiesSchema } from '../../src/argument/capabilities-schema'
import { secretDigest } from '../../src/auth/keys'
import { ConfigError, loadConfig } from '../../src/config'
import { ErrorSchema } from '../../src/http/errors'
import { argumentKeys, cloudSetup, startCloudApp, type ArgumentKeys } from '../helpers/argument-cloud'
import { completion, startFakeProvider, type FakeProvider } from '../helpers/fake-provider'
import { silentWav } from '../helpers/speech-audio'

describe('the burst rate limiter', () => {
  describe('the embedded sliding-window limiter', () => {
    it('allows the limit per key within the window, says when the next slot frees, and slides', async () => {
      let now = 1_000_000
      const limiter = createWindowLimiter({ requests: 5, windowSeconds: 60 }, () => now)
      for (let i = 0; i < 5; i++) {
        assert.deepEqual(await limiter.limit({ key: 'a' }), { success: true })
        now += 1_000
      }
      // The oldest allowed request was at 1,000,000; the window frees it at 1,060,000.
      assert.deepEqual(await limiter.limit({ key: 'a' }), { success: false, retryAfterSeconds: 55 })
      assert.deepEqual(await limiter.limit({ key: 'b' }), { success: true })
      now = 1_059_999
      assert.equal((await limiter.limit({ key: 'a' })).success, false)
      assert.equal((await limiter.limit({ key: 'a' })).retryAfterSeconds, 1)
      now = 1_060_000
      assert.equal((await limiter.limit({ key: 'a' })).success, true)
      assert.equal((await limiter.limit({ key: 'a' })).success, false)
    })

    it('counts correctly across the sweeps that forget keys whose requests all left the window', async () => {
      let now = 0
      const limiter = createWindowLimiter({ requests: 1, windowSeconds: 1 }, () => now)
      assert.equal((await limiter.limit({ key: 'kept' })).success, true)
      for (let i = 0; i < 2_048; i++) {
        now = 10_000 + i
        await limiter.limit({ key: `k${i}` })
      }
      now = 12_048
      assert.equal((await limiter.limit({ key: 'kept' })).success, true)
      assert.equal((await limiter.limit({ key: 'kept' })).success, false)
    })

    it('reads ARGUMENT_RATE_LIMIT as <requests>/<seconds>s and nothing else', () => {
      assert.deepEqual(parseRateLimit('5/60s'), { requests: 5, windowSeconds: 60 })
      assert.deepEqual(parseRateLimit('1/1s'), { requests: 1, windowSeconds: 1 })
      for (const bad of ['0/60s', '5/0s', '5/60', '5/60m', 'five/60s', '5 / 60s', '-5/60s', '']) {
        assert.equal(parseRateLimit(bad), null, bad)
      }
    })
  })

  describe('configuration through the environment', () => {
    it('builds the cloud setup from the variables, with the embedded limiter only when ARGUMENT_RATE_LIMIT is set', async () => {
      const keys = (await argumentKeys()).store
      const config = loadConfig({
        ARGUMENT_PROVIDER_API_KEY: 'sk-anything',
        ARGUMENT_PROVIDER_BASE_URL: 'http://127.0.0.1:9/v1',
        ARGUMENT_MODEL: 'some-model',
        TRANSCRIPTION_MODEL: 'whisper-1',
        ARGUMENT_RATE_LIMIT: '5/60s',
      })
      const setup = cloudSetupFromConfig(config, keys)
      assert.equal(setup.apiKey, 'sk-anything')
      assert.equal(setup.baseUrl, 'http://127.0.0.1:9/v1')
      assert.equal(setup.reviewModel, 'some-model')
      assert.equal(setup.transcriptionModel, 'whisper-1')
      assert.equal(
        setup.rateLimiterDescription,
        'in-process sliding window, 5 requests per 60 seconds per key',
      )
      assert.ok(setup.rateLimiter)
      assert.equal(cloudSetupFromConfig(loadConfig({}), keys).rateLimiter, undefined)
    })

    it('refuses bad values by name, and never repeats the provider key', () => {
      const key = 'sk-never-repeat-this-0123456789'
      for (const [name, value] of [
        ['ARGUMENT_RATE_LIMIT', '5 per minute'],
        ['ARGUMENT_PROVIDER_BASE_URL', 'ftp://example.org'],
        ['ARGUMENT_PROVIDER_BASE_URL', 'not a url'],
      ] as const) {
        assert.throws(
          () => loadConfig({ ARGUMENT_PROVIDER_API_KEY: key, [name]: value }),
          (err: unknown) =>
            err instanceof ConfigError && err.message.includes(name) && !err.message.includes(key),
        )
      }
    })
  })

  describe('over HTTP: per key, shared by review and transcription, before the provider is called', () => {
    let provider: FakeProvider
    let keys: ArgumentKeys
    before(async () => {
      provider = await startFakeProvider()
      keys = await argumentKeys()
    })
    after(() => provider.close())
    beforeEach(() => {
      provider.calls.length = 0
      provider.reply = (call) =>
        call.path.endsWith('/audio/transcriptions')
          ? { json: { text: 'We agree.' } }
          : { json: completion({ claims: [], termReadings: [], overview: '' }) }
    })

    const review = (url: string, secret: string, body: Record<string, unknown> = {}) =>
      fetch(`${url}/api/argument/review`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${secret}` },
        body: JSON.stringify({ text: 'Banks lend money.', mode: 'cloud', consent: true, ...body }),
      })
    const transcribe = (url: string, secret: string) => {
      const form = new FormData()
      form.append(
        'file',
        new Blob([silentWav(44 + 3_200) as Uint8Array<ArrayBuffer>], { type: 'audio/wav' }),
        'a.wav',
      )
      return fetch(`${url}/api/argument/transcribe`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}`, 'X-Service-Consent': 'send-to-provider' },
        body: form,
      })
    }

    it('allows 5 requests per 60 seconds per key and answers the 6th 429 with Retry-After', async () => {
      const app = await startCloudApp(
        cloudSetup(provider.baseUrl, keys.store, {
          rateLimiter: createWindowLimiter({ requests: 5, windowSeconds: 60 }),
          rateLimiterDescription: 'in-process sliding window, 5 requests per 60 seconds per key',
          timeoutMs: 10_000,
        }),
      )
      try {
        // Refused before the limiter: no consent, no key. They do not count.
        assert.equal((await review(app.url, keys.review, { consent: false })).status, 400)
        assert.equal((await review(app.url, keys.noScope)).status, 403)
        const statuses = []
        for (const send of [review, transcribe, review, transcribe, review]) {
          statuses.push((await send(app.url, keys.review)).status)
        }
        assert.deepEqual(statuses, [200, 200, 200, 200, 200])
        for (const send of [review, transcribe]) {
          const res = await send(app.url, keys.review)
          assert.equal(res.status, 429)
          assert.equal(res.headers.get('cache-control'), 'no-store')
          const retryAfter = Number(res.headers.get('retry-after'))
          assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `${retryAfter}`)
          assert.equal(ErrorSchema.parse(await res.json()).code, 'rate_limited')
        }
        assert.equal(provider.calls.length, 5, 'refused requests never reach the provider')
        assert.equal((await review(app.url, keys.other)).status, 200, 'another key has its own limit')
        const caps = CapabilitiesSchema.parse(await (await fetch(`${app.url}/api/argument`)).json())
        assert.equal(
          caps.cloud.provider.rateLimiter,
          'in-process sliding window, 5 requests per 60 seconds per key',
        )
      } finally {
        await app.close()
      }
    })

    it('takes a platform binding as is: a refusal without a time gives Retry-After 60', async () => {
      const binding: RateLimiter = { limit: async () => ({ success: false }) }
      const app = await startCloudApp(cloudSetup(provider.baseUrl, keys.store, { rateLimiter: binding }))
      try {
        const res = await review(app.url, keys.review)
        assert.equal(res.status, 429)
        assert.equal(res.headers.get('retry-after'), '60')
        assert.equal(provider.calls.length, 0)
      } finally {
        await app.close()
      }
    })

    it('shows the limiter a stable pseudonym of the key, never the secret or its digest', async () => {
      const seen: string[] = []
      const recording: RateLimiter = {
        limit: async ({ key }) => {
          seen.push(key)
          return { success: true }
        },
      }
      const app = await startCloudApp(cloudSetup(provider.baseUrl, keys.store, { rateLimiter: recording }))
      try {
        await review(app.url, keys.review)
        await transcribe(app.url, keys.review)
        await review(app.url, keys.other)
        assert.equal(seen.length, 3)
        assert.equal(seen[0], seen[1])
        assert.notEqual(seen[0], seen[2])
        for (const secret of [keys.review, keys.other]) {
          const digest = await secretDigest(secret)
          assert.ok(seen.every((key) => !key.includes(secret) && !key.includes(digest)))
        }
      } finally {
        await app.close()
      }
    })

    it('answers 503 when the limiter fails, without calling the provider', async () => {
      const broken: RateLimiter = {
        limit: async () => {
          throw new Error('binding unavailable')
        },
      }
      const app = await startCloudApp(cloudSetup(provider.baseUrl, keys.store, { rateLimiter: broken }))
      try {
        for (const send of [review, transcribe]) {
          const res = await send(app.url, keys.review)
          assert.equal(res.status, 503)
          assert.equal(ErrorSchema.parse(await res.json()).code, 'rate_limiter_unavailable')
        }
        assert.equal(provider.calls.length, 0)
      } finally {
        await app.close()
      }
    })
  })
})
