/**
 * Every documented length bound counts UTF-16 code units: astral characters (two units each) at the bound
 * pass and one unit past it is 400, through real HTTP, on every route family that takes text.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { ARGUMENT_LIMITS } from '../../src/argument/limits'
import { LIMITS } from '../../src/consensus/schemas'
import { buildDatasetRelease } from '../../src/datasets/build'
import { publishRelease } from '../../src/datasets/storage'
import { ErrorSchema } from '../../src/http/errors'
import { BOUNDS } from '../../src/semantic/bounds'
import { argumentKeys, cloudSetup, type ArgumentKeys } from '../helpers/argument-cloud'
import { syntheticInput, tempStores, testService } from '../helpers/datasets'
import { startFakeProvider, type FakeProvider } from '../helpers/fake-provider'
import { testLexiconProvider } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'
import { startFixture, type Fixture } from '../consensus/fixture'

const EMOJI = '\u{1F600}'

/** `units` UTF-16 code units: letters, ending in one emoji (two units). */
const endingInEmoji = (units: number) => 'a'.repeat(units - 2) + EMOJI
/** `units` UTF-16 code units of emoji only (`units` even). */
const emojiOnly = (units: number) => EMOJI.repeat(units / 2)

async function expect400(res: Response, field: string): Promise<void> {
  assert.equal(res.status, 400, `${res.url}: ${res.status}`)
  const body = ErrorSchema.parse(await res.json())
  assert.ok(
    body.details?.some((d) => d.path.endsWith(field) && /at most/.test(d.message)) ||
      body.message.includes(field),
    JSON.stringify(body),
  )
}

