import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { cloudSetupFromConfig } from '../../src/argument/cloud/config-setup'
import { ModelAssistedReviewSchema, TranscriptSchema } from '../../src/argument/cloud/schemas'
import { createWindowLimiter } from '../../src/argument/cloud/rate-limiter'
import { loadConfig } from '../../src/config'
import { argumentKeys, startCloudApp } from '../helpers/argument-cloud'
import { AUDIO_FORMATS, speechAudio, type AudioFile, type AudioFormat } from '../helpers/speech-audio'

// The real provider, reached only when its key is in the environment (ARGUMENT_MODEL too for review).
const env = process.env
const NO_KEY = 'no ARGUMENT_PROVIDER_API_KEY in the environment: the real-provider smoke test is skipped'
const NO_MODEL = 'no ARGUMENT_MODEL in the environment: the real-provider review smoke test is skipped'

async function realApp() {
  const keys = await argumentKeys()
  const setup = cloudSetupFromConfig(loadConfig(env), keys.store)
  setup.rateLimiter ??= createWindowLimiter({ requests: 5, windowSeconds: 60 })
  return { app: await startCloudApp(setup), secret: keys.review }
}

describe('smoke test against the real AI provider', () => {
  it(
    'reviews an argument in cloud mode',
    { skip: !env.ARGUMENT_PROVIDER_API_KEY ? NO_KEY : !env.ARGUMENT_MODEL ? NO_MODEL : false },
    async () => {
      const { app, secret } = await realApp()
      try {
        const text = 'The survey shows that all residents support the new park.'
        const res = await fetch(`${app.url}/api/argument/review`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${secret}` },
          body: JSON.stringify({
            text,
            sources: [
              {
                id: 's1',
                label: 'Survey',
                text: 'The survey found that 62% of residents support the new park.',
              },
            ],
            mode: 'cloud',
            consent: true,
          }),
        })
        const body = await res.text()
        assert.equal(res.status, 200, body)
        const review = ModelAssistedReviewSchema.parse(JSON.parse(body))
        for (const claim of review.claims)
          assert.equal(text.slice(claim.passage.start, claim.passage.end), claim.quote)
      } finally {
        await app.close()
      }
    },
  )

  it('transcribes spoken English', { skip: env.ARGUMENT_PROVIDER_API_KEY ? false : NO_KEY }, async () => {
    const mp3 = (
      await speechAudio('Most residents support the new park.', [AUDIO_FORMATS[0] as AudioFormat])
    ).get('MP3') as AudioFile
    const { app, secret } = await realApp()
    try {
      const form = new FormData()
      form.append('file', new Blob([mp3.bytes as Uint8Array<ArrayBuffer>], { type: mp3.type }), mp3.name)
      const res = await fetch(`${app.url}/api/argument/transcribe`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}`, 'X-Service-Consent': 'send-to-provider' },
        body: form,
      })
      const body = await res.text()
      assert.equal(res.status, 200, body)
      assert.match(TranscriptSchema.parse(JSON.parse(body)).transcript, /park/i)
    } finally {
      await app.close()
    }
  })
})
