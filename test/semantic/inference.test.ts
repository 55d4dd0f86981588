import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { ClaimsCompareResultSchema, EvidenceResultSchema } from '../../src/semantic/claims/schemas'
import type { TestServer } from '../helpers/server'
import { postJson, semanticServer } from './http'

describe('relation: what the wording entails, excludes or leaves open (through HTTP)', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  async function evidence(claim: string, text: string) {
    const answer = await postJson(server, '/v1/claims/evaluate-evidence', {
      claim,
      excerpts: [{ id: 'e1', text }],
    })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    const body = EvidenceResultSchema.parse(answer.body)
    const excerpt = body.excerpts[0]
    assert.ok(excerpt)
    for (const step of excerpt.inference.steps) {
      if (step.claim) assert.equal(claim.slice(step.claim.span.start, step.claim.span.end), step.claim.text)
      if (step.excerpt)
        assert.equal(text.slice(step.excerpt.span.start, step.excerpt.span.end), step.excerpt.text)
    }
    assert.equal(excerpt.relation, excerpt.inference.relation)
    assert.ok(excerpt.confidence > 0 && excerpt.confidence <= 1)
    return { body, excerpt }
  }

  async function compare(first: string, second: string) {
    const answer = await postJson(server, '/v1/claims/compare', { first, second })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    return ClaimsCompareResultSchema.parse(answer.body)
  }

  it('reads a plain negation of the claim as conflicting, naming the negation that flipped it', async () => {
    const { body, excerpt } = await evidence(
      'Remote work raised output at the firm.',
      'A year later, remote work did not raise output at the firm.',
    )
    assert.equal(excerpt.relation, 'conflicts')
    assert.ok(excerpt.confidence >= 0.7)
    const flip = excerpt.inference.steps.find((s) => s.kind === 'cue' && s.effect === 'flips')
    assert.equal(flip?.excerpt?.text, 'not')
    assert.equal(body.summary.relations.conflicts, 1)
    assert.match(body.summary.statement, /1 excludes it/)
  })

  for (const [claim, text, first, second] of [
    ['The new heater is safe.', 'The new heater is unsafe.', 'safe', 'unsafe'],
    ['Street parking is banned downtown.', 'Street parking is permitted downtown.', 'banned', 'permitted'],
    ['Ticket prices increased in spring.', 'Ticket prices fell in spring.', 'increased', 'fell'],
  ] as const) {
    it(`reads the opposites "${first}" / "${second}" said of the same subject as conflicting`, async () => {
      const { excerpt } = await evidence(claim, text)
      assert.equal(excerpt.relation, 'conflicts', JSON.stringify(excerpt.inference))
      const opposite = excerpt.inference.steps.find((s) => s.kind === 'opposite')
      assert.equal(opposite?.claim?.text, first)
      assert.equal(opposite?.excerpt?.text, second)
      assert.equal(opposite?.effect, 'flips')
    })
  }

  it('leaves an unrelated excerpt about an office cafeteria as neither', async () => {
    const { excerpt } = await evidence(
      'Working from home improved productivity.',
      'The office cafeteria now serves lentil soup on Fridays.',
    )
    assert.equal(excerpt.relation, 'neither')
    assert.ok(excerpt.confidence >= 0.9)
  })

  it('projects broader and narrower words through monotonicity, in both directions', async () => {
    // Under the claim's negation a narrower word is fine for the claim, but playing an instrument does
    // not exclude not playing a guitar.
    const open = await evidence('The boy is not playing a guitar.', 'A boy is playing an instrument.')
    assert.equal(open.excerpt.relation, 'neither')
    const guitar = open.excerpt.inference.steps.find(
      (s) => s.kind === 'alignment' && s.claim?.text === 'guitar',
    )
    assert.equal(guitar?.lexical, 'narrower')
    assert.equal(guitar?.monotonicity, 'downward')
    const excludes = await evidence('The boy is playing a guitar.', 'The boy is not playing an instrument.')
    assert.equal(excludes.excerpt.relation, 'conflicts')
    const follows = await evidence('A boy is playing an instrument.', 'A boy is playing a guitar.')
    assert.equal(follows.excerpt.relation, 'follows')
    const step = follows.excerpt.inference.steps.find((s) => s.claim?.text === 'instrument')
    assert.deepEqual([step?.lexical, step?.monotonicity, step?.effect], ['broader', 'upward', 'supports'])
    const reverse = await evidence('A boy is playing a guitar.', 'A boy is playing an instrument.')
    assert.equal(reverse.excerpt.relation, 'neither')
  })

  it('does not let part of the cases, weaker modality, other numbers or reversed roles entail the claim', async () => {
    for (const [claim, text] of [
      ['All drivers paid the toll.', 'Some drivers paid the toll.'],
      ['The bridge will close in June.', 'The bridge might close in June.'],
      ['Three bridges closed in June.', 'Five bridges closed in June.'],
      ['The heron caught the fish.', 'The fish caught the heron.'],
    ] as const) {
      const { excerpt } = await evidence(claim, text)
      assert.notEqual(excerpt.relation, 'follows', `${claim} / ${text}`)
      assert.ok(excerpt.inference.steps.some((s) => s.effect === 'blocks'))
    }
  })

  it('reads passive against active as the same roles', async () => {
    const { excerpt } = await evidence(
      'The committee rejected the plan.',
      'The plan was rejected by the committee.',
    )
    assert.equal(excerpt.relation, 'follows')
    assert.ok(!excerpt.inference.steps.some((s) => s.kind === 'roles'))
  })

  it('reads irregular participles, adverbs before them and an unnamed agent without reversing roles', async () => {
    for (const [claim, text] of [
      ['The baker is spreading jam on the toast.', 'Jam is being spread on the toast by the baker.'],
      ['The nurse carefully held the lamp.', 'The lamp was carefully held by the nurse.'],
      ['The organ is being played by someone.', 'Somebody is playing the organ.'],
    ] as const) {
      const { excerpt } = await evidence(claim, text)
      assert.ok(!excerpt.inference.steps.some((s) => s.kind === 'roles'), `${claim} / ${text}`)
    }
    const reversed = await evidence(
      'The baker is spreading the jam.',
      'The baker is being spread by the jam.',
    )
    assert.ok(reversed.excerpt.inference.steps.some((s) => s.kind === 'roles'))
  })

  it('reads a word said by its definition: the genus of a noun, the head and object of a verb', async () => {
    const noun = await evidence('A cat is asleep on the porch.', 'A kitten is asleep on the porch.')
    const cat = noun.excerpt.inference.steps.find((s) => s.lexical === 'definition')
    assert.equal(cat?.claim?.text, 'cat')
    assert.equal(cat?.excerpt?.text, 'kitten')
    assert.equal(cat?.effect, 'supports')
    assert.equal(noun.excerpt.relation, 'follows', JSON.stringify(noun.excerpt.inference))
    const verb = await evidence('The boy is riding the waves.', 'The boy surfs every morning.')
    const defined = verb.excerpt.inference.steps.filter((s) => s.lexical === 'definition')
    assert.deepEqual(defined.map((s) => [s.claim?.text, s.excerpt?.text]).sort(), [
      ['riding', 'surfs'],
      ['waves', 'surfs'],
    ])
    assert.ok(verb.excerpt.inference.steps.every((s) => s.kind !== 'claim-only'))
    assert.equal(verb.excerpt.relation, 'follows', JSON.stringify(verb.excerpt.inference))
  })

  it('reads each negated clause as negated, where a count over the sentence would cancel them', async () => {
    const { excerpt } = await evidence(
      'The guard is wearing a helmet and holding a lamp.',
      'The guard is not wearing a helmet and is not holding a lamp.',
    )
    assert.notEqual(excerpt.relation, 'follows')
    assert.ok(excerpt.inference.steps.some((s) => s.kind === 'cue' && s.effect === 'flips'))
  })

  it('names a place of the claim the excerpt does not give, and opposite prepositions of the same thing', async () => {
    const place = await evidence('The choir sang in the city.', 'The choir sang in the village.')
    assert.notEqual(place.excerpt.relation, 'follows')
    const missing = place.excerpt.inference.steps.find((s) => s.claim?.text === 'in the city')
    assert.match(missing?.explanation ?? '', /has no counterpart in the excerpt, which names another place/)
    const sides = await evidence(
      'The visitors are waiting outside the museum.',
      'The visitors are waiting inside the museum.',
    )
    assert.notEqual(sides.excerpt.relation, 'follows')
    const opposite = sides.excerpt.inference.steps.find((s) => s.kind === 'opposite')
    assert.match(opposite?.explanation ?? '', /"outside" and "inside" place the same thing oppositely/)
  })

  it('claims/compare: "safe" against "unsafe for pregnant women" conflicts and does not share the proposition', async () => {
    const r = await compare('The vaccine is safe.', 'The vaccine is unsafe for pregnant women.')
    assert.notEqual(r.summary.fit, 'shares-proposition')
    assert.equal(r.summary.relation, 'conflicts')
    assert.equal(r.summary.direction, null)
    assert.ok(r.inference.fromSecond.steps.some((s) => s.kind === 'opposite'))
  })

  it('claims/compare: "at some point" is a time qualifier, not the quantifier "some"', async () => {
    const r = await compare('At some point the council will raise fees.', 'The council will raise fees.')
    assert.deepEqual(
      r.first.cues.map((c) => [c.kind, c.text]),
      [
        ['time', 'At some point'],
        ['modal', 'will'],
      ],
    )
    assert.ok(!r.comparison.scope.some((d) => d.aspect === 'quantifier'))
  })

  it('claims/compare reports the direction of an entailment', async () => {
    const r = await compare('A boy is playing an instrument.', 'A boy is playing a guitar.')
    assert.equal(r.summary.relation, 'follows')
    assert.equal(r.summary.direction, 'second-entails-first')
    assert.equal(r.inference.fromFirst.relation, 'neither')
  })

  const alignmentOf = <S extends { kind: string; claim: { text: string } | null }>(
    steps: S[],
    word: string,
  ) => steps.find((s) => s.kind === 'alignment' && s.claim?.text === word)

  it('aligns words only in the part of speech they are read in: a noun with a noun, not with a verb', async () => {
    const { excerpt } = await evidence('The old man is on a sofa.', 'The old man is lounging on the couch.')
    const sofa = excerpt.inference.steps.find((s) => s.claim?.text === 'sofa')
    assert.equal(sofa?.kind, 'alignment')
    assert.equal(sofa?.excerpt?.text, 'couch')
    assert.equal(sofa?.lexical, 'synonym')
    assert.equal(excerpt.relation, 'follows')
  })

  it('reads an adverb and the adjective it derives from as a derivation', async () => {
    const { excerpt } = await evidence('The cat moved quietly.', 'The quiet cat moved across the floor.')
    const quietly = alignmentOf(excerpt.inference.steps, 'quietly')
    assert.equal(quietly?.excerpt?.text, 'quiet')
    assert.equal(quietly?.lexical, 'derivation')
  })

  it('aligns repeated words at the same place in each sentence, so the roles are not read as reversed', async () => {
    const claim = 'A black animal is chasing a white cat.'
    const text = 'A black cat is chasing a white cat.'
    const { excerpt } = await evidence(claim, text)
    assert.ok(!excerpt.inference.steps.some((s) => s.kind === 'roles'), JSON.stringify(excerpt.inference))
    assert.equal(alignmentOf(excerpt.inference.steps, 'animal')?.excerpt?.span.start, text.indexOf('cat'))
    assert.equal(alignmentOf(excerpt.inference.steps, 'cat')?.excerpt?.span.start, text.lastIndexOf('cat'))
    assert.equal(excerpt.relation, 'follows')
  })

  it('names a looser link by definition, and reads a part of a thing as no other kind of it', async () => {
    const lawn = await evidence('A girl is standing on the lawn.', 'A girl is standing on the grass.')
    const related = lawn.excerpt.inference.steps.find((s) => s.kind === 'related')
    assert.equal(related?.claim?.text, 'lawn')
    assert.equal(related?.excerpt?.text, 'grass')
    assert.equal(related?.lexical, 'gloss')
    const finger = await evidence(
      'A nurse is holding the finger of a child.',
      'A nurse is holding the hand of a child.',
    )
    assert.ok(!finger.excerpt.inference.steps.some((s) => s.kind === 'exclusive'))
    assert.equal(finger.excerpt.inference.steps.find((s) => s.kind === 'related')?.excerpt?.text, 'hand')
    assert.notEqual(finger.excerpt.relation, 'conflicts')
  })

  it('says when two words are related only through rare meanings', async () => {
    const { excerpt } = await evidence(
      'The children are running in the yard.',
      'The children are playing in the yard.',
    )
    const running = alignmentOf(excerpt.inference.steps, 'running')
    assert.equal(running?.excerpt?.text, 'playing')
    assert.match(running?.explanation ?? '', /only through rare meanings/)
  })

  it('reads a denial with more words than the claim as leaving the claim open, not excluding it', async () => {
    const wider = await evidence(
      'The cook is slicing onions.',
      'The cook is not slicing onions on the old counter.',
    )
    assert.notEqual(wider.excerpt.relation, 'conflicts', JSON.stringify(wider.excerpt.inference))
    const same = await evidence('The cook is slicing onions.', 'The cook is not slicing onions.')
    assert.equal(same.excerpt.relation, 'conflicts', JSON.stringify(same.excerpt.inference))
  })
})
