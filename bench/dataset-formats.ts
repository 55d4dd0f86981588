/**
 * The Parquet form of each public dataset beside its JSONL: file sizes, and the time DuckDB takes to load
 * each into a table (`read_parquet` against the baseline `read_json`), median of several runs in one
 * in-memory DuckDB, reading the built release files in DATA_DIR (`npm run build:releases` first).
 */
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { loadConfig } from '../src/config'
import { PARQUET_FILE } from '../src/datasets/parquet'
import { readManifest, readPointer, releaseFilePath } from '../src/datasets/storage'
import { publicRoot } from '../src/releases/ensure-releases'
import { createFsStore } from '../src/storage/fs-store'
import { fmt, table } from './harness'

const RUNS = 7

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1] as number
}

export async function run(): Promise<void> {
  const root = publicRoot(loadConfig(process.env))
  const store = createFsStore(root)
  const instance = await DuckDBInstance.create(':memory:')
  const connection = await instance.connect()
  const rows: Array<Array<string | number>> = [
    ['Dataset', 'Records', 'JSONL', 'Parquet', 'Parquet / JSONL', 'DuckDB read_json', 'DuckDB read_parquet'],
  ]
  try {
    for (const dataset of ['literary-context', 'association-practice'] as const) {
      const version = await readPointer(store, dataset)
      const manifest = version ? await readManifest(store, dataset, version) : null
      const jsonl = manifest?.files.find((f) => f.role === 'records')
      const parquet = manifest?.files.find((f) => f.role === 'parquet')
      if (!version || !manifest || !jsonl || !parquet) {
        console.log(`${dataset}: no release with a Parquet form; run npm run build:releases`)
        continue
      }
      const dir = join(root, releaseFilePath(dataset, version, ''))
      const load = async (sql: string) => {
        const times: number[] = []
        for (let i = 0; i < RUNS; i++) {
          const started = performance.now()
          await connection.run(`CREATE OR REPLACE TABLE t AS ${sql}`)
          times.push(performance.now() - started)
        }
        return median(times)
      }
      const jsonMs = await load(`SELECT * FROM read_json('${join(dir, 'records.jsonl')}')`)
      const parquetMs = await load(`SELECT * FROM read_parquet('${join(dir, PARQUET_FILE)}')`)
      rows.push([
        dataset,
        manifest.recordCount,
        `${fmt(jsonl.bytes / 1024, 0)} KiB`,
        `${fmt(parquet.bytes / 1024, 0)} KiB`,
        fmt(parquet.bytes / jsonl.bytes, 2),
        `${fmt(jsonMs)} ms`,
        `${fmt(parquetMs)} ms`,
      ])
    }
  } finally {
    connection.closeSync()
    instance.closeSync()
  }
  table(`Parquet beside JSONL: size and DuckDB load time (median of ${RUNS})`, rows)
}
