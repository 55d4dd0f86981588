import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { TextCheckReviewSchema } from '../../src/argument/schemas'
import type { TestServer } from '../helpers/server'
import { postJson, semanticServer } from '../semantic/http'

describe('local review says nothing false about figures (through HTTP)', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  async function review(text: string, sourceText: string) {
    const answer = await postJson(server, '/api/argument/review', {
      text,
      sources: [{ id: 's1', label: 'Records', text: sourceText }],
    })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    return TextCheckReviewSchema.parse(answer.body)
  }

  it('finds the year 2008 in "since March 2008"', async () => {
    const r = await review(
      'The ferry has run daily from the harbour since 2008.',
      'The ferry has run daily from the harbour since March 2008.',
    )
    const year = r.sentences[0]?.numbers.find((n) => n.text === '2008')
    assert.equal(year?.status, 'same-value-in-match')
    assert.doesNotMatch(year?.observation ?? '', /does not appear/)
  })

  it('does not pair 2027 with 2007 when they date different events', async () => {
    const r = await review(
      'The old ferry terminal will close in 2027.',
      'The old ferry terminal opened in 2007 and has served the harbour since.',
    )
    const year = r.sentences[0]?.numbers.find((n) => n.text === '2027')
    assert.deepEqual(year?.inMatches, [])
    assert.equal(year?.status, 'not-in-matches')
  })

  it('says a figure of a rejected motion appears, but not that it agrees', async () => {
    const r = await review(
      'The council passed the harbour motion 7 to 2.',
      'The council rejected the harbour motion 7 to 2 after a long debate.',
    )
    for (const figure of ['7', '2']) {
      const n = r.sentences[0]?.numbers.find((x) => x.text === figure)
      assert.equal(n?.status, 'same-value-in-match')
      assert.match(n?.observation ?? '', /but there it goes with "rejected"/)
      assert.doesNotMatch(n?.observation ?? '', /also appears/)
    }
  })
})

describe('local review reports quantifier and modality differences with the best match (through HTTP)', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  it('"certainly … all adults" against "could consider … some high-risk patients"', async () => {
    const answer = await postJson(server, '/api/argument/review', {
      text: 'Adults should certainly all receive the booster.',
      sources: [
        {
          id: 's1',
          label: 'Guidance',
          text: 'Clinicians could consider the booster for some high-risk patients.',
        },
      ],
    })
    assert.equal(answer.status, 200)
    const r = TextCheckReviewSchema.parse(answer.body)
    const cues = r.sentences[0]?.cues.map((c) => c.cue).sort()
    assert.deepEqual(cues, ['booster', 'hedge', 'quantifier'])
    for (const c of r.sentences[0]?.cues ?? []) assert.match(c.observation, /worth a human look/)
  })

  it('reports each quantifier and modality difference once, against the best matched sentence', async () => {
    const answer = await postJson(server, '/api/argument/review', {
      text: 'All adults must certainly receive the booster.',
      sources: [
        {
          id: 's1',
          label: 'Guidance',
          text: 'Some adults could perhaps receive the booster. Clinicians might offer the booster to some older adults.',
        },
      ],
    })
    assert.equal(answer.status, 200)
    const sentence = TextCheckReviewSchema.parse(answer.body).sentences[0]
    assert.equal(new Set(sentence?.matches.map((m) => m.passage.start)).size, 2)
    for (const cue of ['quantifier', 'hedge', 'booster']) {
      const against = sentence?.cues.filter((c) => c.cue === cue).map((c) => c.match.start)
      assert.deepEqual(against, [sentence?.matches[0]?.passage.start], cue)
    }
  })
})

describe('local review names the closest passage of a near-miss quotation (through HTTP)', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  it('"the best investment we have ever made" against "one of the best investments the city has made"', async () => {
    const source = 'The mayor said the ferry was one of the best investments the city has made.'
    const answer = await postJson(server, '/api/argument/review', {
      text: 'The mayor called the ferry "the best investment we have ever made".',
      sources: [{ id: 's1', label: 'Minutes', text: source }],
    })
    assert.equal(answer.status, 200)
    const q = TextCheckReviewSchema.parse(answer.body).quotations[0]
    assert.equal(q?.status, 'not-found')
    assert.ok(q?.closest)
    assert.equal(source.slice(q.closest.passage.start, q.closest.passage.end), q.closest.text)
    assert.equal(q.closest.text, 'best investments the city has made')
    assert.deepEqual(q.closest.onlyInQuote, ['we', 'have', 'ever'])
    assert.deepEqual(q.closest.onlyInPassage, ['city', 'has'])
    assert.match(
      q.observation,
      /The closest passage, in source "Minutes", is "best investments the city has made"/,
    )
  })
})
