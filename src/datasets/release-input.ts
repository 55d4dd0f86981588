/**
 * What a dataset release is built from (spec 2.4, 9): canonical records, source terms, schema and status.
 * The content pipelines (src/releases/datasets) produce this; the release builder turns it into versioned,
 * checksummed files. The version is a SHA-256 over exactly these inputs in canonical JSON.
 */
import type { SearchSpec } from './search-index'

export const DATASET_NAMES = ['literary-context', 'association-practice', 'observed-language'] as const
export type DatasetName = (typeof DATASET_NAMES)[number]

/** Public datasets need no key; private ones live in the private storage root and need a scoped key. */
export const DATASET_VISIBILITY: Record<DatasetName, 'public' | 'private'> = {
  'literary-context': 'public',
  'association-practice': 'public',
  'observed-language': 'private',
}

export type SourceWork = {
  name: string
  /** The npm or Debian package the text was taken from, with its exact version. */
  package?: { registry: 'npm' | 'debian'; name: string; version: string }
  license: string
  url?: string
  notes?: string
}

export type SourceTerms = {
  title: string
  summary: string
  /** The terms under which the release itself is offered. */
  license: string
  attribution: string
  sources: SourceWork[]
  /** What the data is not and must not be used as. */
  limitations: string[]
}

export type DatasetRecord = { id: string } & Record<string, unknown>

export type DatasetReleaseInput = {
  dataset: DatasetName
  /** For example `public-domain-excerpts`, `practice-material`, `reviewed`. */
  status: string
  /** JSON Schema (draft 2020-12) of one record as exported, before `releaseSource` is added. */
  schema: Record<string, unknown>
  sourceTerms: SourceTerms
  /** The record field that holds the variant-group key, and how to keep groups together when splitting. */
  grouping: { key: string; rule: string } | null
  /** Canonical records in release order; ids unique, 1 to 250 characters. */
  records: DatasetRecord[]
  /** The fields `q` searches and the filters the search route offers (none when not given). */
  search?: SearchSpec
  /** Spread of the data (per work, per part of speech...), shown in the manifest. Not part of the version. */
  statistics?: Record<string, unknown>
}
