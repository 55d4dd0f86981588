import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { secretDigest } from '../../src/auth/keys'
import { parseCheckpoint } from '../../src/consensus/log/checkpoint'
import { verifyInclusion } from '../../src/consensus/log/merkle'
import { openSignedNote, parseVerifierKey } from '../../src/consensus/log/note'
import { createLogProvider } from '../../src/consensus/provider'
import { LIMITS } from '../../src/consensus/schemas'
import { ORIGIN, observation, openTestLog, startFixture, type Fixture } from './fixture'

const b64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'))

async function expectError(
  response: Response,
  status: number,
  code: string,
): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>
  assert.equal(response.status, status, JSON.stringify(body))
  assert.equal(body.code, code)
  assert.equal(body.status, status)
  assert.equal(response.headers.get('Cache-Control'), 'no-store')
  return body
}

describe('POST /v1/observations', () => {
  let f: Fixture
  let key: string
  before(async () => {
    f = await startFixture()
    key = await f.contributor()
  })
  after(() => f.close())

  it('appends an observation and answers with index, leaf hash, a signed checkpoint and an inclusion proof', async () => {
    const response = await f.post('/v1/observations', observation(), { Authorization: key })
    assert.equal(response.status, 201)
    assert.equal(response.headers.get('Cache-Control'), 'no-store')
    const body = (await response.json()) as {
      status: string
      index: number
      leafHash: string
      leaf: string
      entry: { contributor: string; lemma: string }
      checkpoint: { note: string; origin: string; treeSize: number; rootHash: string }
      inclusionProof: string[]
    }
    assert.equal(body.status, 'appended')
    assert.equal(body.index, 0)
    const leaf = new TextEncoder().encode(body.leaf)
    const expected = createHash('sha256')
      .update(Buffer.from([0]))
      .update(leaf)
      .digest('base64')
    assert.equal(body.leafHash, expected)
    assert.deepEqual(JSON.parse(body.leaf), body.entry)
    assert.equal(body.entry.lemma, 'bank')

    // The contributor is a pseudonym: neither the secret nor its digest is in the log.
    const secret = key.slice('Bearer '.length)
    assert.ok(!body.leaf.includes(secret), '!body.leaf.includes(secret)')
    assert.ok(
      !body.leaf.includes(await secretDigest(secret)),
      '!body.leaf.includes(await secretDigest(secret))',
    )
    assert.match(body.entry.contributor, /^[a-f0-9]{32}$/)

    const verifier = parseVerifierKey(f.signer.verifierKey)
    assert.ok(verifier, 'verifier')
    const opened = await openSignedNote(body.checkpoint.note, [verifier])
    assert.ok(opened.ok, 'opened.ok')
    const checkpoint = parseCheckpoint(opened.text)
    assert.ok(!('problem' in checkpoint), '!("problem" in checkpoint)')
    assert.equal(checkpoint.origin, ORIGIN)
    assert.equal(checkpoint.treeSize, body.checkpoint.treeSize)
    assert.ok(checkpoint.treeSize > body.index, 'checkpoint.treeSize > body.index')
    assert.ok(
      verifyInclusion(
        body.index,
        checkpoint.treeSize,
        b64(body.leafHash),
        body.inclusionProof.map(b64),
        checkpoint.rootHash,
      ),
    )
  })

  it('recognises a duplicate contribution and answers with the existing entry, without appending', async () => {
    const first = (await (
      await f.post('/v1/observations', observation({}, { label: 'dup' }), { Authorization: key })
    ).json()) as { index: number }
    const size = f.log.size()
    const again = await f.post('/v1/observations', observation({}, { label: 'dup' }), { Authorization: key })
    assert.equal(again.status, 200)
    const body = (await again.json()) as { status: string; index: number }
    assert.equal(body.status, 'duplicate')
    assert.equal(body.index, first.index)
    assert.equal(f.log.size(), size)
    // The same content from another contributor is another contribution.
    const other = await f.post('/v1/observations', observation({}, { label: 'dup' }), {
      Authorization: await f.contributor(),
    })
    assert.equal(other.status, 201)
    assert.equal(f.log.size(), size + 1)
  })

  it('accepts inflected expressions whose base form has the meaning', async () => {
    const banks = await f.post(
      '/v1/observations',
      observation(
        { expression: 'banks' },
        { passage: 'Both banks of the river flooded.', span: { start: 5, end: 10 } },
      ),
      { Authorization: key },
    )
    assert.equal(banks.status, 201)
    const saw = await f.post(
      '/v1/observations',
      observation(
        { expression: 'saw', meaning: 'see%2:39:00::' },
        { passage: 'I saw the comet last night.', span: { start: 2, end: 5 } },
      ),
      { Authorization: key },
    )
    assert.equal(saw.status, 201)
    assert.equal(((await saw.json()) as { entry: { lemma: string } }).entry.lemma, 'see')
  })

  it('answers 401 without a valid key and 403 without the observations scope', async () => {
    const missing = await f.post('/v1/observations', observation())
    await expectError(missing, 401, 'unauthorized')
    assert.match(missing.headers.get('WWW-Authenticate') ?? '', /^Bearer/)
    await expectError(
      await f.post('/v1/observations', observation(), {
        Authorization: 'Bearer not-a-valid-key-at-all-but-long-enough',
      }),
      401,
      'unauthorized',
    )
    const revoked = await f.keyWith({ datasets: ['observations'], active: false })
    await expectError(
      await f.post('/v1/observations', observation(), { Authorization: revoked }),
      401,
      'unauthorized',
    )
    const expired = await f.keyWith({ datasets: ['observations'], expiresAt: Date.now() - 1 })
    await expectError(
      await f.post('/v1/observations', observation(), { Authorization: expired }),
      401,
      'unauthorized',
    )
    const unscoped = await f.keyWith({ datasets: ['observed-language'] })
    await expectError(
      await f.post('/v1/observations', observation(), { Authorization: unscoped }),
      403,
      'forbidden',
    )
  })

  it('answers 415 for a body that is not JSON, 400 for malformed JSON and 405 for other methods', async () => {
    await expectError(
      await f.post('/v1/observations', 'expression=bank', {
        Authorization: key,
        'Content-Type': 'text/plain',
      }),
      415,
      'unsupported_media_type',
    )
    await expectError(
      await f.post('/v1/observations', '{"expression":', { Authorization: key }),
      400,
      'invalid_json',
    )
    const get = await fetch(`${f.url}/v1/observations`)
    await expectError(get, 405, 'method_not_allowed')
    assert.equal(get.headers.get('Allow'), 'POST')
  })

  it('takes a body of exactly the limit and answers 413 one byte past it, with or without Content-Length', async () => {
    const limit = LIMITS.observationBodyBytes
    const json = JSON.stringify(observation({}, { label: 'at the limit' }))
    const atLimit = json.slice(0, -1) + ' '.repeat(limit - Buffer.byteLength(json)) + '}'
    assert.equal(Buffer.byteLength(atLimit), limit)
    assert.equal((await f.post('/v1/observations', atLimit, { Authorization: key })).status, 201)
    const past = json.slice(0, -1) + ' '.repeat(limit + 1 - Buffer.byteLength(json)) + '}'
    await expectError(
      await f.post('/v1/observations', past, { Authorization: key }),
      413,
      'payload_too_large',
    )

    // Chunked, without Content-Length: the limit is enforced while reading.
    const chunks = [past.slice(0, 20_000), past.slice(20_000)]
    const streamed = await fetch(`${f.url}/v1/observations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: key },
      body: new ReadableStream({
        pull(controller) {
          const chunk = chunks.shift()
          if (chunk === undefined) controller.close()
          else controller.enqueue(new TextEncoder().encode(chunk))
        },
      }),
      duplex: 'half',
    } as RequestInit)
    await expectError(streamed, 413, 'payload_too_large')
  })

  it('checks every field at its bound and one past it', async () => {
    const post = (body: unknown) => f.post('/v1/observations', body, { Authorization: key })
    const word = 'a'.repeat(LIMITS.expression)
    // At the bound the value passes validation and fails only as a lexicon word / meaning.
    await expectError(
      await post(observation({ expression: word }, { passage: word, span: { start: 0, end: word.length } })),
      400,
      'expression_not_found',
    )
    await expectError(
      await post(
        observation({ expression: word + 'a' }, { passage: word + 'a', span: { start: 0, end: 101 } }),
      ),
      400,
      'invalid_request',
    )
    await expectError(
      await post(observation({ meaning: 'm'.repeat(LIMITS.meaning) })),
      400,
      'meaning_not_found',
    )
    await expectError(
      await post(observation({ meaning: 'm'.repeat(LIMITS.meaning + 1) })),
      400,
      'invalid_request',
    )
    assert.equal((await post(observation({}, { label: 'l'.repeat(LIMITS.label) }))).status, 201)
    await expectError(
      await post(observation({}, { label: 'l'.repeat(LIMITS.label + 1) })),
      400,
      'invalid_request',
    )
    const url = 'https://example.org/' + 'p'.repeat(LIMITS.url - 20)
    assert.equal(url.length, LIMITS.url)
    assert.equal((await post(observation({}, { url }))).status, 201)
    await expectError(await post(observation({}, { url: url + 'p' })), 400, 'invalid_request')
    await expectError(await post(observation({}, { url: 'ftp://example.org/x' })), 400, 'invalid_request')
    const passage = 'bank ' + 'x'.repeat(LIMITS.passage - 5)
    assert.equal((await post(observation({}, { passage, span: { start: 0, end: 4 } }))).status, 201)
    await expectError(
      await post(observation({}, { passage: passage + 'x', span: { start: 0, end: 4 } })),
      400,
      'invalid_request',
    )
    await expectError(await post(observation({}, { label: '' })), 400, 'invalid_request')
    await expectError(
      await post(observation({}, { passage: 'bank \ud800', span: { start: 0, end: 4 } })),
      400,
      'invalid_request',
    )
  })

  it('validates the span against the passage and the meaning against the expression', async () => {
    const post = (body: unknown) => f.post('/v1/observations', body, { Authorization: key })
    await expectError(await post(observation({}, { span: { start: 50, end: 70 } })), 400, 'span_out_of_range')
    await expectError(await post(observation({}, { span: { start: 18, end: 14 } })), 400, 'span_out_of_range')
    await expectError(await post(observation({}, { span: { start: 0, end: 2 } })), 400, 'span_mismatch')
    await expectError(await post(observation({}, { span: { start: 0, end: -1 } })), 400, 'invalid_request')
    const wrong = await expectError(
      await post(observation({ meaning: 'dog%1:05:00::' })),
      400,
      'meaning_not_of_expression',
    )
    assert.match(String(wrong.hint), /\/api\/lexicon\/words\/bank/)
    await expectError(
      await post(observation({ expression: 'qwzx' }, { passage: 'a qwzx b', span: { start: 2, end: 6 } })),
      400,
      'expression_not_found',
    )
    await expectError(await post(observation({ mayShare: false })), 400, 'invalid_request')
    await expectError(await post({ ...observation(), mayShare: undefined }), 400, 'invalid_request')
  })

  it('lands each of many concurrent contributions exactly once', async () => {
    const g = await startFixture()
    try {
      // One after the other: the file key store's put is a read-modify-write.
      const keys: string[] = []
      for (let i = 0; i < 4; i++) keys.push(await g.contributor())
      const bodies = Array.from({ length: 80 }, (_, i) => observation({}, { label: `concurrent ${i}` }))
      // Every body twice, from the same key: 160 requests at once, 80 contributions.
      const responses = await Promise.all(
        [...bodies, ...bodies].map((body, i) =>
          g
            .post('/v1/observations', body, { Authorization: keys[(i % 80) % 4] as string })
            .then(async (r) => ({
              status: r.status,
              body: (await r.json()) as { index: number; entry: { source: { label: string } } },
            })),
        ),
      )
      assert.deepEqual(
        responses.filter((r) => r.status !== 201 && r.status !== 200),
        [],
        'every request answered 201 or 200',
      )
      assert.equal(responses.filter((r) => r.status === 201).length, 80)
      const byLabel = new Map<string, Set<number>>()
      for (const r of responses) {
        const label = r.body.entry.source.label
        byLabel.set(label, (byLabel.get(label) ?? new Set()).add(r.body.index))
      }
      assert.equal(byLabel.size, 80)
      for (const indices of byLabel.values()) assert.equal(indices.size, 1)
      assert.deepEqual(
        [...byLabel.values()].map((s) => [...s][0]).sort((a, b) => (a as number) - (b as number)),
        Array.from({ length: 80 }, (_, i) => i),
      )
      assert.equal(g.log.size(), 80)
      // And after reopening the file.
      await g.close()
      const reopened = await openTestLog(join(g.dir, 'log'), g.signer)
      assert.equal(reopened.size(), 80)
      assert.deepEqual(reopened.root(), g.log.root())
      await reopened.close()
    } finally {
      await g.close().catch(() => {})
    }
  })

  it('answers 503 while the log cannot be opened', async () => {
    const g = await startFixture({
      logProvider: createLogProvider(async () => {
        throw new Error('disk unavailable')
      }),
    })
    try {
      const response = await g.post('/v1/observations', observation(), {
        Authorization: await g.contributor(),
      })
      await expectError(response, 503, 'log_unavailable')
      assert.equal(response.headers.get('Retry-After'), '30')
      const ready = await fetch(`${g.url}/readyz`)
      assert.equal(ready.status, 503)
    } finally {
      await g.close()
    }
  })
})
