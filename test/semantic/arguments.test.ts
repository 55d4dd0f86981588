import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { TestServer } from '../helpers/server'
import { analyzeMessages, semanticServer, type Message } from './http'

describe('POST /v1/arguments/analyze reads reports, denials, counted quantifiers, contrast and replies', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  const analyze = (messages: Message[]) => analyzeMessages(server, messages)

  it('"Nobody said the libraries should close" is a denial, not a recommendation', async () => {
    const r = await analyze([{ id: 'm1', text: 'Nobody said the libraries should close.' }])
    assert.equal(r.claims.length, 1)
    assert.equal(r.claims[0]?.kind, 'factual')
    assert.deepEqual(r.claims[0]?.frame && [r.claims[0].frame.kind, r.claims[0].frame.text], [
      'denial',
      'Nobody said',
    ])
  })

  it('"Only one of the four trials" is a quantifier worth a quarter; "at some point" is not one', async () => {
    const r = await analyze([
      {
        id: 'm1',
        text: 'Only one of the four trials showed a benefit. At some point the board will decide.',
      },
    ])
    assert.deepEqual(
      r.claims[0]?.quantifiers.map((q) => [q.text, q.value]),
      [['Only one of the four trials', 0.25]],
    )
    assert.deepEqual(r.claims[1]?.quantifiers, [])
  })

  it('"Critics say …; however, surveys found …" is two attributed claims set against each other', async () => {
    const text = 'Critics say the tram is too slow; however, surveys found that riders like it.'
    const r = await analyze([{ id: 'm1', text }])
    assert.equal(r.claims.length, 2)
    assert.equal(r.claims[0]?.frame?.speaker, 'Critics')
    assert.equal(r.claims[0]?.frame?.kind, 'report')
    assert.equal(r.claims[1]?.frame?.text, 'surveys found')
    assert.deepEqual(
      r.relations.map((x) => [x.from, x.to, x.relation, x.cue.text]),
      [['m1#2', 'm1#1', 'contrast', 'however']],
    )
  })

  it('links replies of other authors to the claim they answer: support, rebuttal and concession, with the cue', async () => {
    const r = await analyze([
      {
        id: 'a',
        author: 'ana',
        text: 'The new bike lanes cut commuting times. The parking fees are too high.',
      },
      { id: 'b', author: 'ben', text: "That's not true, the bike lanes made commuting slower." },
      { id: 'c', author: 'cy', text: 'I agree, parking fees are far too high here.' },
      { id: 'd', author: 'dee', text: 'Granted, the lanes cost money, but commuting times did fall.' },
      { id: 'e', author: 'ana', text: 'Also, the lanes are safer.' },
    ])
    const byFrom = new Map(r.relations.map((x) => [x.cue.messageId, x]))
    assert.deepEqual(
      [byFrom.get('b')?.relation, byFrom.get('b')?.to, byFrom.get('b')?.cue.text],
      ['rebuttal', 'a#1', "That's not true"],
    )
    assert.deepEqual([byFrom.get('c')?.relation, byFrom.get('c')?.to], ['support', 'a#2'])
    assert.deepEqual([byFrom.get('d')?.relation, byFrom.get('d')?.cue.text], ['concession', 'Granted'])
    assert.equal(byFrom.get('e')?.relation, 'support')
    assert.notEqual(
      r.claims.find((c) => c.id === byFrom.get('e')?.to)?.author,
      'ana',
      'a reply is linked to another author’s claim',
    )
  })
})
