/** Baseline server for HTTP benchmarks: bare node:http answering the body in BENCH_BODY_FILE. */
import { readFile } from 'node:fs/promises'
import { bareServer } from '../harness'

const body = await readFile(process.env.BENCH_BODY_FILE as string)
const server = await bareServer(body, process.env.BENCH_CONTENT_TYPE ?? 'application/json')
console.log(`listening ${server.url}`)
