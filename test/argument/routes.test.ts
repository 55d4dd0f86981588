import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { ARGUMENT_LIMITS } from '../../src/argument/limits'
import { CapabilitiesSchema } from '../../src/argument/capabilities-schema'
import { ErrorSchema } from '../../src/http/errors'
import { testLexiconProvider } from '../helpers/lexicon'
import { rawPost } from '../helpers/raw-post'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'

type Reply = { status: number; headers: Headers; text: string }

/** `n` sentences of exactly `chars` characters ("Go now. Go now. ... Goooo now."). */
function sentencesOf(n: number, chars: number): string {
  const base = Array.from({ length: n }, () => 'Go now.').join(' ')
  assert.ok(base.length <= chars)
  return `G${'o'.repeat(chars - base.length + 1)}${base.slice(2)}`
}

const JSON_TYPE = { 'Content-Type': 'application/json' }
/** Transfer-Encoding: chunked, in pieces of 16 KiB, so the bound is enforced while reading. */
const CHUNKED = { chunked: true, piece: 16_384 }

describe('argument routes over HTTP', () => {
  let server: TestServer
  before(async () => {
    server = await startServer(
      createApp({ lexicon: await testLexiconProvider(), usage: await testUsageProvider() }),
    )
  })
  after(() => server.close())

  const review = async (body: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
    const res = await fetch(`${server.url}/api/argument/review`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    const reply = { status: res.status, headers: res.headers, text: await res.text() }
    assert.equal(reply.headers.get('cache-control'), 'no-store', `no-store on ${reply.status}`)
    return reply
  }
  const error = (reply: Reply) => ErrorSchema.parse(JSON.parse(reply.text))

  describe('GET /api/argument', () => {
    it('answers the capabilities without a key: modes, configuration, bounds, file types, consent, notes', async () => {
      const res = await fetch(`${server.url}/api/argument`)
      assert.equal(res.status, 200)
      assert.equal(res.headers.get('cache-control'), 'public, max-age=300')
      const body = CapabilitiesSchema.parse(await res.json())
      assert.deepEqual(
        body.modes.map((m) => [m.mode, m.method, m.configured, m.needsKey, m.needsConsent]),
        [
          ['local', 'text-checks', true, false, false],
          ['cloud', 'model-assisted', false, true, true],
        ],
      )
      assert.match(body.configurationNote, /not a promise/)
      assert.deepEqual(body.limits.text, { minCharacters: 1, maxCharacters: 12_000, maxSentences: 100 })
      assert.deepEqual(body.limits.context, { maxCharacters: 2_000 })
      assert.deepEqual(body.limits.reply, { maxCharacters: 12_000 })
      assert.equal(body.limits.sources.maxCount, 4)
      assert.deepEqual(body.limits.sources.text, { maxCharacters: 24_000, maxSentences: 600 })
      assert.equal(body.limits.sources.urlFetched, false)
      assert.equal(body.limits.request.maxBytes, 450_000)
      assert.deepEqual(
        body.transcription.fileTypes.map((t) => t.name),
        ['MP3', 'MP4', 'M4A', 'WAV', 'WebM', 'MPEG', 'MPGA', 'OGG', 'FLAC'],
      )
      assert.equal(body.transcription.maxRequestBytes, 20 * 1024 * 1024)
      assert.equal(body.transcription.maxClientFileBytes, 19 * 1024 * 1024)
      assert.ok(body.consent.some((rule) => rule.includes('"consent": true')))
      assert.ok(body.consent.some((rule) => rule.includes('X-Service-Consent: send-to-provider')))
      for (const mode of body.modes) assert.ok(mode.means.length > 0 && mode.doesNotMean.length > 0)
      assert.match(body.textChecks.sentences, /blank line/)
      assert.match(body.textChecks.score, /Dice/)
      assert.ok(body.textChecks.stopWords.includes('the'))
      assert.ok(body.textChecks.cueWords.quantifier.universal.includes('all'))
    })

    it('answers HEAD like GET with no body', async () => {
      const get = await fetch(`${server.url}/api/argument`)
      const length = (await get.arrayBuffer()).byteLength
      const head = await fetch(`${server.url}/api/argument`, { method: 'HEAD' })
      assert.equal(head.status, 200)
      assert.equal((await head.arrayBuffer()).byteLength, 0)
      assert.equal(head.headers.get('content-length'), String(length))
    })
  })

  describe('POST /api/argument/review', () => {
    it('reviews locally by default, with no key, never cached', async () => {
      const reply = await review({
        text: 'Residents support the park.',
        sources: [{ id: 'a', label: 'A', text: 'Residents like the park.' }],
      })
      assert.equal(reply.status, 200)
      const body = JSON.parse(reply.text) as {
        mode: string
        method: string
        sentences: Array<{ matches: unknown[] }>
      }
      assert.equal(body.mode, 'local')
      assert.equal(body.method, 'text-checks')
      assert.equal(body.sentences[0]?.matches.length, 1)
    })

    it('answers identical requests with identical bytes', async () => {
      const input = {
        text: 'All 45% of residents support the park. It is "clearly popular".',
        reply: 'Not all.',
        sources: [{ id: 'a', label: 'A', text: 'Some 40% of residents like the park.' }],
      }
      const first = await review(input)
      const second = await review(input)
      assert.equal(first.status, 200)
      assert.equal(second.text, first.text)
    })

    const S = ARGUMENT_LIMITS.sources
    const source = (over: Record<string, unknown> = {}) => ({
      id: 's',
      label: 'Source',
      text: 'Parks help.',
      ...over,
    })
    const cases: Array<[string, unknown, number, string?, RegExp?]> = [
      ['text of 1 character', { text: 'x' }, 200],
      ['text of only white space (no sentence)', { text: ' \n ' }, 200],
      ['empty text', { text: '' }, 400, 'text', /at least 1 character/],
      ['text of 12,000 characters', { text: 'x'.repeat(12_000) }, 200],
      ['text of 12,001 characters', { text: 'x'.repeat(12_001) }, 400, 'text', /at most 12,000 characters/],
      ['text of 100 sentences', { text: sentencesOf(100, 1_000) }, 200],
      [
        'text of 101 sentences',
        { text: sentencesOf(101, 1_000) },
        400,
        'text',
        /at most 100 sentences \(it has 101/,
      ],
      ['text of 12,000 characters and 100 sentences', { text: sentencesOf(100, 12_000) }, 200],
      ['context of 2,000 characters', { text: 'x', context: 'c'.repeat(2_000) }, 200],
      [
        'context of 2,001 characters',
        { text: 'x', context: 'c'.repeat(2_001) },
        400,
        'context',
        /at most 2,000/,
      ],
      ['reply of 12,000 characters', { text: 'x', reply: 'r'.repeat(12_000) }, 200],
      [
        'reply of 12,001 characters',
        { text: 'x', reply: 'r'.repeat(12_001) },
        400,
        'reply',
        /at most 12,000/,
      ],
      ['4 sources', { text: 'x', sources: ['a', 'b', 'c', 'd'].map((id) => source({ id })) }, 200],
      [
        '5 sources',
        { text: 'x', sources: ['a', 'b', 'c', 'd', 'e'].map((id) => source({ id })) },
        400,
        'sources',
        /at most 4/,
      ],
      [
        '4 sources of 24,000 characters and 600 sentences',
        {
          text: 'x',
          sources: ['a', 'b', 'c', 'd'].map((id) => source({ id, text: sentencesOf(600, 24_000) })),
        },
        200,
      ],
      [
        'source text of 24,001 characters',
        { text: 'x', sources: [source({ text: 'y'.repeat(24_001) })] },
        400,
        'sources.0.text',
        /at most 24,000/,
      ],
      [
        'source text of 601 sentences',
        { text: 'x', sources: [source({ text: sentencesOf(601, 5_000) })] },
        400,
        'sources.0.text',
        /at most 600 sentences/,
      ],
      [
        'source id of 100 characters',
        { text: 'x', sources: [source({ id: 'i'.repeat(S.id.maxCharacters) })] },
        200,
      ],
      [
        'source id of 101 characters',
        { text: 'x', sources: [source({ id: 'i'.repeat(S.id.maxCharacters + 1) })] },
        400,
        'sources.0.id',
        /at most 100/,
      ],
      [
        'empty source id',
        { text: 'x', sources: [source({ id: '' })] },
        400,
        'sources.0.id',
        /must not be empty/,
      ],
      ['duplicate source id', { text: 'x', sources: [source(), source()] }, 400, 'sources.1.id', /unique/],
      [
        'label of 300 characters',
        { text: 'x', sources: [source({ label: 'l'.repeat(S.label.maxCharacters) })] },
        200,
      ],
      [
        'label of 301 characters',
        { text: 'x', sources: [source({ label: 'l'.repeat(S.label.maxCharacters + 1) })] },
        400,
        'sources.0.label',
        /at most 300/,
      ],
      [
        'empty label',
        { text: 'x', sources: [source({ label: '' })] },
        400,
        'sources.0.label',
        /must not be empty/,
      ],
      [
        'url of 2,048 characters',
        { text: 'x', sources: [source({ url: `https://a.example/${'u'.repeat(2_030)}` })] },
        200,
      ],
      [
        'url of 2,049 characters',
        { text: 'x', sources: [source({ url: `https://a.example/${'u'.repeat(2_031)}` })] },
        400,
        'sources.0.url',
        /at most 2048/,
      ],
      ['missing text', { sources: [] }, 400, 'text', /must be a string/],
      ['text that is not a string', { text: 12 }, 400, 'text', /must be a string/],
      ['unknown field', { text: 'x', extra: true }, 400, '', /extra/],
      ['unknown mode', { text: 'x', mode: 'remote' }, 400, 'mode', /"local" or "cloud"/],
      ['consent that is not a boolean', { text: 'x', consent: 'yes' }, 400, 'consent', /boolean/],
      [
        'cloud mode without consent',
        { text: 'x', mode: 'cloud' },
        400,
        'consent',
        /must be true in cloud mode/,
      ],
      ['local mode with consent false', { text: 'x', mode: 'local', consent: false }, 200],
    ]
    for (const [name, body, status, path, message] of cases) {
      it(`answers ${status} for ${name}`, async () => {
        const reply = await review(body)
        assert.equal(reply.status, status, reply.text.slice(0, 300))
        if (status !== 400) return
        const err = error(reply)
        assert.equal(err.code, 'invalid_request')
        const detail = err.details?.find((d) => d.path === path)
        assert.ok(detail, `no detail for "${path}" in ${JSON.stringify(err.details)}`)
        assert.match(detail.message, message as RegExp)
      })
    }

    it('answers 503 with a clear body for cloud mode until it is configured', async () => {
      const reply = await review({ text: 'x', mode: 'cloud', consent: true })
      assert.equal(reply.status, 503)
      const err = error(reply)
      assert.equal(err.code, 'cloud_not_configured')
      assert.match(err.message, /not configured/)
      assert.match(err.hint ?? '', /"mode": "local"/)
    })

    it('answers 400 for a body that is not JSON, or empty', async () => {
      for (const body of ['{"text": "x"', 'text=x', '']) {
        const reply = await review(body)
        assert.equal(reply.status, 400)
        assert.equal(error(reply).code, 'invalid_json')
      }
    })

    it('answers 415 for anything but JSON', async () => {
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const reply = await review('{"text":"x"}', { 'Content-Type': type })
        assert.equal(reply.status, 415, type)
        assert.equal(error(reply).code, 'unsupported_media_type')
      }
      const res = await fetch(`${server.url}/api/argument/review`, {
        method: 'POST',
        body: new Uint8Array([123, 125]),
      })
      assert.equal(res.status, 415)
      assert.equal(res.headers.get('cache-control'), 'no-store')
      assert.equal(
        (await review('{"text":"x"}', { 'Content-Type': 'application/json; charset=utf-8' })).status,
        200,
      )
    })

    const padded = (bytes: number) => {
      const json = '{"text":"x"}'
      return json + ' '.repeat(bytes - json.length)
    }

    it('accepts a body of exactly 450,000 bytes and answers 413 one byte past, by Content-Length', async () => {
      assert.equal((await review(padded(ARGUMENT_LIMITS.requestBytes))).status, 200)
      const reply = await review(padded(ARGUMENT_LIMITS.requestBytes + 1))
      assert.equal(reply.status, 413)
      assert.equal(error(reply).code, 'payload_too_large')
      assert.equal(reply.headers.get('connection'), 'close')
    })

    it('enforces the same bound while reading a chunked body', async () => {
      const url = `${server.url}/api/argument/review`
      const at = await rawPost(url, JSON_TYPE, Buffer.from(padded(ARGUMENT_LIMITS.requestBytes)), CHUNKED)
      assert.equal(at.status, 200)
      const past = await rawPost(
        url,
        JSON_TYPE,
        Buffer.from(padded(ARGUMENT_LIMITS.requestBytes + 1)),
        CHUNKED,
      )
      assert.equal(past.status, 413)
      assert.equal(ErrorSchema.parse(JSON.parse(past.text)).code, 'payload_too_large')
      const huge = await rawPost(
        url,
        JSON_TYPE,
        Buffer.from(padded(4 * ARGUMENT_LIMITS.requestBytes)),
        CHUNKED,
      )
      assert.equal(huge.status, 413)
    })

    it('answers 405 with Allow for other methods', async () => {
      const res = await fetch(`${server.url}/api/argument/review`)
      assert.equal(res.status, 405)
      assert.equal(res.headers.get('allow'), 'POST')
      assert.equal(res.headers.get('cache-control'), 'no-store')
    })

    it('never fetches a source URL', async () => {
      let requests = 0
      const watched: Server = createServer((_req, res) => {
        requests++
        res.end('source text')
      })
      await new Promise<void>((resolve) => watched.listen(0, '127.0.0.1', resolve))
      try {
        const url = `http://127.0.0.1:${(watched.address() as AddressInfo).port}/source`
        const reply = await review({
          text: 'The source says so.',
          sources: [source({ url, text: 'The source says so.' })],
        })
        assert.equal(reply.status, 200)
        assert.equal(
          (JSON.parse(reply.text) as { fields: { sources: Array<{ url: string }> } }).fields.sources[0]?.url,
          url,
        )
        assert.equal((await fetch(`${server.url}/api/argument`)).status, 200)
        await new Promise((resolve) => setTimeout(resolve, 50))
        assert.equal(requests, 0)
      } finally {
        await new Promise<void>((resolve) => watched.close(() => resolve()))
      }
    })

    it('does not log request bodies, on success or on error', async () => {
      const marker = 'zqxjkv-private-argument'
      const seen: string[] = []
      const methods = ['log', 'info', 'warn', 'error', 'debug'] as const
      const originals = methods.map((m) => console[m])
      methods.forEach((m) => {
        console[m] = (...args: unknown[]) => void seen.push(args.map(String).join(' '))
      })
      try {
        await review({ text: `${marker} matters.`, sources: [source({ text: marker })] })
        await review({ text: `${marker}`, extra: marker })
        await review(`{"text": "${marker}"`)
        await review(padded(ARGUMENT_LIMITS.requestBytes + 1).replace('x', marker))
      } finally {
        methods.forEach((m, i) => (console[m] = originals[i] as (typeof console)[typeof m]))
      }
      assert.ok(seen.every((line) => !line.includes(marker)))
    })

    it('answers 503 when the lexicon is unavailable', async () => {
      const down = await startServer(
        createApp({
          lexicon: {
            current: async () => ({ status: 'unavailable', reason: 'no release' }),
            changeToken: async () => 'down',
          },
          usage: await testUsageProvider(),
        }),
      )
      try {
        const res = await fetch(`${down.url}/api/argument/review`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ text: 'x' }),
        })
        assert.equal(res.status, 503)
        assert.equal(res.headers.get('cache-control'), 'no-store')
        assert.equal(ErrorSchema.parse(await res.json()).code, 'lexicon_unavailable')
        assert.equal((await fetch(`${down.url}/api/argument`)).status, 200)
      } finally {
        await down.close()
      }
    })
  })

  it('describes both routes, their errors and ArgumentInput in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; description?: string }>>
      components: { schemas: Record<string, unknown> }
    }
    assert.ok(doc.paths['/api/argument']?.get)
    const post = doc.paths['/api/argument/review']?.post
    assert.ok(post)
    assert.deepEqual(Object.keys(post.responses).sort(), [
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
      '429',
      '502',
      '503',
    ])
    assert.match(post.description ?? '', /UTF-16 code units/)
    for (const name of [
      'ArgumentInput',
      'ArgumentSource',
      'TextCheckReview',
      'Passage',
      'ArgumentCapabilities',
    ]) {
      assert.ok(doc.components.schemas[name], `missing component ${name}`)
    }
  })
})
