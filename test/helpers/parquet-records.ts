/**
 * Records read back from a release's Parquet file, by DuckDB and by hyparquet, in the JSONL's shape: each
 * column's value (JSON columns parsed, a null meaning the record has no such field) plus the
 * `releaseSource` held once in the file's key-value metadata. Tests compare them with the JSONL's records.
 */
import { DuckDBInstance } from '@duckdb/node-api'
import { parquetMetadata, parquetReadObjects } from 'hyparquet'
import type { DatasetManifest } from '../../src/datasets/schemas'

type Columns = NonNullable<DatasetManifest['files'][number]['columns']>

function recordOf(row: Record<string, unknown>, columns: Columns, releaseSource: unknown) {
  const record: Record<string, unknown> = {}
  for (const { name, type } of columns) {
    const value = row[name]
    if (value === null || value === undefined) continue
    if (type === 'JSON') record[name] = JSON.parse(String(value))
    else if (type === 'INT64') record[name] = Number(value)
    else record[name] = value
  }
  return { ...record, releaseSource }
}

const columnsOf = (manifest: DatasetManifest): Columns =>
  manifest.files.find((f) => f.role === 'parquet')?.columns ?? []

/** `SELECT * FROM read_parquet(file)` and the `releaseSource` key-value metadata, through DuckDB. */
export async function duckdbParquetRecords(file: string, manifest: DatasetManifest) {
  const instance = await DuckDBInstance.create(':memory:')
  const connection = await instance.connect()
  try {
    const quoted = `'${file.replaceAll("'", "''")}'`
    const meta = await connection.runAndReadAll(
      `SELECT decode(value) AS value FROM parquet_kv_metadata(${quoted}) WHERE decode(key) = 'releaseSource'`,
    )
    const releaseSource = JSON.parse(String(meta.getRowObjectsJS()[0]?.value)) as unknown
    const rows = await connection.runAndReadAll(`SELECT * FROM read_parquet(${quoted})`)
    return rows.getRowObjectsJS().map((row) => recordOf(row, columnsOf(manifest), releaseSource))
  } finally {
    connection.closeSync()
    instance.closeSync()
  }
}

/** The same records read with hyparquet. */
export async function hyparquetRecords(bytes: Uint8Array, manifest: DatasetManifest) {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
  const metadata = parquetMetadata(file)
  const entry = metadata.key_value_metadata?.find((kv) => kv.key === 'releaseSource')
  const releaseSource = JSON.parse(entry?.value ?? 'null') as unknown
  const rows = await parquetReadObjects({ file })
  return rows.map((row) => recordOf(row, columnsOf(manifest), releaseSource))
}

/** The records of a JSONL file, one a line. */
export function jsonlRecords(bytes: Uint8Array): unknown[] {
  return new TextDecoder()
    .decode(bytes)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown)
}
