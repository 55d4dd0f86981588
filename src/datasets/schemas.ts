/**
 * The dataset shapes, one zod schema each: the release manifest (also parsed when a release is read from
 * storage), the catalogue, a page, one record, and the request parameters of the dataset routes.
 */
import { z } from '@hono/zod-openapi'
import { unitString } from '../validation/text-length'
import { BLOCK_BYTES } from '../storage/block-hashes'
import { DATASET_NAMES } from './release-input'
import { SearchIndexManifestSchema } from './search-manifest'
import { MAX_FILTER_LENGTH, MAX_FILTERS, MAX_QUERY_LENGTH, MAX_QUERY_TERMS } from './search-query'

export const VERSION_PATTERN = /^[a-f0-9]{64}$/
export const MAX_PAGE_SIZE = 100
export const MAX_RECORD_ID_LENGTH = 250
/** The largest `start`: the last ordinal the release indexes (uint32) can name. */
export const MAX_START = 4_294_967_295
export const MANIFEST_FORMAT = 'lexicon-service-dataset/2'

/** The column types of the Parquet form (src/datasets/parquet.ts says which field gets which). */
export const PARQUET_COLUMN_TYPES = ['STRING', 'INT64', 'DOUBLE', 'BOOLEAN', 'JSON'] as const
export type ParquetColumnType = (typeof PARQUET_COLUMN_TYPES)[number]

const Sha256Schema = z.string().regex(VERSION_PATTERN)

export const DatasetNameSchema = z.enum(DATASET_NAMES).openapi('DatasetName', {
  description: '`observed-language` is private and needs a key with that scope.',
})

export const SourceWorkSchema = z
  .object({
    name: z.string(),
    package: z
      .object({ registry: z.enum(['npm', 'debian']), name: z.string(), version: z.string() })
      .optional()
      .openapi({ description: 'The npm or Debian package the text came from, with its exact version.' }),
    license: z.string(),
    url: z.string().optional(),
    notes: z.string().optional(),
  })
  .openapi('SourceWork')

export const SourceTermsSchema = z
  .object({
    title: z.string().min(1),
    summary: z.string(),
    license: z.string().min(1).openapi({ description: 'The terms under which the release is offered.' }),
    attribution: z.string().min(1),
    sources: z.array(SourceWorkSchema),
    limitations: z
      .array(z.string())
      .openapi({ description: 'What the data is not and must not be used as.' }),
  })
  .openapi('SourceTerms')

export const ReleaseSourceSchema = z
  .object({
    dataset: DatasetNameSchema,
    version: Sha256Schema,
    title: z.string(),
    license: z.string(),
    attribution: z.string(),
    manifest: z.string().openapi({
      description: 'Path of the release manifest, with its source terms.',
      example: '/api/datasets/literary-context?version=…',
    }),
  })
  .openapi('ReleaseSource', {
    description: 'Release attribution; every record of the release carries it as `releaseSource`.',
  })

export const DatasetFileSchema = z
  .object({
    path: z.string().openapi({ description: 'File name inside the release.', example: 'records.jsonl' }),
    role: z.enum([
      'records',
      'line-offsets',
      'id-index',
      'parquet',
      'search-keys',
      'search-postings',
      'statistics',
      'block-hashes',
    ]),
    mediaType: z.string(),
    bytes: z.number().int().nonnegative(),
    sha256: Sha256Schema,
    columns: z
      .array(z.object({ name: z.string(), type: z.enum(PARQUET_COLUMN_TYPES) }))
      .optional()
      .openapi({
        description:
          'Parquet only: its columns in order, one per record field; a JSON column holds canonical JSON text.',
      }),
  })
  .openapi('DatasetFile', { description: 'A release file with its byte length and SHA-256.' })

export const GroupingSchema = z
  .object({
    key: z.string().openapi({ description: 'The record field that holds the variant-group key.' }),
    rule: z.string().openapi({ description: 'How to keep groups together when splitting for evaluation.' }),
  })
  .openapi('Grouping')

