/**
 * The release builder: turns a DatasetReleaseInput into a versioned release (spec 2.4, 9). The version is
 * the SHA-256 over the RFC 8785 canonical JSON of exactly {records, sourceTerms, schema, status}; the files
 * are the records as JSONL (each record with `releaseSource`), a line-offset index, an id index, the records
 * as Parquet (parquet.ts), the search index (search-index.ts), the field statistics (statistics.ts) and the
 * block hashes of all of those (every byte served is checked against them), all listed with byte length and
 * SHA-256 in the manifest. Nothing time- or machine-dependent goes in, so the same input always gives
 * byte-identical files.
 */
import { BLOCK_BYTES, blockDigests } from '../storage/block-hashes'
import { canonicalJson } from '../storage/canonical-json'
import { sha256Hex } from '../storage/digest'
import { encodeParquet, PARQUET_FILE, PARQUET_MEDIA_TYPE } from './parquet'
import { bucketCountFor, buildIdIndex, encodeOffsets } from './release-index'
import { buildSearchIndex, NO_SEARCH, SEARCH_KEYS_FILE, SEARCH_POSTINGS_FILE } from './search-index'
import { searchManifestEntry } from './search-manifest'
import { fieldStatistics, STATISTICS_FILE } from './statistics'
import { DATASET_NAMES, DATASET_VISIBILITY, type DatasetReleaseInput } from './release-input'
import {
  MANIFEST_FORMAT,
  MAX_RECORD_ID_LENGTH,
  SourceTermsSchema,
  type DatasetFile,
  type DatasetManifest,
  type ReleaseSource,
} from './schemas'

export const RECORDS_FILE = 'records.jsonl'
export const LINE_OFFSETS_FILE = 'line-offsets.bin'
export const ID_INDEX_FILE = 'id-index.bin'
export const BLOCK_HASHES_FILE = 'block-hashes.bin'

/** The status a private release must have: only reviewed, rights-cleared records are published privately. */
export const PRIVATE_RELEASE_STATUS = 'reviewed'

export type BuiltFile = { path: string; bytes: Uint8Array }
export type BuiltRelease = { version: string; manifest: DatasetManifest; files: BuiltFile[] }

