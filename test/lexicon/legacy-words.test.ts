/** The legacy keyed word route `/api/words/{word}`: the `dictionary` scope, then the lexicon's own rules. */
import assert from 'node:assert/strict'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { createFileKeyStore } from '../../src/auth/fs-key-store'
import { ErrorSchema } from '../../src/http/errors'
import { createLexiconProvider } from '../../src/lexicon/release'
import { WordRecordSchema } from '../../src/lexicon/schemas'
import { createFsStore } from '../../src/storage/fs-store'
import { createUsageProvider } from '../../src/usage/release'
import { createKey } from '../helpers/datasets'
import { testLexiconProvider } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'
import { LEXICON_COMPANIONS } from '../../src/releases/lexicon-release'

async function expectError(res: Response, status: number, code: string): Promise<void> {
  assert.equal(res.status, status, `${res.url}: ${res.status}`)
  assert.equal(res.headers.get('cache-control'), 'no-store')
  const body = ErrorSchema.parse(await res.json())
  assert.equal(body.code, code)
}

describe('GET /api/words/{word} (legacy, dictionary scope)', () => {
  let server: TestServer
  let noLexicon: TestServer
  const secrets = { dictionary: '', other: '', revoked: '', expired: '' }
  const get = (path: string, secret?: string, method = 'GET') =>
    fetch(server.url + path, { method, headers: secret ? { Authorization: `Bearer ${secret}` } : {} })

  before(async () => {
    const keys = createFileKeyStore(createFsStore(await mkdtemp(join(tmpdir(), 'legacy-keys-'))))
    secrets.dictionary = await createKey(keys, ['dictionary'])
    secrets.other = await createKey(keys, ['observed-language', 'argument-review'])
    secrets.revoked = await createKey(keys, ['dictionary'], { active: false })
    secrets.expired = await createKey(keys, ['dictionary'], { expiresAt: Date.now() - 1 })
    server = await startServer(
      createApp({ lexicon: await testLexiconProvider(), usage: await testUsageProvider(), keys }),
    )
    const empty = createFsStore(await mkdtemp(join(tmpdir(), 'legacy-empty-')))
    noLexicon = await startServer(
      createApp({
        lexicon: createLexiconProvider(empty, { companions: LEXICON_COMPANIONS }),
        usage: createUsageProvider(empty),
        keys,
      }),
    )
  })
  after(async () => {
    await server.close()
    await noLexicon.close()
  })

  it('is 401 without a key, with a malformed, unknown, revoked or expired one', async () => {
    for (const secret of [undefined, 'short', 'x'.repeat(43), secrets.revoked, secrets.expired]) {
      const res = await get('/api/words/dog', secret)
      assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer/)
      await expectError(res, 401, 'unauthorized')
    }
  })

  it('checks the key before the word: no key and an overlong word is 401, not 400', async () => {
    await expectError(await get(`/api/words/${'a'.repeat(101)}`), 401, 'unauthorized')
  })

  it('is 403 for a valid key without the dictionary scope', async () => {
    await expectError(await get('/api/words/dog', secrets.other), 403, 'forbidden')
  })

  it('answers the same word record as /api/lexicon/words/{word}, not stored by caches', async () => {
    const res = await get('/api/words/geese?sense=goose%251%3A05%3A00%3A%3A', secrets.dictionary)
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('cache-control'), 'no-store')
    const record = WordRecordSchema.parse(await res.json())
    const open = await fetch(`${server.url}/api/lexicon/words/geese?sense=goose%251%3A05%3A00%3A%3A`)
    assert.deepEqual(record, await open.json())
    assert.equal(record.word, 'goose')
  })

  it('answers HEAD with the same status and headers and no body', async () => {
    const head = await get('/api/words/dog', secrets.dictionary, 'HEAD')
    assert.equal(head.status, 200)
    assert.equal(head.headers.get('cache-control'), 'no-store')
    assert.equal(await head.text(), '')
    assert.equal((await get('/api/words/dog', undefined, 'HEAD')).status, 401)
  })

  it('keeps the lexicon rules: 400 for bounds, 404 for an unknown word or meaning, 503 without a lexicon', async () => {
    const key = secrets.dictionary
    await expectError(await get(`/api/words/${'a'.repeat(99)}%F0%9F%98%80`, key), 400, 'invalid_request')
    await expectError(await get(`/api/words/dog?sense=${'s'.repeat(101)}`, key), 400, 'invalid_request')
    await expectError(await get('/api/words/qwzxv', key), 404, 'word_not_found')
    await expectError(
      await get('/api/words/dog?sense=cat%251%3A05%3A00%3A%3A', key),
      404,
      'meaning_not_found',
    )
    const res = await fetch(`${noLexicon.url}/api/words/dog`, { headers: { Authorization: `Bearer ${key}` } })
    assert.equal(res.headers.get('retry-after'), '30')
    await expectError(res, 503, 'lexicon_unavailable')
  })

  it('is documented in the OpenAPI description with every status it answers', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>
    }
    const responses = doc.paths['/api/words/{word}']?.get?.responses ?? {}
    assert.deepEqual(Object.keys(responses).sort(), ['200', '400', '401', '403', '404', '503'])
  })

  it('answers 503 when the app has no key store', async () => {
    const bare = await startServer(
      createApp({ lexicon: await testLexiconProvider(), usage: await testUsageProvider() }),
    )
    try {
      const res = await fetch(`${bare.url}/api/words/dog`, {
        headers: { Authorization: `Bearer ${secrets.dictionary}` },
      })
      await expectError(res, 503, 'keys_not_configured')
    } finally {
      await bare.close()
    }
  })
})
