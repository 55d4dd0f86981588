/**
 * The lexicon routes of the contract (section 4.1): release manifest, prefix search, word records; and the
 * legacy keyed word route `/api/words/{word}` (section 4.5), which needs the `dictionary` scope.
 */
import { createRoute } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { requireScope } from '../auth/authenticate'
import type { KeyStore } from '../auth/keys'
import { DATASET_KEY, keyNeeded } from '../auth/security-schemes'
import { createBodyCache, serializedJson } from '../storage/body-cache'
import { CachePolicy, cacheControl } from '../http/cache'
import { apiError, errorResponses, ErrorSchema, GET_ONLY, type ErrorBody } from '../http/errors'
import { createRouter, openapiGet, type AppEnv } from '../http/router'
import { requireReady } from '../http/unavailable'
import type { Lexicon } from './lexicon'
import { readLexicon } from './reading'
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
import { inflectedForms, normalizePrefix, searchPrefix } from './search'
import { z } from '@hono/zod-openapi'
import { SUGGESTION_LIMIT, suggestForPrefix, suggestWords } from './spelling'

/** The 404 of the lexicon routes: the shared error shape, with what the person may have meant. */
export const LexiconNotFoundSchema = ErrorSchema.extend({
  suggestions: z
    .array(z.string())
    .max(SUGGESTION_LIMIT)
    .optional()
    .openapi({
      description:
        'Did you mean: at most 5 lexicon words the person may have meant (by a weighted edit distance for keyboard and spelling slips, sound and spoken frequency), best first; each resolves at `/api/lexicon/words/{word}`.',
      example: ['receive', 'relieve'],
    }),
  inflected: PrefixResultSchema.shape.inflected.optional(),
}).openapi('LexiconNotFound', {
  description:
    'The shared error body of a word or prefix not found, with spelling suggestions and, for a prefix, the inflected forms that start with it.',
})

type LexiconNotFound = z.infer<typeof LexiconNotFoundSchema>

/** A 404 in the shared shape with the lexicon's additions; never cached, like every error. */
function notFound(c: Context, body: Omit<LexiconNotFound, 'status' | 'requestId'>) {
  const requestId = c.get('requestId' as never) as string | undefined
  const full: ErrorBody & LexiconNotFound = { ...body, status: 404, ...(requestId ? { requestId } : {}) }
  return c.json(full, 404, { 'Cache-Control': 'no-store' })
}

const wordNotFound = (c: Context, found: { word: string; suggestions: string[] }) =>
  notFound(c, {
    code: 'word_not_found',
    message: `No lexicon word "${found.word}".`,
    suggestions: found.suggestions,
  })

const notFoundResponse = (description: string) => ({
  404: { description, content: { 'application/json': { schema: LexiconNotFoundSchema } } },
})

const UNAVAILABLE = 'The lexicon release is not loaded or failed its integrity check.'

/** The verified lexicon, or a 503 that says why there is none. */
async function requireLexicon(provider: LexiconProvider): Promise<Lexicon> {
  return requireReady(await provider.current(), LEXICON_UNAVAILABLE).lexicon
}

const manifestRoute = createRoute({
  method: 'get',
  path: '/api/lexicon',
  operationId: 'getLexiconManifest',
  tags: ['Lexicon'],
  summary: 'The current lexicon release manifest',
  security: [],
  responses: {
    200: {
      description: 'Release id, attribution, statistics and files.',
      content: { 'application/json': { schema: LexiconManifestSchema } },
    },
    ...errorResponses({ ...GET_ONLY, 503: UNAVAILABLE }),
  },
})

const prefixRoute = createRoute({
  method: 'get',
  path: '/api/lexicon/words',
  operationId: 'searchPrefix',
  tags: ['Lexicon'],
  summary: 'Words starting with a prefix',
  security: [],
  request: { query: PrefixQuerySchema },
  responses: {
    200: {
      description: 'At most 20 words.',
      content: { 'application/json': { schema: PrefixResultSchema } },
    },
    ...errorResponses({
      400: 'Prefix missing, shorter than 2 or longer than 100 characters.',
      503: UNAVAILABLE,
    }),
    ...notFoundResponse(
      'No word starts with the prefix (`prefix_not_found`); `inflected` lists inflected forms that do.',
    ),
  },
})

const wordRoute = createRoute({
  method: 'get',
  path: '/api/lexicon/words/{word}',
  operationId: 'getWord',
  tags: ['Lexicon'],
  summary: 'One word with all its meanings, or one meaning with `sense`',
  security: [],
  request: { params: WordParamsSchema, query: WordQuerySchema },
  responses: {
    200: { description: 'The word record.', content: { 'application/json': { schema: WordRecordSchema } } },
    ...errorResponses({
      400: 'Word or sense longer than 100 characters, or empty.',
      503: UNAVAILABLE,
    }),
    ...notFoundResponse(
      'Word not found (`word_not_found`, with `suggestions`), or the sense is not a meaning of this word (`meaning_not_found`).',
    ),
  },
})

/** The scope a key needs for the legacy word route (spec 2.6). */
export const DICTIONARY_SCOPE = 'dictionary'

