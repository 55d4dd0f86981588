import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { ErrorSchema } from '../../src/http/errors'
import {
  LexiconManifestSchema,
  PrefixResultSchema,
  WordRecordSchema,
  type WordRecord,
} from '../../src/lexicon/schemas'
import { SEMCOR_MODEL_INFO } from '../../src/semantic/meaning/model-info'
import { testLexiconProvider } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'

describe('lexicon routes over HTTP', () => {
  let server: TestServer
  const get = (path: string) => fetch(server.url + path)
  const word = async (path: string): Promise<WordRecord> => {
    const res = await get(path)
    assert.equal(res.status, 200, path)
    return WordRecordSchema.parse(await res.json())
  }
  const errorCode = async (path: string, status: number): Promise<string> => {
    const res = await get(path)
    assert.equal(res.status, status, path)
    assert.equal(res.headers.get('cache-control'), 'no-store')
    const body = ErrorSchema.parse(await res.json())
    assert.equal(body.status, status)
    return body.code
  }

  before(async () => {
    server = await startServer(
      createApp({ lexicon: await testLexiconProvider(), usage: await testUsageProvider() }),
    )
  })
  after(() => server.close())

  it('serves the release manifest with attribution, license and statistics', async () => {
    const res = await get('/api/lexicon')
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('cache-control'), 'public, max-age=3600')
    assert.equal(res.headers.get('access-control-allow-origin'), '*')
    const manifest = LexiconManifestSchema.parse(await res.json())
    assert.equal(manifest.source.version, '3.1')
    assert.match(manifest.source.licenseText, /WordNet 3\.1 Copyright 2011 by Princeton University/)
    assert.ok(manifest.statistics.synsets > 117_000)
    assert.ok(manifest.statistics.senses > 200_000)
    assert.ok((manifest.statistics.relations.hypernym ?? 0) > 80_000)
    assert.deepEqual(
      manifest.files.map((f) => f.path),
      [
        'strings.bin',
        'tables.bin',
        'exceptions.json',
        'semcor-wsd.bin',
        'gloss-frequency.bin',
        'register.json',
        'english-words.txt',
        'spelling-index.bin',
        'pronunciations.bin',
        'word-finder.bin',
        'block-hashes.bin',
      ],
    )
    assert.deepEqual(
      manifest.models.map((m) => [m.name, m.version, m.license]),
      [['semcor-wsd', SEMCOR_MODEL_INFO.version, 'WordNet License']],
    )
    assert.match(manifest.models[0]?.source ?? '', /SemCor 3\.0/)
  })

  describe('prefix search', () => {
    it('puts the exact word first and commoner words before rare ones', async () => {
      const res = await get('/api/lexicon/words?prefix=Do')
      assert.equal(res.status, 200)
      const body = PrefixResultSchema.parse(await res.json())
      assert.equal(body.prefix, 'do')
      assert.equal(body.words[0], 'do')
      assert.equal(body.words.length, 20)
      assert.ok(body.words.indexOf('dog') < body.words.length && body.words.includes('door'))
      assert.ok(!body.words.includes('dodecahedron'))
    })

    it('finds phrases, shown with spaces, through spaces or underscores', async () => {
      for (const prefix of ['ice%20cr', 'ice_cr', 'ICE%20CR']) {
        const body = PrefixResultSchema.parse(await (await get(`/api/lexicon/words?prefix=${prefix}`)).json())
        assert.ok(body.words.includes('ice cream'), prefix)
      }
    })

    it('is deterministic and never returns more than 20 words', async () => {
      for (const prefix of ['co', 'un', 'pre', 'inte', 'multi']) {
        const first = await (await get(`/api/lexicon/words?prefix=${prefix}`)).text()
        const second = await (await get(`/api/lexicon/words?prefix=${prefix}`)).text()
        assert.equal(first, second)
        const body = PrefixResultSchema.parse(JSON.parse(first))
        assert.equal(body.words.length, 20)
        assert.ok(body.words.every((w) => w.toLowerCase().startsWith(prefix)))
      }
    })

    it('enforces 2..100 characters and answers 404 when nothing matches', async () => {
      assert.equal(await errorCode('/api/lexicon/words', 400), 'invalid_request')
      assert.equal(await errorCode('/api/lexicon/words?prefix=', 400), 'invalid_request')
      assert.equal(await errorCode('/api/lexicon/words?prefix=d', 400), 'invalid_request')
      assert.equal((await get('/api/lexicon/words?prefix=do')).status, 200)
      assert.equal(await errorCode(`/api/lexicon/words?prefix=${'q'.repeat(100)}`, 404), 'prefix_not_found')
      assert.equal(await errorCode(`/api/lexicon/words?prefix=${'q'.repeat(101)}`, 400), 'invalid_request')
      assert.equal(await errorCode('/api/lexicon/words?prefix=qxz', 404), 'prefix_not_found')
    })
  })

  describe('word records', () => {
    it('gives every meaning with ids, definitions, examples, synonyms and relations', async () => {
      const record = await word('/api/lexicon/words/dog')
      assert.equal(record.word, 'dog')
      assert.equal(record.morphology, null)
      assert.match(record.attribution.source, /WordNet 3\.1/)
      const first = record.meanings[0]
      assert.ok(first)
      assert.equal(first.id, 'dog%1:05:00::')
      assert.equal(first.partOfSpeech, 'noun')
      assert.match(first.definition, /genus Canis/)
      assert.ok(first.examples.length > 0)
      assert.ok(first.synonyms.some((s) => s.word === 'domestic dog'))
      assert.ok(
        first.relations.some((r) => r.type === 'hypernym' && r.words.some((w) => w.word === 'canine')),
      )
      assert.ok(record.meanings.some((m) => m.partOfSpeech === 'verb'))
    })

    it('points every relation to a word and meaning the route resolves', async () => {
      for (const lemma of ['good', 'run', 'beautiful', 'quickly']) {
        const record = await word(`/api/lexicon/words/${lemma}`)
        const targets = record.meanings.flatMap((m) => m.relations.flatMap((r) => r.words)).slice(0, 25)
        assert.ok(targets.length > 0, lemma)
        for (const target of targets) {
          const resolved = await word(
            `/api/lexicon/words/${encodeURIComponent(target.word)}?sense=${encodeURIComponent(target.id)}`,
          )
          assert.equal(resolved.meanings.length, 1)
          assert.equal(resolved.meanings[0]?.id, target.id)
        }
      }
    })

    it('includes lexical relations: antonyms, derivations, pertainyms', async () => {
      const good = await word('/api/lexicon/words/good')
      assert.ok(
        good.meanings.some((m) => m.relations.some((r) => r.type === 'antonym' && r.scope === 'lexical')),
      )
      const quickly = await word('/api/lexicon/words/quickly')
      assert.ok(quickly.meanings.some((m) => m.relations.some((r) => r.type === 'pertainym')))
    })

    it('looks up case-insensitively and accepts phrases with spaces or underscores', async () => {
      assert.equal((await word('/api/lexicon/words/DOG')).word, 'dog')
      assert.equal((await word('/api/lexicon/words/ice%20cream')).word, 'ice cream')
      assert.equal((await word('/api/lexicon/words/ice_cream')).word, 'ice cream')
      assert.equal((await word('/api/lexicon/words/Give%20Up')).word, 'give up')
    })

    it('finds the base form of inflected words and says how', async () => {
      const geese = await word('/api/lexicon/words/geese')
      assert.equal(geese.word, 'goose')
      assert.deepEqual(geese.morphology?.baseForms[0], {
        word: 'goose',
        partOfSpeech: 'noun',
        rule: 'exception-list',
      })
      const ran = await word('/api/lexicon/words/ran')
      assert.equal(ran.word, 'run')
      const better = await word('/api/lexicon/words/better')
      assert.equal(better.word, 'better')
      assert.ok(better.morphology?.baseForms.some((f) => f.word === 'good' && f.partOfSpeech === 'adjective'))
      const cats = await word('/api/lexicon/words/cats')
      assert.equal(cats.word, 'cat')
      assert.equal(cats.morphology?.baseForms[0]?.rule, 'suffix-rule')
      assert.equal((await word('/api/lexicon/words/ice%20creams')).word, 'ice cream')
      assert.equal((await word('/api/lexicon/words/gave%20up')).word, 'give up')
    })

    it('narrows to one meaning with sense, and 404s a meaning of another word', async () => {
      const one = await word('/api/lexicon/words/dog?sense=dog%251%3A05%3A00%3A%3A')
      assert.deepEqual(
        one.meanings.map((m) => m.id),
        ['dog%1:05:00::'],
      )
      assert.equal(
        await errorCode('/api/lexicon/words/dog?sense=cat%251%3A05%3A00%3A%3A', 404),
        'meaning_not_found',
      )
      assert.equal(await errorCode('/api/lexicon/words/dog?sense=nonsense', 404), 'meaning_not_found')
    })

    it('enforces 100 characters on the word and on sense', async () => {
      assert.equal(await errorCode(`/api/lexicon/words/${'a'.repeat(100)}`, 404), 'word_not_found')
      assert.equal(await errorCode(`/api/lexicon/words/${'a'.repeat(101)}`, 400), 'invalid_request')
      assert.equal(
        await errorCode(`/api/lexicon/words/dog?sense=${'a'.repeat(100)}`, 404),
        'meaning_not_found',
      )
      assert.equal(await errorCode(`/api/lexicon/words/dog?sense=${'a'.repeat(101)}`, 400), 'invalid_request')
      assert.equal(await errorCode('/api/lexicon/words/dog?sense=', 400), 'invalid_request')
      assert.equal(await errorCode('/api/lexicon/words/%20', 400), 'invalid_request')
      assert.equal(await errorCode('/api/lexicon/words/qwzxv', 404), 'word_not_found')
    })
  })
})
