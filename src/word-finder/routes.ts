/**
 * `GET /api/lexicon/search`: finding words beyond a prefix (src/word-finder/find.ts), one kind of search
 * per request (`spelled`, `sounds`, `rhymes`, `means` or `random`), with filters and cursor pages. Like the
 * datasets' search it refuses a query parameter it does not know, so a misspelt filter never looks as if it
 * worked.
 */
import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { CachePolicy } from '../http/cache'
import { apiError, errorResponses, GET_ONLY } from '../http/errors'
import { createRouter, openapiGet } from '../http/router'
import { requireReady } from '../http/unavailable'
import { readLexicon } from '../lexicon/reading'
import { LEXICON_UNAVAILABLE, type LexiconProvider } from '../lexicon/release'
import { decodeCursor, encodeCursor, queryDigest } from './cursor'
import { findWords, MAX_RESULTS, type Asked } from './find'
import {
  DEFAULT_LIMIT,
  MAX_CURSOR,
  MAX_DESCRIPTION,
  MAX_LIMIT,
  MAX_PATTERN,
  SEARCH_KINDS,
  SearchQuerySchema,
  SearchResultSchema,
  type SearchKind,
  type SearchQuery,
  type SearchResult,
} from './schemas'

const KNOWN = Object.keys(SearchQuerySchema.shape)

const searchRoute = createRoute({
  method: 'get',
  path: '/api/lexicon/search',
  operationId: 'searchLexicon',
  tags: ['Lexicon'],
  summary: 'Words by spelling with wildcards, sound, rhyme, meaning, or at random',
  description:
    'Exactly one of `spelled`, `sounds`, `rhymes`, `means` and `random`, with any of the filters `pos`, `syllables`, `band` and `safe`. Every word answered is a word of the release’s English word list, with its parts of speech, frequency band and syllables. Classroom-safe by default: words with an offensive, vulgar or profanity-list meaning are left out unless `safe=false`.',
  security: [],
  request: { query: SearchQuerySchema },
  responses: {
    200: {
      description: `At most ${MAX_LIMIT} words, best first, and the cursor of the next page.`,
      content: { 'application/json': { schema: SearchResultSchema } },
    },
    ...errorResponses({
      ...GET_ONLY,
      400: `An unknown query parameter (\`unknown_parameter\`, naming the known ones); none of the kinds or more than one (\`nothing_asked\`, \`too_many_kinds\`); \`spelled\`, \`sounds\` or \`rhymes\` empty, longer than ${MAX_PATTERN} characters or with other characters; \`means\` longer than ${MAX_DESCRIPTION} UTF-16 code units, or without a word to search by (\`invalid_query\`); \`limit\` not 1 to ${MAX_LIMIT}; a filter out of its values; a \`cursor\` longer than ${MAX_CURSOR} characters, not one this route issued, or with \`random\` (\`invalid_cursor\`).`,
      409: 'The cursor is of another lexicon release or of another query (`stale_cursor`): search again from the first page.',
      503: 'The lexicon release is not loaded or failed its integrity check.',
    }),
  },
})

function refuseUnknownParameters(c: Context): void {
  const unknown = Object.keys(c.req.queries()).filter((name) => !KNOWN.includes(name))
  if (unknown.length === 0) return
  throw apiError(
    400,
    'unknown_parameter',
    `Unknown query parameter ${unknown.map((n) => `"${n}"`).join(', ')}.`,
    {
      hint: `This route takes ${KNOWN.join(', ')}.`,
    },
  )
}

/** The one kind the query asks, or a 400. */
function askedKind(query: SearchQuery): SearchKind {
  const kinds = SEARCH_KINDS.filter((kind) => query[kind] !== undefined)
  if (kinds.length === 0)
    throw apiError(400, 'nothing_asked', `Give one of ${SEARCH_KINDS.join(', ')}.`, {
      hint: 'GET /api/lexicon/search?rhymes=light',
    })
  if (kinds.length > 1)
    throw apiError(400, 'too_many_kinds', `Give only one of ${kinds.join(', ')}: each is its own search.`)
  return kinds[0] as SearchKind
}

export function wordFinderRoutes(provider: LexiconProvider) {
  const app = createRouter()
  openapiGet(app, searchRoute, async (c) => {
    refuseUnknownParameters(c)
    const query = c.req.valid('query')
    const kind = askedKind(query)
    const text = kind === 'random' ? 'true' : (query[kind] as string)
    const { lexicon } = requireReady(await provider.current(), LEXICON_UNAVAILABLE)
    const release = lexicon.manifest.release
    const filters = {
      pos: query.pos,
      syllables: query.syllables,
      band: query.band,
      safe: query.safe !== 'false',
    }
    const digest = queryDigest(JSON.stringify([kind, text.toLowerCase(), filters]))
    let offset = 0
    if (query.cursor !== undefined) {
      if (kind === 'random')
        throw apiError(400, 'invalid_cursor', 'random takes no cursor: every request is a new draw.')
      const read = decodeCursor(query.cursor, release, digest)
      if (!read.ok && read.reason === 'malformed')
        throw apiError(400, 'invalid_cursor', 'The cursor is not one this route issued.')
      if (!read.ok)
        throw apiError(409, 'stale_cursor', 'The cursor is of another lexicon release or another query.', {
          hint: 'Search again without a cursor.',
        })
      if (read.offset >= MAX_RESULTS)
        throw apiError(400, 'invalid_cursor', 'The cursor is not one this route issued.')
      offset = read.offset
    }
    const limit = query.limit ?? (kind === 'random' ? 1 : DEFAULT_LIMIT)
    const asked: Asked =
      kind === 'spelled'
        ? { kind, pattern: text.toLowerCase() }
        : kind === 'sounds'
          ? { kind, spelling: text }
          : kind === 'rhymes'
            ? { kind, word: text }
            : kind === 'means'
              ? { kind, description: text }
              : { kind, seed: crypto.getRandomValues(new Uint32Array(1))[0] as number }
    const found = await readLexicon(lexicon, (read) =>
      findWords(read, asked, filters, offset, Math.min(limit, MAX_RESULTS - offset)),
    )
    if (!found.ok)
      throw apiError(
        400,
        'invalid_query',
        'means holds no word to search by (only short or grammar words).',
        {
          hint: 'Describe the meaning with content words: means=a large body of water',
        },
      )
    const body: SearchResult = {
      kind,
      query: text,
      words: found.words,
      nextCursor: found.more ? encodeCursor(offset + found.words.length, release, digest) : null,
      note: found.note,
    }
    return c.json(body, 200, {
      'Cache-Control': kind === 'random' ? CachePolicy.noStore : CachePolicy.publicData,
    })
  })
  return app
}
