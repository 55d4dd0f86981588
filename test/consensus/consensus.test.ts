import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { tallyConsensus } from '../../src/consensus/consensus'
import { createNoteSigner, generateSeed, parseVerifierKey } from '../../src/consensus/log/note'
import { createLogProvider } from '../../src/consensus/provider'
import { LIMITS } from '../../src/consensus/schemas'
import { observation, openTestLog, startFixture, type Fixture } from './fixture'

const RIVER = 'bank%1:17:01::'
const MONEY = 'bank%1:14:00::'

type State = {
  expression: string
  lemmas: string[]
  checkpoint: { note: string; origin: string; treeSize: number; rootHash: string }
  consensus: {
    observations: number
    contributors: number
    meanings: Array<{ meaning: string; observations: number; contributors: number }>
    leading: { meaning: string; contributors: number; share: number; margin: number } | null
    agreement: string
  }
  total: number
  counted: number
  entries: Array<{ index: number; leaf: string; leafHash?: string; inclusionProof: string[] }>
  lexicon: {
    meaning: string | null
    agreement: string
    resolver: string
    support: number
    share: number
    strength: string
    note: string
    span: { start: number; end: number }
  } | null
}
type Verdict = {
  valid: boolean
  failedStep: string | null
  steps: Array<{
    step: string
    status: string
    detail: string
    indices?: number[]
    expected?: string
    found?: string
  }>
  consensus: State['consensus'] | null
}

describe('the consensus rule', () => {
  const e = (meaning: string, contributor: string) => ({ meaning, lemma: 'bank', contributor })

  it('counts distinct contributors, so repetition cannot outvote others', () => {
    const summary = tallyConsensus([
      ...Array.from({ length: 9 }, () => e(RIVER, 'a')),
      e(MONEY, 'b'),
      e(MONEY, 'c'),
    ])
    assert.equal(summary.leading?.meaning, MONEY)
    assert.deepEqual(summary.meanings[0], { meaning: MONEY, lemma: 'bank', observations: 2, contributors: 2 })
    assert.deepEqual(summary.meanings[1], { meaning: RIVER, lemma: 'bank', observations: 9, contributors: 1 })
    assert.equal(summary.leading?.share, 0.6667)
    assert.equal(summary.agreement, 'moderate')
  })

  it('names no leading meaning on a tie or without observations, and grades agreement by its thresholds', () => {
    assert.equal(tallyConsensus([]).agreement, 'none')
    assert.equal(tallyConsensus([]).leading, null)
    const tied = tallyConsensus([e(RIVER, 'a'), e(MONEY, 'b')])
    assert.equal(tied.agreement, 'tied')
    assert.equal(tied.leading, null)
    assert.equal(tallyConsensus([e(RIVER, 'a')]).agreement, 'weak')
    assert.equal(tallyConsensus([e(RIVER, 'a'), e(RIVER, 'b'), e(MONEY, 'c')]).agreement, 'moderate')
    const strong = tallyConsensus([e(RIVER, 'a'), e(RIVER, 'b'), e(RIVER, 'c'), e(MONEY, 'c')])
    assert.equal(strong.agreement, 'strong')
    assert.equal(strong.leading?.share, 1)
    assert.equal(strong.leading?.margin, 2)
    const split = tallyConsensus([e(RIVER, 'a'), e(RIVER, 'b'), e(MONEY, 'c'), e('x', 'd'), e('y', 'e')])
    assert.equal(split.agreement, 'weak')
  })

  it('is deterministic whatever the order of the entries', () => {
    const entries = [e(RIVER, 'a'), e(MONEY, 'b'), e(MONEY, 'c'), e(RIVER, 'a'), e('z', 'd')]
    assert.deepEqual(tallyConsensus(entries), tallyConsensus([...entries].reverse()))
  })
})

