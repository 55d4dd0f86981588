/**
 * The search and statistics routes of each dataset, beside the contract's routes and like them in access,
 * release checks, caching and errors: `/search` pages the records that match `q` and the filters (a page
 * of the contract's shape, at most 100 records, with a cursor bound to the release and the query), and
 * `/statistics` answers the per-field statistics built with the release. Unlike the contract's routes,
 * these refuse a query parameter they do not know, so a misspelt parameter never looks as if it worked.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { apiError, errorResponses } from '../../http/errors'
import type { AppEnv } from '../../http/router'
import type { DatasetName } from '../release-input'
import type { ServedRelease } from '../releases'
import {
  DatasetParamsSchema,
  MAX_PAGE_SIZE,
  PageSchema,
  SearchQuerySchema,
  VersionQuerySchema,
} from '../schemas'
import { readSearchPage } from '../search'
import { MAX_QUERY_TERMS, parseSearchQuery } from '../search-query'
import { DatasetStatisticsSchema, STATISTICS_FILE, type DatasetStatistics } from '../statistics'
import type { PageOutcome } from '../paging'
import type { CursorCodec } from '../cursor'

type Opened = { dataset: DatasetName; release: ServedRelease }

export type SearchRouteParts = {
  tags: string[]
  security: Array<Record<string, string[]>>
  errors: Record<number, string>
  methodNotAllowed: Parameters<typeof createRoute>[0]['responses']
  cursors: CursorCodec
  open(c: Context, raw: string, version: string | undefined): Promise<Opened>
  read<T>(dataset: DatasetName, read: () => Promise<T>): Promise<T>
  pageAnswer(dataset: DatasetName, outcome: PageOutcome): Exclude<PageOutcome, { ok: false }>['page']
}

const decoder = new TextDecoder()
const SEARCH_PARAMETERS = new Set(Object.keys(SearchQuerySchema.shape))

/** A query parameter the route does not know is an error, not silently ignored. */
function refuseUnknownParameters(c: Context, known: ReadonlySet<string>): void {
  const unknown = Object.keys(c.req.queries()).filter((name) => !known.has(name))
  if (unknown.length === 0) return
  throw apiError(
    400,
    'unknown_parameter',
    `Unknown query parameter ${unknown.map((n) => `"${n}"`).join(', ')}.`,
    {
      hint: `This route takes ${[...known].join(', ')}. Filter with filter=name:value.`,
    },
  )
}

export function addSearchRoutes(app: OpenAPIHono<AppEnv>, parts: SearchRouteParts): void {
  const searchRoute = createRoute({
    method: 'get',
    path: '/api/datasets/{dataset}/search',
    operationId: 'searchDatasetRecords',
    tags: parts.tags,
    summary: 'A page of at most 100 records matching q (BM25, stemmed) and filters',
    security: parts.security,
    request: { params: DatasetParamsSchema, query: SearchQuerySchema },
    responses: {
      200: {
        description:
          'The page, in the records page shape: `total` counts the matches; with `q` in BM25 order, else in release order.',
        content: { 'application/json': { schema: PageSchema } },
      },
      ...errorResponses({
        ...parts.errors,
        400: `As the records route, and: an unknown query parameter (\`unknown_parameter\`), neither \`q\` nor \`filter\` (\`nothing_asked\`), a \`q\` without a searchable word or with more than ${MAX_QUERY_TERMS} (\`invalid_query\`), a filter not \`name:value\` (\`invalid_filter\`) or of a name the dataset does not have (\`unknown_filter\`, listing the names it has).`,
        409: 'The version or the cursor is not from the current release, or the cursor is of another query, of the records route or of another dataset (`stale_cursor`).',
      }),
      ...parts.methodNotAllowed,
    },
  })

  const statisticsRoute = createRoute({
    method: 'get',
    path: '/api/datasets/{dataset}/statistics',
    operationId: 'getDatasetStatistics',
    tags: parts.tags,
    summary: 'Per-field statistics of the current release',
    security: parts.security,
    request: { params: DatasetParamsSchema, query: VersionQuerySchema },
    responses: {
      200: {
        description:
          'Count, nulls, distinct and most frequent values, numbers and text lengths of every field.',
        content: { 'application/json': { schema: DatasetStatisticsSchema } },
      },
      ...errorResponses(parts.errors),
      ...parts.methodNotAllowed,
    },
  })

  app.openapi(searchRoute, async (c) => {
    refuseUnknownParameters(c, SEARCH_PARAMETERS)
    const { dataset: raw } = c.req.valid('param')
    const { version, cursor, start, limit = MAX_PAGE_SIZE, q, filter } = c.req.valid('query')
    const { dataset, release } = await parts.open(c, raw, version)
    const filters = filter === undefined ? [] : typeof filter === 'string' ? [filter] : filter
    const parsed = await parseSearchQuery(release.manifest.indexes.search, q, filters)
    if (!parsed.ok) {
      switch (parsed.problem) {
        case 'nothing_asked':
          throw apiError(400, 'nothing_asked', 'Give q, at least one filter, or both.', {
            hint: `GET /api/datasets/${dataset}/records pages every record.`,
          })
        case 'no_terms':
          throw apiError(400, 'invalid_query', 'q holds no searchable word (only stopwords or punctuation).')
        case 'too_many_terms':
          throw apiError(
            400,
            'invalid_query',
            `q holds ${parsed.terms} distinct words; at most ${MAX_QUERY_TERMS} are searched together.`,
          )
        case 'malformed_filter':
          throw apiError(400, 'invalid_filter', `The filter "${parsed.filter}" is not name:value.`, {
            hint: 'For example filter=split:test.',
          })
        case 'unknown_filter':
          throw apiError(
            400,
            'unknown_filter',
            `${dataset} has no filter "${parsed.name}". Its filters: ${parsed.known.join(', ') || 'none'}.`,
          )
      }
    }
    const outcome = await parts.read(dataset, () =>
      readSearchPage(dataset, release, parts.cursors, parsed.query, { cursor, start }, limit),
    )
    return c.json(parts.pageAnswer(dataset, outcome), 200)
  })

  app.openapi(statisticsRoute, async (c) => {
    refuseUnknownParameters(c, new Set(['version']))
    const { dataset: raw } = c.req.valid('param')
    const { version } = c.req.valid('query')
    const { dataset, release } = await parts.open(c, raw, version)
    const file = release.manifest.files.find((f) => f.path === STATISTICS_FILE)
    const bytes = await parts.read(dataset, () => release.read(STATISTICS_FILE, 0, file?.bytes ?? 0))
    return c.json(JSON.parse(decoder.decode(bytes)) as DatasetStatistics, 200)
  })
}
