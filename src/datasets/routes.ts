/**
 * The dataset routes of the contract (section 4.3), HTTP only: catalogue, manifest, records pages, one
 * record and the download. Each request rechecks the key (private datasets) and the current release with
 * its files; only the current release is served, and every byte read from it is checked against its block
 * hashes. Public answers are cached for an hour, private ones and errors never. Paging, ranges and the
 * catalogue are their own modules.
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { requireScope } from '../auth/authenticate'
import { DATASET_KEY, keyOptional } from '../auth/security-schemes'
import { CachePolicy } from '../http/cache'
import { apiError, errorResponses } from '../http/errors'
import { createRouter } from '../http/router'
import { unavailable } from '../http/unavailable'
import { BlockIntegrityError } from '../storage/block-hashes'
import { datasetCatalogue } from './catalogue'
import { croissantOf } from './croissant'
import { planDownload } from './download'
import { readPage, type PageOutcome } from './paging'
import { PARQUET_MEDIA_TYPE } from './parquet'
import { addSearchRoutes } from './routes/search'
import { DATASET_NAMES, DATASET_VISIBILITY, type DatasetName } from './release-input'
import type { DownloadRole, ServedRelease, Unavailable } from './releases'
import {
  CatalogueSchema,
  DatasetManifestSchema,
  DatasetParamsSchema,
  DatasetRecordSchema,
  MAX_PAGE_SIZE,
  PageQuerySchema,
  PageSchema,
  RecordParamsSchema,
  VersionQuerySchema,
  type DatasetRecord,
  type Page,
} from './schemas'
import type { DatasetService } from './service'

const TAGS = ['Datasets']
const ERRORS = {
  400: 'Malformed `version` (not 64 lowercase hex), cursor, record id, `start` or `limit` (`invalid_request`, `invalid_cursor`), `cursor` with `start` (`cursor_with_start`), or a page outside the release (`page_out_of_range`).',
  401: '`observed-language` only: key missing, invalid, revoked or expired (with `WWW-Authenticate: Bearer`).',
  403: '`observed-language` only: the key does not carry the `observed-language` scope.',
  404: 'Unknown dataset (`dataset_not_found`).',
  409: '`version` (or the cursor) is not from the current release: restart from the manifest.',
  503: 'No release published (`dataset_unavailable`), release withdrawn (`release_withdrawn`), private release not reviewed (`release_not_servable`), a file or a block read failed its integrity check (`integrity_failure`; a download already begun is cut off instead), storage could not be read (`storage_error`), or (observed-language) the key store is damaged (`key_store_unavailable`).',
}
/** Every dataset route answers other methods with a plain-text 405 (spec 4.3), from the shared middleware. */
const METHOD_NOT_ALLOWED = {
  405: {
    description: 'A method other than GET, HEAD or OPTIONS: plain-text body and an `Allow` header.',
    content: { 'text/plain': { schema: z.string() } },
  },
}
/** A key only for the private dataset, whose scope is its name. */
const KEY_FOR_PRIVATE = keyOptional(DATASET_KEY, 'observed-language')
const RESTART_HINT =
  'Fetch the manifest for the current version and restart from the first page; do not merge releases.'

const catalogueRoute = createRoute({
  method: 'get',
  path: '/api/datasets',
  operationId: 'listDatasets',
  tags: TAGS,
  summary: 'The datasets, their routes, access rules and source terms',
  security: [],
  responses: {
    200: { description: 'The catalogue.', content: { 'application/json': { schema: CatalogueSchema } } },
    ...METHOD_NOT_ALLOWED,
  },
})

const manifestRoute = createRoute({
  method: 'get',
  path: '/api/datasets/{dataset}',
  operationId: 'getDatasetManifest',
  tags: TAGS,
  summary: 'The current release manifest of a dataset',
  security: KEY_FOR_PRIVATE,
  request: { params: DatasetParamsSchema, query: VersionQuerySchema },
  responses: {
    200: {
      description: 'Version, status, source terms, schema, grouping rule, statistics and files with hashes.',
      content: { 'application/json': { schema: DatasetManifestSchema } },
    },
    ...errorResponses(ERRORS),
    ...METHOD_NOT_ALLOWED,
  },
})

