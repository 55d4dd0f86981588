/**
 * The usage release read by parts through a bounded cache of checked blocks (the Workers path,
 * src/usage/paged-catalog.ts), here over the release in ./data: a cache of one 4 KiB block gives
 * byte-identical answers to the release held whole, over real HTTP and in the editorial notes of a review
 * (through the lexicon's blocks too), and a block whose bytes are not the ones its hash names is a 503 like a
 * lexicon block's, never an answer.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { buildPayload } from '../../src/argument/cloud/payload'
import type { ArgumentInput } from '../../src/argument/schemas'
import { readLexicon } from '../../src/lexicon/reading'
import { createFsStore } from '../../src/storage/fs-store'
import { USAGE_BLOCK_BYTES } from '../../src/usage/build'
import type { UsageCatalog } from '../../src/usage/catalog'
import { createUsageProvider, type UsageProvider } from '../../src/usage/release'
import { createLexiconProvider, dataRoot, testLexicon, testLexiconProvider } from '../helpers/lexicon'
import { LEXICON_COMPANIONS } from '../../src/releases/lexicon-release'
import { answerText, tamperingStore } from '../helpers/paged'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'

const ONE_BLOCK = USAGE_BLOCK_BYTES

async function serverOver(usage: UsageProvider): Promise<TestServer> {
  return startServer(createApp({ lexicon: await testLexiconProvider(), usage }))
}

async function catalogOf(provider: UsageProvider): Promise<UsageCatalog> {
  const state = await provider.current()
  if (state.status !== 'ready') throw new Error(state.reason)
  return state.catalog
}

describe('the usage release read by parts through a bounded cache', () => {
  let whole: TestServer
  let paged: TestServer
  let pagedProvider: UsageProvider

  before(async () => {
    await testLexicon()
    whole = await serverOver(await testUsageProvider())
    pagedProvider = createUsageProvider(createFsStore(dataRoot), { pagedCacheBytes: ONE_BLOCK })
    paged = await serverOver(pagedProvider)
  })
  after(async () => {
    await Promise.all([whole.close(), paged.close()])
  })

  it('answers every usage route byte for byte as the release held whole, with a cache of one block', async () => {
    const catalog = await catalogOf(await testUsageProvider())
    const version = catalog.manifest.version
    const paths = [
      '/api/usage',
      `/api/usage?version=${version}`,
      `/api/usage/scenes?version=${'0'.repeat(64)}`,
      '/api/usage/scenes',
      '/api/usage/contrasts',
      ...['caption', 'message', 'claim', 'community'].flatMap((channel) => [
        `/api/usage/scenes?channel=${channel}`,
        `/api/usage/contrasts?channel=${channel}&version=${version}`,
      ]),
      '/api/usage/scenes/no-such-scene',
      ...catalog.scenes().map((scene) => `/api/usage/scenes/${scene.id}`),
    ]
    for (const path of paths) assert.equal(await answerText(paged, path), await answerText(whole, path), path)
  })

  it('keeps its resident blocks within the bound once no request pins them', async () => {
    const cache = (await catalogOf(pagedProvider)).cache
    assert.ok(cache)
    assert.ok(cache.residentBytes() <= ONE_BLOCK, `${cache.residentBytes()} bytes resident`)
    assert.ok(cache.residentBytes() > 0)
  })

  it('gives a review the same editorial notes, through the lexicon and the usage blocks at once', async () => {
    const input: ArgumentInput = {
      mode: 'cloud',
      text: 'Some say the results imply a cure, and most infer that the claim is proven; all of it suggests hope.',
      sources: [],
    }
    const lexicon = await testLexicon()
    const expected = buildPayload(lexicon, await catalogOf(await testUsageProvider()), input)
    assert.ok(expected.editorialNotes.length > 1)
    const catalog = await catalogOf(pagedProvider)
    const pagedLexicon = await createLexiconProvider(createFsStore(dataRoot), {
      pagedCacheBytes: 1024 * 1024,
      companions: LEXICON_COMPANIONS,
    }).current()
    assert.equal(pagedLexicon.status, 'ready')
    if (pagedLexicon.status !== 'ready') return
    for (const over of [lexicon, pagedLexicon.lexicon]) {
      const payload = await readLexicon(over, (read) => buildPayload(read, catalog, input), [catalog.cache])
      assert.deepEqual(payload, expected)
    }
  })

  it('answers 503 usage_unavailable, never the bytes, when a block does not match its hash', async () => {
    const provider = createUsageProvider(tamperingStore(createFsStore(dataRoot), 'contrasts.json'), {
      pagedCacheBytes: ONE_BLOCK,
    })
    const server = await serverOver(provider)
    try {
      const response = await fetch(`${server.url}/api/usage/contrasts`)
      assert.equal(response.status, 503)
      assert.equal(response.headers.get('retry-after'), '30')
      const body = (await response.json()) as {
        code: string
        details?: Array<{ path: string; message: string }>
      }
      assert.equal(body.code, 'usage_unavailable')
      assert.deepEqual(body.details, [{ path: 'contrasts.json', message: 'block-hash-mismatch' }])
      assert.equal((await fetch(`${server.url}/api/usage/scenes`)).status, 200)
    } finally {
      await server.close()
    }
  })
})
