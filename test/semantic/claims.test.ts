import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { BOUNDS } from '../../src/semantic/bounds'
import {
  ArgumentsResultSchema,
  ClaimsCompareResultSchema,
  EvidenceResultSchema,
} from '../../src/semantic/claims/schemas'
import type { TestServer } from '../helpers/server'
import { postError, postJson, semanticServer } from './http'

type Ref = { text: string; span: { start: number; end: number } }

/** Every `first` span slices the first text and every `second` span the second. */
function assertPairSpans(
  first: string,
  second: string,
  pairs: Array<{ first: Ref | null; second: Ref | null }>,
) {
  for (const p of pairs) {
    if (p.first) assert.equal(first.slice(p.first.span.start, p.first.span.end), p.first.text)
    if (p.second) assert.equal(second.slice(p.second.span.start, p.second.span.end), p.second.text)
  }
}

describe('POST /v1/claims/compare', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  async function compare(first: string, second: string) {
    const answer = await postJson(server, '/v1/claims/compare', { first, second })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    const body = ClaimsCompareResultSchema.parse(answer.body)
    const c = body.comparison
    assertPairSpans(first, second, [...c.proposition.shared, ...c.proposition.opposites, ...c.scope])
    for (const t of c.proposition.onlyFirst) assert.equal(first.slice(t.span.start, t.span.end), t.text)
    for (const t of c.proposition.onlySecond) assert.equal(second.slice(t.span.start, t.span.end), t.text)
    return body
  }

  it('finds scope differences: quantifier, subject extent, time and place, with spans after emoji', async () => {
    const first = '🙂 All children eat vegetables in France since 2010.'
    const second = 'Some young children eat vegetables.'
    const r = await compare(first, second)
    const aspects = r.comparison.scope.map((d) => d.aspect)
    assert.deepEqual(aspects, ['quantifier', 'subject', 'time', 'place'])
    const quantifier = r.comparison.scope[0]
    assert.equal(quantifier?.first?.text, 'All')
    assert.equal(quantifier?.second?.text, 'Some')
    assert.equal(r.comparison.scope[2]?.first?.text, 'since 2010')
    assert.equal(r.comparison.scope[3]?.first?.text, 'in France')
    assert.equal(r.summary.fit, 'differs-in-scope')
  })

  it('finds a broader subject through hypernyms', async () => {
    const r = await compare('Dogs bark at night.', 'Animals bark at night.')
    const subject = r.comparison.scope.find((d) => d.aspect === 'subject')
    assert.ok(subject)
    assert.match(subject.explanation, /narrower/)
    assert.ok(r.comparison.proposition.shared.some((s) => s.relation === 'narrower'))
  })

  it('finds strength differences: modality, hedges, certainty and intensifiers', async () => {
    const r = await compare(
      'Coffee definitely causes very serious harm.',
      'Coffee might possibly cause harm.',
    )
    const certainty = r.comparison.strength.find((d) => d.aspect === 'certainty')
    assert.ok(certainty && certainty.first.value > certainty.second.value)
    assert.deepEqual(
      certainty.second.cues.map((c) => c.kind),
      ['modal', 'hedge'],
    )
    assert.ok(r.comparison.strength.some((d) => d.aspect === 'degree'))
    assert.equal(r.first.certainty, 0.97)
  })

  it('finds polarity and lexicon antonyms, and a negation with an antonym cancels', async () => {
    const negated = await compare('The water is wet.', "The water isn't wet.")
    assert.equal(negated.comparison.proposition.polarity.differs, true)
    assert.equal(negated.comparison.proposition.polarity.secondCues[0]?.text, "isn't")
    assert.equal(negated.summary.fit, 'differs-in-polarity')
    const antonym = await compare('The water is wet.', 'The water is dry.')
    assert.deepEqual(
      antonym.comparison.proposition.opposites.map((o) => [o.first.text, o.second.text, o.via]),
      [['wet', 'dry', 'antonym']],
    )
    assert.equal(antonym.summary.fit, 'differs-in-polarity')
    const both = await compare('The water is wet.', 'The water is not dry.')
    assert.notEqual(both.summary.fit, 'differs-in-polarity')
  })

  it('aligns synonyms and shares the proposition when wording matches', async () => {
    const r = await compare('The car is fast.', 'The automobile is fast.')
    assert.ok(
      r.comparison.proposition.shared.some((s) => s.relation === 'synonym' && s.second.text === 'automobile'),
    )
    assert.equal(r.summary.fit, 'shares-proposition')
    assert.match(r.summary.note, /does not judge/)
  })

  it(`bounds each claim at ${BOUNDS.claimChars} characters`, async () => {
    const at = 'a'.repeat(BOUNDS.claimChars)
    assert.equal((await postJson(server, '/v1/claims/compare', { first: at, second: at })).status, 200)
    const past = await postError(server, '/v1/claims/compare', { first: at + 'a', second: 'b' })
    assert.equal(past.status, 400)
    assert.equal(past.body.details?.[0]?.path, 'first')
    assert.equal((await postError(server, '/v1/claims/compare', { first: '', second: 'b' })).status, 400)
  })
})