const pageRoute = createRoute({
  method: 'get',
  path: '/api/datasets/{dataset}/records',
  operationId: 'listDatasetRecords',
  tags: TAGS,
  summary: 'A page of at most 100 records, in release order, after a cursor or at a position',
  security: KEY_FOR_PRIVATE,
  request: { params: DatasetParamsSchema, query: PageQuerySchema },
  responses: {
    200: { description: 'The page.', content: { 'application/json': { schema: PageSchema } } },
    ...errorResponses({
      ...ERRORS,
      409: 'The version or the cursor is not from the current release (`version_not_current`), or the cursor is of another release or another dataset (`stale_cursor`).',
    }),
    ...METHOD_NOT_ALLOWED,
  },
})

const recordRoute = createRoute({
  method: 'get',
  path: '/api/datasets/{dataset}/records/{id}',
  operationId: 'getDatasetRecord',
  tags: TAGS,
  summary: 'One record by id',
  security: KEY_FOR_PRIVATE,
  request: { params: RecordParamsSchema, query: VersionQuerySchema },
  responses: {
    200: { description: 'The record.', content: { 'application/json': { schema: DatasetRecordSchema } } },
    ...errorResponses({
      ...ERRORS,
      404: 'Unknown dataset (`dataset_not_found`) or record (`record_not_found`).',
    }),
    ...METHOD_NOT_ALLOWED,
  },
})

const DOWNLOAD_HEADERS = {
  ETag: { schema: { type: 'string' as const }, description: 'The release version, quoted.' },
  'Repr-Digest': {
    schema: { type: 'string' as const },
    description: 'RFC 9530 SHA-256 of the whole file: `sha-256=:<base64>:`; the manifest has it in hex.',
  },
  'Accept-Ranges': { schema: { type: 'string' as const }, description: '`bytes`: resume with `Range`.' },
}

const downloadRoute = createRoute({
  method: 'get',
  path: '/api/datasets/{dataset}/download',
  operationId: 'downloadDataset',
  tags: TAGS,
  summary: 'The whole release as checksummed JSONL, streamed; resumable with Range',
  security: KEY_FOR_PRIVATE,
  request: { params: DatasetParamsSchema, query: VersionQuerySchema },
  responses: {
    200: {
      description: 'records.jsonl: one record a line, each with `releaseSource`.',
      headers: DOWNLOAD_HEADERS,
      content: { 'application/x-ndjson': { schema: z.string() } },
    },
    206: {
      description: 'The byte range asked for with `Range` (with `Content-Range`).',
      headers: DOWNLOAD_HEADERS,
      content: { 'application/x-ndjson': { schema: z.string() } },
    },
    304: { description: '`If-None-Match` names the current version.' },
    ...errorResponses({
      ...ERRORS,
      416: 'The range starts past the end of the file (`Content-Range: bytes */<length>`).',
    }),
    ...METHOD_NOT_ALLOWED,
  },
})

const parquetRoute = createRoute({
  method: 'get',
  path: '/api/datasets/{dataset}/parquet',
  operationId: 'downloadDatasetParquet',
  tags: TAGS,
  summary: 'The whole release as Parquet, streamed; resumable with Range',
  description:
    'The records of the JSONL download, one column per field (objects and arrays as canonical JSON text), `releaseSource` once in the file key-value metadata. Listed with its SHA-256 in the manifest (role `parquet`).',
  security: KEY_FOR_PRIVATE,
  request: { params: DatasetParamsSchema, query: VersionQuerySchema },
  responses: {
    200: {
      description: 'records.parquet.',
      headers: DOWNLOAD_HEADERS,
      content: { [PARQUET_MEDIA_TYPE]: { schema: z.string().openapi({ format: 'binary' }) } },
    },
    206: {
      description: 'The byte range asked for with `Range` (with `Content-Range`).',
      headers: DOWNLOAD_HEADERS,
      content: { [PARQUET_MEDIA_TYPE]: { schema: z.string().openapi({ format: 'binary' }) } },
    },
    304: { description: '`If-None-Match` names the current version.' },
    ...errorResponses({
      ...ERRORS,
      416: 'The range starts past the end of the file (`Content-Range: bytes */<length>`).',
      503: `${ERRORS[503]} A release built before the Parquet form has none (\`integrity_failure\`) until it is rebuilt.`,
    }),
    ...METHOD_NOT_ALLOWED,
  },
})

