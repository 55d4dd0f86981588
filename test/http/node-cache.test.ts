import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { Hono } from 'hono'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { cachingListener } from '../../src/http/node-cache'
import { serveNodeApp } from '../../src/node'
import { testLexiconProvider } from '../helpers/lexicon'
import { testUsageProvider } from '../helpers/usage'

const PUBLIC = 'public, max-age=3600'

/** A small origin that counts how often it is asked, answering with whatever headers the path names. */
function countingOrigin() {
  const calls = new Map<string, number>()
  const app = new Hono()
  app.all('*', (c) => {
    const path = c.req.path
    calls.set(path, (calls.get(path) ?? 0) + 1)
    const json = { 'Content-Type': 'application/json', 'X-Request-Id': 'from-app' }
    const answers: Record<string, Response> = {
      '/public': c.body(JSON.stringify({ path }), 200, { ...json, 'Cache-Control': PUBLIC }),
      '/short': c.body('{}', 200, { ...json, 'Cache-Control': 'public, max-age=1' }),
      '/no-store': c.body('{}', 200, { ...json, 'Cache-Control': 'no-store' }),
      '/private': c.body('{}', 200, { ...json, 'Cache-Control': 'private, max-age=60' }),
      '/vary': c.body('{}', 200, { ...json, 'Cache-Control': PUBLIC, Vary: 'Accept' }),
      '/text': c.body('plain', 200, { 'Content-Type': 'text/plain', 'Cache-Control': PUBLIC }),
      '/missing': c.body('{}', 404, { ...json, 'Cache-Control': PUBLIC }),
      '/big': c.body(JSON.stringify('x'.repeat(2_000)), 200, { ...json, 'Cache-Control': PUBLIC }),
    }
    return answers[path] ?? c.body('{}', 200, { ...json, 'Cache-Control': PUBLIC })
  })
  return { app, calls: (path: string) => calls.get(path) ?? 0 }
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('Node response cache', () => {
  let origin: ReturnType<typeof countingOrigin>
  let state = 'release a'
  let server: Server
  let url: string
  before(async () => {
    origin = countingOrigin()
    server = createServer(
      cachingListener(origin.app.fetch, {
        maxBytes: 8 * 1024,
        changeToken: async () => state,
      }),
    )
    url = await listen(server)
  })
  after(() => new Promise<void>((done) => server.close(() => done())))

  it('answers a repeated public GET from memory, with the same body and its own request id', async () => {
    const first = await fetch(`${url}/public?q=1`)
    const second = await fetch(`${url}/public?q=1`, { headers: { 'X-Request-Id': 'trace-7' } })
    const third = await fetch(`${url}/public?q=1`)
    assert.equal(origin.calls('/public'), 1)
    assert.equal(await second.text(), await first.text())
    assert.equal(second.headers.get('x-request-id'), 'trace-7')
    assert.notEqual(third.headers.get('x-request-id'), first.headers.get('x-request-id'))
    assert.match(third.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
    for (const name of ['content-type', 'cache-control', 'content-length']) {
      assert.equal(third.headers.get(name), first.headers.get(name), name)
    }
    assert.equal(await third.text(), JSON.stringify({ path: '/public' }))
    // Another query string is another answer.
    await fetch(`${url}/public?q=2`)
    assert.equal(origin.calls('/public'), 2)
  })

  it('answers HEAD from a stored GET with its length and no body', async () => {
    const get = await fetch(`${url}/head-me`)
    const body = await get.arrayBuffer()
    const head = await fetch(`${url}/head-me`, { method: 'HEAD' })
    assert.equal(origin.calls('/head-me'), 1)
    assert.equal(head.status, 200)
    assert.equal(head.headers.get('content-length'), String(body.byteLength))
    assert.equal((await head.arrayBuffer()).byteLength, 0)
  })

  it('never stores answers the app keeps private, unstorable or varying, errors or non-JSON', async () => {
    for (const path of ['/no-store', '/private', '/vary', '/text', '/missing']) {
      await fetch(`${url}${path}`)
      await fetch(`${url}${path}`)
      assert.equal(origin.calls(path), 2, path)
    }
  })

  it('lets requests with credentials, ranges, conditions or their own cache directives through', async () => {
    await fetch(`${url}/bypass`)
    const bypassing: Array<Record<string, string>> = [
      { Authorization: 'Bearer abc' },
      { Range: 'bytes=0-1' },
      { 'If-None-Match': '"x"' },
      { 'Cache-Control': 'no-cache' },
      { Pragma: 'no-cache' },
    ]
    for (const headers of bypassing) await fetch(`${url}/bypass`, { headers })
    assert.equal(origin.calls('/bypass'), 1 + bypassing.length)
    await fetch(`${url}/bypass`, { method: 'POST', body: '{}' })
    assert.equal(origin.calls('/bypass'), 2 + bypassing.length)
  })

  it('answers from memory only under the change token the answer was stored under: the very next request after a change reaches the app', async () => {
    await fetch(`${url}/state`)
    await fetch(`${url}/state`)
    assert.equal(origin.calls('/state'), 1)
    state = 'release b'
    await fetch(`${url}/state`)
    assert.equal(origin.calls('/state'), 2)
    await fetch(`${url}/state`)
    assert.equal(origin.calls('/state'), 2)
  })

  it('asks for the token once per scope in a turn, and again for a second request read from one connection', async () => {
    const asked: string[] = []
    const pipelined = createServer(
      cachingListener(countingOrigin().app.fetch, {
        maxBytes: 8 * 1024,
        changeToken: (path) => {
          asked.push(path)
          return 'fixed'
        },
        tokenScope: () => 'one scope',
      }),
    )
    const base = await listen(pipelined)
    try {
      const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`
      const replies = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(base).port), '127.0.0.1')
        let seen = ''
        socket.on('data', (chunk: Buffer) => {
          seen += chunk.toString()
          if (seen.split('HTTP/1.1 200').length === 3) socket.end()
        })
        socket.on('end', () => resolve(seen))
        socket.on('error', reject)
        // Both requests in one write: the second is read in the same turn as the first.
        socket.write(request('/a') + request('/b'))
      })
      assert.equal(replies.split('HTTP/1.1 200').length, 3)
      assert.deepEqual(asked, ['/a', '/b'])
      // Requests from other connections in a later turn ask again.
      await fetch(`${base}/c`)
      assert.deepEqual(asked, ['/a', '/b', '/c'])
    } finally {
      await new Promise<void>((done) => pipelined.close(() => done()))
    }
  })

  it('keeps an answer no longer than its max-age', async () => {
    await fetch(`${url}/short`)
    await fetch(`${url}/short`)
    assert.equal(origin.calls('/short'), 1)
    await new Promise((resolve) => setTimeout(resolve, 1_050))
    await fetch(`${url}/short`)
    assert.equal(origin.calls('/short'), 2)
  })

  it('stays within its byte bound, evicting the least recently used answer', async () => {
    // Each /big answer weighs about 2.5 kB with its overhead; the bound is 8 kB.
    for (const q of [1, 2, 3, 4]) await fetch(`${url}/big?n=${q}`)
    await fetch(`${url}/big?n=4`)
    assert.equal(origin.calls('/big'), 4)
    await fetch(`${url}/big?n=1`)
    assert.equal(origin.calls('/big'), 5)
  })
})

describe('the service on Node', () => {
  let server: Server
  let url: string
  before(async () => {
    const deps = { lexicon: await testLexiconProvider(), usage: await testUsageProvider() }
    const config = { ...loadConfig({}), HOST: '127.0.0.1', PORT: 0 }
    const served = await serveNodeApp(createApp(deps), deps, config)
    server = served.server
    url = `http://127.0.0.1:${served.address.port}`
  })
  after(() => new Promise<void>((done) => server.close(() => done())))

  it('answers repeated lookups identically, each with its own request id', async () => {
    for (const path of ['/api/lexicon/words/dog', '/api/lexicon/words?prefix=do', '/api/lexicon']) {
      const answers = []
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${url}${path}`)
        answers.push({ res, body: await res.text() })
      }
      const [a, b, c] = answers as [(typeof answers)[0], (typeof answers)[0], (typeof answers)[0]]
      assert.equal(b.body, a.body, path)
      assert.equal(c.body, a.body, path)
      for (const name of ['content-type', 'cache-control', 'access-control-allow-origin', 'content-length']) {
        assert.equal(c.res.headers.get(name), a.res.headers.get(name), `${path} ${name}`)
      }
      const ids = new Set(answers.map(({ res }) => res.headers.get('x-request-id')))
      assert.equal(ids.size, 3, path)
      const head = await fetch(`${url}${path}`, { method: 'HEAD' })
      assert.equal(head.headers.get('content-length'), a.res.headers.get('content-length'), path)
    }
  })

  it('never stores errors', async () => {
    const first = await fetch(`${url}/api/lexicon/words/qwzxq`)
    const second = await fetch(`${url}/api/lexicon/words/qwzxq`)
    assert.equal(first.status, 404)
    assert.equal(second.status, 404)
    assert.equal(second.headers.get('cache-control'), 'no-store')
    const body = (await second.json()) as { requestId: string }
    assert.equal(body.requestId, second.headers.get('x-request-id'))
  })
})
