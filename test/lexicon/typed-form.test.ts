import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { LexiconNotFoundSchema } from '../../src/lexicon/routes'
import { PrefixResultSchema, WordRecordSchema, type WordRecord } from '../../src/lexicon/schemas'
import { testLexiconProvider } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'

describe('the form the user typed comes first', () => {
  let server: TestServer
  const get = (path: string) => fetch(server.url + path)
  const word = async (typed: string): Promise<WordRecord> => {
    const res = await get(`/api/lexicon/words/${encodeURIComponent(typed)}`)
    assert.equal(res.status, 200, typed)
    return WordRecordSchema.parse(await res.json())
  }
  const readings = (record: WordRecord) =>
    record.typedForm.readings.map(
      (r) => `${r.form ?? (r.name ? 'name' : 'word')} ${r.partOfSpeech} ${r.word}`,
    )

  before(async () => {
    server = await startServer(
      createApp({ lexicon: await testLexiconProvider(), usage: await testUsageProvider() }),
    )
  })
  after(() => server.close())

  it('puts the verb meanings of "ran" before the nouns of "run", and says what "ran" is', async () => {
    const ran = await word('ran')
    assert.equal(ran.word, 'run')
    assert.deepEqual(readings(ran), ['past tense verb run'])
    const firstNoun = ran.meanings.findIndex((m) => m.partOfSpeech === 'noun')
    assert.ok(firstNoun > 0)
    assert.ok(ran.meanings.slice(0, firstNoun).every((m) => m.partOfSpeech === 'verb' && m.typedForm))
    assert.ok(ran.meanings.slice(firstNoun).every((m) => !m.typedForm))
    assert.equal((await word('went')).meanings[0]?.partOfSpeech, 'verb')
  })

  it('reads "banks" as the plural of bank, the present tense of bank and the name Banks', async () => {
    const banks = await word('banks')
    assert.equal(banks.word, 'banks')
    assert.deepEqual(readings(banks), [
      'plural noun bank',
      'present tense (he, she, it) verb bank',
      'name noun Banks',
    ])
    assert.ok(banks.meanings.every((m) => m.typedForm))
  })

  it('keeps the plain word plain and names inflections by what they are', async () => {
    assert.deepEqual(readings(await word('bank')), ['word noun bank', 'word verb bank'])
    assert.ok((await word('bank')).meanings.every((m) => m.typedForm))
    assert.ok(readings(await word('better')).includes('comparative adjective good'))
    assert.ok(readings(await word('taken')).includes('past participle verb take'))
    assert.ok(readings(await word('studies')).includes('plural noun study'))
  })

  it('lists, beside the words of a prefix, the inflected forms that start with it', async () => {
    const res = await get('/api/lexicon/words?prefix=gees')
    assert.equal(res.status, 404)
    const missing = LexiconNotFoundSchema.parse(await res.json())
    assert.equal(missing.code, 'prefix_not_found')
    assert.ok(missing.inflected?.some((f) => f.form === 'geese' && f.word === 'goose'))
    const ran = PrefixResultSchema.parse(await (await get('/api/lexicon/words?prefix=ran')).json())
    assert.ok(ran.words.every((w) => w.toLowerCase().startsWith('ran')))
    assert.deepEqual(ran.inflected[0], { form: 'ran', word: 'run', partOfSpeech: 'verb' })
  })

  it('keeps the capitals of words that are only names', async () => {
    const bank = PrefixResultSchema.parse(await (await get('/api/lexicon/words?prefix=bank')).json())
    assert.ok(bank.words.includes('Banks'))
    assert.ok(bank.words.includes('bank'))
    assert.ok(!bank.words.includes('banks'))
  })
})
