import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import { TranscriptSchema } from '../../src/argument/cloud/schemas'
import { TRANSCRIPTION_LIMITS } from '../../src/argument/limits'
import { CapabilitiesSchema } from '../../src/argument/capabilities-schema'
import { ErrorSchema, type ErrorBody } from '../../src/http/errors'
import {
  argumentKeys,
  capturedConsole,
  cloudSetup,
  PROVIDER_KEY,
  rawPost,
  startCloudApp,
  type ArgumentKeys,
} from '../helpers/argument-cloud'
import { formBody, startFakeProvider, type FakeProvider, type ProviderCall } from '../helpers/fake-provider'
import type { TestServer } from '../helpers/server'
import { AUDIO_FORMATS, speechAudio, type AudioFile } from '../helpers/speech-audio'

const SPOKEN = 'Most residents support the new park.'
const MIB = 1024 * 1024

type Upload = AudioFile
type Reply = { status: number; headers: Headers; text: string }

function parseError(reply: Reply): ErrorBody {
  return ErrorSchema.parse(JSON.parse(reply.text))
}

/** One multipart body with a single `file` part, padded with zeros after the audio to `total` bytes. */
function multipartOf(
  upload: Upload,
  total?: number,
): { body: Buffer; contentType: string; fileBytes: number } {
  const boundary = 'lexicon-service-test-boundary'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${upload.name}"\r\nContent-Type: ${upload.type}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const fileLength = total === undefined ? upload.bytes.length : total - head.length - tail.length
  assert.ok(fileLength >= upload.bytes.length)
  const file = Buffer.alloc(fileLength)
  file.set(upload.bytes)
  return {
    body: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
    fileBytes: fileLength,
  }
}

