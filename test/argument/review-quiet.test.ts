import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { TextCheckReviewSchema } from '../../src/argument/schemas'
import type { TestServer } from '../helpers/server'
import { postJson, semanticServer } from '../semantic/http'

describe('local review: every statement true of the texts, and few of them (through HTTP)', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  async function first(text: string, sourceText: string) {
    const answer = await postJson(server, '/api/argument/review', {
      text,
      sources: [{ id: 's1', label: 'Records', text: sourceText }],
    })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    const review = TextCheckReviewSchema.parse(answer.body)
    return { review, sentence: review.sentences[0] }
  }

  it('says both years: "built in 1923" against "opened to traffic in 1932"', async () => {
    const { sentence } = await first(
      'The Miller Street Bridge was built in 1923.',
      'The Miller Street Bridge opened to traffic in 1932. Repairs cost 1.2 million dollars.',
    )
    const n = sentence?.numbers[0]
    assert.equal(n?.status, 'other-value-in-match')
    assert.match(n?.observation ?? '', /says "1923"; the matched source sentence says "1932"/)
  })

  it('does not confirm 30 minutes that the source gives for another slot', async () => {
    const { sentence } = await first(
      'The charger takes a phone from empty to full in 30 minutes.',
      'The charger takes a phone from empty to 50% in 30 minutes and from empty to full in 68 minutes.',
    )
    const n = sentence?.numbers.find((x) => x.text === '30')
    assert.equal(n?.status, 'other-value-in-match')
    assert.match(n?.observation ?? '', /"30 minutes"; the matched source sentence says "68 minutes"/)
    assert.deepEqual(
      n?.inMatches.map((m) => [m.text, m.sameValue, m.sameSlot]),
      [
        ['30', true, false],
        ['68', false, true],
      ],
    )
  })

  it('does not tie a figure to the "not" of another clause', async () => {
    const { sentence } = await first(
      'The plant hired 4 new inspectors in March.',
      'The plant hired 4 new inspectors in March, and the union said it was not consulted.',
    )
    assert.equal(sentence?.numbers[0]?.observation, '"4" also appears in a matched source sentence.')
  })

  it('reads "its most advanced" as a superlative, not a quantifier, and never compares cues with a heading', async () => {
    const { sentence } = await first(
      'The maker calls it its most advanced charger yet.',
      'Every Charger We Make\n\nThe maker calls it a new charger.',
    )
    assert.deepEqual(sentence?.cues, [])
  })

  it('does not take a quotation found in a source, or after "called", for scare quotes', async () => {
    const { review } = await first(
      'The mayor said "savings" would close the gap. The leader called the plan "unaffordable".',
      'The mayor said savings would close the gap.',
    )
    assert.deepEqual(
      review.sentences.map((s) => s.framing.filter((f) => f.kind === 'scare-quotes')),
      [[], []],
    )
  })

  it('sets "unanimously" against a 7–2 vote, "doubled" against 23 and 14, "for a year" against 14 days', async () => {
    const cases: Array<[string, string, string, RegExp]> = [
      [
        'The council unanimously approved the cycle lane.',
        'The council voted 7–2 to approve the cycle lane.',
        'vote',
        /"unanimously".*"7–2"/,
      ],
      [
        'Avoiding screens doubled how quickly participants fell asleep.',
        'Participants who avoided screens fell asleep faster: time to fall asleep dropped from 23 minutes to 14 minutes.',
        'change',
        /"doubled".*"from 23 minutes to 14 minutes", a ratio of 1\.6/,
      ],
      [
        'The participants followed the routine for a year.',
        'The participants followed the routine in a 14-day study.',
        'duration',
        /"for a year".*"14-day"/,
      ],
      [
        'Most shops reported higher sales in December.',
        'Of 30 shops, 18 reported lower sales in December.',
        'opposite',
        /"higher".*"lower"/,
      ],
    ]
    for (const [text, source, kind, observation] of cases) {
      const { sentence } = await first(text, source)
      const contrast = sentence?.contrasts.find((c) => c.kind === kind)
      assert.match(contrast?.observation ?? '', observation, text)
      assert.equal(text.slice(contrast?.passage.start, contrast?.passage.end), contrast?.text)
      assert.equal(
        source.slice(contrast?.matchPassage.start, contrast?.matchPassage.end),
        contrast?.matchText,
      )
    }
  })

  it('folds terms no source uses and meaning notes into one group per sentence', async () => {
    const { review, sentence } = await first(
      'The bank raised its fees sharply last spring.',
      'The bank raised its fees in April.',
    )
    assert.ok(sentence?.extras)
    assert.deepEqual(
      sentence.extras.unsourced.map((t) => t.term),
      review.vocabulary.unsourced.map((t) => t.term),
    )
    assert.match(sentence.extras.summary, /^Folded: /)
  })
})