describe('POST /v1/arguments/analyze', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  async function analyze(messages: unknown) {
    const answer = await postJson(server, '/v1/arguments/analyze', { messages })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    return ArgumentsResultSchema.parse(answer.body)
  }

  it('finds candidate claims with kinds, cues, spans, authors and premise/conclusion links', async () => {
    const m1 =
      '🚲 Cycling lanes reduce accidents because drivers slow down. So the city should build more lanes.'
    const m2 =
      'Buses will be slower next year. Trains are better than buses. The station is ugly. Is that fair?'
    const r = await analyze([
      { id: 'm1', author: 'ana', text: m1 },
      { id: 'm2', text: m2 },
    ])
    const byId = new Map(r.claims.map((c) => [c.id, c]))
    for (const c of r.claims) {
      const text = c.messageId === 'm1' ? m1 : m2
      assert.equal(text.slice(c.span.start, c.span.end), c.text)
      if (c.cue) assert.equal(text.slice(c.cue.span.start, c.cue.span.end), c.cue.text)
    }
    assert.deepEqual(
      r.claims.map((c) => [c.id, c.kind, c.cue?.text ?? null]),
      [
        ['m1#1', 'factual', null],
        ['m1#2', 'causal', 'because'],
        ['m1#3', 'recommendation', 'should'],
        ['m2#1', 'predictive', 'will'],
        ['m2#2', 'comparative', 'better'],
        ['m2#3', 'evaluative', 'ugly'],
      ],
    )
    assert.equal(byId.get('m1#1')?.author, 'ana')
    assert.equal(byId.get('m2#1')?.author, null)
    assert.deepEqual(
      r.links.map((l) => [l.premise, l.conclusion, l.marker.text]),
      [
        ['m1#2', 'm1#1', 'because'],
        ['m1#2', 'm1#3', 'So'],
      ],
    )
    assert.equal(r.skipped.length, 1)
    assert.equal(r.skipped[0]?.reason, 'a question, not an assertion')
    assert.match(r.note, /not verdicts/)
  })

  it('links a premise that opens its sentence to the clause after it', async () => {
    const r = await analyze([{ id: 'x', text: 'Because prices rose, people bought less.' }])
    assert.deepEqual(
      r.links.map((l) => [l.premise, l.conclusion]),
      [['x#1', 'x#2']],
    )
  })

  it(`bounds messages (${BOUNDS.messages}), text (${BOUNDS.messageChars}), sentences (${BOUNDS.messageSentences}), ids and authors`, async () => {
    const message = (i: number) => ({ id: `m${i}`, text: 'Dogs bark.' })
    assert.equal(
      (
        await postJson(server, '/v1/arguments/analyze', {
          messages: Array.from({ length: BOUNDS.messages }, (_, i) => message(i)),
        })
      ).status,
      200,
    )
    const tooMany = await postError(server, '/v1/arguments/analyze', {
      messages: Array.from({ length: BOUNDS.messages + 1 }, (_, i) => message(i)),
    })
    assert.equal(tooMany.status, 400)
    const long = 'a'.repeat(BOUNDS.messageChars)
    assert.equal(
      (await postJson(server, '/v1/arguments/analyze', { messages: [{ id: 'a', text: long }] })).status,
      200,
    )
    assert.equal(
      (await postError(server, '/v1/arguments/analyze', { messages: [{ id: 'a', text: long + 'a' }] }))
        .status,
      400,
    )
    const sentences = (n: number) => 'Dogs bark. '.repeat(n).trim()
    assert.equal(
      (
        await postJson(server, '/v1/arguments/analyze', {
          messages: [{ id: 'a', text: sentences(BOUNDS.messageSentences) }],
        })
      ).status,
      200,
    )
    const tooLong = await postError(server, '/v1/arguments/analyze', {
      messages: [{ id: 'a', text: sentences(BOUNDS.messageSentences + 1) }],
    })
    assert.equal(tooLong.status, 400)
    assert.match(tooLong.body.message, /at most 100 sentences/)
    const id = 'i'.repeat(BOUNDS.idChars)
    const author = 'w'.repeat(BOUNDS.authorChars)
    assert.equal(
      (await postJson(server, '/v1/arguments/analyze', { messages: [{ id, author, text: 'x y.' }] })).status,
      200,
    )
    assert.equal(
      (await postError(server, '/v1/arguments/analyze', { messages: [{ id: id + 'i', text: 'x' }] })).status,
      400,
    )
    assert.equal(
      (
        await postError(server, '/v1/arguments/analyze', {
          messages: [{ id: 'a', author: author + 'w', text: 'x' }],
        })
      ).status,
      400,
    )
    const duplicate = await postError(server, '/v1/arguments/analyze', {
      messages: [message(1), message(1)],
    })
    assert.equal(duplicate.status, 400)
    assert.equal(duplicate.body.details?.[0]?.path, 'messages.1.id')
    assert.equal((await postError(server, '/v1/arguments/analyze', { messages: [] })).status, 400)
  })
})

