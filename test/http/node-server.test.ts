/**
 * The Node server as a client meets it: `nosniff` on every answer (including the answer cache's and
 * Node's own), a `CONNECT` answered 405 in the shared error shape, and a request that is too slow to
 * arrive answered 408 once the configured time is up, over raw sockets where fetch cannot go.
 */
import assert from 'node:assert/strict'
import type { Server } from 'node:http'
import { connect } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { ErrorSchema } from '../../src/http/errors'
import { serveNodeApp } from '../../src/node'
import { testLexiconProvider } from '../helpers/lexicon'
import { testUsageProvider } from '../helpers/usage'

/** The headers every API answer carries, whoever wrote it (the app, the answer cache, the server itself). */
function assertHardened(headers: { get(name: string): string | null | undefined }, what: string): void {
  assert.equal(headers.get('x-content-type-options'), 'nosniff', what)
  assert.equal(headers.get('referrer-policy'), 'no-referrer', what)
  assert.equal(headers.get('x-frame-options'), 'DENY', what)
  assert.equal(headers.get('cross-origin-resource-policy'), 'same-origin', what)
  assert.equal(headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'", what)
}

type RawAnswer = { status: number; headers: Map<string, string>; body: string }

/** Sends `chunks` over a raw socket (the later ones after `gapMs` each) and reads until the server closes. */
function rawExchange(port: number, chunks: string[], gapMs = 0): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    const timers: NodeJS.Timeout[] = []
    socket.setEncoding('utf8')
    socket.on('data', (data: string) => (received += data))
    socket.on('error', reject)
    socket.on('close', () => {
      timers.forEach(clearTimeout)
      const [head = '', body = ''] = received.split('\r\n\r\n')
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers = new Map(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      )
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body })
    })
    chunks.forEach((chunk, i) => {
      timers.push(setTimeout(() => socket.writable && socket.write(chunk), i * gapMs))
    })
  })
}

describe('Node server', () => {
  let server: Server
  let url: string
  let port: number

  before(async () => {
    const deps = { lexicon: await testLexiconProvider(), usage: await testUsageProvider() }
    const config = { ...loadConfig({ REQUEST_TIMEOUT_MS: '400' }), PORT: 0 }
    const served = await serveNodeApp(createApp(deps), deps, config)
    server = served.server
    port = served.address.port
    url = `http://127.0.0.1:${port}`
  })
  after(() => new Promise<void>((done) => server.close(() => done())))

  it('sends nosniff and the hardening headers on answers of the app and of the answer cache', async () => {
    const answers = [
      await fetch(`${url}/api/lexicon/words/dog`),
      await fetch(`${url}/api/lexicon/words/dog`),
      await fetch(`${url}/api/lexicon/words/dog`, { method: 'HEAD' }),
      await fetch(`${url}/api/lexicon/words/qwzxv`),
      await fetch(`${url}/api/lexicon/words?prefix=a`),
      await fetch(`${url}/nowhere`),
      await fetch(`${url}/api/lexicon`, { method: 'DELETE' }),
      await fetch(`${url}/api/lexicon`, { method: 'OPTIONS' }),
      await fetch(`${url}/healthz`),
      await fetch(`${url}/openapi.json`),
    ]
    for (const res of answers) {
      assertHardened(res.headers, `${res.url} ${res.status}`)
      await res.arrayBuffer()
    }
  })

  it('answers CONNECT with 405 in the shared error shape', async () => {
    const answer = await rawExchange(port, [
      'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n',
    ])
    assert.equal(answer.status, 405)
    assertHardened(answer.headers, 'CONNECT')
    assert.equal(answer.headers.get('cache-control'), 'no-store')
    assert.match(answer.headers.get('allow') ?? '', /GET/)
    const body = ErrorSchema.parse(JSON.parse(answer.body))
    assert.equal(body.status, 405)
    assert.equal(body.code, 'method_not_allowed')
    assert.equal(body.requestId, answer.headers.get('x-request-id'))
  })

  it('answers a malformed request 400 in the shared error shape', async () => {
    const answer = await rawExchange(port, ['GET /api/lexicon HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'])
    assert.equal(answer.status, 400)
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff')
    assert.equal(ErrorSchema.parse(JSON.parse(answer.body)).code, 'bad_request')
  })

  it('ends a request whose body is too slow with 408, while other requests are served', async () => {
    const head =
      'POST /api/argument/review HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n'
    // A byte every 150 ms: the whole body would take 15 s, four times the server's 0.4 s limit.
    const pending = rawExchange(port, [head, ...Array.from({ length: 100 }, () => ' ')], 150)
    const meanwhile = await fetch(`${url}/healthz`)
    assert.equal(meanwhile.status, 200)
    const answer = await pending
    assert.equal(answer.status, 408)
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff')
    assert.equal(ErrorSchema.parse(JSON.parse(answer.body)).code, 'request_timeout')
  })

  it('ends a request whose headers are too slow with 408', async () => {
    const answer = await rawExchange(
      port,
      ['GET /api/lexicon HTTP/1.1\r\n', ...Array(100).fill('X-Slow: 1\r\n')],
      150,
    )
    assert.equal(answer.status, 408)
  })

  it('refuses a request timeout outside 100 ms to 300 s at start-up', () => {
    assert.throws(() => loadConfig({ REQUEST_TIMEOUT_MS: '99' }), /REQUEST_TIMEOUT_MS/)
    assert.throws(() => loadConfig({ REQUEST_TIMEOUT_MS: '300001' }), /REQUEST_TIMEOUT_MS/)
    assert.equal(loadConfig({}).REQUEST_TIMEOUT_MS, 30_000)
  })
})