const croissantRoute = createRoute({
  method: 'get',
  path: '/api/datasets/{dataset}/croissant',
  operationId: 'getDatasetCroissant',
  tags: TAGS,
  summary: 'MLCommons Croissant 1.0 metadata (JSON-LD) of the current release',
  description:
    'The files (JSONL and Parquet) with their SHA-256 and version-pinned content URLs, and a record set per file with the record fields and their types.',
  security: KEY_FOR_PRIVATE,
  request: { params: DatasetParamsSchema, query: VersionQuerySchema },
  responses: {
    200: {
      description: 'Croissant JSON-LD.',
      content: { 'application/ld+json': { schema: z.record(z.string(), z.unknown()) } },
    },
    ...errorResponses(ERRORS),
    ...METHOD_NOT_ALLOWED,
  },
})

function datasetName(raw: string): DatasetName {
  if ((DATASET_NAMES as readonly string[]).includes(raw)) return raw as DatasetName
  throw apiError(404, 'dataset_not_found', `No dataset "${raw}".`, {
    hint: `Datasets: ${DATASET_NAMES.join(', ')}. GET /api/datasets lists them.`,
  })
}

function unavailableError(dataset: DatasetName, state: Unavailable) {
  return unavailable(
    { code: state.code, message: state.reason },
    {
      problems: state.problems,
      hint:
        state.code === 'release_withdrawn'
          ? `GET /api/datasets/${dataset} shows when a new release is current.`
          : undefined,
      retry: state.code === 'integrity_failure' || state.code === 'storage_error',
    },
  )
}

/** Successful answers: public datasets (and the catalogue) cached for an hour, private ones never. */
const cacheByDataset: MiddlewareHandler = async (c, next) => {
  await next()
  if (c.res.status >= 400) return
  const dataset = /^\/api\/datasets\/([^/]+)/.exec(c.req.path)?.[1] as DatasetName | undefined
  const isPrivate = dataset !== undefined && DATASET_VISIBILITY[dataset] === 'private'
  c.res.headers.set('Cache-Control', isPrivate ? CachePolicy.noStore : CachePolicy.publicData)
}

/** The key (private datasets), the verified current release and the version pin, in that order. */
async function openRelease(
  c: Context,
  service: DatasetService,
  raw: string,
  version: string | undefined,
): Promise<{ dataset: DatasetName; release: ServedRelease }> {
  const dataset = datasetName(raw)
  if (DATASET_VISIBILITY[dataset] === 'private') {
    await requireScope(c.req.header('Authorization'), service.keys, dataset)
  }
  const state = await service.releases.current(dataset)
  if (state.status === 'unavailable') throw unavailableError(dataset, state)
  const current = state.release.manifest.version
  if (version !== undefined && version !== current) {
    throw apiError(
      409,
      'version_not_current',
      `Version ${version} is not the current release of ${dataset}.`,
      {
        hint: `${RESTART_HINT} The current version is ${current}.`,
      },
    )
  }
  return { dataset, release: state.release }
}

/** Runs a read of release files; bytes that fail their block hash are an integrity failure, never an answer. */
async function readVerified<T>(dataset: DatasetName, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (err) {
    if (!(err instanceof BlockIntegrityError)) throw err
    throw unavailable(
      {
        code: 'integrity_failure',
        message: `A file of the current ${dataset} release does not match its block hashes.`,
      },
      { problems: [{ path: err.path, problem: 'hash-mismatch' }] },
    )
  }
}

/** A page, or the error its outcome names. */
function pageAnswer(dataset: DatasetName, outcome: PageOutcome): Page {
  if (outcome.ok) return outcome.page
  switch (outcome.problem) {
    case 'invalid_cursor':
      throw apiError(
        400,
        'invalid_cursor',
        `The cursor is ${outcome.reason === 'forged' ? 'not one this service issued' : 'malformed'}.`,
        { hint: 'Pass the nextCursor of the previous page unchanged, or omit cursor for the first page.' },
      )
    case 'stale_cursor':
      throw apiError(
        409,
        'stale_cursor',
        `The cursor belongs to ${outcome.issuedFor}, not the current ${dataset} release.`,
        { hint: RESTART_HINT },
      )
    case 'cursor_with_start':
      throw apiError(400, 'cursor_with_start', 'Give cursor or start, not both.', {
        hint: 'cursor follows the previous page; start jumps to a position.',
      })
    case 'page_out_of_range':
      throw apiError(
        400,
        'page_out_of_range',
        outcome.from === 'cursor'
          ? `The cursor points at record ${outcome.position}; there are ${outcome.total}.`
          : `start ${outcome.position} is past the last record: there are ${outcome.total}, counted from 0.`,
        outcome.from === 'start' && outcome.total > 0
          ? { hint: `start goes from 0 to ${outcome.total - 1}.` }
          : undefined,
      )
  }
}