const legacyWordRoute = createRoute({
  method: 'get',
  path: '/api/words/{word}',
  operationId: 'getLegacyWord',
  tags: ['Lexicon'],
  summary: 'Legacy keyed word lookup (needs the `dictionary` scope)',
  security: keyNeeded(DATASET_KEY, DICTIONARY_SCOPE),
  description:
    'The same word record as `GET /api/lexicon/words/{word}`, with the same parameters, bounds and 400/404/503 rules, for clients of the older keyed interface. Send `Authorization: Bearer <key>`; the key must be active, unexpired and carry the `dictionary` scope. The key is checked before anything else, so a request without a valid key learns nothing about the word. Answers are per key: `Cache-Control: no-store`.',
  request: { params: WordParamsSchema, query: WordQuerySchema },
  responses: {
    200: { description: 'The word record.', content: { 'application/json': { schema: WordRecordSchema } } },
    ...errorResponses({
      400: 'Word or sense longer than 100 characters, or empty.',
      401: 'Key missing, invalid, revoked or expired.',
      403: 'The key does not carry the `dictionary` scope.',
      503: `${UNAVAILABLE} Also when the key store cannot be read (\`key_store_unavailable\`).`,
    }),
    ...notFoundResponse(
      'Word not found (`word_not_found`, with `suggestions`), or the sense is not a meaning of this word (`meaning_not_found`).',
    ),
  },
})

/** 503 when no key store is configured: the route exists, but no key can be checked. */
function requireDictionaryKey(keys: KeyStore | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!keys) {
      throw apiError(503, 'keys_not_configured', 'No key store is configured for keyed routes.', {
        headers: { 'Retry-After': '30' },
      })
    }
    await requireScope(c.req.header('Authorization'), keys, DICTIONARY_SCOPE)
    await next()
  }
}

/**
 * Serialized bodies of popular lookups: about 4,000 records, at most 8 million characters. On Node the
 * answer cache in front of the app holds the popular answers whole; this one serves `no-cache` requests
 * and adapters without such a cache, and stays small so that both fit the memory goal together.
 */
const BODY_CACHE = { maxEntries: 4096, maxChars: 8_000_000 }

export function lexiconRoutes(provider: LexiconProvider, keys?: KeyStore) {
  const app = createRouter()
  const bodies = createBodyCache(BODY_CACHE)
  app.use('/api/lexicon', cacheControl(CachePolicy.publicData))
  // Registered before the route, so the key is checked before the parameters are.
  app.use(legacyWordRoute.getRoutingPath(), requireDictionaryKey(keys))

  app.openapi(manifestRoute, async (c) => c.json((await requireLexicon(provider)).manifest, 200))

  openapiGet(app, prefixRoute, async (c) => {
    const { prefix } = c.req.valid('query')
    const lexicon = await requireLexicon(provider)
    const searched = normalizePrefix(prefix)
    const key = `${lexicon.manifest.release}\u0000prefix\u0000${searched}`
    const cached = bodies.get(key)
    if (cached !== undefined) return serializedJson<PrefixResult>(cached, CachePolicy.publicData)
    const { words, inflected } = await readLexicon(lexicon, (read) => ({
      words: searchPrefix(read, prefix),
      inflected: inflectedForms(read, prefix),
    }))
    if (words.length === 0) {
      const suggestions = await readLexicon(lexicon, (read) => suggestForPrefix(read, searched))
      return notFound(c, {
        code: 'prefix_not_found',
        message: `No lexicon word starts with "${searched}".`,
        suggestions,
        inflected,
      })
    }
    const body = JSON.stringify({ prefix: searched, words, inflected } satisfies PrefixResult)
    bodies.set(key, body)
    return serializedJson<PrefixResult>(body, CachePolicy.publicData)
  })

  /**
   * The word record asked for by `c`, as a serialized body, or the suggestions for a word not found;
   * a 400/404/503 ApiError otherwise.
   */
  async function wordBody(
    c: Context,
    word: string,
    sense: string | undefined,
  ): Promise<string | { word: string; suggestions: string[] }> {
    if (!word.trim()) throw apiError(400, 'invalid_request', 'The word must not be empty.')
    const lexicon = await requireLexicon(provider)
    const key = `${lexicon.manifest.release}\u0000word\u0000${word}\u0000${sense ?? ''}`
    const cached = bodies.get(key)
    if (cached !== undefined) return cached
    const result = await readLexicon(lexicon, (read) => lookupWord(read, word, sense))
    if (result.found) {
      const body = JSON.stringify(result.record)
      bodies.set(key, body)
      return body
    }
    if (result.reason === 'meaning-not-found') {
      throw apiError(404, 'meaning_not_found', `"${sense}" is not a meaning of "${result.word}".`, {
        hint: `GET ${c.req.path.slice(0, c.req.path.lastIndexOf('/') + 1)}${encodeURIComponent(result.word)} lists its meaning IDs.`,
      })
    }
    const suggestions = await readLexicon(lexicon, (read) => suggestWords(read, result.word))
    return { word: result.word, suggestions }
  }

  openapiGet(app, wordRoute, async (c) => {
    const { word } = c.req.valid('param')
    const { sense } = c.req.valid('query')
    const body = await wordBody(c, word, sense)
    if (typeof body !== 'string') return wordNotFound(c, body)
    return serializedJson<WordRecord>(body, CachePolicy.publicData)
  })

  openapiGet(app, legacyWordRoute, async (c) => {
    const { word } = c.req.valid('param')
    const { sense } = c.req.valid('query')
    const body = await wordBody(c, word, sense)
    if (typeof body !== 'string') return wordNotFound(c, body)
    return serializedJson<WordRecord>(body, CachePolicy.noStore)
  })
  return app
}
