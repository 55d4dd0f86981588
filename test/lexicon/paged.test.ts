/**
 * The lexicon read in checked blocks through a bounded cache (the Workers path, src/lexicon/reading.ts), here
 * over the release in ./data: a cache far smaller than the lexicon gives byte-identical answers to the
 * release held whole, over real HTTP, and a block whose bytes are not the ones its hash names is a 503,
 * never an answer. A discovery run reads missing blocks as zeros: a prefix search over such reads never
 * spans more lemmas than the prefix has (it spanned up to the whole lexicon, which the search for the
 * phrases starting with each word of a passage then walked: discovery runs of up to 6.6 s each).
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { createLexiconProvider, type LexiconProvider } from '../../src/lexicon/release'
import { lemmaPrefixRange } from '../../src/lexicon/lexicon'
import { createFsStore } from '../../src/storage/fs-store'
import type { PagedBytes } from '../../src/storage/paged-bytes'
import { createUsageProvider } from '../../src/usage/release'
import { dataRoot, testLexicon, testLexiconProvider } from '../helpers/lexicon'
import { answerText, tamperingStore } from '../helpers/paged'
import { startServer, type TestServer } from '../helpers/server'
import { LEXICON_COMPANIONS } from '../../src/releases/lexicon-release'

/** 16 blocks of 64 KiB: under 3 % of the lexicon's 44 MB. */
const SMALL_CACHE = 1024 * 1024

const GETS = [
  '/api/lexicon/words/bank',
  '/api/lexicon/words/set',
  '/api/lexicon/words/ice%20cream',
  '/api/lexicon/words/ran',
  '/api/lexicon/words/zyzzyva',
  '/api/lexicon/words/bank?sense=bank%25' + encodeURIComponent('1:14:00::'),
  '/api/lexicon/words?prefix=ban',
  '/api/lexicon/words?prefix=do',
  '/api/lexicon/words?prefix=qqqx',
]

const LONG_PASSAGE = Array.from(
  { length: 8 },
  (_, i) =>
    `On day ${i + 1} the old sailor walked along the river bank, counted the boats, mended a torn net and ` +
    'watched the heavy clouds gather over the harbour while the bank in town raised its rates again. ' +
    'He set the table, read the paper, and called his brother about the ship.',
).join(' ')

const POSTS: Array<[string, unknown]> = [
  [
    '/v1/resolve',
    { passage: 'She sat on the bank of the river and watched the water.', target: { text: 'bank' } },
  ],
  ['/v1/illuminate', { passage: 'The dog barked at the mail carrier.', select: { mode: 'content-words' } }],
  // Over 200 occurrences: resolved in three steps over the blocks, pooled across them.
  ['/v1/illuminate', { passage: LONG_PASSAGE, select: { mode: 'content-words' }, maxCandidates: 2 }],
  ['/v1/claims/compare', { first: 'Dogs bark.', second: 'Dogs do not bark.' }],
  // A step per excerpt over the blocks.
  [
    '/v1/claims/evaluate-evidence',
    {
      claim: 'The old sailor mended the torn net.',
      excerpts: [
        { id: 'a', text: LONG_PASSAGE.slice(0, 600) },
        { id: 'b', label: 'B', text: 'Nobody mended any net. The sailor slept.' },
      ],
    },
  ],
  [
    '/api/argument/review',
    {
      text: 'All 45% of residents support the new park, and the council clearly agrees.',
      sources: [{ id: 's', label: 'Survey', text: 'About 45% of residents said they support the park.' }],
    },
  ],
]

async function serverOver(lexicon: LexiconProvider): Promise<TestServer> {
  return startServer(createApp({ lexicon, usage: createUsageProvider(createFsStore(dataRoot)) }))
}

describe('the lexicon read in blocks through a bounded cache', () => {
  let whole: TestServer
  let paged: TestServer
  let pagedProvider: LexiconProvider

  before(async () => {
    await testLexicon()
    whole = await serverOver(await testLexiconProvider())
    pagedProvider = createLexiconProvider(createFsStore(dataRoot), {
      pagedCacheBytes: SMALL_CACHE,
      companions: LEXICON_COMPANIONS,
    })
    paged = await serverOver(pagedProvider)
  })
  after(async () => {
    await Promise.all([whole.close(), paged.close()])
  })

  it('answers byte for byte as the release held whole, with a cache far smaller than the lexicon', async () => {
    for (const path of GETS) assert.equal(await answerText(paged, path), await answerText(whole, path), path)
    for (const [path, body] of POSTS) {
      assert.equal(await answerText(paged, path, body), await answerText(whole, path, body), path)
    }
  })

  it('answers requests side by side that together read more than the cache holds', async () => {
    const paths = ['dog', 'cat', 'run', 'light', 'play', 'take', 'line', 'head'].map(
      (w) => `/api/lexicon/words/${w}`,
    )
    const [fromPaged, fromWhole] = await Promise.all([
      Promise.all(paths.map((p) => answerText(paged, p))),
      Promise.all(paths.map((p) => answerText(whole, p))),
    ])
    assert.deepEqual(fromPaged, fromWhole)
  })

  it('keeps its resident blocks within the bound once no request pins them', async () => {
    const state = await pagedProvider.current()
    assert.equal(state.status, 'ready')
    if (state.status !== 'ready') return
    const cache = state.lexicon.pages?.cache
    assert.ok(cache)
    assert.ok(cache.residentBytes() <= SMALL_CACHE, `${cache.residentBytes()} bytes resident`)
    assert.ok(cache.residentBytes() > 0)
  })

  it('answers 503 lexicon_unavailable, never the bytes, when a block does not match its hash', async () => {
    const provider = createLexiconProvider(tamperingStore(createFsStore(dataRoot), 'strings.bin'), {
      pagedCacheBytes: SMALL_CACHE,
      companions: LEXICON_COMPANIONS,
    })
    const server = await serverOver(provider)
    try {
      const response = await fetch(`${server.url}/api/lexicon/words/bank`)
      assert.equal(response.status, 503)
      const body = (await response.json()) as {
        code: string
        details?: Array<{ path: string; message: string }>
      }
      assert.equal(body.code, 'lexicon_unavailable')
      assert.deepEqual(body.details, [{ path: 'strings.bin', message: 'block-hash-mismatch' }])
    } finally {
      await server.close()
    }
  })
})

describe('a prefix search over a lexicon read partly as zeros (a discovery run)', () => {
  it('spans no more lemmas than start with the prefix', async () => {
    const lexicon = await testLexicon()
    const strings = lexicon.data.strings
    const BLOCK = 4096
    for (const parity of [0, 1]) {
      // Every other block of the strings missing, as in a discovery with half of them resident.
      const holed: PagedBytes = {
        ...strings,
        byte: (offset) => (Math.floor(offset / BLOCK) % 2 === parity ? 0 : strings.byte(offset)),
      }
      const over = { ...lexicon, data: { ...lexicon.data, strings: holed } }
      for (const word of ['make', 'take', 'ice', 'bank', 'a', 'the', 'new', 'look']) {
        const [start, end] = lemmaPrefixRange(lexicon, `${word} `)
        const [holedStart, holedEnd] = lemmaPrefixRange(over, `${word} `)
        assert.ok(
          holedEnd - holedStart <= end - start,
          `${word}: ${holedEnd - holedStart} lemmas, not ${end - start}`,
        )
      }
    }
  })
})
