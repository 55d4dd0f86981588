/** Baseline for download benchmarks: bare node:http streaming the file BENCH_FILE with fs.createReadStream. */
import { createReadStream, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

const file = process.env.BENCH_FILE as string
const size = statSync(file).size
const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Content-Length': size })
  createReadStream(file).pipe(res)
})
server.listen(0, '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