export const DatasetManifestSchema = z
  .object({
    format: z.literal(MANIFEST_FORMAT),
    dataset: DatasetNameSchema,
    version: Sha256Schema.openapi({
      description:
        'SHA-256 over the RFC 8785 canonical JSON of exactly `{records, schema, sourceTerms, status}` (records without `releaseSource`).',
    }),
    visibility: z.enum(['public', 'private']),
    status: z.string().openapi({ example: 'public-domain-excerpts' }),
    revoked: z
      .boolean()
      .openapi({ description: '`true` withdraws the release: every route of the dataset answers 503.' }),
    recordCount: z.number().int().nonnegative(),
    sourceTerms: SourceTermsSchema,
    releaseSource: ReleaseSourceSchema,
    schema: z
      .record(z.string(), z.unknown())
      .openapi({ description: 'JSON Schema of one record as built, before `releaseSource` is added.' }),
    grouping: GroupingSchema.nullable(),
    statistics: z.object({
      records: z.number().int().nonnegative(),
      groups: z.number().int().nonnegative().nullable(),
      breakdown: z
        .record(z.string(), z.unknown())
        .openapi({ description: 'Spread of the data as the content pipeline reports it.' }),
    }),
    files: z.array(DatasetFileSchema),
    indexes: z.object({
      lineOffsets: z.object({
        file: z.string(),
        encoding: z.literal('uint64le').openapi({
          description: 'recordCount + 1 byte offsets into records.jsonl; the last is its length.',
        }),
      }),
      idIndex: z.object({
        file: z.string(),
        hash: z.literal('fnv1a32-utf8'),
        buckets: z.number().int().positive().openapi({
          description:
            'Bucket b holds the ids whose hash mod `buckets` is b: (buckets + 1) uint64le offsets, then entries of uint32le ordinal, uint16le byte length and the UTF-8 id.',
        }),
      }),
      blockHashes: z.object({
        file: z.string(),
        hash: z.literal('sha-256'),
        blockBytes: z.literal(BLOCK_BYTES).openapi({
          description:
            'The SHA-256 of every block of this many bytes (the last one of a file may be shorter) of each other file, in the order of `files`, 32 bytes each; every byte served is checked against them.',
        }),
      }),
      search: SearchIndexManifestSchema,
    }),
  })
  .openapi('DatasetManifest', {
    description:
      'A dataset release: version, status, `revoked`, source terms, schema, grouping rule, statistics and every file with its byte length and SHA-256.',
  })

export type DatasetManifest = z.infer<typeof DatasetManifestSchema>
export type DatasetFile = z.infer<typeof DatasetFileSchema>
export type ReleaseSource = z.infer<typeof ReleaseSourceSchema>

export const CatalogueEntrySchema = z
  .object({
    dataset: DatasetNameSchema,
    visibility: z.enum(['public', 'private']),
    access: z.object({
      key: z.boolean().openapi({ description: 'Whether a bearer key is needed.' }),
      scope: z.string().nullable().openapi({ description: 'The scope the key must carry.' }),
    }),
    available: z.boolean(),
    unavailableReason: z.string().nullable(),
    version: Sha256Schema.nullable().openapi({ description: 'The current version of a public release.' }),
    recordCount: z.number().int().nullable(),
    status: z.string().nullable(),
    sourceTerms: SourceTermsSchema.nullable(),
    routes: z.object({
      manifest: z.string(),
      records: z.string(),
      record: z.string(),
      download: z.string(),
      search: z.string(),
      statistics: z.string(),
    }),
  })
  .openapi('DatasetCatalogueEntry')

export const CatalogueSchema = z
  .object({ datasets: z.array(CatalogueEntrySchema) })
  .openapi('DatasetCatalogue', {
    description:
      'Every dataset with its routes, access rule and source terms. Version and counts of private releases are shown only behind their key.',
  })

export type Catalogue = z.infer<typeof CatalogueSchema>

export const DatasetRecordSchema = z
  .object({ id: z.string(), releaseSource: ReleaseSourceSchema })
  .catchall(z.unknown())
  .openapi('DatasetRecord', {
    description: 'One record: its own fields (see the manifest `schema`) and `releaseSource`.',
  })

export type DatasetRecord = z.infer<typeof DatasetRecordSchema>

export const PageSchema = z
  .object({
    version: Sha256Schema,
    source: z.object({ releaseSource: ReleaseSourceSchema, sourceTerms: SourceTermsSchema }),
    total: z.number().int().nonnegative(),
    count: z.number().int().nonnegative().max(MAX_PAGE_SIZE),
    nextCursor: z.string().nullable().openapi({
      description: 'Pass unchanged as `cursor` for the next page; null on the last page.',
    }),
    records: z.array(DatasetRecordSchema),
  })
  .openapi('DatasetPage')