describe('POST /v1/claims/evaluate-evidence', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  it('classifies each excerpt by how its wording fits, with aligned spans, and never says true or false', async () => {
    const claim = 'Coffee raises blood pressure.'
    const excerpts = [
      { id: 'same', text: 'Many people drink it daily. 🙂 Coffee raises blood pressure. It is bitter.' },
      { id: 'negated', label: 'trial', text: 'In the trial, coffee did not raise blood pressure.' },
      { id: 'scope', text: 'Coffee sometimes raises blood pressure in older adults.' },
      { id: 'partial', text: 'Blood tests were run on every volunteer.' },
      { id: 'none', text: 'Tea is green.' },
    ]
    const answer = await postJson(server, '/v1/claims/evaluate-evidence', { claim, excerpts })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    const r = EvidenceResultSchema.parse(answer.body)
    assert.deepEqual(
      r.excerpts.map((e) => [e.id, e.fit]),
      [
        ['same', 'shares-proposition'],
        ['negated', 'differs-in-polarity'],
        ['scope', 'differs-in-scope'],
        ['partial', 'partial-overlap'],
        ['none', 'no-overlap'],
      ],
    )
    r.excerpts.forEach((e, i) => {
      const text = (excerpts[i] as { text: string }).text
      if (e.sentence) assert.equal(text.slice(e.sentence.span.start, e.sentence.span.end), e.sentence.text)
      for (const s of e.comparison?.proposition.shared ?? []) {
        assert.equal(claim.slice(s.first.span.start, s.first.span.end), s.first.text)
        assert.equal(text.slice(s.second.span.start, s.second.span.end), s.second.text)
      }
    })
    assert.equal(r.excerpts[1]?.label, 'trial')
    assert.equal(r.excerpts[0]?.label, null)
    assert.deepEqual(r.summary.counts, {
      'shares-proposition': 1,
      'partial-overlap': 1,
      'differs-in-scope': 1,
      'differs-in-polarity': 1,
      'no-overlap': 1,
    })
    const words = [r.summary.statement, ...r.excerpts.map((e) => e.explanation)].join(' ')
    assert.doesNotMatch(words, /\b(true|false|refutes?|confirms?|proves?|debunk)/i)
  })

  it(`bounds excerpts (${BOUNDS.excerpts}), their text (${BOUNDS.excerptChars}) and sentences (${BOUNDS.excerptSentences}), ids and labels`, async () => {
    const path = '/v1/claims/evaluate-evidence'
    const excerpt = (i: number) => ({ id: `e${i}`, text: 'Dogs bark.' })
    const many = Array.from({ length: BOUNDS.excerpts }, (_, i) => excerpt(i))
    assert.equal((await postJson(server, path, { claim: 'Dogs bark.', excerpts: many })).status, 200)
    assert.equal(
      (await postError(server, path, { claim: 'Dogs bark.', excerpts: [...many, excerpt(99)] })).status,
      400,
    )
    const long = 'a'.repeat(BOUNDS.excerptChars)
    assert.equal(
      (await postJson(server, path, { claim: 'a', excerpts: [{ id: 'a', text: long }] })).status,
      200,
    )
    assert.equal(
      (await postError(server, path, { claim: 'a', excerpts: [{ id: 'a', text: long + 'a' }] })).status,
      400,
    )
    const sentences = (n: number) => 'Dogs bark. '.repeat(n).trim()
    assert.equal(
      (
        await postJson(server, path, {
          claim: 'Dogs bark.',
          excerpts: [{ id: 'a', text: sentences(BOUNDS.excerptSentences) }],
        })
      ).status,
      200,
    )
    assert.equal(
      (
        await postError(server, path, {
          claim: 'Dogs bark.',
          excerpts: [{ id: 'a', text: sentences(BOUNDS.excerptSentences + 1) }],
        })
      ).status,
      400,
    )
    const label = 'l'.repeat(BOUNDS.labelChars)
    assert.equal(
      (await postJson(server, path, { claim: 'a', excerpts: [{ id: 'a', label, text: 'b' }] })).status,
      200,
    )
    assert.equal(
      (await postError(server, path, { claim: 'a', excerpts: [{ id: 'a', label: label + 'l', text: 'b' }] }))
        .status,
      400,
    )
    const id = 'i'.repeat(BOUNDS.idChars)
    assert.equal((await postJson(server, path, { claim: 'a', excerpts: [{ id, text: 'b' }] })).status, 200)
    assert.equal(
      (await postError(server, path, { claim: 'a', excerpts: [{ id: id + 'i', text: 'b' }] })).status,
      400,
    )
    assert.equal(
      (await postError(server, path, { claim: 'a', excerpts: [excerpt(1), excerpt(1)] })).status,
      400,
    )
    assert.equal(
      (await postError(server, path, { claim: 'a'.repeat(BOUNDS.claimChars + 1), excerpts: [excerpt(1)] }))
        .status,
      400,
    )
    assert.equal((await postError(server, path, { claim: 'a', excerpts: [] })).status, 400)
  })
})
