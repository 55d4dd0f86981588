import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { SearchResultSchema, type SearchResult } from '../../src/word-finder/schemas'
import { testLexiconProvider } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'

type MeansCase = { kind: string; description: string; accept: string[] }

/** The share of the learners' and teachers' cases with an accepted word in the first five, as measured (less a margin). */
const FIRST_FIVE_AT_LEAST = 0.58

describe('reverse dictionary (means) on learners’ descriptions, over HTTP', () => {
  let server: TestServer
  const search = async (query: string): Promise<SearchResult> => {
    const res = await fetch(`${server.url}/api/lexicon/search?${query}`)
    assert.equal(res.status, 200, query)
    return SearchResultSchema.parse(await res.json())
  }
  const means = (description: string, more = '') => search(`means=${encodeURIComponent(description)}${more}`)

  before(async () => {
    server = await startServer(
      createApp({ lexicon: await testLexiconProvider(), usage: await testUsageProvider() }),
    )
  })
  after(() => server.close())

  it('finds an accepted word in the first five for most of the fixture’s descriptions', async () => {
    const { cases } = JSON.parse(
      await readFile(new URL('fixtures/means-cases.json', import.meta.url), 'utf8'),
    ) as { cases: MeansCase[] }
    assert.ok(cases.length >= 60)
    let met = 0
    for (const c of cases) {
      const words = (await means(c.description, '&limit=5')).words.map((w) => w.word.toLowerCase())
      if (words.some((w) => c.accept.includes(w))) met++
    }
    assert.ok(met / cases.length >= FIRST_FIVE_AT_LEAST, `${met} of ${cases.length}`)
  })

  it('answers the opposite of a word with its antonyms first, each with the antonym’s own definition', async () => {
    const hot = await means('the opposite of hot')
    assert.equal(hot.words[0]?.word, 'cold')
    assert.match(hot.words[0]?.meaning ?? '', /^cold%3/)
    assert.match(hot.words[0]?.definition ?? '', /low or inadequate temperature/)
    assert.match(hot.note ?? '', /opposite in meaning to "hot"/)
    assert.ok(!hot.words.some((w) => w.word === 'hot'))
    assert.equal((await means('not happy')).words[0]?.word, 'unhappy')
    assert.equal(
      (await means('the reverse of good')).words.slice(0, 2).some((w) => w.word === 'bad'),
      true,
    )
    // "big" is a word of the meaning of "large", whose antonym is "small".
    const big = (await means('Opposite of big', '&limit=3')).words.map((w) => w.word)
    assert.ok(big.includes('small') || big.includes('little'), big.join(', '))
    // A satellite adjective takes its head's antonym: "ancient" is like "old", whose antonyms are "new" and "young".
    const ancient = (await means('the opposite of ancient', '&limit=5')).words.map((w) => w.word)
    assert.ok(ancient.includes('new') || ancient.includes('young'), ancient.join(', '))
    // "to" asks for the verb: "lose", not the noun "loss".
    const win = await means('the opposite of to win')
    assert.equal(win.words[0]?.word, 'lose')
    assert.ok(win.words.every((w) => w.partsOfSpeech.includes('verb')))
  })

  it('keeps the filters on opposites, and searches definitions when a word has none', async () => {
    const cold = await means('the opposite of hot', '&pos=noun')
    assert.ok(cold.words.every((w) => w.partsOfSpeech.includes('noun')))
    const none = await means('not qxzzyvrrbl')
    assert.deepEqual(none.words, [])
    assert.match(none.note ?? '', /No definition/)
    const definitions = await means('the opposite of a large body of water', '&limit=20')
    assert.equal(definitions.note, null)
    assert.ok(definitions.words.length > 0)
  })

  it('gives a stronger adjective for "very" and a word of the kind a description opens with', async () => {
    const big = (await means('very big', '&limit=3')).words.map((w) => w.word)
    assert.ok(
      big.some((w) => ['huge', 'enormous', 'gigantic', 'vast', 'immense'].includes(w)),
      big.join(', '),
    )
    const library = (await means('a place where you borrow books', '&limit=3')).words.map((w) => w.word)
    assert.ok(library.includes('library'), library.join(', '))
  })
})
