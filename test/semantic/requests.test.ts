import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { ErrorSchema } from '../../src/http/errors'
import { BOUNDS } from '../../src/semantic/bounds'
import type { TestServer } from '../helpers/server'
import {
  bodyOfBytes,
  postChunked,
  postError,
  semanticPosts,
  semanticServer,
  serverWithoutLexicon,
} from './http'

describe('semantic POST bodies: JSON only, bounded, never cached', () => {
  let server: TestServer
  let noLexicon: TestServer
  before(async () => {
    server = await semanticServer()
    noLexicon = await serverWithoutLexicon()
  })
  after(async () => {
    await server.close()
    await noLexicon.close()
  })

  for (const path of semanticPosts) {
    it(`${path}: 415 for a body that is not JSON`, async () => {
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
      ]) {
        const res = await fetch(server.url + path, {
          method: 'POST',
          headers: { 'Content-Type': type },
          body: '{}',
        })
        assert.equal(res.status, 415, type)
        assert.equal(res.headers.get('cache-control'), 'no-store')
        assert.equal(ErrorSchema.parse(await res.json()).code, 'unsupported_media_type')
      }
      const none = await fetch(server.url + path, { method: 'POST', body: new Uint8Array([123, 125]) })
      assert.equal(none.status, 415)
    })

    it(`${path}: 400 invalid_json for malformed JSON, 400 invalid_request for an unknown field`, async () => {
      const bad = await postError(server, path, '{"passage": ')
      assert.equal(bad.status, 400)
      assert.equal(bad.body.code, 'invalid_json')
      const unknown = await postError(server, path, { surprise: true })
      assert.equal(unknown.status, 400)
      assert.equal(unknown.body.code, 'invalid_request')
      assert.ok(unknown.body.details && unknown.body.details.length > 0)
    })

    it(`${path}: a body of exactly ${BOUNDS.bodyBytes} bytes is read, one more byte is 413`, async () => {
      const at = await postError(server, path, bodyOfBytes(BOUNDS.bodyBytes))
      assert.equal(at.status, 400, 'read and validated, not refused for size')
      const past = await postError(server, path, bodyOfBytes(BOUNDS.bodyBytes + 1))
      assert.equal(past.status, 413)
      assert.equal(past.body.code, 'body_too_large')
      assert.equal(past.headers.get('cache-control'), 'no-store')
    })

    it(`${path}: 413 while reading a chunked body with no Content-Length`, async () => {
      const answer = await postChunked(server.url + path, BOUNDS.bodyBytes + 50_000)
      assert.equal(answer.status, 413)
      assert.equal(ErrorSchema.parse(JSON.parse(answer.body)).code, 'body_too_large')
    })

    it(`${path}: 405 with Allow for GET`, async () => {
      const res = await fetch(server.url + path)
      assert.equal(res.status, 405)
      assert.equal(res.headers.get('allow'), 'POST')
    })
  }

  const valid: Record<string, unknown> = {
    '/v1/resolve': { passage: 'a dog barked', target: { text: 'dog' } },
    '/v1/compare': {
      first: { passage: 'a dog barked', target: { text: 'dog' } },
      second: { passage: 'the dog slept', target: { text: 'dog' } },
    },
    '/v1/illuminate': { passage: 'a dog barked', select: { mode: 'content-words' } },
    '/v1/claims/compare': { first: 'Dogs bark.', second: 'Dogs do not bark.' },
    '/v1/claims/evaluate-evidence': { claim: 'Dogs bark.', excerpts: [{ id: 'a', text: 'Dogs bark.' }] },
  }
  for (const [path, body] of Object.entries(valid)) {
    it(`${path}: 503 when the lexicon is unavailable, 200 no-store when it is`, async () => {
      const down = await postError(noLexicon, path, body)
      assert.equal(down.status, 503)
      assert.equal(down.body.code, 'lexicon_unavailable')
      assert.equal(down.headers.get('retry-after'), '30')
      const up = await fetch(server.url + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify(body),
      })
      assert.equal(up.status, 200)
      assert.equal(up.headers.get('cache-control'), 'no-store')
    })
  }

  it('/v1/arguments/analyze reads no release: it answers without the lexicon', async () => {
    const res = await fetch(noLexicon.url + '/v1/arguments/analyze', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ id: 'm', text: 'Dogs bark.' }] }),
    })
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('cache-control'), 'no-store')
  })
})
