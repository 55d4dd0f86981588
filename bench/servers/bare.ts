/**
 * Baseline server for HTTP benchmarks: bare node:http answering the precomputed body in BENCH_BODY_FILE,
 * with the response headers in BENCH_HEADERS (JSON) when given, so that it sends the same bytes as the
 * service it is compared with.
 */
import { readFile } from 'node:fs/promises'
import { bareServer } from '../harness'

const body = await readFile(process.env.BENCH_BODY_FILE as string)
const headers = JSON.parse(process.env.BENCH_HEADERS ?? '{}') as Record<string, string>
const server = await bareServer(body, process.env.BENCH_CONTENT_TYPE ?? 'application/json', headers)
console.log(`listening ${server.url}`)
