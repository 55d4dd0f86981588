/**
 * The Parquet form of a release, written at build time beside records.jsonl (never on a request). One
 * column per record field, in canonical key order; the records are otherwise those of the JSONL:
 * - a field whose values are all strings, all integers, all numbers or all booleans is a typed column
 *   (STRING, INT64, DOUBLE, BOOLEAN), null where a record has no such field;
 * - any other field (objects, arrays, mixed kinds, explicit nulls) is a JSON column: UTF-8 text holding each
 *   value's canonical JSON (RFC 8785), null where a record has no such field, so nothing is lost or guessed
 *   (`CAST(col AS JSON)` in DuckDB, `json.loads` in Python).
 * `releaseSource` is the same for every record: it is stored once, as the file's key-value metadata
 * `releaseSource` (canonical JSON), not as a column. Nothing time- or machine-dependent goes in, so the same
 * records always give the same bytes.
 */
import type { ColumnSource } from 'hyparquet-writer'
import { canonicalJson } from '../storage/canonical-json'
import type { ParquetColumnType } from './schemas'

export const PARQUET_FILE = 'records.parquet'
export const PARQUET_MEDIA_TYPE = 'application/vnd.apache.parquet'
/** The file key-value metadata key that holds the release attribution. */
export const RELEASE_SOURCE_METADATA_KEY = 'releaseSource'

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The column type that holds every value of a field exactly (`undefined` is a record without it). */
export function columnTypeOf(values: readonly unknown[]): ParquetColumnType {
  let kind: ParquetColumnType | null = null
  for (const value of values) {
    if (value === undefined) continue
    const own = scalarKind(value)
    if (own === 'JSON') return 'JSON'
    if (kind === null || kind === own) kind = own
    else if ((kind === 'INT64' && own === 'DOUBLE') || (kind === 'DOUBLE' && own === 'INT64')) kind = 'DOUBLE'
    else return 'JSON'
  }
  return kind ?? 'JSON'
}

function scalarKind(value: unknown): ParquetColumnType {
  if (typeof value === 'string') return 'STRING'
  if (typeof value === 'boolean') return 'BOOLEAN'
  if (typeof value === 'number') return Number.isSafeInteger(value) ? 'INT64' : 'DOUBLE'
  return 'JSON'
}

function cell(type: ParquetColumnType, value: unknown): unknown {
  if (value === undefined) return null
  if (type === 'JSON') return canonicalJson(value)
  if (type === 'INT64') return BigInt(value as number)
  return value
}

/** The fields of the records in canonical (UTF-16 code unit) order. */
export function fieldsOf(records: readonly Record<string, unknown>[]): string[] {
  const fields = new Set<string>()
  for (const record of records) {
    for (const [key, value] of Object.entries(record)) if (value !== undefined) fields.add(key)
  }
  return [...fields].sort(byCodeUnits)
}

export type ParquetColumn = { name: string; type: ParquetColumnType }

/**
 * The records (without `releaseSource`) as one Parquet file, `releaseSource` in its key-value metadata;
 * with the columns and their types, which the manifest lists.
 */
export async function encodeParquet(
  records: readonly Record<string, unknown>[],
  releaseSource: Record<string, unknown>,
): Promise<{ bytes: Uint8Array; columns: ParquetColumn[] }> {
  // Loaded when a release is built, not with the service: most start-ups build nothing.
  const { parquetWriteBuffer } = await import('hyparquet-writer')
  const columns: ParquetColumn[] = []
  const columnData: ColumnSource[] = fieldsOf(records).map((name) => {
    const values = records.map((record) => record[name])
    const type = columnTypeOf(values)
    columns.push({ name, type })
    // A JSON column is written as UTF-8 text: the writer's JSON type would re-serialize the canonical JSON
    // and store an explicit JSON null as a missing value.
    const written = type === 'JSON' ? 'STRING' : type
    return { name, type: written, data: values.map((value) => cell(type, value)), nullable: true }
  })
  const buffer = parquetWriteBuffer({
    columnData,
    kvMetadata: [{ key: RELEASE_SOURCE_METADATA_KEY, value: canonicalJson(releaseSource) }],
    createdBy: 'lexicon-service',
  })
  return { bytes: new Uint8Array(buffer), columns }
}