export class ReleaseInputError extends Error {
  constructor(readonly problems: string[]) {
    super(`The release input is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ReleaseInputError'
  }
}

const MAX_LISTED_PROBLEMS = 20

/** Every reason the input cannot be built, at most 20 of them. */
export function releaseInputProblems(input: DatasetReleaseInput): string[] {
  const problems: string[] = []
  if (!(DATASET_NAMES as readonly string[]).includes(input.dataset)) {
    problems.push(`dataset must be one of ${DATASET_NAMES.join(', ')} (got ${JSON.stringify(input.dataset)})`)
  }
  if (typeof input.status !== 'string' || input.status.length === 0) problems.push('status must be a string')
  if (DATASET_VISIBILITY[input.dataset] === 'private' && input.status !== PRIVATE_RELEASE_STATUS) {
    problems.push(
      `a private dataset is built only from reviewed records: status must be "${PRIVATE_RELEASE_STATUS}"`,
    )
  }
  if (!isPlainObject(input.schema)) problems.push('schema must be a JSON object (a JSON Schema)')
  const terms = SourceTermsSchema.safeParse(input.sourceTerms)
  if (!terms.success) {
    for (const issue of terms.error.issues)
      problems.push(`sourceTerms.${issue.path.join('.')}: ${issue.message}`)
  }
  if (input.grouping && (!input.grouping.key || !input.grouping.rule)) {
    problems.push('grouping needs both a key field and a rule')
  }
  if (!Array.isArray(input.records)) return [...problems, 'records must be an array']
  const seen = new Set<string>()
  input.records.forEach((record, i) => {
    if (problems.length >= MAX_LISTED_PROBLEMS) return
    if (!isPlainObject(record)) return void problems.push(`records[${i}] is not an object`)
    const id: unknown = record.id
    if (typeof id !== 'string' || id.length === 0 || id.length > MAX_RECORD_ID_LENGTH) {
      problems.push(`records[${i}].id must be a string of 1 to ${MAX_RECORD_ID_LENGTH} characters`)
    } else if (seen.has(id)) {
      problems.push(`records[${i}].id ${JSON.stringify(id)} is not unique`)
    } else {
      seen.add(id)
    }
    if ('releaseSource' in record) problems.push(`records[${i}] already has a releaseSource field`)
    const group = input.grouping ? record[input.grouping.key] : undefined
    if (input.grouping && (typeof group !== 'string' || group.length === 0)) {
      problems.push(`records[${i}].${input.grouping.key} (the group key) must be a non-empty string`)
    }
  })
  return problems
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A record's canonical JSON, computed once and used for both the version (the record as given) and its
 * JSONL line (with `releaseSource`, which goes in at `insertAt`, its place in canonical key order).
 */
type CanonicalRecord = { json: string; insertAt: number }

const RELEASE_SOURCE_KEY = 'releaseSource'
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

function canonicalRecord(record: Record<string, unknown>): CanonicalRecord {
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort(byCodeUnits)
  let json = '{'
  let insertAt = -1
  keys.forEach((key, i) => {
    if (insertAt === -1 && key > RELEASE_SOURCE_KEY) insertAt = json.length
    json += `${i > 0 ? ',' : ''}${JSON.stringify(key)}:${canonicalJson(record[key])}`
  })
  return { json: json + '}', insertAt: insertAt === -1 ? json.length : insertAt }
}

/**
 * The record's JSONL line: its canonical JSON with the `releaseSource` member in its place. Every record
 * has an `id`, which sorts before `releaseSource`, so the member always follows another one.
 */
function lineOf({ json, insertAt }: CanonicalRecord, releaseSourceMember: string): string {
  return `${json.slice(0, insertAt)},${releaseSourceMember}${json.slice(insertAt)}\n`
}

/**
 * The release version: SHA-256 over the canonical JSON of exactly {records, schema, sourceTerms, status}.
 * `records` sorts before the other three keys, so the canonical text is the records array followed by the
 * canonical members of the rest.
 */
async function versionOf(input: DatasetReleaseInput, records: CanonicalRecord[]): Promise<string> {
  const { sourceTerms, schema, status } = input
  const rest = canonicalJson({ schema, sourceTerms, status })
  const recordsJson = records.map((r) => r.json).join(',')
  return sha256Hex(`{"records":[${recordsJson}],${rest.slice(1)}`)
}

export function manifestPathFor(dataset: string, version: string): string {
  return `/api/datasets/${dataset}?version=${version}`
}

export async function buildDatasetRelease(input: DatasetReleaseInput): Promise<BuiltRelease> {
  const problems = releaseInputProblems(input)
  if (problems.length > 0) throw new ReleaseInputError(problems)
  const canonical = input.records.map(canonicalRecord)
  const version = await versionOf(input, canonical)
  const releaseSource: ReleaseSource = {
    dataset: input.dataset,
    version,
    title: input.sourceTerms.title,
    license: input.sourceTerms.license,
    attribution: input.sourceTerms.attribution,
    manifest: manifestPathFor(input.dataset, version),
  }

  const { bytes: recordBytes, offsets } = encodeRecords(canonical, canonicalJson(releaseSource))
  const buckets = bucketCountFor(input.records.length)
  const parquet = await encodeParquet(input.records, releaseSource)
  const files: BuiltFile[] = [
    { path: RECORDS_FILE, bytes: recordBytes },
    { path: LINE_OFFSETS_FILE, bytes: encodeOffsets(offsets) },
    {
      path: ID_INDEX_FILE,
      bytes: buildIdIndex(
        input.records.map((r) => r.id),
        buckets,
      ),
    },
    { path: PARQUET_FILE, bytes: parquet.bytes },
  ]
  const search = buildSearchIndex(input.records, input.search ?? NO_SEARCH)
  files.push(
    { path: SEARCH_KEYS_FILE, bytes: search.keys },
    { path: SEARCH_POSTINGS_FILE, bytes: search.postings },
    {
      path: STATISTICS_FILE,
      bytes: new TextEncoder().encode(JSON.stringify(fieldStatistics(input.dataset, version, input.records))),
    },
  )
  files.push({ path: BLOCK_HASHES_FILE, bytes: await blockDigests(files.map((file) => file.bytes)) })
  const roles: Record<string, { role: DatasetFile['role']; mediaType: string }> = {
    [RECORDS_FILE]: { role: 'records', mediaType: 'application/x-ndjson' },
    [LINE_OFFSETS_FILE]: { role: 'line-offsets', mediaType: 'application/octet-stream' },
    [ID_INDEX_FILE]: { role: 'id-index', mediaType: 'application/octet-stream' },
    [PARQUET_FILE]: { role: 'parquet', mediaType: PARQUET_MEDIA_TYPE },
    [SEARCH_KEYS_FILE]: { role: 'search-keys', mediaType: 'application/octet-stream' },
    [SEARCH_POSTINGS_FILE]: { role: 'search-postings', mediaType: 'application/octet-stream' },
    [STATISTICS_FILE]: { role: 'statistics', mediaType: 'application/json' },
    [BLOCK_HASHES_FILE]: { role: 'block-hashes', mediaType: 'application/octet-stream' },
  }
  const listed: DatasetFile[] = []
  for (const file of files) {
    const { role, mediaType } = roles[file.path] as { role: DatasetFile['role']; mediaType: string }
    listed.push({
      path: file.path,
      role,
      mediaType,
      bytes: file.bytes.byteLength,
      sha256: await sha256Hex(file.bytes),
      ...(role === 'parquet' ? { columns: parquet.columns } : {}),
    })
  }

  const groups = input.grouping
    ? new Set(input.records.map((r) => r[(input.grouping as { key: string }).key])).size
    : null
  const manifest: DatasetManifest = {
    format: MANIFEST_FORMAT,
    dataset: input.dataset,
    version,
    visibility: DATASET_VISIBILITY[input.dataset],
    status: input.status,
    revoked: false,
    recordCount: input.records.length,
    sourceTerms: input.sourceTerms,
    releaseSource,
    schema: input.schema,
    grouping: input.grouping,
    statistics: { records: input.records.length, groups, breakdown: input.statistics ?? {} },
    files: listed,
    indexes: {
      lineOffsets: { file: LINE_OFFSETS_FILE, encoding: 'uint64le' },
      idIndex: { file: ID_INDEX_FILE, hash: 'fnv1a32-utf8', buckets },
      blockHashes: { file: BLOCK_HASHES_FILE, hash: 'sha-256', blockBytes: BLOCK_BYTES },
      search: searchManifestEntry(input.search ?? NO_SEARCH, search),
    },
  }
  return { version, manifest, files }
}

const LINES_PER_BATCH = 4096
const NEWLINE = 0x0a

/**
 * One canonical JSON line per record, `releaseSource` added among its members in canonical order; returns
 * the bytes and each line's offset. Lines are encoded a batch at a time, and a line ends at its only raw
 * newline byte (JSON escapes every newline inside strings).
 */
function encodeRecords(
  records: CanonicalRecord[],
  releaseSourceJson: string,
): { bytes: Uint8Array; offsets: number[] } {
  const encoder = new TextEncoder()
  const member = `"${RELEASE_SOURCE_KEY}":${releaseSourceJson}`
  const chunks: Uint8Array[] = []
  const offsets: number[] = [0]
  let total = 0
  for (let first = 0; first < records.length; first += LINES_PER_BATCH) {
    const batch = records.slice(first, first + LINES_PER_BATCH).map((record) => lineOf(record, member))
    const chunk = encoder.encode(batch.join(''))
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, end + 1)) {
      offsets.push(total + end + 1)
    }
    chunks.push(chunk)
    total += chunk.byteLength
  }
  const bytes = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return { bytes, offsets }
}

/** The manifest as stored: stable key order from construction, two-space indentation, final newline. */
export function serializeManifest(manifest: DatasetManifest): string {
  return JSON.stringify(manifest, null, 2) + '\n'
}