export type Page = z.infer<typeof PageSchema>

export const DatasetParamsSchema = z.object({
  dataset: unitString({ max: 64, tooLong: 'dataset must be at most 64 characters' }).openapi({
    param: { name: 'dataset', in: 'path' },
    description: 'One of `literary-context`, `association-practice`, `observed-language` (else 404).',
    example: 'literary-context',
  }),
})

export const RecordParamsSchema = DatasetParamsSchema.extend({
  id: unitString({
    min: 1,
    max: MAX_RECORD_ID_LENGTH,
    tooShort: 'id must be 1 to 250 characters',
    tooLong: 'id must be 1 to 250 characters',
  }).openapi({
    param: { name: 'id', in: 'path' },
    description: 'Record id, 1 to 250 characters, URL-encoded.',
  }),
})

const VersionQuery = z
  .string()
  .regex(VERSION_PATTERN, 'version must be 64 lowercase hex characters')
  .optional()
  .openapi({
    param: { name: 'version', in: 'query' },
    description: 'Pins the current release; another version answers 409.',
  })

export const VersionQuerySchema = z.object({ version: VersionQuery })

const START_MESSAGE = `start must be an integer from 0 to ${MAX_START}`

export const PageQuerySchema = z.object({
  version: VersionQuery,
  cursor: unitString({
    min: 1,
    max: 200,
    tooShort: 'cursor must not be empty',
    tooLong: 'cursor must be at most 200 characters',
  })
    .optional()
    .openapi({
      param: { name: 'cursor', in: 'query' },
      description:
        'Omit for the first page; otherwise the `nextCursor` of the previous page, unchanged. Not with `start`.',
    }),
  start: z
    .string({ error: START_MESSAGE })
    .regex(/^(0|[1-9][0-9]{0,9})$/, START_MESSAGE)
    .transform(Number)
    .refine((n) => n <= MAX_START, START_MESSAGE)
    .optional()
    .openapi({
      param: { name: 'start', in: 'query' },
      type: 'integer',
      minimum: 0,
      maximum: MAX_START,
      description:
        "An integer from 0 to 4294967295 (the last position a release can index). Instead of `cursor`: the 0-based position of the page's first record (in release order on `/records`, in result order on `/search`), to reach any page in one request. The page is the one a cursor at that position answers, with the same `nextCursor`. Not with `cursor`; at most the number of records (or matches) less one, else 400 `page_out_of_range` (`start=0` of an empty result is its empty first page).",
      example: 200,
    }),
  limit: z.coerce
    .number({ error: 'limit must be an integer from 1 to 100' })
    .int('limit must be an integer from 1 to 100')
    .min(1, 'limit must be an integer from 1 to 100')
    .max(MAX_PAGE_SIZE, 'limit must be an integer from 1 to 100')
    .optional()
    .openapi({
      param: { name: 'limit', in: 'query' },
      description: 'Records per page, 1 to 100 (default 100).',
    }),
})

const FilterSchema = unitString({
  min: 3,
  max: MAX_FILTER_LENGTH,
  tooShort: 'filter must be name:value',
  tooLong: `filter must be at most ${MAX_FILTER_LENGTH} characters`,
})

export const SearchQuerySchema = PageQuerySchema.extend({
  q: unitString({
    min: 1,
    max: MAX_QUERY_LENGTH,
    tooShort: 'q must not be empty',
    tooLong: `q must be at most ${MAX_QUERY_LENGTH} characters`,
  })
    .optional()
    .openapi({
      param: { name: 'q', in: 'query' },
      description: `Full-text search over the fields the manifest lists in \`indexes.search.text\`: words lowercased, stopwords dropped, Porter-stemmed; a record matches with any word, ranked by BM25. At most ${MAX_QUERY_LENGTH} characters and ${MAX_QUERY_TERMS} distinct words.`,
      example: 'whale',
    }),
  filter: z
    .union([FilterSchema, z.array(FilterSchema).max(MAX_FILTERS, `at most ${MAX_FILTERS} filters`)])
    .optional()
    .openapi({
      param: { name: 'filter', in: 'query', style: 'form', explode: true },
      description: `\`name:value\`, repeatable up to ${MAX_FILTERS} times; the names are those of \`indexes.search.filters\` in the manifest (another name answers 400 listing them). Values of one name: any of them; different names: all of them.`,
      example: 'split:test',
    }),
})
