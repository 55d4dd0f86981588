import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { gunzipSync, gzipSync } from 'node:zlib'
import { buildWebClient } from '../../tools/build-web.mjs'
import { API_CONTENT_SECURITY_POLICY } from '../../src/http/middleware'
import { createApp } from '../../src/app'
import { ErrorSchema } from '../../src/http/errors'
import { readWebAssets } from '../../src/client-assets/fs-assets'
import { ASSET_CACHE_CONTROL, CONTENT_SECURITY_POLICY } from '../../src/client-assets/routes'
import { PROVIDER_KEY } from '../helpers/argument-cloud'
import { testLexiconProvider } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'

describe('the web client served by the app', () => {
  let dir: string
  let built: { index: string; script: string; style: string }
  let server: TestServer
  let bare: TestServer

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'web-routes-'))
    built = await buildWebClient(dir)
    const lexicon = await testLexiconProvider()
    const usage = await testUsageProvider()
    server = await startServer(createApp({ lexicon, usage, web: await readWebAssets(dir) }))
    bare = await startServer(createApp({ lexicon, usage }))
  })
  after(async () => {
    await server.close()
    await bare.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('serves the page at / with no-cache, a strict CSP and nosniff, naming only hashed assets', async () => {
    const res = await fetch(`${server.url}/`)
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8')
    assert.equal(res.headers.get('cache-control'), 'no-cache')
    assert.equal(res.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY)
    assert.match(CONTENT_SECURITY_POLICY, /script-src 'self';/)
    assert.doesNotMatch(CONTENT_SECURITY_POLICY, /unsafe-inline|unsafe-eval/)
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff')
    const html = await res.text()
    assert.ok(html.includes(`/${built.script}`) && html.includes(`/${built.style}`))
    assert.match(built.script, /^assets\/app-[A-Z0-9]{8}\.js$/)
    // No inline script, no inline style.
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/)
    assert.doesNotMatch(html, /<style|\sstyle=/)
  })

  it('serves assets immutable for a year, gzip-compressed when asked, the same bytes as built', async () => {
    for (const path of [built.script, built.style]) {
      const onDisk = await readFile(join(dir, path))
      const plain = await fetch(`${server.url}/${path}`, { headers: { 'Accept-Encoding': 'identity' } })
      assert.equal(plain.status, 200)
      assert.equal(plain.headers.get('cache-control'), ASSET_CACHE_CONTROL)
      assert.equal(plain.headers.get('cache-control'), 'public, max-age=31536000, immutable')
      assert.equal(plain.headers.get('x-content-type-options'), 'nosniff')
      assert.match(
        plain.headers.get('content-type') ?? '',
        path.endsWith('.js') ? /^text\/javascript/ : /^text\/css/,
      )
      assert.deepEqual(Buffer.from(await plain.arrayBuffer()), onDisk)
    }
    // fetch decodes gzip itself: ask through a raw request to see the encoding and bytes.
    const raw = await import('node:http').then(
      (http) =>
        new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
          http
            .get(`${server.url}/${built.script}`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
              const chunks: Buffer[] = []
              res.on('data', (c: Buffer) => chunks.push(c))
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
            })
            .on('error', reject)
        }),
    )
    assert.equal(raw.headers['content-encoding'], 'gzip')
    assert.equal(raw.headers.vary, 'Accept-Encoding')
    assert.deepEqual(gunzipSync(raw.body), await readFile(join(dir, built.script)))
  })

  it('keeps the script under 60 KB compressed and free of any secret', async () => {
    const script = await readFile(join(dir, built.script))
    assert.ok(gzipSync(script, { level: 9 }).byteLength < 60 * 1024)
    const text = script.toString('utf8')
    assert.ok(!text.includes(PROVIDER_KEY))
    assert.doesNotMatch(
      text,
      /process\.env|ARGUMENT_PROVIDER_API_KEY=|CURSOR_SECRET=|Bearer [A-Za-z0-9_-]{20,}/,
    )
  })

  it('answers HEAD like GET, without a body', async () => {
    const res = await fetch(`${server.url}/`, { method: 'HEAD' })
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('cache-control'), 'no-cache')
    assert.equal(res.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY)
    assert.equal(await res.text(), '')
  })

  it('answers unknown assets and paths 404, other methods 405, in the shared error shape', async () => {
    for (const path of [
      '/assets/app-ZZZZZZZZ.js',
      '/assets/..%2Fpackage.json',
      '/assets/index.html',
      '/nowhere',
      '/index.html',
    ]) {
      const res = await fetch(`${server.url}${path}`)
      assert.equal(res.status, 404, path)
      assert.equal(ErrorSchema.parse(await res.json()).code, 'route_not_found')
      assert.equal(res.headers.get('cache-control'), 'no-store')
    }
    const post = await fetch(`${server.url}/`, { method: 'POST' })
    assert.equal(post.status, 405)
    assert.equal(post.headers.get('allow'), 'GET, HEAD')
    assert.equal(ErrorSchema.parse(await post.json()).code, 'method_not_allowed')
    const put = await fetch(`${server.url}/${built.script}`, { method: 'PUT' })
    assert.equal(put.status, 405)
  })

  it('leaves the API routes as they were', async () => {
    const words = await fetch(`${server.url}/api/lexicon/words?prefix=goo`)
    assert.equal(words.status, 200)
    assert.equal(words.headers.get('content-security-policy'), API_CONTENT_SECURITY_POLICY)
    assert.equal(((await words.json()) as { words: string[] }).words[0], 'goo')
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200)
    assert.equal((await fetch(`${server.url}/openapi.json`)).status, 200)
    const openapi = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, unknown>
    }
    assert.ok(!('/' in openapi.paths) && !('/assets/{name}' in openapi.paths))
  })

  it('answers / with 404 when the app is built without a client', async () => {
    const res = await fetch(`${bare.url}/`)
    assert.equal(res.status, 404)
  })
})
