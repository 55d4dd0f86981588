import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { EvidenceResultSchema } from '../../src/semantic/claims/schemas'
import type { TestServer } from '../helpers/server'
import { postJson, semanticServer } from './http'

type Relation = 'follows' | 'conflicts' | 'neither'
/** An excerpt, a claim, the relation, and the rule (a `rule` step's name) or `premise` that must decide it. */
type Case = [excerpt: string, claim: string, relation: Relation, decidedBy: string | null]

describe('claims: quantifiers, adjectives, comparatives, ellipsis, anaphora, attitudes and time (through HTTP)', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  async function judge([text, claim, relation, decidedBy]: Case) {
    const answer = await postJson(server, '/v1/claims/evaluate-evidence', {
      claim,
      excerpts: [{ id: 'e1', text }],
    })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    const excerpt = EvidenceResultSchema.parse(answer.body).excerpts[0]
    assert.ok(excerpt)
    const steps = excerpt.inference.steps
    for (const step of steps) {
      if (step.claim) assert.equal(claim.slice(step.claim.span.start, step.claim.span.end), step.claim.text)
      if (step.excerpt)
        assert.equal(text.slice(step.excerpt.span.start, step.excerpt.span.end), step.excerpt.text)
    }
    const summary = `${text} => ${claim}: ${steps.map((s) => s.explanation).join(' | ')}`
    assert.equal(excerpt.relation, relation, summary)
    if (decidedBy === 'premise') {
      const premise = steps[0]
      assert.equal(premise?.kind, 'premise', summary)
      assert.match(premise.explanation, /read as "/u)
    } else if (decidedBy === 'attribution') {
      // A reporting frame at the head of the sentence is read by the prose rules before any rule of meaning.
      assert.ok(
        steps.some((s) => s.kind === 'attribution'),
        summary,
      )
    } else if (decidedBy !== null) {
      const rule = steps.find((s) => s.kind === 'rule')
      assert.equal(rule?.lexical, decidedBy, summary)
      assert.ok(rule.explanation.length > 20)
    }
  }

  const group = (title: string, cases: Case[]) =>
    it(title, async () => {
      for (const c of cases) await judge(c)
    })

  group('a counting quantifier carries only the words the excerpt says, and exact counts exclude others', [
    [
      'Some council members opposed the budget.',
      'Some Labour council members opposed the budget.',
      'neither',
      'unsupported-word',
    ],
    [
      'Several senior engineers inspected the bridge on Monday.',
      'Several engineers inspected the bridge.',
      'follows',
      null,
    ],
    [
      'Exactly three hospitals reported shortages.',
      'Five hospitals reported shortages.',
      'conflicts',
      'exact-count',
    ],
  ])

  group('universal premises apply to what the other sentences say, in the direction monotonicity allows', [
    [
      'All licensed pharmacies must keep a register. Northside Chemist is a licensed pharmacy.',
      'Northside Chemist must keep a register.',
      'follows',
      'premise',
    ],
    [
      'No contractor met the deadline. Baxter is a contractor.',
      'Baxter met the deadline.',
      'conflicts',
      'premise',
    ],
    [
      'A Norwegian won the prize. Every Norwegian is a European.',
      'A European won the prize.',
      'follows',
      'premise',
    ],
    [
      'A European won the prize. Every Norwegian is a European.',
      'A Norwegian won the prize.',
      'neither',
      null,
    ],
    [
      'Everyone who pays council tax can vote in the ballot. Mrs Green pays council tax.',
      'Mrs Green can vote in the ballot.',
      'follows',
      'premise',
    ],
  ])

  group(
    'privative and subsective adjectives do not pass on the noun or the adjective; not large is not small',
    [
      ['Ms Patel is a former minister.', 'Ms Patel is a minister.', 'neither', 'privative-adjective'],
      ['Mr Okafor is a skilled negotiator.', 'Mr Okafor is skilled.', 'neither', 'subsective-adjective'],
      ['The hall is not large.', 'The hall is small.', 'neither', 'contrary-denied'],
    ],
  )

  group('comparatives say nothing outright, and carry across premises', [
    ['The new train is faster than the old one.', 'The new train is fast.', 'neither', 'comparative'],
    ['Northbank sold more tickets than Riverside.', 'Riverside sold some tickets.', 'neither', 'comparative'],
    ['Northbank sold more tickets than Riverside.', 'Northbank sold some tickets.', 'follows', null],
    [
      'Northbank sold more tickets than Riverside. Riverside sold 400 tickets.',
      'Northbank sold at least 401 tickets.',
      'follows',
      'premise',
    ],
    ['The tram is faster than the bus. The tram is slow.', 'The bus is fast.', 'conflicts', 'premise'],
    [
      'The depot is a small building. The museum is a large building.',
      'The depot is larger than the museum.',
      'conflicts',
      'premise',
    ],
  ])

  group('elided verb phrases, one-anaphora and pronouns are restored from the sentence before', [
    [
      'The mayor signed the agreement, and so did the governor.',
      'The governor signed the agreement.',
      'follows',
      null,
    ],
    [
      "The mayor attended the hearing on Monday. The governor didn't.",
      'The governor attended the hearing on Monday.',
      'conflicts',
      'premise',
    ],
    [
      'The school owns a minibus. The library owns one too.',
      'The library owns a minibus.',
      'follows',
      'premise',
    ],
    [
      'The inspectors visited the plant. They praised it.',
      'The inspectors praised the plant.',
      'follows',
      'premise',
    ],
  ])

  group('attitude and implicative verbs: believing and trying leave it open, failing denies it', [
    [
      'The minister believed that the scheme had succeeded.',
      'The scheme had succeeded.',
      'neither',
      'attribution',
    ],
    ['The club tried to sign the striker.', 'The club signed the striker.', 'neither', 'non-factive'],
    ['The club failed to sign the striker.', 'The club signed the striker.', 'conflicts', null],
  ])

  group('time and connectives: before-clauses, chained order, progressives and disjunctions', [
    ['The audit ended before the director resigned.', 'The director resigned.', 'neither', 'before-clause'],
    [
      'The bridge closed before the storm arrived. The storm arrived before the ferry left.',
      'The bridge closed before the ferry left.',
      'follows',
      'premise',
    ],
    [
      'The company was building a new depot in 2019.',
      'The company built a new depot in 2019.',
      'neither',
      'progressive',
    ],
    [
      'Either the treasurer or the chair approved the payment.',
      'The chair approved the payment.',
      'neither',
      'disjunction',
    ],
  ])
})
