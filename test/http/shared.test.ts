import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { ErrorSchema } from '../../src/http/errors'
import { testLexiconProvider } from '../helpers/lexicon'
import { testUsageProvider } from '../helpers/usage'
import { startServer, type TestServer } from '../helpers/server'

describe('shared HTTP behaviour', () => {
  let server: TestServer
  before(async () => {
    server = await startServer(
      createApp({ lexicon: await testLexiconProvider(), usage: await testUsageProvider() }),
    )
  })
  after(() => server.close())

  it('answers unknown routes with 404 in the shared error shape, never cached', async () => {
    const res = await fetch(`${server.url}/no/such/route`)
    assert.equal(res.status, 404)
    assert.equal(res.headers.get('cache-control'), 'no-store')
    const body = ErrorSchema.parse(await res.json())
    assert.equal(body.code, 'route_not_found')
    assert.equal(body.status, 404)
    assert.equal(body.requestId, res.headers.get('x-request-id'))
  })

  it('answers a known path with a wrong method with 405 and Allow', async () => {
    const res = await fetch(`${server.url}/api/lexicon`, { method: 'DELETE' })
    assert.equal(res.status, 405)
    assert.equal(res.headers.get('allow'), 'GET, HEAD')
    assert.equal(ErrorSchema.parse(await res.json()).code, 'method_not_allowed')
  })

  it('puts a request id on every answer, however the route built it', async () => {
    for (const path of ['/api/lexicon', '/api/lexicon/words?prefix=do', '/api/lexicon/words/dog', '/nope']) {
      for (const method of ['GET', 'HEAD', 'OPTIONS']) {
        const res = await fetch(`${server.url}${path}`, { method })
        assert.match(res.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/, `${method} ${path}`)
      }
    }
  })

  it('keeps a plain incoming request id and replaces an unsafe one', async () => {
    const kept = await fetch(`${server.url}/healthz`, { headers: { 'X-Request-Id': 'trace-123' } })
    assert.equal(kept.headers.get('x-request-id'), 'trace-123')
    const replaced = await fetch(`${server.url}/healthz`, { headers: { 'X-Request-Id': 'bad id\twith tab' } })
    assert.notEqual(replaced.headers.get('x-request-id'), 'bad id\twith tab')
    assert.match(replaced.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
  })

  it('answers HEAD like GET with no body', async () => {
    for (const path of ['/api/lexicon', '/api/lexicon/words?prefix=do', '/api/lexicon/words/dog', '/nope']) {
      const get = await fetch(`${server.url}${path}`)
      const getBody = await get.arrayBuffer()
      const head = await fetch(`${server.url}${path}`, { method: 'HEAD' })
      assert.equal(head.status, get.status, path)
      assert.equal((await head.arrayBuffer()).byteLength, 0)
      assert.equal(head.headers.get('content-length'), String(getBody.byteLength), path)
      for (const name of ['content-type', 'cache-control', 'access-control-allow-origin']) {
        assert.equal(head.headers.get(name), get.headers.get(name), `${path} ${name}`)
      }
    }
  })

  it('allows cross-origin reads and answers preflight', async () => {
    const res = await fetch(`${server.url}/api/lexicon/words/dog`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET' },
    })
    assert.equal(res.status, 204)
    assert.equal(res.headers.get('access-control-allow-origin'), '*')
  })

  it('serves liveness and readiness', async () => {
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200)
    const ready = await fetch(`${server.url}/readyz`)
    assert.equal(ready.status, 200)
    assert.equal(((await ready.json()) as { status: string }).status, 'ready')
  })

  it('describes every route in an OpenAPI 3.1 document of interface version 1.0.0', async () => {
    const res = await fetch(`${server.url}/openapi.json`)
    assert.equal(res.status, 200)
    const doc = (await res.json()) as {
      openapi: string
      info: { version: string }
      paths: Record<string, unknown>
    }
    assert.equal(doc.openapi, '3.1.0')
    assert.equal(doc.info.version, '1.0.0')
    for (const path of [
      '/api/lexicon',
      '/api/lexicon/words',
      '/api/lexicon/words/{word}',
      '/healthz',
      '/readyz',
    ]) {
      assert.ok(doc.paths[path], `missing ${path}`)
    }
  })
})
