/** The lexicon routes of the contract (section 4.1): release manifest, prefix search, word records. */
import { createRoute } from '@hono/zod-openapi'
import { createBodyCache, serializedJson } from '../http/body-cache'
import { CachePolicy, cacheControl } from '../http/cache'
import { apiError, errorResponses } from '../http/errors'
import { createRouter, openapiGet } from '../http/router'
import { requireReady } from '../http/unavailable'
import type { Lexicon } from './lexicon'
import { lookupWord } from './record'
import { LEXICON_UNAVAILABLE, type LexiconProvider } from './release'
import {
  LexiconManifestSchema,
  PrefixQuerySchema,
  PrefixResultSchema,
  WordParamsSchema,
  WordQuerySchema,
  WordRecordSchema,
  type PrefixResult,
  type WordRecord,
} from './schemas'
import { normalizePrefix, searchPrefix } from './search'

const UNAVAILABLE = 'The lexicon release is not loaded or failed its integrity check.'

/** The verified lexicon, or a 503 that says why there is none. */
async function requireLexicon(provider: LexiconProvider): Promise<Lexicon> {
  return requireReady(await provider.current(), LEXICON_UNAVAILABLE).lexicon
}

const manifestRoute = createRoute({
  method: 'get',
  path: '/api/lexicon',
  tags: ['Lexicon'],
  summary: 'The current lexicon release manifest',
  responses: {
    200: {
      description: 'Release id, attribution, statistics and files.',
      content: { 'application/json': { schema: LexiconManifestSchema } },
    },
    ...errorResponses({ 503: UNAVAILABLE }),
  },
})

const prefixRoute = createRoute({
  method: 'get',
  path: '/api/lexicon/words',
  tags: ['Lexicon'],
  summary: 'Words starting with a prefix',
  request: { query: PrefixQuerySchema },
  responses: {
    200: {
      description: 'At most 20 words.',
      content: { 'application/json': { schema: PrefixResultSchema } },
    },
    ...errorResponses({
      400: 'Prefix missing, shorter than 2 or longer than 100 characters.',
      404: 'No word starts with the prefix.',
      503: UNAVAILABLE,
    }),
  },
})

const wordRoute = createRoute({
  method: 'get',
  path: '/api/lexicon/words/{word}',
  tags: ['Lexicon'],
  summary: 'One word with all its meanings, or one meaning with `sense`',
  request: { params: WordParamsSchema, query: WordQuerySchema },
  responses: {
    200: { description: 'The word record.', content: { 'application/json': { schema: WordRecordSchema } } },
    ...errorResponses({
      400: 'Word or sense longer than 100 characters, or empty.',
      404: 'Word not found (`word_not_found`), or the sense is not a meaning of this word (`meaning_not_found`).',
      503: UNAVAILABLE,
    }),
  },
})

/**
 * Serialized bodies of popular lookups: about 4,000 records, at most 8 million characters. On Node the
 * answer cache in front of the app holds the popular answers whole; this one serves `no-cache` requests
 * and adapters without such a cache, and stays small so that both fit the memory goal together.
 */
const BODY_CACHE = { maxEntries: 4096, maxChars: 8_000_000 }

export function lexiconRoutes(provider: LexiconProvider) {
  const app = createRouter()
  const bodies = createBodyCache(BODY_CACHE)
  app.use('/api/lexicon', cacheControl(CachePolicy.publicData))

  app.openapi(manifestRoute, async (c) => c.json((await requireLexicon(provider)).manifest, 200))

  openapiGet(app, prefixRoute, async (c) => {
    const { prefix } = c.req.valid('query')
    const lexicon = await requireLexicon(provider)
    const searched = normalizePrefix(prefix)
    const key = `${lexicon.manifest.release}\u0000prefix\u0000${searched}`
    const cached = bodies.get(key)
    if (cached !== undefined) return serializedJson<PrefixResult>(cached, CachePolicy.publicData)
    const words = searchPrefix(lexicon, prefix)
    if (words.length === 0)
      throw apiError(404, 'prefix_not_found', `No lexicon word starts with "${searched}".`)
    const body = JSON.stringify({ prefix: searched, words } satisfies PrefixResult)
    bodies.set(key, body)
    return serializedJson<PrefixResult>(body, CachePolicy.publicData)
  })

  openapiGet(app, wordRoute, async (c) => {
    const { word } = c.req.valid('param')
    const { sense } = c.req.valid('query')
    if (!word.trim()) throw apiError(400, 'invalid_request', 'The word must not be empty.')
    const lexicon = await requireLexicon(provider)
    const key = `${lexicon.manifest.release}\u0000word\u0000${word}\u0000${sense ?? ''}`
    const cached = bodies.get(key)
    if (cached !== undefined) return serializedJson<WordRecord>(cached, CachePolicy.publicData)
    const result = lookupWord(lexicon, word, sense)
    if (result.found) {
      const body = JSON.stringify(result.record)
      bodies.set(key, body)
      return serializedJson<WordRecord>(body, CachePolicy.publicData)
    }
    if (result.reason === 'meaning-not-found') {
      throw apiError(404, 'meaning_not_found', `"${sense}" is not a meaning of "${result.word}".`, {
        hint: `GET /api/lexicon/words/${encodeURIComponent(result.word)} lists its meaning IDs.`,
      })
    }
    throw apiError(404, 'word_not_found', `No lexicon word "${result.word}".`)
  })
  return app
}