describe('transcription over HTTP, against a provider on loopback', () => {
  let provider: FakeProvider
  let keys: ArgumentKeys
  let server: TestServer
  let audio = new Map<string, Upload>()
  // Without ffmpeg every test that uploads audio fails with the message naming it; the others still run.
  let noAudio: unknown = null

  before(async () => {
    audio = await speechAudio(SPOKEN).catch((err: unknown) => {
      noAudio = err
      return new Map<string, Upload>()
    })
    provider = await startFakeProvider()
    keys = await argumentKeys()
    // No ARGUMENT_MODEL: transcription does not need it.
    server = await startCloudApp(
      cloudSetup(provider.baseUrl, keys.store, { reviewModel: undefined, timeoutMs: 10_000 }),
    )
  })
  after(async () => {
    await server.close()
    await provider.close()
  })
  beforeEach(() => {
    provider.calls.length = 0
    provider.reply = () => ({ json: { text: SPOKEN } })
  })

  const sound = (name: string): Upload => {
    if (noAudio) throw noAudio
    return audio.get(name) as Upload
  }

  const upload = async (
    files: Upload[],
    options: {
      consent?: string | null
      secret?: string | null
      fields?: Record<string, string>
      url?: string
    } = {},
  ): Promise<Reply> => {
    const form = new FormData()
    for (const file of files)
      form.append('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name)
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value)
    const headers: Record<string, string> = {}
    const consent = options.consent === undefined ? 'send-to-provider' : options.consent
    if (consent !== null) headers['X-Service-Consent'] = consent
    const secret = options.secret === undefined ? keys.review : options.secret
    if (secret !== null) headers.Authorization = `Bearer ${secret}`
    const res = await fetch(`${options.url ?? server.url}/api/argument/transcribe`, {
      method: 'POST',
      headers,
      body: form,
    })
    const reply = { status: res.status, headers: res.headers, text: await res.text() }
    assert.equal(reply.headers.get('cache-control'), 'no-store', `no-store on ${reply.status}`)
    return reply
  }

  describe('accepted audio', () => {
    for (const format of AUDIO_FORMATS) {
      it(`transcribes ${format.name}, sending the provider the file under a neutral name, once`, async () => {
        const file = { ...sound(format.name), name: `Private Name.${format.file.split('.')[1]}` }
        const reply = await upload([file])
        assert.equal(reply.status, 200, reply.text)
        const body = TranscriptSchema.parse(JSON.parse(reply.text))
        assert.equal(body.transcript, SPOKEN)
        assert.equal(body.file.type, format.name)
        assert.equal(body.file.bytes, file.bytes.length)
        assert.equal(body.model, 'gpt-4o-mini-transcribe')
        assert.equal(body.editable, true)
        assert.equal(body.reviewRequired, true)
        assert.ok(body.limits.some((l) => /Speech only/.test(l)))
        assert.ok(body.limits.some((l) => /Visual content is not assessed/.test(l)))
        assert.ok(body.limits.some((l) => /reviewed and corrected by the user before use/.test(l)))

        assert.equal(provider.calls.length, 1)
        const call = provider.calls[0] as ProviderCall
        assert.equal(call.path, '/v1/audio/transcriptions')
        assert.equal(call.headers.authorization, `Bearer ${PROVIDER_KEY}`)
        assert.ok(!call.body.includes(Buffer.from(keys.review)))
        assert.ok(!call.body.includes(Buffer.from('Private Name')))
        const form = await formBody(call)
        assert.deepEqual([...form.keys()].sort(), ['file', 'model', 'response_format'])
        assert.equal(form.get('model'), 'gpt-4o-mini-transcribe')
        assert.equal(form.get('response_format'), 'json')
        const sent = form.get('file') as File
        assert.equal(sent.name, `audio.${format.file.split('.')[1]}`)
        assert.deepEqual(new Uint8Array(await sent.arrayBuffer()), file.bytes)
      })
    }

    it('takes the extension as the declared type when the media type is application/octet-stream', async () => {
      const reply = await upload([{ ...sound('FLAC'), type: 'application/octet-stream' }])
      assert.equal(reply.status, 200, reply.text)
      assert.equal(TranscriptSchema.parse(JSON.parse(reply.text)).file.type, 'FLAC')
    })

    it('recognises FLAC behind an ID3 tag longer than the leading bytes first read, and sends it whole', async () => {
      // An ID3v2 header (size 1,000 as four 7-bit bytes) and a tag of zeros before the FLAC stream.
      const tag = new Uint8Array(10 + 1_000)
      tag.set([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 1_000 >> 7, 1_000 & 0x7f])
      const flac = sound('FLAC')
      const bytes = new Uint8Array([...tag, ...flac.bytes])
      const reply = await upload([{ ...flac, bytes }])
      assert.equal(reply.status, 200, reply.text)
      assert.equal(TranscriptSchema.parse(JSON.parse(reply.text)).file.type, 'FLAC')
      const sent = (await formBody(provider.calls[0] as ProviderCall)).get('file') as File
      assert.deepEqual(new Uint8Array(await sent.arrayBuffer()), bytes)
    })

    it('uses TRANSCRIPTION_MODEL when it is set', async () => {
      const app = await startCloudApp(
        cloudSetup(provider.baseUrl, keys.store, { transcriptionModel: 'whisper-1' }),
      )
      try {
        const reply = await upload([sound('WAV')], { url: app.url })
        assert.equal(TranscriptSchema.parse(JSON.parse(reply.text)).model, 'whisper-1')
        assert.equal((await formBody(provider.calls[0] as ProviderCall)).get('model'), 'whisper-1')
      } finally {
        await app.close()
      }
    })
  })

  describe('415: the declared type and the leading bytes must agree on an accepted type', () => {
    const cases: [string, () => Upload][] = [
      [
        'a text file renamed speech.mp3',
        () => ({
          bytes: new TextEncoder().encode('Most residents support the new park.\n'),
          name: 'speech.mp3',
          type: 'audio/mpeg',
        }),
      ],
      [
        'a text file renamed speech.wav with no media type',
        () => ({ bytes: new TextEncoder().encode('RIFF? no.'), name: 'speech.wav', type: '' }),
      ],
      ['MP3 bytes declared as text/plain', () => ({ ...sound('MP3'), type: 'text/plain' })],
      [
        'a PNG image',
        () => ({
          bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
          name: 'photo.png',
          type: 'image/png',
        }),
      ],
      ['FLAC bytes declared as WAV', () => ({ ...sound('FLAC'), type: 'audio/wav' })],
      ['WebM bytes declared as OGG', () => ({ ...sound('WebM'), type: 'audio/ogg' })],
      [
        'an unknown extension with no media type',
        () => ({ ...sound('WAV'), name: 'speech.aiff', type: 'application/octet-stream' }),
      ],
      ['an empty file', () => ({ bytes: new Uint8Array(0), name: 'speech.mp3', type: 'audio/mpeg' })],
    ]
    for (const [name, file] of cases) {
      it(`answers 415 for ${name}, without calling the provider`, async () => {
        const reply = await upload([file()])
        assert.equal(reply.status, 415, reply.text)
        assert.equal(parseError(reply).code, 'unsupported_media_type')
        assert.equal(provider.calls.length, 0)
      })
    }

    it('answers 415 for a body that is not multipart', async () => {
      for (const [type, body] of [
        ['application/json', '{"file": "x"}'],
        ['application/x-www-form-urlencoded', 'file=x'],
        ['audio/mpeg', 'x'],
      ]) {
        const res = await fetch(`${server.url}/api/argument/transcribe`, {
          method: 'POST',
          headers: {
            'Content-Type': type as string,
            'X-Service-Consent': 'send-to-provider',
            Authorization: `Bearer ${keys.review}`,
          },
          body,
        })
        assert.equal(res.status, 415)
        assert.equal(res.headers.get('cache-control'), 'no-store')
      }
    })
  })

  describe('400: consent and the form', () => {
    it('answers 400 without the consent header, or with another value', async () => {
      for (const consent of [null, 'yes', 'send-to-provider-please', '']) {
        const reply = await upload([sound('WAV')], { consent })
        assert.equal(reply.status, 400, `${consent}: ${reply.text}`)
        assert.match(parseError(reply).message, /X-Service-Consent/)
      }
      assert.equal(provider.calls.length, 0)
    })

    it('answers 400 unless the form is exactly one binary field "file"', async () => {
      const cases: [string, () => Promise<Reply>][] = [
        ['no field', () => upload([])],
        ['file as a text field', () => upload([], { fields: { file: 'not a file' } })],
        ['an extra field', () => upload([sound('WAV')], { fields: { language: 'en' } })],
        ['two files', () => upload([sound('WAV'), sound('MP3')])],
        [
          'another name',
          async () => {
            const form = new FormData()
            form.append('audio', new Blob([sound('WAV').bytes as Uint8Array<ArrayBuffer>]), 'speech.wav')
            const res = await fetch(`${server.url}/api/argument/transcribe`, {
              method: 'POST',
              headers: { 'X-Service-Consent': 'send-to-provider', Authorization: `Bearer ${keys.review}` },
              body: form,
            })
            return { status: res.status, headers: res.headers, text: await res.text() }
          },
        ],
      ]
      for (const [name, send] of cases) {
        const reply = await send()
        assert.equal(reply.status, 400, `${name}: ${reply.text}`)
        assert.equal(parseError(reply).code, 'invalid_request', name)
      }
      assert.equal(provider.calls.length, 0)
    })

    it('answers 400 invalid_multipart for a body that does not parse', async () => {
      const reply = await rawPost(
        `${server.url}/api/argument/transcribe`,
        {
          'Content-Type': 'multipart/form-data; boundary=abc',
          'X-Service-Consent': 'send-to-provider',
          Authorization: `Bearer ${keys.review}`,
        },
        Buffer.from('--xyz\r\nnot a part\r\n'),
      )
      assert.equal(reply.status, 400, reply.text)
      assert.equal(ErrorSchema.parse(JSON.parse(reply.text)).code, 'invalid_multipart')
    })
  })

  describe('keys', () => {
    const statuses: [string, () => string | null, number][] = [
      ['no key', () => null, 401],
      ['an unknown key', () => 'u'.repeat(43), 401],
      ['a revoked key', () => keys.revoked, 401],
      ['an expired key', () => keys.expired, 401],
      ['a key without argument-review', () => keys.noScope, 403],
    ]
    for (const [name, secret, status] of statuses) {
      it(`answers ${status} for ${name}, even with consent and audio`, async () => {
        const reply = await upload([sound('WAV')], { secret: secret() })
        assert.equal(reply.status, status)
        if (status === 401) assert.match(reply.headers.get('www-authenticate') ?? '', /^Bearer/)
        assert.equal(provider.calls.length, 0)
      })
    }
  })

  describe('413: the whole request at most 20 MiB, enforced while reading', () => {
    const headers = () => ({
      'X-Service-Consent': 'send-to-provider',
      Authorization: `Bearer ${keys.review}`,
    })
    const url = () => `${server.url}/api/argument/transcribe`

    it('accepts a request of exactly 20 MiB and answers 413 one byte past, by Content-Length', async () => {
      const exact = multipartOf(sound('WAV'), TRANSCRIPTION_LIMITS.maxRequestBytes)
      assert.equal(exact.body.length, 20 * MIB)
      const ok = await rawPost(url(), { ...headers(), 'Content-Type': exact.contentType }, exact.body)
      assert.equal(ok.status, 200, ok.text)
      assert.equal(TranscriptSchema.parse(JSON.parse(ok.text)).file.bytes, exact.fileBytes)
      const over = multipartOf(sound('WAV'), TRANSCRIPTION_LIMITS.maxRequestBytes + 1)
      const refused = await rawPost(url(), { ...headers(), 'Content-Type': over.contentType }, over.body, {
        sendOnly: 64 * 1024,
      })
      assert.equal(refused.status, 413)
      assert.equal(ErrorSchema.parse(JSON.parse(refused.text)).code, 'payload_too_large')
      assert.equal(refused.headers['cache-control'], 'no-store')
      assert.equal(provider.calls.length, 1)
    })

    it('enforces the same bound on a chunked request', async () => {
      const exact = multipartOf(sound('MP3'), TRANSCRIPTION_LIMITS.maxRequestBytes)
      const ok = await rawPost(url(), { ...headers(), 'Content-Type': exact.contentType }, exact.body, {
        chunked: true,
      })
      assert.equal(ok.status, 200, ok.text)
      const over = multipartOf(sound('MP3'), TRANSCRIPTION_LIMITS.maxRequestBytes + 1)
      const refused = await rawPost(url(), { ...headers(), 'Content-Type': over.contentType }, over.body, {
        chunked: true,
        sendOnly: over.body.length,
      })
      assert.equal(refused.status, 413)
      assert.equal(provider.calls.length, 1)
    })
  })

  describe('422: the transcript must be neither empty nor longer than a review text', () => {
    const sentences = (n: number) => Array.from({ length: n }, () => 'We agree.').join(' ')
    const cases: [string, string, number, string?][] = [
      ['an empty transcript', '', 422, 'transcript_empty'],
      ['a transcript of white space', '  \n ', 422, 'transcript_empty'],
      ['12,000 characters', 'a'.repeat(12_000), 200],
      ['12,001 characters', 'a'.repeat(12_001), 422, 'transcript_too_long'],
      ['100 sentences', sentences(100), 200],
      ['101 sentences', sentences(101), 422, 'transcript_too_long'],
    ]
    for (const [name, text, status, code] of cases) {
      it(`answers ${status} for ${name}`, async () => {
        provider.reply = () => ({ json: { text } })
        const reply = await upload([sound('OGG')])
        assert.equal(reply.status, status, reply.text)
        if (code) assert.equal(parseError(reply).code, code)
        else assert.equal(TranscriptSchema.parse(JSON.parse(reply.text)).transcript, text)
      })
    }
  })

  describe('502: provider failures, after one attempt', () => {
    const cases: [string, FakeProvider['reply'], string][] = [
      [
        'a provider 500',
        () => ({ status: 500, json: { error: { message: 'PROVIDER-SECRET-DETAIL' } } }),
        'provider_error',
      ],
      [
        'a provider 400',
        () => ({ status: 400, json: { error: { message: 'PROVIDER-SECRET-DETAIL' } } }),
        'provider_error',
      ],
      ['a body that is not JSON', () => ({ raw: 'PROVIDER-SECRET-DETAIL' }), 'model_answer_malformed'],
      [
        'JSON without a text',
        () => ({ json: { transcript: 'PROVIDER-SECRET-DETAIL' } }),
        'model_answer_malformed',
      ],
    ]
    for (const [name, reply, code] of cases) {
      it(`answers 502 ${code} for ${name}`, async () => {
        provider.reply = reply
        const answer = await upload([sound('MP3')])
        assert.equal(answer.status, 502)
        assert.equal(parseError(answer).code, code)
        assert.ok(!answer.text.includes('PROVIDER-SECRET-DETAIL'))
        assert.equal(provider.calls.length, 1)
      })
    }

    it('answers 502 provider_timeout past the time limit', async () => {
      const slow = await startCloudApp(cloudSetup(provider.baseUrl, keys.store, { timeoutMs: 250 }))
      try {
        provider.reply = () => ({ hang: true })
        const reply = await upload([sound('WAV')], { url: slow.url })
        assert.equal(reply.status, 502)
        assert.equal(parseError(reply).code, 'provider_timeout')
        assert.equal(provider.calls.length, 1)
      } finally {
        await slow.close()
      }
    })
  })

  describe('503 and what GET /api/argument says', () => {
    it('answers 503 naming each missing setting; ARGUMENT_MODEL is not one of them', async () => {
      const full = cloudSetup(provider.baseUrl, keys.store)
      const cases: [Partial<typeof full>, string][] = [
        [{ apiKey: undefined }, 'ARGUMENT_PROVIDER_API_KEY'],
        [{ rateLimiter: undefined }, 'ARGUMENT_RATE_LIMITER'],
        [{ keys: undefined }, 'DATA_KEYS'],
      ]
      for (const [override, name] of cases) {
        const app = await startCloudApp({ ...full, ...override })
        try {
          const reply = await upload([sound('WAV')], { url: app.url })
          assert.equal(reply.status, 503)
          const err = parseError(reply)
          assert.equal(err.code, 'transcription_not_configured')
          assert.deepEqual(
            err.details?.map((d) => d.path),
            [name],
          )
          const caps = CapabilitiesSchema.parse(await (await fetch(`${app.url}/api/argument`)).json())
          assert.equal(caps.transcription.configured, false)
          assert.ok(caps.transcription.missing[0]?.startsWith(name))
        } finally {
          await app.close()
        }
      }
      const unconfigured = await startCloudApp(undefined)
      try {
        assert.equal((await upload([sound('WAV')], { url: unconfigured.url })).status, 503)
      } finally {
        await unconfigured.close()
      }
      assert.equal(provider.calls.length, 0)
    })

    it('states the file limits and the recognition rule in GET /api/argument', async () => {
      const caps = CapabilitiesSchema.parse(await (await fetch(`${server.url}/api/argument`)).json())
      assert.equal(caps.transcription.configured, true)
      assert.deepEqual(caps.transcription.missing, [])
      assert.equal(caps.transcription.maxClientFileBytes, 19 * MIB)
      assert.equal(caps.transcription.maxRequestBytes, 20 * MIB)
      assert.match(caps.cloud.transcription.recognition, /leading bytes/)
      assert.deepEqual(caps.cloud.transcription.transcriptBounds, {
        maxCharacters: 12_000,
        maxSentences: 100,
      })
      // Review is not configured here (no ARGUMENT_MODEL), transcription is.
      assert.equal(caps.modes.find((m) => m.mode === 'cloud')?.configured, false)
    })
  })

  it('logs nothing of the audio or the transcript', async () => {
    const marker = 'MARKER-91cd'
    const seen = await capturedConsole(async () => {
      provider.reply = () => ({ json: { text: `${SPOKEN} ${marker}` } })
      assert.equal((await upload([{ ...sound('WAV'), name: `${marker}.wav` }])).status, 200)
      provider.reply = () => ({ status: 500, raw: marker })
      assert.equal((await upload([{ ...sound('WAV'), name: `${marker}.wav` }])).status, 502)
    })
    assert.ok(
      seen.every((line) => !line.includes(marker)),
      seen.join('\n'),
    )
  })
})
