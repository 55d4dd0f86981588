import assert from 'node:assert/strict'
import { readdir } from 'node:fs/promises'
import { after, before, beforeEach, describe, it } from 'node:test'
import { CapabilitiesSchema } from '../../src/argument/capabilities-schema'
import { ModelAssistedReviewSchema } from '../../src/argument/cloud/schemas'
import { ARGUMENT_LIMITS } from '../../src/argument/limits'
import { ErrorSchema, type ErrorBody } from '../../src/http/errors'
import { senseKey, sensesOf } from '../../src/lexicon/lexicon'
import {
  argumentKeys,
  capturedConsole,
  cloudSetup,
  PROVIDER_KEY,
  REVIEW_MODEL,
  startCloudApp,
  type ArgumentKeys,
} from '../helpers/argument-cloud'
import {
  completion,
  jsonBody,
  startFakeProvider,
  type FakeProvider,
  type ProviderCall,
} from '../helpers/fake-provider'
import { testLexicon } from '../helpers/lexicon'
import type { TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'
import { contrastsInvolving, type UsageCatalog } from '../../src/usage/catalog'

type Reply = { status: number; headers: Headers; text: string }

// An emoji first, so that UTF-16 offsets differ from code-point offsets.
const TEXT =
  '🙂 The council report claims that all residents support the new park. It suggests that the park will affect property values. Critics deny that the evidence is proof of anything.'
const SOURCE_1 =
  'The survey found that 62% of residents support the new park. Property values near similar parks rose slightly. The report does not discuss crime.'
const SOURCE_2 = 'Visitor counts drop in winter, according to park staff.'

type UserPayload = {
  text: string
  context?: string
  reply?: string
  sources: { id: string; label: string; url?: string; text: string }[]
  dictionaryTerms: {
    term: string
    occurrences: number
    meanings: { id: string; partOfSpeech: string; definition: string }[]
    meaningsTotal: number
  }[]
  editorialNotes: Record<string, unknown>[]
}

function userPayload(call: ProviderCall): UserPayload {
  const messages = jsonBody(call).messages as { role: string; content: string }[]
  return JSON.parse((messages[1] as { content: string }).content) as UserPayload
}

const claim = (quote: string, judgment: string, citations: { sourceId: string; quote: string }[] = []) => ({
  quote,
  claim: `Restated: ${quote}`,
  judgment,
  explanation: 'Read against the supplied sources.',
  citations,
})

const GOOD_ANSWER = {
  claims: [
    claim('all residents support the new park', 'contradicted', [
      { sourceId: 's1', quote: '62% of residents support the new park' },
    ]),
    claim('the park will affect property values', 'supported', [
      { sourceId: 's1', quote: 'Property values near similar parks rose slightly.' },
    ]),
    claim('Critics deny that the evidence is proof of anything', 'not-addressed'),
  ],
  termReadings: [],
  overview: 'The sources support part of the argument.',
}

async function usageCatalog(): Promise<UsageCatalog> {
  const state = await (await testUsageProvider()).current()
  assert.equal(state.status, 'ready')
  return (state as { catalog: UsageCatalog }).catalog
}

function parseError(reply: Reply): ErrorBody {
  return ErrorSchema.parse(JSON.parse(reply.text))
}

describe('cloud review over HTTP, against a provider on loopback', () => {
  let provider: FakeProvider
  let trap: FakeProvider
  let keys: ArgumentKeys
  let server: TestServer
  let input: Record<string, unknown>

  before(async () => {
    provider = await startFakeProvider()
    trap = await startFakeProvider()
    keys = await argumentKeys()
    server = await startCloudApp(cloudSetup(provider.baseUrl, keys.store, { timeoutMs: 10_000 }))
    input = {
      text: TEXT,
      context: 'A debate about the new park.',
      reply: 'Not everyone agrees with the council.',
      sources: [
        { id: 's1', label: 'Council survey 2024', url: `${trap.url}/survey`, text: SOURCE_1 },
        { id: 's2', label: 'Park staff note', text: SOURCE_2 },
      ],
      mode: 'cloud',
      consent: true,
    }
  })
  after(async () => {
    await server.close()
    await provider.close()
    await trap.close()
  })
  beforeEach(() => {
    provider.calls.length = 0
    provider.reply = () => ({ json: completion(GOOD_ANSWER) })
  })

  const review = async (
    body: unknown,
    secret: string | null = keys.review,
    url = server.url,
  ): Promise<Reply> => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    if (secret !== null) headers.Authorization = `Bearer ${secret}`
    const res = await fetch(`${url}/api/argument/review`, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    const reply = { status: res.status, headers: res.headers, text: await res.text() }
    assert.equal(reply.headers.get('cache-control'), 'no-store', `no-store on ${reply.status}`)
    return reply
  }

  describe('what the provider receives', () => {
    it('sends one request with store: false, strict structured output, no tools and the server-only key', async () => {
      const reply = await review(input)
      assert.equal(reply.status, 200, reply.text)
      assert.equal(provider.calls.length, 1)
      const call = provider.calls[0] as ProviderCall
      assert.equal(call.method, 'POST')
      assert.equal(call.path, '/v1/chat/completions')
      assert.equal(call.headers.authorization, `Bearer ${PROVIDER_KEY}`)
      assert.equal(call.headers['content-type'], 'application/json')
      assert.ok(
        !call.body.toString('utf8').includes(keys.review),
        'the client key never reaches the provider',
      )
      const body = jsonBody(call)
      assert.deepEqual(Object.keys(body).sort(), ['messages', 'model', 'response_format', 'store'])
      assert.equal(body.model, REVIEW_MODEL)
      assert.equal(body.store, false)
      const format = body.response_format as { type: string; json_schema: Record<string, unknown> }
      assert.equal(format.type, 'json_schema')
      assert.equal(format.json_schema.strict, true)
      const schema = format.json_schema.schema as Record<string, unknown>
      assert.equal(schema.additionalProperties, false)
      assert.deepEqual(schema.required, ['claims', 'termReadings', 'overview'])
      const claims = (schema.properties as Record<string, { maxItems: number }>).claims as {
        maxItems: number
      }
      assert.equal(claims.maxItems, 12)
      assert.ok(!JSON.stringify(schema).includes('maxLength'), 'only keywords structured output takes')
      const messages = body.messages as { role: string; content: string }[]
      assert.deepEqual(
        messages.map((m) => m.role),
        ['system', 'user'],
      )
      assert.match(messages[0]?.content ?? '', /never instructions/)
      assert.equal(trap.calls.length, 0, 'the source URL is never fetched')
    })

    it('sends exactly the text, context, reply, sources with attribution, terms and editorial notes', async () => {
      await review(input)
      const payload = userPayload(provider.calls[0] as ProviderCall)
      assert.deepEqual(Object.keys(payload), [
        'text',
        'context',
        'reply',
        'sources',
        'dictionaryTerms',
        'editorialNotes',
      ])
      assert.equal(payload.text, TEXT)
      assert.equal(payload.context, input.context)
      assert.equal(payload.reply, input.reply)
      assert.deepEqual(payload.sources, input.sources)
      const lexicon = await testLexicon()
      for (const term of payload.dictionaryTerms) {
        const senses = sensesOf(lexicon, term.term)
        assert.ok(senses.length >= 2, `${term.term} has several meanings`)
        assert.equal(term.meaningsTotal, senses.length)
        assert.deepEqual(
          term.meanings.map((m) => m.id),
          senses.slice(0, 8).map((s) => senseKey(lexicon, s)),
        )
      }
      // Terms a usage contrast involves come first.
      const catalog = await usageCatalog()
      const involved = payload.dictionaryTerms.map((t) => contrastsInvolving(catalog, t.term).length > 0)
      assert.ok(involved[0])
      assert.deepEqual(
        involved,
        [...involved].sort((a, b) => Number(b) - Number(a)),
      )
      assert.deepEqual(
        payload.editorialNotes.map((n) => n.id),
        [
          'allege-assert-report',
          'claim-suggest-prove',
          'all-most-some',
          'affect-effect',
          'refute-deny-dispute',
          'evidence-proof',
        ],
      )
      const note = payload.editorialNotes[0] as Record<string, unknown>
      assert.deepEqual(Object.keys(note), ['id', 'title', 'question', 'words', 'difference', 'takeaway'])
    })

    it('omits context, reply and sources that were not given', async () => {
      provider.reply = () => ({ json: completion({ claims: [], termReadings: [], overview: '' }) })
      const reply = await review({ text: 'Banks lend money.', mode: 'cloud', consent: true })
      assert.equal(reply.status, 200, reply.text)
      const payload = userPayload(provider.calls[0] as ProviderCall)
      assert.deepEqual(Object.keys(payload), ['text', 'sources', 'dictionaryTerms', 'editorialNotes'])
      assert.deepEqual(payload.sources, [])
      const review_ = ModelAssistedReviewSchema.parse(JSON.parse(reply.text))
      assert.deepEqual(review_.sent.fields, ['text'])
    })

    it('sends at most 8 dictionary terms and 8 editorial notes, in the documented order', async () => {
      provider.reply = () => ({ json: completion({ claims: [], termReadings: [], overview: '' }) })
      const text =
        'Experts claim the evidence will affect advice on how to borrow; they confirm it, estimate costs, imply risks, deny claims, remember facts, and call the result unique, with fewer options and further delays, literally.'
      const reply = await review({ text, mode: 'cloud', consent: true })
      assert.equal(reply.status, 200, reply.text)
      const payload = userPayload(provider.calls[0] as ProviderCall)
      assert.equal(payload.dictionaryTerms.length, 8)
      assert.deepEqual(
        payload.editorialNotes.map((n) => n.id),
        [
          'claim-suggest-prove',
          'evidence-proof',
          'affect-effect',
          'advice-advise',
          'borrow-lend',
          'confirm-indicate',
          'estimate-guess',
          'imply-infer',
        ],
      )
      const catalog = await usageCatalog()
      for (const note of payload.editorialNotes) {
        const contrast = catalog.contrasts().find((c) => c.id === note.id)
        assert.ok(contrast)
        assert.equal(note.difference, contrast.difference)
      }
      const sent = ModelAssistedReviewSchema.parse(JSON.parse(reply.text)).sent
      assert.equal(sent.editorialNotes.length, 8)
      assert.equal(sent.dictionaryTerms.length, 8)
    })

    it('sends at most 8 candidate meanings of a term, with the total it has', async () => {
      provider.reply = () => ({ json: completion({ claims: [], termReadings: [], overview: '' }) })
      await review({ text: 'They run a set of breaks.', mode: 'cloud', consent: true })
      const terms = userPayload(provider.calls[0] as ProviderCall).dictionaryTerms
      assert.deepEqual(terms.map((t) => t.term).sort(), ['break', 'run', 'set'])
      for (const term of terms) {
        assert.equal(term.meanings.length, 8)
        assert.ok(term.meaningsTotal > 8)
      }
    })

    it('sends a request with every field at its bound whole, and answers it', async () => {
      provider.reply = () => ({ json: completion({ claims: [], termReadings: [], overview: '' }) })
      const sentence =
        'Banks in the river valley lend money to farmers, builders and traders who plan to expand their business next spring.'
      let text = Array.from({ length: 100 }, () => sentence).join(' ')
      text = text.slice(0, -1) + ' and'.repeat(Math.ceil((12_000 - text.length) / 4))
      text = text.slice(0, 11_999) + '.'
      const sourceText = 'Farmers borrow money from the bank each spring. '.repeat(600).slice(0, 24_000)
      const full = {
        text,
        context: 'c'.repeat(2_000),
        reply: 'r'.repeat(12_000),
        sources: [1, 2, 3, 4].map((n) => ({ id: `s${n}`, label: `Source ${n}`, text: sourceText })),
        mode: 'cloud',
        consent: true,
      }
      assert.equal(text.length, ARGUMENT_LIMITS.text.maxCharacters)
      const reply = await review(full)
      assert.equal(reply.status, 200, reply.text)
      const payload = userPayload(provider.calls[0] as ProviderCall)
      assert.equal(payload.text, text)
      assert.equal(payload.sources.length, 4)
      assert.ok(payload.dictionaryTerms.length <= 8)
      for (const term of payload.dictionaryTerms) assert.ok(term.meanings.length <= 8)
    })
  })

  describe('a verified answer', () => {
    it('answers the model-assisted review with offsets computed by the service, in UTF-16 code units', async () => {
      const reply = await review(input)
      assert.equal(reply.status, 200, reply.text)
      const body = ModelAssistedReviewSchema.parse(JSON.parse(reply.text))
      assert.equal(body.mode, 'cloud')
      assert.equal(body.method, 'model-assisted')
      assert.equal(body.model, REVIEW_MODEL)
      assert.equal(body.claims.length, 3)
      for (const c of body.claims) {
        assert.equal(c.passage.field, 'text')
        assert.equal(TEXT.slice(c.passage.start, c.passage.end), c.quote)
        assert.equal(c.passage.start, TEXT.indexOf(c.quote))
        for (const q of c.citations) {
          const source = q.sourceId === 's1' ? SOURCE_1 : SOURCE_2
          assert.equal(q.passage.field, 'source')
          assert.equal(q.passage.sourceId, q.sourceId)
          assert.equal(source.slice(q.passage.start, q.passage.end), q.quote)
        }
      }
      // The emoji is two code units: the first claim starts two units later than its code-point index.
      const first = body.claims[0]
      assert.ok(first)
      assert.equal(first.passage.start, [...TEXT].join('').indexOf('all residents'))
      assert.equal(first.citations[0]?.label, 'Council survey 2024')
      assert.deepEqual(body.sent.fields, ['text', 'context', 'reply', 'sources'])
      assert.deepEqual(body.sent.sources, [
        { id: 's1', label: 'Council survey 2024', url: `${trap.url}/survey` },
        { id: 's2', label: 'Park staff note' },
      ])
      assert.ok(body.notices.some((n) => /not a zero-retention guarantee/.test(n)))
      assert.ok(body.notices.some((n) => /no external verification/.test(n)))
    })

    it('counts every verbatim occurrence and points at the first', async () => {
      provider.reply = () => ({
        json: completion({ claims: [claim('park', 'not-addressed')], termReadings: [], overview: '' }),
      })
      const body = ModelAssistedReviewSchema.parse(JSON.parse((await review(input)).text))
      assert.equal(body.claims[0]?.occurrences, 2)
      assert.equal(body.claims[0]?.passage.start, TEXT.indexOf('park'))
    })

    it('accepts a term reading with a meaning sent, or none, and gives its definition', async () => {
      provider.reply = (call) => {
        const terms = userPayload(call).dictionaryTerms
        const [a, b] = terms
        assert.ok(a && b)
        return {
          json: completion({
            claims: [],
            termReadings: [
              { term: a.term, meaningId: a.meanings[1]?.id ?? null, explanation: 'As used here.' },
              { term: b.term, meaningId: null, explanation: 'The text does not settle it.' },
            ],
            overview: '',
          }),
        }
      }
      const reply = await review(input)
      assert.equal(reply.status, 200, reply.text)
      const body = ModelAssistedReviewSchema.parse(JSON.parse(reply.text))
      const [a, b] = body.termReadings
      const sent = body.sent.dictionaryTerms[0]
      assert.equal(a?.definition, sent?.meanings[1]?.definition)
      assert.equal(b?.meaningId, null)
      assert.equal(b?.definition, null)
    })

    it('accepts exactly 12 claims', async () => {
      provider.reply = () => ({
        json: completion({
          claims: Array.from({ length: 12 }, () => claim('the new park', 'not-addressed')),
          termReadings: [],
          overview: '',
        }),
      })
      const reply = await review(input)
      assert.equal(reply.status, 200, reply.text)
      assert.equal(ModelAssistedReviewSchema.parse(JSON.parse(reply.text)).claims.length, 12)
    })
  })

  describe('answers that are not shown: 502 naming the rule, after one attempt', () => {
    const tooLong = 'x'.repeat(2_001)
    const cases: {
      name: string
      reply: FakeProvider['reply']
      code: string
      rule: string
      path?: string
    }[] = [
      {
        name: 'a body that is not JSON',
        reply: () => ({ raw: '{"choices": [' }),
        code: 'model_answer_malformed',
        rule: 'answer-format',
      },
      {
        name: 'JSON that is not a completion',
        reply: () => ({ json: { ok: true } }),
        code: 'model_answer_malformed',
        rule: 'answer-format',
      },
      {
        name: 'content that is not JSON',
        reply: () => ({ json: completion('Here is my review: all good.') }),
        code: 'model_answer_malformed',
        rule: 'answer-format',
      },
      {
        name: 'content of another shape',
        reply: () => ({
          json: completion({ claims: [{ quote: 'the new park' }], termReadings: [], overview: '' }),
        }),
        code: 'model_answer_malformed',
        rule: 'answer-format',
        path: 'claims.0.claim',
      },
      {
        name: 'a refusal',
        reply: () => ({ json: completion(null, { refusal: "I can't help with that." }) }),
        code: 'model_refused',
        rule: 'no-refusal',
      },
      {
        name: 'an answer cut off by length',
        reply: () => ({ json: completion('{"claims": [', { finishReason: 'length' }) }),
        code: 'model_answer_incomplete',
        rule: 'complete-answer',
      },
      {
        name: 'a content-filtered answer',
        reply: () => ({ json: completion(GOOD_ANSWER, { finishReason: 'content_filter' }) }),
        code: 'model_answer_incomplete',
        rule: 'complete-answer',
      },
      {
        name: '13 claims',
        reply: () => ({
          json: completion({
            claims: Array.from({ length: 13 }, () => claim('the new park', 'not-addressed')),
            termReadings: [],
            overview: '',
          }),
        }),
        code: 'model_answer_too_long',
        rule: 'answer-bounds',
        path: 'claims',
      },
      {
        name: 'an explanation past its length',
        reply: () => ({ json: completion({ claims: [], termReadings: [], overview: tooLong }) }),
        code: 'model_answer_too_long',
        rule: 'answer-bounds',
        path: 'overview',
      },
      {
        name: 'a claim quote not in the text',
        reply: () => ({
          json: completion({
            claims: [claim('most residents support the new park', 'not-addressed')],
            termReadings: [],
            overview: '',
          }),
        }),
        code: 'claim_quote_not_in_text',
        rule: 'claim-quote-verbatim',
        path: 'claims.0.quote',
      },
      {
        name: 'a claim quote with other quotation marks',
        reply: () => ({
          json: completion({
            claims: [
              claim('the park will affect property values.', 'not-addressed'),
              claim('Critics deny that the evidence is “proof”', 'not-addressed'),
            ],
            termReadings: [],
            overview: '',
          }),
        }),
        code: 'claim_quote_not_in_text',
        rule: 'claim-quote-verbatim',
        path: 'claims.1.quote',
      },
      {
        name: 'a claim quote of white space only',
        reply: () => ({
          json: completion({ claims: [claim(' ', 'not-addressed')], termReadings: [], overview: '' }),
        }),
        code: 'claim_quote_not_in_text',
        rule: 'claim-quote-verbatim',
        path: 'claims.0.quote',
      },
      {
        name: 'a citation not in its source',
        reply: () => ({
          json: completion({
            claims: [
              claim('the new park', 'supported', [
                { sourceId: 's2', quote: '62% of residents support the new park' },
              ]),
            ],
            termReadings: [],
            overview: '',
          }),
        }),
        code: 'citation_not_in_source',
        rule: 'citation-quote-verbatim',
        path: 'claims.0.citations.0.quote',
      },
      {
        name: 'a citation of a source not supplied',
        reply: () => ({
          json: completion({
            claims: [claim('the new park', 'supported', [{ sourceId: 's9', quote: 'park' }])],
            termReadings: [],
            overview: '',
          }),
        }),
        code: 'citation_unknown_source',
        rule: 'citation-source-known',
        path: 'claims.0.citations.0.sourceId',
      },
      ...(['supported', 'contradicted', 'mixed'] as const).map((judgment) => ({
        name: `a ${judgment} judgment without citation`,
        reply: () => ({
          json: completion({ claims: [claim('the new park', judgment)], termReadings: [], overview: '' }),
        }),
        code: 'judgment_without_citation',
        rule: 'judgment-cited',
        path: 'claims.0.citations',
      })),
      {
        name: 'a meaning that was not a candidate',
        reply: (call: ProviderCall) => ({
          json: completion({
            claims: [],
            termReadings: [
              {
                term: userPayload(call).dictionaryTerms[0]?.term,
                meaningId: 'dog%1:05:00::',
                explanation: '',
              },
            ],
            overview: '',
          }),
        }),
        code: 'meaning_not_offered',
        rule: 'meaning-from-candidates',
        path: 'termReadings.0',
      },
      {
        name: 'a reading of a term that was not sent',
        reply: () => ({
          json: completion({
            claims: [],
            termReadings: [{ term: 'dog', meaningId: null, explanation: '' }],
            overview: '',
          }),
        }),
        code: 'meaning_not_offered',
        rule: 'meaning-from-candidates',
        path: 'termReadings.0',
      },
      {
        name: 'a provider 500',
        reply: () => ({ status: 500, json: { error: { message: 'PROVIDER-SECRET-DETAIL' } } }),
        code: 'provider_error',
        rule: 'provider-success',
      },
      {
        name: 'a provider 503',
        reply: () => ({ status: 503, raw: 'PROVIDER-SECRET-DETAIL upstream overloaded' }),
        code: 'provider_error',
        rule: 'provider-success',
      },
      {
        name: 'a provider 429',
        reply: () => ({
          status: 429,
          json: { error: { message: 'PROVIDER-SECRET-DETAIL' } },
          headers: { 'Retry-After': '1' },
        }),
        code: 'provider_error',
        rule: 'provider-success',
      },
      {
        name: 'a provider 401 (a wrong provider key)',
        reply: () => ({ status: 401, json: { error: { message: 'PROVIDER-SECRET-DETAIL' } } }),
        code: 'provider_error',
        rule: 'provider-success',
      },
      {
        name: 'a redirect (not followed)',
        reply: () => ({ status: 307, raw: '', headers: { Location: `${trap.url}/elsewhere` } }),
        code: 'provider_error',
        rule: 'provider-success',
      },
      {
        name: 'an answer larger than 1 MiB',
        reply: () => ({ raw: Buffer.alloc(1024 * 1024 + 1, 0x20) }),
        code: 'provider_answer_too_large',
        rule: 'answer-size',
      },
    ]

    for (const c of cases) {
      it(`answers 502 ${c.code} for ${c.name}`, async () => {
        provider.reply = c.reply
        const reply = await review(input)
        assert.equal(reply.status, 502, reply.text)
        const err = parseError(reply)
        assert.equal(err.code, c.code)
        assert.equal(err.details?.[0]?.message, `rule ${c.rule} failed`)
        if (c.path !== undefined) assert.equal(err.details?.[0]?.path, c.path)
        assert.ok(!reply.text.includes('PROVIDER-SECRET-DETAIL'), "the provider's message is not passed on")
        assert.ok(!reply.text.includes('residents'), 'no submitted text in the error')
        assert.equal(provider.calls.length, 1, 'one attempt, no retries')
        assert.equal(trap.calls.length, 0)
      })
    }

    it('answers 502 provider_timeout when the provider is slower than the time limit, after one attempt', async () => {
      const slow = await startCloudApp(cloudSetup(provider.baseUrl, keys.store, { timeoutMs: 250 }))
      try {
        provider.reply = () => ({ hang: true })
        const reply = await review(input, keys.review, slow.url)
        assert.equal(reply.status, 502)
        const err = parseError(reply)
        assert.equal(err.code, 'provider_timeout')
        assert.equal(err.details?.[0]?.message, 'rule provider-time-limit failed')
        assert.equal(provider.calls.length, 1)
      } finally {
        await slow.close()
      }
    })

    it('answers 502 provider_unreachable when nothing listens at the base URL', async () => {
      const gone = await startFakeProvider()
      await gone.close()
      const app = await startCloudApp(cloudSetup(gone.baseUrl, keys.store))
      try {
        const reply = await review(input, keys.review, app.url)
        assert.equal(reply.status, 502)
        assert.equal(parseError(reply).code, 'provider_unreachable')
      } finally {
        await app.close()
      }
    })
  })

  describe('keys, consent and configuration, checked before the provider is called', () => {
    const statuses: [string, () => string | null, number][] = [
      ['no key', () => null, 401],
      ['an unknown key', () => 'u'.repeat(43), 401],
      ['a revoked key', () => keys.revoked, 401],
      ['an expired key', () => keys.expired, 401],
      ['a key without argument-review', () => keys.noScope, 403],
    ]
    for (const [name, secret, status] of statuses) {
      it(`answers ${status} for ${name}`, async () => {
        const reply = await review(input, secret())
        assert.equal(reply.status, status)
        if (status === 401) assert.match(reply.headers.get('www-authenticate') ?? '', /^Bearer/)
        assert.equal(provider.calls.length, 0)
      })
    }

    it('answers 400 without consent: true, even with a key', async () => {
      for (const consent of [undefined, false]) {
        const reply = await review({ ...input, consent })
        assert.equal(reply.status, 400)
        assert.ok(parseError(reply).details?.some((d) => d.path === 'consent'))
      }
      assert.equal(provider.calls.length, 0)
    })

    it('accepts a cloud body of exactly 450,000 bytes and answers 413 one byte past', async () => {
      const json = JSON.stringify(input)
      const exact =
        json.slice(0, -1) + ' '.repeat(ARGUMENT_LIMITS.requestBytes - Buffer.byteLength(json)) + '}'
      assert.equal(Buffer.byteLength(exact), ARGUMENT_LIMITS.requestBytes)
      assert.equal((await review(exact)).status, 200)
      const over = await review(exact.slice(0, -1) + ' }')
      assert.equal(over.status, 413)
      assert.equal(provider.calls.length, 1)
    })

    it('answers 503 naming each missing setting, never the secret, and reports them in GET /api/argument', async () => {
      const full = cloudSetup(provider.baseUrl, keys.store)
      const cases: [Partial<typeof full>, string][] = [
        [{ apiKey: undefined }, 'ARGUMENT_PROVIDER_API_KEY'],
        [{ reviewModel: undefined }, 'ARGUMENT_MODEL'],
        [{ rateLimiter: undefined }, 'ARGUMENT_RATE_LIMITER'],
        [{ keys: undefined }, 'DATA_KEYS'],
      ]
      for (const [override, name] of cases) {
        const app = await startCloudApp({ ...full, ...override })
        try {
          const reply = await review(input, keys.review, app.url)
          assert.equal(reply.status, 503)
          const err = parseError(reply)
          assert.equal(err.code, 'cloud_not_configured')
          assert.deepEqual(
            err.details?.map((d) => d.path),
            [name],
          )
          assert.ok(!reply.text.includes(PROVIDER_KEY))
          const caps = CapabilitiesSchema.parse(await (await fetch(`${app.url}/api/argument`)).json())
          const cloud = caps.modes.find((m) => m.mode === 'cloud')
          assert.equal(cloud?.configured, false)
          assert.equal(cloud?.missing.length, 1)
          assert.ok(cloud?.missing[0]?.startsWith(name))
        } finally {
          await app.close()
        }
      }
      assert.equal(provider.calls.length, 0)
    })

    it('reports a configured deployment in GET /api/argument without the key', async () => {
      const res = await fetch(`${server.url}/api/argument`)
      const text = await res.text()
      assert.ok(!text.includes(PROVIDER_KEY))
      const caps = CapabilitiesSchema.parse(JSON.parse(text))
      assert.deepEqual(
        caps.modes.map((m) => [m.mode, m.configured, m.missing]),
        [
          ['local', true, []],
          ['cloud', true, []],
        ],
      )
      assert.equal(caps.transcription.configured, true)
      assert.equal(caps.cloud.provider.apiKeyConfigured, true)
      assert.equal(caps.cloud.provider.reviewModel, REVIEW_MODEL)
      assert.equal(caps.cloud.provider.transcriptionModel, 'gpt-4o-mini-transcribe')
      assert.equal(caps.cloud.provider.timeoutSeconds, 45)
      assert.equal(caps.cloud.provider.retries, 0)
      assert.match(caps.cloud.provider.storage, /store: false/)
      assert.match(caps.cloud.provider.storage, /not a zero-retention guarantee/)
      assert.match(caps.cloud.review.termSelection, /at least two meanings/)
      assert.equal(caps.cloud.review.verification.length, 9)
    })
  })

  describe('nothing of the request or the answer is kept or logged', () => {
    it('logs nothing and writes nothing, on success and on failure', async () => {
      const marker = 'MARKER-7f3a'
      const marked = { ...input, text: `${TEXT} ${marker}.` }
      const before = await readdir(keys.dir)
      const seen = await capturedConsole(async () => {
        provider.reply = () => ({
          json: completion({ claims: [claim(marker, 'not-addressed')], termReadings: [], overview: marker }),
        })
        assert.equal((await review(marked)).status, 200)
        provider.reply = () => ({
          json: completion({
            claims: [claim(`${marker}!`, 'not-addressed')],
            termReadings: [],
            overview: '',
          }),
        })
        assert.equal((await review(marked)).status, 502)
        provider.reply = () => ({ status: 500, raw: marker })
        assert.equal((await review(marked)).status, 502)
      })
      assert.ok(
        seen.every((line) => !line.includes(marker)),
        seen.join('\n'),
      )
      assert.deepEqual(await readdir(keys.dir), before)
    })
  })
})
