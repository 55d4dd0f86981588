/** Helpers for the semantic route tests: one shared server over the real lexicon, JSON POSTs, bodies of exact size. */
import assert from 'node:assert/strict'
import { mkdtemp } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, type AppDeps } from '../../src/app'
import { ErrorSchema, type ErrorBody } from '../../src/http/errors'
import { ArgumentsResultSchema } from '../../src/semantic/claims/schemas'
import { createLexiconProvider } from '../../src/lexicon/release'
import { createFsStore } from '../../src/storage/fs-store'
import { testLexiconProvider } from '../helpers/lexicon'
import { testUsageProvider } from '../helpers/usage'
import { createUsageProvider } from '../../src/usage/release'
import { startServer, type TestServer } from '../helpers/server'
import { LEXICON_COMPANIONS } from '../../src/releases/lexicon-release'

export async function semanticServer(extra: Partial<AppDeps> = {}): Promise<TestServer> {
  return startServer(
    createApp({ lexicon: await testLexiconProvider(), usage: await testUsageProvider(), ...extra }),
  )
}

/** A server whose stores are empty: the lexicon and usage providers report their releases unavailable. */
export async function serverWithoutLexicon(): Promise<TestServer> {
  const empty = await mkdtemp(join(tmpdir(), 'semantic-no-lexicon-'))
  return startServer(
    createApp({
      lexicon: createLexiconProvider(createFsStore(empty), { companions: LEXICON_COMPANIONS }),
      usage: createUsageProvider(createFsStore(empty)),
    }),
  )
}

export type JsonAnswer<T = unknown> = { status: number; headers: Headers; body: T }

export async function postJson<T = unknown>(
  server: TestServer,
  path: string,
  body: unknown,
): Promise<JsonAnswer<T>> {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, headers: res.headers, body: (await res.json()) as T }
}

/** Posts and asserts nothing; returns the parsed shared error body (throws if it is not one). */
export async function postError(
  server: TestServer,
  path: string,
  body: unknown,
): Promise<JsonAnswer<ErrorBody>> {
  const answer = await postJson(server, path, body)
  return { ...answer, body: ErrorSchema.parse(answer.body) }
}

/** A JSON body of exactly `bytes` bytes: `{"passage":"aaa…"}`. */
export function bodyOfBytes(bytes: number, field = 'passage'): string {
  const frame = JSON.stringify({ [field]: '' }).length
  return JSON.stringify({ [field]: 'a'.repeat(bytes - frame) })
}

export { SEMANTIC_POST_PATHS as semanticPosts } from '../../src/semantic/v1-extension'

/**
 * Sends `bytes` bytes of JSON-typed body in chunks (Transfer-Encoding: chunked, no Content-Length) on a
 * connection of its own, and reads whatever the server answers, even before the body is finished.
 */
export function postChunked(url: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', reject)
    const chunk = '"' + 'a'.repeat(9_998) + '"'
    let sent = 0
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      req.end()
    }
    pump()
  })
}

export type Message = { id: string; author?: string; text: string }

/** POST /v1/arguments/analyze: a 200 whose every span slices its own text out of its message. */
export async function analyzeMessages(server: TestServer, messages: Message[]) {
  const answer = await postJson(server, '/v1/arguments/analyze', { messages })
  assert.equal(answer.status, 200, JSON.stringify(answer.body))
  const body = ArgumentsResultSchema.parse(answer.body)
  const textOf = (id: string) => messages.find((m) => m.id === id)?.text ?? ''
  for (const c of body.claims) {
    const text = textOf(c.messageId)
    assert.equal(text.slice(c.span.start, c.span.end), c.text)
    for (const q of c.quantifiers) assert.equal(text.slice(q.span.start, q.span.end), q.text)
    if (c.frame) assert.equal(text.slice(c.frame.span.start, c.frame.span.end), c.frame.text)
    if (c.sarcasm) assert.equal(text.slice(c.sarcasm.span.start, c.sarcasm.span.end), c.sarcasm.text)
  }
  for (const r of body.relations) {
    const text = textOf(r.cue.messageId)
    assert.equal(text.slice(r.cue.span.start, r.cue.span.end), r.cue.text)
  }
  return body
}
