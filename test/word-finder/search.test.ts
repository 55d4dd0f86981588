import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { ErrorSchema } from '../../src/http/errors'
import { SearchResultSchema, type SearchResult } from '../../src/word-finder/schemas'
import { testLexiconProvider } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'

describe('lexicon word search over HTTP', () => {
  let server: TestServer
  const get = (path: string) => fetch(server.url + path)
  const search = async (query: string): Promise<SearchResult> => {
    const res = await get(`/api/lexicon/search?${query}`)
    assert.equal(res.status, 200, query)
    return SearchResultSchema.parse(await res.json())
  }
  const words = async (query: string) => (await search(query)).words.map((w) => w.word)
  const error = async (query: string, status: number) => {
    const res = await get(`/api/lexicon/search?${query}`)
    assert.equal(res.status, status, query)
    assert.equal(res.headers.get('cache-control'), 'no-store')
    const body = ErrorSchema.parse(await res.json())
    assert.equal(body.status, status)
    return body
  }

  before(async () => {
    server = await startServer(
      createApp({ lexicon: await testLexiconProvider(), usage: await testUsageProvider() }),
    )
  })
  after(() => server.close())

  it('spells with wildcards, commonest first, names keeping their capitals', async () => {
    const found = await words('spelled=r%3Fn')
    assert.ok(found.includes('ran') && found.includes('run'))
    assert.ok(found.includes('Ron'))
    assert.ok(found.every((w) => /^r.n$/i.test(w)))
    const ight = await words('spelled=*ight&limit=10')
    assert.deepEqual(ight.slice(0, 3), ['right', 'night', 'might'])
  })

  it('answers each word with parts of speech, band and syllables, and filters by them', async () => {
    const body = await search('spelled=r%3Fn*&pos=verb&syllables=1&band=common')
    assert.equal(body.kind, 'spelled')
    assert.ok(body.words.length > 5)
    for (const w of body.words) {
      assert.ok(w.partsOfSpeech.includes('verb'), w.word)
      assert.equal(w.syllables, 1, w.word)
      assert.equal(w.band, 'common', w.word)
      assert.match(w.word, /^r.n/)
    }
    const ran = (await search('spelled=ran')).words[0]
    assert.deepEqual(ran, {
      word: 'ran',
      partsOfSpeech: ['verb'],
      formOf: 'run',
      zipf: ran?.zipf,
      band: 'common',
      syllables: 1,
    })
  })

  it('finds words that sound like a spelling', async () => {
    assert.ok((await words('sounds=nite&limit=3')).includes('night'))
    assert.ok((await words('sounds=fone&limit=3')).includes('phone'))
  })

  it('finds perfect rhymes first, then near rhymes, each marked', async () => {
    const found: SearchResult['words'] = []
    let cursor: string | null = ''
    while (cursor !== null && !found.some((w) => w.rhyme === 'near')) {
      const body: SearchResult = await search(`rhymes=light&limit=100${cursor ? `&cursor=${cursor}` : ''}`)
      found.push(...body.words)
      cursor = body.nextCursor
    }
    assert.deepEqual(
      found.slice(0, 3).map((w) => [w.word, w.rhyme]),
      [
        ['right', 'perfect'],
        ['night', 'perfect'],
        ['might', 'perfect'],
      ],
    )
    const perfect = found.filter((w) => w.rhyme === 'perfect').map((w) => w.word)
    assert.ok(perfect.includes('bite') && perfect.includes('white'))
    assert.ok(!found.some((w) => w.word === 'light'))
    const kinds = found.map((w) => w.rhyme)
    assert.ok(kinds.lastIndexOf('perfect') < kinds.indexOf('near'))
    const near = found.filter((w) => w.rhyme === 'near')
    assert.ok(near.some((w) => w.rhyme === 'near' && ['ride', 'like', 'type', 'side'].includes(w.word)))
    const unknown = await search('rhymes=qxzzy')
    assert.deepEqual(unknown.words, [])
    assert.match(unknown.note ?? '', /CMU Pronouncing Dictionary/)
  })

  it('finds words by meaning, with the definition that matched', async () => {
    const body = await search('means=a%20large%20body%20of%20water')
    const found = body.words.map((w) => w.word)
    for (const w of ['sea', 'ocean', 'lake']) assert.ok(found.includes(w), `${w} in ${found.join(', ')}`)
    assert.ok(!found.includes('water') && !found.includes('body'))
    const ocean = body.words.find((w) => w.word === 'ocean')
    assert.match(ocean?.definition ?? '', /body of water/)
    assert.match(ocean?.meaning ?? '', /^ocean%1/)
    assert.ok((await words('means=a%20young%20dog&limit=3')).includes('puppy'))
    assert.ok((await words('means=a%20building%20where%20books%20are%20kept&limit=3')).includes('library'))
    assert.equal((await error('means=of%20the', 400)).code, 'invalid_query')
    const none = await search('means=qxzzy%20vrrbl')
    assert.deepEqual(none.words, [])
    assert.match(none.note ?? '', /No definition/)
  })

  it('draws random words within a band, never cached', async () => {
    const res = await get('/api/lexicon/search?random=true&band=common&limit=5')
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('cache-control'), 'no-store')
    const body = SearchResultSchema.parse(await res.json())
    assert.equal(body.words.length, 5)
    assert.ok(body.words.every((w) => w.band === 'common'))
    assert.equal(body.nextCursor, null)
    assert.equal((await search('random=true')).words.length, 1)
    assert.equal(
      (await get('/api/lexicon/search?spelled=cat')).headers.get('cache-control'),
      'public, max-age=3600',
    )
  })

  it('is classroom-safe unless safe=false', async () => {
    assert.ok(!(await words('spelled=f%3Fck&limit=100')).includes('fuck'))
    assert.ok((await words('spelled=f%3Fck&limit=100&safe=false')).includes('fuck'))
    assert.ok(!(await words('rhymes=duck&limit=100')).includes('fuck'))
  })

  it('pages with a cursor bound to the release and the query', async () => {
    const first = await search('spelled=*ing&limit=10')
    assert.ok(first.nextCursor)
    const second = await search(`spelled=*ing&limit=10&cursor=${first.nextCursor}`)
    assert.equal(second.words.length, 10)
    assert.ok(second.words.every((w) => !first.words.some((v) => v.word === w.word)))
    assert.equal((await error(`spelled=*ed&limit=10&cursor=${first.nextCursor}`, 409)).code, 'stale_cursor')
    assert.equal((await error(`spelled=*ing&pos=noun&cursor=${first.nextCursor}`, 409)).code, 'stale_cursor')
    assert.equal((await error('spelled=*ing&cursor=bm90LWEtY3Vyc29y', 400)).code, 'invalid_cursor')
    assert.equal((await error(`random=true&cursor=${first.nextCursor}`, 400)).code, 'invalid_cursor')
    assert.equal((await error(`spelled=*ing&cursor=${'a'.repeat(200)}`, 400)).code, 'invalid_cursor')
    assert.equal((await error(`spelled=*ing&cursor=${'a'.repeat(201)}`, 400)).code, 'invalid_request')
  })

  it('asks exactly one kind and refuses unknown parameters, naming the known ones', async () => {
    const unknown = await error('spelled=cat&sort=alpha', 400)
    assert.equal(unknown.code, 'unknown_parameter')
    assert.match(
      unknown.hint ?? '',
      /spelled, sounds, rhymes, means, random, pos, syllables, band, safe, limit, cursor/,
    )
    assert.equal((await error('pos=noun', 400)).code, 'nothing_asked')
    assert.equal((await error('spelled=cat&rhymes=cat', 400)).code, 'too_many_kinds')
    assert.equal((await error('spelled=c%2Bt', 400)).code, 'invalid_request')
    assert.equal((await error('random=yes', 400)).code, 'invalid_request')
    assert.equal((await error('spelled=cat&pos=pronoun', 400)).code, 'invalid_request')
    assert.equal((await error('spelled=cat&band=frequent', 400)).code, 'invalid_request')
  })

  it('enforces every bound at the limit and one past it', async () => {
    for (const kind of ['spelled', 'sounds', 'rhymes']) {
      await search(`${kind}=${'a'.repeat(50)}`)
      assert.equal((await error(`${kind}=${'a'.repeat(51)}`, 400)).code, 'invalid_request')
      assert.equal((await error(`${kind}=`, 400)).code, 'invalid_request')
    }
    // 200 UTF-16 code units: an emoji takes two.
    const description = encodeURIComponent(`${'water '.repeat(33)}😀`)
    await search(`means=${description}`)
    assert.equal((await error(`means=${description}x`, 400)).code, 'invalid_request')
    assert.equal((await search('spelled=*&limit=100')).words.length, 100)
    assert.equal((await error('spelled=*&limit=101', 400)).code, 'invalid_request')
    assert.equal((await error('spelled=*&limit=0', 400)).code, 'invalid_request')
    await search('spelled=*&syllables=20')
    assert.equal((await error('spelled=*&syllables=21', 400)).code, 'invalid_request')
  })

  it('pages no further than the first 1,000 words', async () => {
    let cursor: string | null = ''
    let seen = 0
    while (cursor !== null) {
      const body: SearchResult = await search(`spelled=*&limit=100${cursor ? `&cursor=${cursor}` : ''}`)
      seen += body.words.length
      cursor = body.nextCursor
    }
    assert.equal(seen, 1000)
  })
})
