/**
 * The manifest's description of a release's search index: its two files, how text became terms, the BM25
 * parameters, the fields searched and the filters a client may use (a filter not listed here is refused).
 */
import { z } from '@hono/zod-openapi'
import {
  BM25,
  SEARCH_KEYS_FILE,
  SEARCH_POSTINGS_FILE,
  type BuiltSearchIndex,
  type SearchSpec,
} from './search-index'
import { TERMS_RULE } from './search-terms'

export const SearchIndexManifestSchema = z
  .object({
    keys: z.object({
      file: z.literal(SEARCH_KEYS_FILE),
      hash: z.literal('fnv1a32-utf8'),
      buckets: z.number().int().positive(),
      count: z.number().int().nonnegative().openapi({
        description:
          'Keys in the table: `q` NUL term for a search term, `f` NUL filter NUL value for a filter value; the id index format.',
      }),
    }),
    postings: z.object({
      file: z.literal(SEARCH_POSTINGS_FILE),
      encoding: z.literal('uint64le-offsets/uint32le-ordinal-float32le-score').openapi({
        description:
          '(count + 1) entry offsets, then 8-byte entries: a term in BM25 order, a filter value in release order.',
      }),
    }),
    terms: z.literal(TERMS_RULE),
    bm25: z.object({ k1: z.literal(BM25.k1), b: z.literal(BM25.b) }),
    text: z.array(z.string()).openapi({ description: 'The fields `q` searches (dot paths).' }),
    filters: z.record(z.string(), z.string()).openapi({
      description: 'Each filter name and the field it matches (dot path).',
      example: { split: 'split' },
    }),
  })
  .openapi('DatasetSearchIndex')

export type SearchIndexManifest = z.infer<typeof SearchIndexManifestSchema>

export function searchManifestEntry(spec: SearchSpec, built: BuiltSearchIndex): SearchIndexManifest {
  return {
    keys: { file: SEARCH_KEYS_FILE, hash: 'fnv1a32-utf8', buckets: built.buckets, count: built.keyCount },
    postings: { file: SEARCH_POSTINGS_FILE, encoding: 'uint64le-offsets/uint32le-ordinal-float32le-score' },
    terms: TERMS_RULE,
    bm25: { k1: BM25.k1, b: BM25.b },
    text: spec.text,
    filters: spec.filters,
  }
}