describe('POST /v1/predict/consensus and /v1/verify/consensus', () => {
  let f: Fixture
  let early: State
  before(async () => {
    f = await startFixture()
    const a = await f.contributor()
    const b = await f.contributor()
    const c = await f.contributor()
    const river = (i: number) => observation({}, { label: `river ${i}` })
    const money = (label: string) =>
      observation(
        { meaning: MONEY },
        { label, passage: 'She put the money in the bank on Monday.', span: { start: 25, end: 29 } },
      )
    // Contributor a repeats the river sense five times; b and c observe the money sense once each.
    for (let i = 0; i < 5; i++) await f.post('/v1/observations', river(i), { Authorization: a })
    early = (await (await f.post('/v1/predict/consensus', { expression: 'bank' })).json()) as State
    await f.post('/v1/observations', money('b'), { Authorization: b })
    await f.post('/v1/observations', money('c'), { Authorization: c })
    await f.post(
      '/v1/observations',
      observation(
        { expression: 'dogs', meaning: 'dog%1:05:00::' },
        { passage: 'The dogs barked.', span: { start: 4, end: 8 } },
      ),
      { Authorization: a },
    )
  })
  after(() => f.close())

  const predict = async (body: unknown): Promise<State> => {
    const response = await f.post('/v1/predict/consensus', body)
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('Cache-Control'), 'no-store')
    return (await response.json()) as State
  }
  const verify = async (body: unknown): Promise<Verdict> => {
    const response = await f.post('/v1/verify/consensus', body)
    assert.equal(response.status, 200)
    const verdict = (await response.json()) as Verdict
    // Every failed step names what differed: the value it expected and the one it found.
    for (const step of verdict.steps.filter((s) => s.status === 'failed')) {
      assert.equal(typeof step.expected, 'string', `${step.step}: ${step.detail}`)
      assert.equal(typeof step.found, 'string', `${step.step}: ${step.detail}`)
      assert.notEqual(step.expected, step.found, step.step)
    }
    return verdict
  }

  it('reads the consensus at the current checkpoint with its evidence', async () => {
    const state = await predict({ expression: 'banks' })
    // "banks" is a lexicon word too (the naturalist Joseph Banks) and an inflected form of "bank".
    assert.deepEqual(state.lemmas, ['banks', 'bank'])
    assert.equal(state.checkpoint.treeSize, 8)
    assert.equal(state.consensus.observations, 7)
    assert.equal(state.consensus.contributors, 3)
    assert.equal(state.consensus.leading?.meaning, MONEY)
    assert.equal(state.consensus.agreement, 'moderate')
    assert.deepEqual(
      state.entries.map((e) => e.index),
      [0, 1, 2, 3, 4, 5, 6],
    )
    assert.equal(state.total, 7)
    assert.equal(state.counted, 7)
    assert.equal(state.lexicon, null)
  })

  it('reads an earlier, named checkpoint', async () => {
    assert.equal(early.checkpoint.treeSize, 5)
    assert.equal(early.consensus.leading?.meaning, RIVER)
    assert.equal(early.consensus.agreement, 'weak')
    const again = await predict({ expression: 'bank', treeSize: 5 })
    // The checkpoint of a size is the same signed note every time (Ed25519 is deterministic).
    assert.equal(again.checkpoint.note, early.checkpoint.note)
    assert.deepEqual(again.consensus, early.consensus)
    const empty = await predict({ expression: 'bank', treeSize: 0 })
    assert.equal(empty.consensus.agreement, 'none')
    assert.deepEqual(empty.entries, [])
  })

  it('compares the consensus with the lexicon reading of a passage', async () => {
    const money = await predict({
      expression: 'bank',
      passage: 'He cashed a check at the bank to pay the mortgage.',
    })
    assert.equal(money.lexicon?.meaning, MONEY)
    assert.equal(money.lexicon?.agreement, 'agrees')
    assert.equal(money.lexicon?.support, 2)
    assert.match(money.lexicon?.resolver ?? '', /^\/v1\/resolve/)
    const river = await predict({
      expression: 'bank',
      passage: 'We walked on the sloping land beside the water, along the bank.',
    })
    assert.equal(river.lexicon?.meaning, RIVER)
    // Another meaning leads, but the passage uses the river bank: it is compared with that meaning's own
    // consensus, not reported as disagreeing.
    assert.equal(river.lexicon?.agreement, 'other-meaning')
    assert.equal(river.lexicon?.support, 1)
    assert.equal(river.lexicon?.share, Math.round((1 / river.consensus.contributors) * 10_000) / 10_000)
    assert.equal(river.lexicon?.strength, 'weak')
    assert.doesNotMatch(river.lexicon?.note ?? '', /disagree(?!ment)/)
    assert.equal(money.lexicon?.share, Math.round((2 / money.consensus.contributors) * 10_000) / 10_000)
    // The passage may use a base form of the expression asked about.
    const inflected = await predict({ expression: 'banks', passage: 'He cashed a check at the bank.' })
    assert.deepEqual(inflected.lexicon?.span, { start: 25, end: 29 })
    const spanned = await predict({
      expression: 'banks',
      passage: 'He cashed a check at the bank.',
      span: { start: 25, end: 29 },
    })
    assert.equal(spanned.lexicon?.meaning, inflected.lexicon?.meaning)
    const dog = await predict({ expression: 'dog', passage: 'A dog barked at the mailman.' })
    assert.equal(dog.lexicon?.agreement, 'agrees')
    const none = await predict({ expression: 'bank', passage: 'He cashed a check at the bank.', treeSize: 0 })
    assert.equal(none.lexicon?.agreement, 'no-consensus')
    // Too little context: /v1/resolve abstains, and the comparison says there is no reading.
    const abstained = await predict({ expression: 'bank', passage: 'The bank.' })
    assert.equal(abstained.lexicon?.agreement, 'no-reading')
    assert.equal(abstained.lexicon?.meaning, null)
  })

  it('answers 400, 404, 413 and 415 as documented', async () => {
    const error = async (
      body: unknown,
      status: number,
      code: string,
      headers: Record<string, string> = {},
    ) => {
      const response = await f.post('/v1/predict/consensus', body, headers)
      const json = (await response.json()) as { code: string }
      assert.equal(response.status, status, JSON.stringify(json))
      assert.equal(json.code, code)
    }
    await error({ expression: 'qwzx' }, 404, 'expression_not_found')
    await error({ expression: 'bank', treeSize: 9 }, 404, 'checkpoint_not_found')
    await error({ expression: 'bank', treeSize: -1 }, 400, 'invalid_request')
    await error({ expression: 'bank', treeSize: 1.5 }, 400, 'invalid_request')
    await error({ expression: 'bank', passage: 'No such word here.' }, 400, 'expression_not_in_passage')
    await error(
      { expression: 'bank', passage: 'The bank.', span: { start: 0, end: 3 } },
      400,
      'span_mismatch',
    )
    await error(
      { expression: 'bank', passage: 'The bank.', span: { start: 4, end: 10 } },
      400,
      'span_out_of_range',
    )
    await error({ expression: 'a'.repeat(LIMITS.expression) }, 404, 'expression_not_found')
    await error({ expression: 'a'.repeat(LIMITS.expression + 1) }, 400, 'invalid_request')
    const passage = 'bank ' + 'x'.repeat(LIMITS.passage - 5)
    assert.equal((await f.post('/v1/predict/consensus', { expression: 'bank', passage })).status, 200)
    await error({ expression: 'bank', passage: passage + 'x' }, 400, 'invalid_request')
    await error({}, 400, 'invalid_request')
    await error('{"expression": "bank"', 400, 'invalid_json')
    await error('expression=bank', 415, 'unsupported_media_type', {
      'Content-Type': 'application/x-www-form-urlencoded',
    })
    const json = JSON.stringify({ expression: 'bank' })
    const limit = LIMITS.predictBodyBytes
    const atLimit = json.slice(0, -1) + ' '.repeat(limit - json.length) + '}'
    assert.equal((await f.post('/v1/predict/consensus', atLimit)).status, 200)
    await error(json.slice(0, -1) + ' '.repeat(limit + 1 - json.length) + '}', 413, 'payload_too_large')
  })

  it('verifies a consensus state posted unchanged, every step passing', async () => {
    const state = await predict({ expression: 'bank' })
    const verdict = await verify(state)
    assert.equal(verdict.valid, true, JSON.stringify(verdict.steps))
    assert.equal(verdict.failedStep, null)
    assert.deepEqual(verdict.consensus, state.consensus)
    assert.deepEqual(
      verdict.steps.map((s) => [s.step, s.status]),
      [
        ['checkpoint-signature', 'passed'],
        ['checkpoint-body', 'passed'],
        ['leaf-hashes', 'passed'],
        ['inclusion-proofs', 'passed'],
        ['entries', 'passed'],
        ['consistency', 'skipped'],
        ['log-agreement', 'passed'],
        ['completeness', 'passed'],
        ['consensus', 'passed'],
      ],
    )
  })

  it('checks consistency with an earlier checkpoint, given a proof or producing one', async () => {
    const state = await predict({ expression: 'bank' })
    const produced = await verify({ ...state, previous: { checkpoint: early.checkpoint } })
    assert.equal(produced.valid, true, JSON.stringify(produced.steps))
    assert.match(produced.steps.find((s) => s.step === 'consistency')?.detail ?? '', /from this log/)
    const proof = f.log.consistencyProof(5, 8).map((h) => Buffer.from(h).toString('base64'))
    const given = await verify({
      ...state,
      previous: { checkpoint: early.checkpoint, consistencyProof: proof },
    })
    assert.equal(given.valid, true)
    const wrong = await verify({
      ...state,
      previous: { checkpoint: early.checkpoint, consistencyProof: proof.slice(1) },
    })
    assert.equal(wrong.failedStep, 'consistency')
    const backwards = await verify({ ...early, previous: { checkpoint: state.checkpoint } })
    assert.equal(backwards.failedStep, 'consistency')
    const step = backwards.steps.find((s) => s.step === 'consistency')
    assert.deepEqual([step?.expected, step?.found], ['an earlier tree size of at most 5', '8'])
  })

  it('says exactly which step failed', async () => {
    const state = await predict({ expression: 'bank' })
    const first = state.entries[0] as State['entries'][number]
    const tamperedLeaf = first.leaf.replace('watched the water', 'watched the waves')

    const badSignature = await verify({
      ...state,
      checkpoint: { note: state.checkpoint.note.replace(/ (\S{20})\S/, ' $1A') },
    })
    assert.equal(badSignature.failedStep, 'checkpoint-signature')
    const signature = badSignature.steps.find((s) => s.step === 'checkpoint-signature')
    assert.match(signature?.expected ?? '', /^a valid signature by /)
    assert.equal(signature?.found, 'no signature by that key that verifies')

    const leafWithHash = await verify({
      ...state,
      entries: [{ ...first, leaf: tamperedLeaf }, ...state.entries.slice(1)],
    })
    assert.equal(leafWithHash.failedStep, 'leaf-hashes')
    assert.deepEqual(leafWithHash.steps.find((s) => s.step === 'leaf-hashes')?.indices, [0])

    const leafWithoutHash = await verify({
      ...state,
      entries: [
        { index: 0, leaf: tamperedLeaf, inclusionProof: first.inclusionProof },
        ...state.entries.slice(1),
      ],
    })
    assert.equal(leafWithoutHash.failedStep, 'inclusion-proofs')

    const badProof = await verify({
      ...state,
      entries: [{ ...first, inclusionProof: first.inclusionProof.slice(1) }, ...state.entries.slice(1)],
    })
    assert.equal(badProof.failedStep, 'inclusion-proofs')

    const missing = await verify({ ...state, entries: state.entries.slice(1), consensus: undefined })
    assert.equal(missing.failedStep, 'completeness')
    assert.deepEqual(missing.steps.find((s) => s.step === 'completeness')?.indices, [0])

    const foreign = await verify({ ...state, expression: 'dog' })
    assert.equal(foreign.failedStep, 'entries')
    const entries = foreign.steps.find((s) => s.step === 'entries')
    assert.deepEqual([entries?.expected, entries?.found], ['an entry of "dog"', 'an entry of "bank"'])

    const unordered = await verify({ ...state, entries: [...state.entries].reverse(), consensus: undefined })
    const order = unordered.steps.find((s) => s.step === 'entries')
    assert.equal(order?.status, 'failed')
    assert.deepEqual([order?.expected, order?.found], ['an index above 6', '5'])

    const claimed = await verify({
      ...state,
      consensus: { ...state.consensus, leading: { ...state.consensus.leading, meaning: RIVER } },
    })
    assert.equal(claimed.failedStep, 'consensus')
    assert.equal(claimed.consensus?.leading?.meaning, MONEY)
    const step = claimed.steps.find((s) => s.step === 'consensus')
    assert.deepEqual([step?.expected, step?.found], [JSON.stringify(MONEY), JSON.stringify(RIVER)])

    // A claimed share that differs while the leading meaning is the same names the share, not two equal meanings.
    const share = await verify({
      ...state,
      consensus: { ...state.consensus, leading: { ...state.consensus.leading, share: 1 } },
    })
    const shareStep = share.steps.find((s) => s.step === 'consensus')
    assert.equal(shareStep?.found, '1')
    assert.notEqual(shareStep?.expected, shareStep?.found)
    assert.match(shareStep?.detail ?? '', /at consensus\.leading\.share: claimed 1, recomputed /)
    for (const s of [leafWithHash, badProof, missing].flatMap((v) => v.steps))
      if (s.status === 'failed') assert.ok(s.expected && s.found && s.expected !== s.found, s.detail)
  })

  it('detects a checkpoint signed by this key for another history (log-agreement)', async () => {
    // A second log with the same key but different entries: a fork, as a compromised key could make.
    const fork = await openTestLog(join(f.dir, 'fork'), f.signer)
    for (let i = 0; i < 8; i++) await fork.append(new TextEncoder().encode(`fork ${i}`))
    const checkpoint = await fork.checkpoint()
    const verdict = await verify({
      checkpoint: { note: checkpoint.note },
      entries: [
        {
          index: 0,
          leaf: 'fork 0',
          inclusionProof: fork.inclusionProof(0, 8).map((h) => Buffer.from(h).toString('base64')),
        },
      ],
    })
    assert.equal(verdict.steps.find((s) => s.step === 'inclusion-proofs')?.status, 'passed')
    assert.equal(verdict.steps.find((s) => s.step === 'log-agreement')?.status, 'failed')
    assert.equal(verdict.failedStep, 'entries')
    await fork.close()

    const stranger = await createNoteSigner(f.log.origin, generateSeed())
    const foreignKey = await openTestLog(join(f.dir, 'stranger'), stranger)
    const strangerVerdict = await verify({
      checkpoint: { note: (await foreignKey.checkpoint()).note },
      entries: [],
    })
    assert.equal(strangerVerdict.failedStep, 'checkpoint-signature')
    await foreignKey.close()
  })

  it('verifies a range of entries without an expression', async () => {
    const checkpoint = await f.log.checkpoint()
    const entries = await Promise.all(
      [5, 6, 7].map(async (index) => ({
        index,
        leaf: new TextDecoder().decode(await f.log.read(index)),
        inclusionProof: f.log
          .inclusionProof(index, checkpoint.treeSize)
          .map((h) => Buffer.from(h).toString('base64')),
      })),
    )
    const verdict = await verify({ checkpoint: { note: checkpoint.note }, entries })
    assert.equal(verdict.valid, true, JSON.stringify(verdict.steps))
    assert.equal(verdict.steps.find((s) => s.step === 'completeness')?.status, 'skipped')
    assert.equal(verdict.consensus?.observations, 3)
  })

  it('checks the verify bounds at the limit and one past it', async () => {
    const state = await predict({ expression: 'bank' })
    const entry = state.entries[0] as State['entries'][number]
    const many = Array.from({ length: LIMITS.evidence }, () => entry)
    const atLimit = await f.post('/v1/verify/consensus', { checkpoint: state.checkpoint, entries: many })
    assert.equal(atLimit.status, 200)
    const past = await f.post('/v1/verify/consensus', {
      checkpoint: state.checkpoint,
      entries: [...many, entry],
    })
    assert.equal(past.status, 400)
    const long = (n: number) => ({ ...entry, leaf: 'x'.repeat(n), leafHash: undefined })
    assert.equal(
      (await f.post('/v1/verify/consensus', { checkpoint: state.checkpoint, entries: [long(LIMITS.leaf)] }))
        .status,
      200,
    )
    assert.equal(
      (
        await f.post('/v1/verify/consensus', {
          checkpoint: state.checkpoint,
          entries: [long(LIMITS.leaf + 1)],
        })
      ).status,
      400,
    )
    const proof = (n: number) => ({
      ...entry,
      inclusionProof: Array.from({ length: n }, () => entry.leafHash),
    })
    const proofAtLimit = await f.post('/v1/verify/consensus', {
      checkpoint: state.checkpoint,
      entries: [proof(LIMITS.proofHashes)],
    })
    assert.equal(proofAtLimit.status, 200)
    assert.equal(((await proofAtLimit.json()) as Verdict).failedStep, 'inclusion-proofs')
    assert.equal(
      (
        await f.post('/v1/verify/consensus', {
          checkpoint: state.checkpoint,
          entries: [proof(LIMITS.proofHashes + 1)],
        })
      ).status,
      400,
    )
    const note = (n: number) => ({ note: 'n'.repeat(n) })
    const noteAtLimit = await verify({ checkpoint: note(LIMITS.checkpointNote), entries: [] })
    assert.equal(noteAtLimit.failedStep, 'checkpoint-signature')
    assert.equal(
      (await f.post('/v1/verify/consensus', { checkpoint: note(LIMITS.checkpointNote + 1), entries: [] }))
        .status,
      400,
    )
    assert.equal(
      (await f.post('/v1/verify/consensus', { checkpoint: state.checkpoint, entries: 'x' })).status,
      400,
    )
    const big = JSON.stringify({ checkpoint: state.checkpoint, entries: [] })
    const limit = LIMITS.verifyBodyBytes
    const atBodyLimit = big.slice(0, -1) + ' '.repeat(limit - Buffer.byteLength(big)) + '}'
    assert.equal((await f.post('/v1/verify/consensus', atBodyLimit)).status, 200)
    const pastBody = await f.post('/v1/verify/consensus', atBodyLimit.slice(0, -1) + ' }')
    assert.equal(pastBody.status, 413)
    const text = await f.post('/v1/verify/consensus', 'x', { 'Content-Type': 'text/plain' })
    assert.equal(text.status, 415)
  })

  it('fits a full evidence set of maximal entries in one verify request', async () => {
    const g = await startFixture()
    try {
      // 100 contributions with every field at its bound, and characters that JSON escapes the longest.
      const passage = 'bank' + '\u0001'.repeat(LIMITS.passage - 4)
      const url = 'https://example.org/' + '\u00e9'.repeat(LIMITS.url - 20)
      for (let i = 0; i < LIMITS.evidence; i++) {
        const key = await g.contributor()
        const response = await g.post(
          '/v1/observations',
          observation(
            {},
            {
              label: '"'.repeat(LIMITS.label - 4) + String(i).padStart(4, '0'),
              url,
              passage,
              span: { start: 0, end: 4 },
            },
          ),
          { Authorization: key },
        )
        assert.equal(response.status, 201)
      }
      const state = await (await g.post('/v1/predict/consensus', { expression: 'bank' })).json()
      const body = JSON.stringify(state)
      assert.ok(Buffer.byteLength(body) <= LIMITS.verifyBodyBytes, `${Buffer.byteLength(body)} bytes`)
      assert.ok(
        (state as State).entries.every((e) => e.leaf.length <= LIMITS.leaf),
        'every leaf within the leaf bound',
      )
      const verdict = (await (await g.post('/v1/verify/consensus', body)).json()) as Verdict
      assert.equal(verdict.valid, true)
    } finally {
      await g.close()
    }
  })

  it('publishes the log key and current checkpoint in GET /v1 and GET /v1/releases', async () => {
    type Release = {
      name: string
      kind: string
      status: string
      version: string | null
      log?: { verifierKey: string; checkpoint: string; treeSize: number; rootHash: string }
    }
    const releases = (await (await fetch(`${f.url}/v1/releases`)).json()) as { releases: Release[] }
    const record = releases.releases.find((r) => r.name === 'observation-log')
    assert.equal(record?.kind, 'log')
    assert.equal(record?.status, 'available')
    assert.equal(record?.log?.verifierKey, f.signer.verifierKey)
    assert.ok(parseVerifierKey(record?.log?.verifierKey ?? ''), 'a valid verifier key')
    assert.equal(record?.log?.treeSize, f.log.size())
    assert.equal(record?.log?.checkpoint, (await f.log.checkpoint()).note)
    assert.equal(record?.version, Buffer.from(f.log.root()).toString('hex'))

    const capabilities = (await (await fetch(`${f.url}/v1`)).json()) as {
      routes: Array<{ path: string }>
      releases: Release[]
    }
    for (const path of ['/v1/observations', '/v1/predict/consensus', '/v1/verify/consensus']) {
      assert.ok(
        capabilities.routes.some((r) => r.path === path),
        `${path} in GET /v1`,
      )
    }
    assert.equal(
      capabilities.releases.find((r) => r.name === 'observation-log')?.log?.verifierKey,
      f.signer.verifierKey,
    )

    const g = await startFixture({
      logProvider: createLogProvider(async () => {
        throw new Error('no disk')
      }),
    })
    try {
      const down = (await (await fetch(`${g.url}/v1/releases`)).json()) as { releases: Release[] }
      const unavailable = down.releases.find((r) => r.name === 'observation-log')
      assert.equal(unavailable?.status, 'unavailable')
      assert.equal(unavailable?.log, undefined)
    } finally {
      await g.close()
    }
  })

  it('describes the three routes in the OpenAPI document with their error statuses', async () => {
    const doc = (await (await fetch(`${f.url}/openapi.json`)).json()) as {
      paths: Record<string, { post?: { responses: Record<string, unknown> } }>
    }
    assert.deepEqual(Object.keys(doc.paths['/v1/observations']?.post?.responses ?? {}).sort(), [
      '200',
      '201',
      '400',
      '401',
      '403',
      '413',
      '415',
      '503',
    ])
    assert.deepEqual(Object.keys(doc.paths['/v1/predict/consensus']?.post?.responses ?? {}).sort(), [
      '200',
      '400',
      '404',
      '413',
      '415',
      '503',
    ])
    assert.deepEqual(Object.keys(doc.paths['/v1/verify/consensus']?.post?.responses ?? {}).sort(), [
      '200',
      '400',
      '413',
      '415',
      '503',
    ])
  })

  it('answers 503 when the log is unavailable', async () => {
    const g = await startFixture({
      logProvider: createLogProvider(async () => {
        throw new Error('no disk')
      }),
    })
    try {
      for (const path of ['/v1/predict/consensus', '/v1/verify/consensus']) {
        const body = path.includes('predict')
          ? { expression: 'bank' }
          : { checkpoint: { note: 'x' }, entries: [] }
        const response = await g.post(path, body)
        assert.equal(response.status, 503)
        assert.equal(((await response.json()) as { code: string }).code, 'log_unavailable')
      }
    } finally {
      await g.close()
    }
  })
})