const decoder = new TextDecoder()

export function datasetRoutes(service: DatasetService) {
  const app = createRouter()
  app.use('/api/datasets', cacheByDataset)
  app.use('/api/datasets/*', cacheByDataset)

  app.openapi(catalogueRoute, async (c) => c.json(await datasetCatalogue(service.releases), 200))

  app.openapi(manifestRoute, async (c) => {
    const { dataset } = c.req.valid('param')
    const { version } = c.req.valid('query')
    const { release } = await openRelease(c, service, dataset, version)
    return c.json(release.manifest, 200)
  })

  app.openapi(pageRoute, async (c) => {
    const { dataset: raw } = c.req.valid('param')
    const { version, cursor, start, limit = MAX_PAGE_SIZE } = c.req.valid('query')
    const { dataset, release } = await openRelease(c, service, raw, version)
    const outcome = await readVerified(dataset, () =>
      readPage(dataset, release, service.cursors, { cursor, start }, limit),
    )
    return c.json(pageAnswer(dataset, outcome), 200)
  })

  app.get('/api/datasets/:dataset/records/', () => {
    throw apiError(400, 'invalid_request', 'Invalid param id: id must be 1 to 250 characters', {
      details: [{ path: 'id', message: 'id must be 1 to 250 characters' }],
    })
  })

  addSearchRoutes(app, {
    tags: TAGS,
    security: KEY_FOR_PRIVATE,
    errors: ERRORS,
    methodNotAllowed: METHOD_NOT_ALLOWED,
    cursors: service.cursors,
    open: (c, raw, version) => openRelease(c, service, raw, version),
    read: readVerified,
    pageAnswer,
  })

  app.openapi(recordRoute, async (c) => {
    const { dataset: raw, id } = c.req.valid('param')
    const { version } = c.req.valid('query')
    const { dataset, release } = await openRelease(c, service, raw, version)
    const line = await readVerified(dataset, () => release.record(id))
    if (!line) throw apiError(404, 'record_not_found', `No record "${id}" in the current ${dataset} release.`)
    return c.json(JSON.parse(decoder.decode(line)) as DatasetRecord, 200)
  })

  /** The JSONL or the Parquet file, whole or a range, checked block by block as it streams. */
  async function serveFile(c: Context, raw: string, version: string | undefined, role: DownloadRole) {
    const { dataset, release } = await openRelease(c, service, raw, version)
    const file = release.downloadable(role)
    if (!file) {
      throw unavailable(
        { code: 'integrity_failure', message: `The current ${dataset} release has no ${role} file.` },
        { hint: 'The release was built before this form existed; npm run build:releases rebuilds it.' },
      )
    }
    const plan = planDownload(dataset, release.manifest.version, file, {
      range: c.req.header('Range'),
      ifRange: c.req.header('If-Range'),
      ifNoneMatch: c.req.header('If-None-Match'),
    })
    if (plan.kind === 'not-modified') return c.body(null, 304, plan.headers)
    if (plan.kind === 'unsatisfiable') {
      throw apiError(416, 'range_not_satisfiable', `The file is ${plan.size} bytes long.`, {
        headers: { 'Content-Range': `bytes */${plan.size}`, 'Accept-Ranges': 'bytes' },
      })
    }
    if (c.req.method === 'HEAD') return c.body(null, plan.status, plan.headers)
    // The first blocks are checked before the answer starts; a later bad block cuts the stream (and the
    // connection) short of its Content-Length, so a client never takes wrong bytes for a whole file.
    const body = await readVerified(dataset, () => release.stream({ start: plan.start, end: plan.end }, role))
    return c.body(body, plan.status, plan.headers)
  }

  app.openapi(downloadRoute, async (c) =>
    serveFile(c, c.req.valid('param').dataset, c.req.valid('query').version, 'records'),
  )

  app.openapi(parquetRoute, async (c) =>
    serveFile(c, c.req.valid('param').dataset, c.req.valid('query').version, 'parquet'),
  )

  app.openapi(croissantRoute, async (c) => {
    const { dataset } = c.req.valid('param')
    const { release } = await openRelease(c, service, dataset, c.req.valid('query').version)
    const croissant = croissantOf(release.manifest, new URL(c.req.url).origin)
    return c.json(croissant, 200, { 'Content-Type': 'application/ld+json; charset=utf-8' })
  })

  return app
}
