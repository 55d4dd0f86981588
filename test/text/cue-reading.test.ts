import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { TextCheckReviewSchema, type TextCheckReview } from '../../src/argument/schemas'
import { ClaimsCompareResultSchema, EvidenceResultSchema } from '../../src/semantic/claims/schemas'
import type { TestServer } from '../helpers/server'
import { analyzeMessages, postJson, semanticServer, type Message } from '../semantic/http'

type Reading = { cues: Array<{ kind: string; text: string; value: number }> }

describe('one cue reader: /v1/arguments/analyze, /v1/claims/*, and the local review read cues alike', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  const analyze = (messages: Message[]) => analyzeMessages(server, messages)

  /** The reading of `first` by claims/compare, and of the claim by evaluate-evidence: they must agree. */
  async function readings(first: string): Promise<Reading> {
    const compared = await postJson(server, '/v1/claims/compare', { first, second: 'The weather was mild.' })
    assert.equal(compared.status, 200, JSON.stringify(compared.body))
    const evidence = await postJson(server, '/v1/claims/evaluate-evidence', {
      claim: first,
      excerpts: [{ id: 'e1', text: 'The weather was mild.' }],
    })
    assert.equal(evidence.status, 200, JSON.stringify(evidence.body))
    const fromCompare = ClaimsCompareResultSchema.parse(compared.body).first
    const fromEvidence = EvidenceResultSchema.parse(evidence.body).claim
    assert.deepEqual(fromEvidence.cues, fromCompare.cues, 'the two routes read the claim the same way')
    for (const cue of fromCompare.cues) assert.equal(first.slice(cue.span.start, cue.span.end), cue.text)
    return fromCompare
  }

  async function review(text: string, source: string): Promise<TextCheckReview> {
    const answer = await postJson(server, '/api/argument/review', {
      text,
      sources: [{ id: 's', label: 'Notes', text: source }],
    })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    const body = TextCheckReviewSchema.parse(answer.body) as TextCheckReview
    for (const s of body.sentences) {
      for (const f of s.framing) assert.equal(text.slice(f.passage.start, f.passage.end), f.text)
    }
    return body
  }

  const quantifierWords = (r: TextCheckReview, sentence = 0) =>
    (r.sentences[sentence]?.cues ?? [])
      .filter((c) => c.cue === 'quantifier')
      .flatMap((c) => c.words.map((w) => [w.word, w.quantity]))

  it('"at some point" is time, never the quantifier "some", in every route', async () => {
    const text = 'At some point the ferry to the island will be replaced.'
    const a = await analyze([{ id: 'm', text }])
    assert.deepEqual(a.claims[0]?.quantifiers, [])
    const r = await readings(text)
    assert.deepEqual(
      r.cues.filter((c) => c.kind === 'time' || c.kind === 'quantifier').map((c) => [c.kind, c.text]),
      [['time', 'At some point']],
    )
    const local = await review(text, 'All ferries to the island will be replaced next year.')
    assert.deepEqual(
      (local.sentences[0]?.cues ?? []).filter((c) => c.cue === 'quantifier').map((c) => c.words),
      [[]],
      'the argument sentence has no quantifier; only the source sentence does',
    )
  })

  it('"only one of the four" is a counted quantifier worth a quarter in every route', async () => {
    const text = 'Only one of the four bakeries sells rye bread.'
    const a = await analyze([{ id: 'm', text }])
    assert.deepEqual(
      a.claims[0]?.quantifiers.map((q) => [q.text, q.value]),
      [['Only one of the four bakeries', 0.25]],
    )
    const r = await readings(text)
    assert.deepEqual(
      r.cues.filter((c) => c.kind === 'quantifier').map((c) => [c.text, c.value]),
      [['Only one of the four bakeries', 0.25]],
    )
    const local = await review(text, 'All bakeries in the town sell rye bread.')
    assert.deepEqual(quantifierWords(local), [['only one of the four bakeries', 'partial']])
    assert.match(
      local.sentences[0]?.cues.find((c) => c.cue === 'quantifier')?.observation ?? '',
      /uses "only one of the four bakeries" \(partial\) where the source sentence uses "all" \(universal\)/,
    )
  })

  it('reported speech and denials are attributed, not asserted: "critics claim", "nobody said"', async () => {
    const a = await analyze([
      { id: 'm', text: 'Critics claim the bridge is dangerous. Nobody said the pool must close.' },
    ])
    assert.deepEqual(
      a.claims.map((c) => [c.frame?.kind, c.frame?.speaker, c.kind]),
      [
        ['report', 'Critics', 'evaluative'],
        ['denial', 'Nobody', 'factual'],
      ],
    )
    const local = await review(
      'Critics claim the bridge is dangerous. Nobody said the pool must close.',
      'The bridge is dangerous in winter. The pool must close in May.',
    )
    assert.deepEqual(
      local.sentences.map((s) => s.framing.map((f) => [f.kind, f.text])),
      [[['report', 'Critics claim']], [['denial', 'Nobody said']]],
    )
    assert.deepEqual(quantifierWords(local, 1), [], '"Nobody" belongs to the denial, not to what is said')
  })

  it('contrast markers split claims: "however", "but", "although"', async () => {
    const a = await analyze([
      {
        id: 'm',
        text: 'The museum is popular, but the café loses money. Although rents rose, most tenants stayed.',
      },
    ])
    assert.deepEqual(
      a.claims.map((c) => c.text),
      ['The museum is popular', 'the café loses money.', 'rents rose', 'most tenants stayed.'],
    )
    assert.deepEqual(
      a.relations.filter((x) => x.relation === 'contrast').map((x) => [x.from, x.to, x.cue.text]),
      [
        ['m#2', 'm#1', 'but'],
        ['m#4', 'm#3', 'Although'],
      ],
    )
  })

  it('hedges lower and boosters raise the commitment, read the same by the review', async () => {
    const hedged = await readings('The new drug probably reduces pain.')
    const boosted = await readings('The new drug certainly reduces pain.')
    assert.deepEqual(
      [hedged.cues.map((c) => c.kind), boosted.cues.map((c) => c.kind)],
      [['hedge'], ['certainty']],
    )
    const compared = await postJson(server, '/v1/claims/compare', {
      first: 'The new drug probably reduces pain.',
      second: 'The new drug certainly reduces pain.',
    })
    const body = ClaimsCompareResultSchema.parse(compared.body)
    assert.ok(body.first.certainty < body.second.certainty)
    const local = await review('The new drug probably reduces pain.', 'The new drug certainly reduces pain.')
    assert.deepEqual(
      local.sentences[0]?.cues.map((c) => [
        c.cue,
        c.words.map((w) => w.word),
        c.matchWords.map((w) => w.word),
      ]),
      [
        ['hedge', ['probably'], []],
        ['booster', [], ['certainly']],
      ],
    )
  })

  it('sarcasm markers are marked and left alone, never read as an evaluation, assertion or negation', async () => {
    const a = await analyze([
      { id: 'a', author: 'ana', text: 'Oh great, the printer is broken again.' },
      { id: 'b', author: 'ben', text: 'Yeah, right. The buses are never late.' },
      { id: 'c', author: 'cy', text: 'The "experts" approved the plan.' },
    ])
    const byMessage = new Map(a.claims.map((c) => [c.messageId, c]))
    assert.deepEqual(
      a.skipped.map((x) => x.reason),
      ['a sarcasm marker on its own, not an assertion: it marks the sentence after it'],
    )
    assert.deepEqual(
      [byMessage.get('a')?.sarcasm?.text, byMessage.get('a')?.kind],
      ['Oh great', 'factual'],
      '"great" inside the marker is no evaluative cue',
    )
    assert.match(byMessage.get('a')?.basis ?? '', /possible sarcasm/)
    assert.equal(byMessage.get('b')?.sarcasm?.text, 'Yeah, right')
    assert.deepEqual(
      [byMessage.get('c')?.sarcasm?.kind, byMessage.get('c')?.sarcasm?.text],
      ['scare-quotes', 'experts'],
    )
    assert.equal(
      a.relations.filter((x) => x.cue.messageId === 'b').length,
      0,
      '"Yeah, right" is not read as agreement',
    )

    const r = await readings('Oh great, the printer is broken again.')
    assert.deepEqual(
      r.cues.filter((c) => c.kind === 'sarcasm').map((c) => c.text),
      ['Oh great'],
    )
    const plain = await readings('Oh great news arrived today.')
    assert.deepEqual(
      plain.cues.filter((c) => c.kind === 'sarcasm'),
      [],
      'no punctuation follows "Oh great"',
    )

    const local = await review(
      'Yeah, right, the buses are never late.',
      'The buses are always late in winter.',
    )
    assert.deepEqual(
      local.sentences[0]?.framing.map((f) => [f.kind, f.text]),
      [['sarcasm', 'Yeah, right']],
    )
    assert.deepEqual(local.sentences[0]?.cues, [], 'no quantifier or negation observation on sarcasm')
  })

  it('links replies across messages with the cue that shows it, and never to the same author', async () => {
    const a = await analyze([
      { id: 'q', author: 'ira', text: 'The night market brings visitors to the old town.' },
      { id: 'r', author: 'joe', text: 'Yes, and the stalls also help cooks.' },
      { id: 's', author: 'kim', text: "That's wrong, the night market mostly draws locals." },
      { id: 't', author: 'lou', text: 'Admittedly the night market is noisy, but it brings visitors.' },
      { id: 'u', author: 'max', text: 'Well, I disagree: the night market is quiet.' },
    ])
    assert.deepEqual(
      a.relations
        .filter((x) => x.relation !== 'contrast')
        .map((x) => [x.cue.messageId, x.relation, x.to, x.cue.text]),
      [
        ['r', 'support', 'q#1', 'Yes'],
        ['s', 'rebuttal', 'q#1', "That's wrong"],
        ['t', 'concession', 'q#1', 'Admittedly'],
        ['u', 'rebuttal', 'q#1', 'I disagree'],
      ],
    )
  })
})