describe('share of a meaning when one of three contributors chose another (through HTTP)', () => {
  let f: Fixture
  before(async () => {
    f = await startFixture()
    const [a, b, c] = [await f.contributor(), await f.contributor(), await f.contributor()]
    await f.post('/v1/observations', observation({}, { label: 'a' }), { Authorization: a })
    await f.post('/v1/observations', observation({}, { label: 'b' }), { Authorization: b })
    await f.post(
      '/v1/observations',
      observation(
        { meaning: MONEY },
        { label: 'c', passage: 'She put the money in the bank on Monday.', span: { start: 25, end: 29 } },
      ),
      { Authorization: c },
    )
  })
  after(() => f.close())

  const predict = async (passage: string): Promise<State> => {
    const response = await f.post('/v1/predict/consensus', { expression: 'bank', passage })
    assert.equal(response.status, 200)
    return (await response.json()) as State
  }

  it('is that meaning’s share of the distinct contributors, never 1 while one chose another', async () => {
    const river = await predict('We walked on the sloping land beside the water, along the bank.')
    assert.equal(river.consensus.contributors, 3)
    assert.deepEqual(
      river.consensus.meanings.map((m) => [m.meaning, m.contributors]),
      [
        [RIVER, 2],
        [MONEY, 1],
      ],
    )
    assert.equal(river.consensus.leading?.share, 0.6667)
    assert.equal(river.lexicon?.meaning, RIVER)
    assert.equal(river.lexicon?.agreement, 'agrees')
    assert.equal(river.lexicon?.support, 2)
    assert.equal(river.lexicon?.share, 0.6667)
    assert.equal(river.lexicon?.strength, 'moderate')

    const money = await predict('He cashed a check at the bank to pay the mortgage.')
    assert.equal(money.lexicon?.meaning, MONEY)
    assert.equal(money.lexicon?.agreement, 'other-meaning')
    assert.equal(money.lexicon?.support, 1)
    assert.equal(money.lexicon?.share, 0.3333)
    assert.equal(money.lexicon?.strength, 'weak')
  })
})