describe('UTF-16 code-unit bounds over HTTP', () => {
  let server: TestServer
  let provider: FakeProvider
  let keys: ArgumentKeys
  const recordId = endingInEmoji(250)

  before(async () => {
    provider = await startFakeProvider()
    keys = await argumentKeys()
    const stores = await tempStores()
    const input = syntheticInput('literary-context', 3, { ids: (i) => (i === 0 ? recordId : `rec-${i}`) })
    await publishRelease(stores, await buildDatasetRelease(input))
    server = await startServer(
      createApp({
        lexicon: await testLexiconProvider(),
        usage: await testUsageProvider(),
        argumentCloud: cloudSetup(provider.baseUrl, keys.store),
        datasets: testService(stores),
      }),
    )
  })
  after(async () => {
    await server.close()
    await provider.close()
  })

  const get = (path: string) => fetch(server.url + path)
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })

  it('lexicon word, sense and prefix: 100 units pass, 101 are 400 (a 99-letter word and an emoji too)', async () => {
    assert.equal((await get(`/api/lexicon/words/${encodeURIComponent(endingInEmoji(100))}`)).status, 404)
    await expect400(await get(`/api/lexicon/words/${encodeURIComponent('a'.repeat(99) + EMOJI)}`), 'word')
    await expect400(await get(`/api/lexicon/words/${encodeURIComponent(emojiOnly(102))}`), 'word')
    assert.equal(
      (await get(`/api/lexicon/words/dog?sense=${encodeURIComponent(emojiOnly(100))}`)).status,
      404,
    )
    await expect400(
      await get(`/api/lexicon/words/dog?sense=${encodeURIComponent(endingInEmoji(101))}`),
      'sense',
    )
    assert.equal((await get(`/api/lexicon/words?prefix=${encodeURIComponent(emojiOnly(100))}`)).status, 404)
    await expect400(
      await get(`/api/lexicon/words?prefix=${encodeURIComponent(endingInEmoji(101))}`),
      'prefix',
    )
    // One emoji is two code units: long enough for the 2-character minimum.
    assert.equal((await get(`/api/lexicon/words?prefix=${encodeURIComponent(EMOJI)}`)).status, 404)
  })

  it('dataset record id: 250 units pass, 251 are 400', async () => {
    const base = '/api/datasets/literary-context/records/'
    assert.equal((await get(base + encodeURIComponent(recordId))).status, 200)
    await expect400(await get(base + encodeURIComponent('a'.repeat(249) + EMOJI)), 'id')
  })

  it('argument review text, context, reply and source text: at the bound pass, one unit past is 400', async () => {
    const review = (input: Record<string, unknown>) =>
      post('/api/argument/review', { text: 'A claim.', ...input })
    const max = ARGUMENT_LIMITS.text.maxCharacters
    assert.equal((await review({ text: endingInEmoji(max) })).status, 200)
    await expect400(await review({ text: 'a'.repeat(max - 1) + EMOJI }), 'text')
    await expect400(await review({ text: emojiOnly(max + 2) }), 'text')
    const ctx = ARGUMENT_LIMITS.context.maxCharacters
    assert.equal((await review({ context: emojiOnly(ctx) })).status, 200)
    await expect400(await review({ context: endingInEmoji(ctx + 1) }), 'context')
    const reply = ARGUMENT_LIMITS.reply.maxCharacters
    assert.equal((await review({ reply: endingInEmoji(reply) })).status, 200)
    await expect400(await review({ reply: endingInEmoji(reply + 1) }), 'reply')
    const src = ARGUMENT_LIMITS.sources.text.maxCharacters
    const source = (text: string) => ({ sources: [{ id: 's1', label: 'S', text }] })
    assert.equal((await review(source(endingInEmoji(src)))).status, 200)
    await expect400(await review(source(endingInEmoji(src + 1))), 'text')
  })

  it('cloud mode refuses over-limit text before anything reaches the provider', async () => {
    provider.calls.length = 0
    const res = await post(
      '/api/argument/review',
      { text: 'a'.repeat(ARGUMENT_LIMITS.text.maxCharacters - 1) + EMOJI, mode: 'cloud', consent: true },
      { Authorization: `Bearer ${keys.review}` },
    )
    await expect400(res, 'text')
    assert.equal(provider.calls.length, 0)
  })

  it('semantic /v1 passage, target, claim and excerpt: at the bound pass, one unit past is 400', async () => {
    const passage = BOUNDS.passageChars
    const resolve = (p: string) => post('/v1/resolve', { passage: p, target: { text: 'dog' } })
    const atBound = 'a dog ' + 'a'.repeat(passage - 8) + EMOJI
    assert.equal(atBound.length, passage)
    assert.equal((await resolve(atBound)).status, 200)
    await expect400(await resolve(atBound + 'a'), 'passage')
    await expect400(
      await post('/v1/resolve', {
        passage: 'a dog',
        target: { text: endingInEmoji(BOUNDS.targetTextChars + 1) },
      }),
      'target',
    )
    const evidence = (claim: string, text: string) =>
      post('/v1/claims/evaluate-evidence', { claim, excerpts: [{ id: 'e1', text }] })
    assert.equal((await evidence(endingInEmoji(BOUNDS.claimChars), 'Dogs bark.')).status, 200)
    await expect400(await evidence(endingInEmoji(BOUNDS.claimChars + 1), 'Dogs bark.'), 'claim')
    await expect400(await evidence('Dogs bark.', endingInEmoji(BOUNDS.excerptChars + 1)), 'text')
  })

  it('meaning context and lemma on resolve, compare and illuminate: an emoji at the bound passes, one unit past is 400', async () => {
    const ctx = BOUNDS.contextChars
    const lemma = BOUNDS.targetTextChars
    const side = (passage: string, extra: Record<string, unknown>) => ({
      passage,
      target: { text: 'dog' },
      ...extra,
    })
    // Each field with an emoji as its last character: at the bound, and one unit past it (a letter and
    // the emoji being as many code points as the bound, which counting code points would let through).
    const bodies: Array<{ field: string; body: (units: number) => [string, unknown] }> = [
      ...(['before', 'after'] as const).flatMap((place) => [
        {
          field: `context.${place}`,
          body: (units: number): [string, unknown] => [
            '/v1/resolve',
            side('a dog', { context: { [place]: endingInEmoji(units) } }),
          ],
        },
        {
          field: `context.${place}`,
          body: (units: number): [string, unknown] => [
            '/v1/compare',
            {
              first: side('a dog', { context: { [place]: endingInEmoji(units) } }),
              second: side('the dog', {}),
            },
          ],
        },
        {
          field: `context.${place}`,
          body: (units: number): [string, unknown] => [
            '/v1/illuminate',
            {
              passage: 'a dog',
              context: { [place]: endingInEmoji(units) },
              select: { mode: 'content-words' },
            },
          ],
        },
      ]),
      {
        field: 'lemma',
        body: (units: number): [string, unknown] => [
          '/v1/resolve',
          { passage: 'a dog', target: { text: 'dog', lemma: endingInEmoji(units) } },
        ],
      },
      {
        field: 'lemma',
        body: (units: number): [string, unknown] => [
          '/v1/compare',
          {
            first: { passage: 'a dog', target: { text: 'dog', lemma: endingInEmoji(units) } },
            second: side('the dog', {}),
          },
        ],
      },
    ]
    for (const { field, body } of bodies) {
      const bound = field === 'lemma' ? lemma : ctx
      const [path, atBound] = body(bound)
      assert.notEqual((await post(path, atBound)).status, 400, `${path} ${field} at ${bound}`)
      const [, past] = body(bound + 1)
      // A target is a union of shapes, whose 400 names the target rather than the field within it.
      await expect400(await post(path, past), field === 'lemma' ? 'target' : field)
    }
  })
})

describe('UTF-16 code-unit bounds of the observation routes', () => {
  let f: Fixture
  before(async () => {
    f = await startFixture()
  })
  after(() => f.close())

  it('expression: 100 units pass validation, 101 are 400', async () => {
    const predict = (expression: string) => f.post('/v1/predict/consensus', { expression })
    assert.notEqual((await predict(endingInEmoji(LIMITS.expression))).status, 400)
    await expect400(await predict(endingInEmoji(LIMITS.expression + 1)), 'expression')
  })
})
