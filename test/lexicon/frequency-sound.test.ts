import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { WordRecordSchema, type WordRecord } from '../../src/lexicon/schemas'
import { testLexiconProvider } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'

describe('word records: frequency and sound', () => {
  let server: TestServer
  const record = async (word: string): Promise<WordRecord> => {
    const res = await fetch(`${server.url}/api/lexicon/words/${encodeURIComponent(word)}`)
    assert.equal(res.status, 200, word)
    return WordRecordSchema.parse(await res.json())
  }

  before(async () => {
    server = await startServer(
      createApp({ lexicon: await testLexiconProvider(), usage: await testUsageProvider() }),
    )
  })
  after(() => server.close())

  it('gives a word its Zipf value and band from SUBTLEX-US, and a phrase none', async () => {
    const either = await record('either')
    assert.equal(either.frequency.band, 'very common')
    assert.ok((either.frequency.zipf ?? 0) >= 5)
    assert.equal((await record('record')).frequency.band, 'common')
    assert.deepEqual((await record('ice cream')).frequency, { zipf: null, band: null })
  })

  it('marks the most often tagged meaning, once, with the shares of the tags', async () => {
    const { meanings } = await record('run')
    assert.equal(meanings.filter((m) => m.mostCommon).length, 1)
    const top = meanings.find((m) => m.mostCommon)
    assert.ok(meanings.every((m) => (m.share ?? 0) <= (top?.share ?? 0)))
    const total = meanings.reduce((sum, m) => sum + (m.share ?? 0), 0)
    assert.ok(Math.abs(total - 1) < 0.01, String(total))
  })

  it('pronounces "record" per part of speech by its stress, in ARPAbet and IPA', async () => {
    const { sound } = await record('record')
    const noun = sound.pronunciations.find((p) => p.partsOfSpeech?.includes('noun'))
    const verb = sound.pronunciations.find((p) => p.partsOfSpeech?.includes('verb'))
    assert.deepEqual(
      [noun?.arpabet, noun?.ipa, noun?.stress, noun?.syllables],
      ['R EH1 K ER0 D', 'ˈɹɛkɚd', '10', 2],
    )
    assert.equal(verb?.stress, '01')
    assert.match(sound.note ?? '', /stress/)
  })

  it('says so when CMUdict lacks the word or it is a phrase, and does not guess', async () => {
    const zymurgy = await record('zymurgy')
    assert.deepEqual(zymurgy.sound.pronunciations, [])
    assert.match(zymurgy.sound.note ?? '', /not in the CMU Pronouncing Dictionary/)
    const phrase = await record('ice cream')
    assert.deepEqual(phrase.sound.pronunciations, [])
    assert.match(phrase.sound.note ?? '', /phrase/)
  })
})
