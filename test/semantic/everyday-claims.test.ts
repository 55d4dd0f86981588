import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, before, describe, it } from 'node:test'
import { ClaimsCompareResultSchema, EvidenceResultSchema } from '../../src/semantic/claims/schemas'
import { parseNliPairs, type NliLabel } from '../../tools/eval/nli-eval'
import type { TestServer } from '../helpers/server'
import { postJson, semanticServer } from './http'

const FIXTURE = 'test/fixtures/claims/everyday-pairs.jsonl'
const LABEL: Record<string, NliLabel> = {
  follows: 'entailment',
  conflicts: 'contradiction',
  neither: 'neutral',
}

describe('claims read everyday prose (the everyday pairs, through POST /v1/claims/evaluate-evidence)', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  async function evaluate(claim: string, text: string) {
    const answer = await postJson(server, '/v1/claims/evaluate-evidence', {
      claim,
      excerpts: [{ id: 'e', text }],
    })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    const excerpt = EvidenceResultSchema.parse(answer.body).excerpts[0]
    assert.ok(excerpt)
    return excerpt
  }

  it('answers at least 90 % of the pairs right, every phenomenon at least 80 %, none wrong with confidence ≥ 0.9', async () => {
    const pairs = parseNliPairs(await readFile(FIXTURE, 'utf8'), FIXTURE)
    assert.ok(pairs.length >= 80)
    const bySection = new Map<string, { right: number; all: number }>()
    const confidentWrong: string[] = []
    let right = 0
    for (const pair of pairs) {
      const excerpt = await evaluate(pair.hypothesis, pair.premise)
      // Every step's spans point at its words: claim spans into the claim, excerpt spans into the excerpt.
      for (const step of excerpt.inference.steps) {
        const c = step.claim
        const e = step.excerpt
        if (c) assert.equal(pair.hypothesis.slice(c.span.start, c.span.end), c.text, pair.id)
        if (e) assert.equal(pair.premise.slice(e.span.start, e.span.end), e.text, pair.id)
      }
      const ok = LABEL[excerpt.relation] === pair.label
      if (ok) right++
      else if (excerpt.confidence >= 0.9) confidentWrong.push(`${pair.id} (${excerpt.confidence})`)
      const section = bySection.get(pair.section ?? '') ?? { right: 0, all: 0 }
      section.all++
      if (ok) section.right++
      bySection.set(pair.section ?? '', section)
    }
    assert.deepEqual(confidentWrong, [])
    assert.ok(right / pairs.length >= 0.9, `${right} of ${pairs.length}`)
    for (const [section, s] of bySection)
      assert.ok(s.right / s.all >= 0.8, `${section}: ${s.right} of ${s.all}`)
  })

  it('names the source a claim would rest on, and reads what a finding establishes', async () => {
    const attributed = await evaluate(
      'The new stadium will cost taxpayers millions.',
      'Critics claim that the new stadium will cost taxpayers millions.',
    )
    assert.equal(attributed.relation, 'neither')
    const step = attributed.inference.steps.find((s) => s.kind === 'attribution')
    assert.equal(step?.excerpt?.text, 'Critics claim that')
    assert.match(step?.explanation ?? '', /"Critics"/)
    const according = await evaluate(
      'The bridge will reopen in May.',
      'According to the mayor, the bridge will reopen in May.',
    )
    assert.equal(according.relation, 'neither')
    assert.match(according.inference.steps[0]?.explanation ?? '', /"the mayor"/)
    const found = await evaluate(
      'The charity had misused donations.',
      'The audit confirmed that the charity had misused donations.',
    )
    assert.equal(found.relation, 'follows')
    const denied = await evaluate(
      'The vaccine contains mercury.',
      'It is untrue that the vaccine contains mercury.',
    )
    assert.equal(denied.relation, 'conflicts')
  })

  it('compares quantities and dates of the same slot, and says both values', async () => {
    const tickets = await evaluate('The tickets cost 40 euros each.', 'The tickets cost 25 euros each.')
    assert.equal(tickets.relation, 'conflicts')
    const slot = tickets.inference.steps.find((s) => s.kind === 'number')
    assert.equal(slot?.claim?.text, '40 euros')
    assert.equal(slot?.excerpt?.text, '25 euros')
    const charger = await evaluate(
      'The charger takes the phone from empty to full in 30 minutes.',
      'The charger takes the phone from empty to full in 68 minutes and to 50% in 30 minutes.',
    )
    assert.equal(charger.relation, 'conflicts')
    assert.equal(charger.inference.steps.find((s) => s.kind === 'number')?.excerpt?.text, '68 minutes')
    const bridge = await evaluate(
      'The Miller Street Bridge opened to traffic in the 1950s.',
      'The Miller Street Bridge opened to traffic in 1932.',
    )
    assert.equal(bridge.relation, 'conflicts')
    assert.ok(bridge.inference.steps.some((s) => s.kind === 'date' && s.excerpt?.text === 'in 1932'))
    const visitors = await evaluate(
      'The museum had 80,000 visitors in 2022.',
      'The museum had 80,000 visitors in 2023.',
    )
    assert.equal(visitors.relation, 'neither')
  })

  it('reads a negated opposite as a paraphrase one way only', async () => {
    assert.equal((await evaluate('The exam was not difficult.', 'The exam was easy.')).relation, 'follows')
    assert.equal((await evaluate('The hall was empty.', 'The hall was not full.')).relation, 'neither')
  })
})

describe('POST /v1/claims/compare reads votes and modality', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  async function relation(first: string, second: string) {
    const answer = await postJson(server, '/v1/claims/compare', { first, second })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    return ClaimsCompareResultSchema.parse(answer.body).summary.relation
  }

  it('finds a unanimous vote and a 7–2 vote in conflict, and a permission no obligation', async () => {
    assert.equal(
      await relation(
        'The council approved the budget unanimously.',
        'The council approved the budget by a vote of 7–2.',
      ),
      'conflicts',
    )
    assert.equal(
      await relation('Students must use a dictionary.', 'Students are allowed to use a dictionary.'),
      'neither',
    )
  })
})
