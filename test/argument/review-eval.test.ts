import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { reviewText } from '../../src/argument/review'
import { ArgumentInputSchema } from '../../src/argument/schemas'
import type { Lexicon } from '../../src/lexicon/lexicon'
import { loadBuiltLexicon } from '../../src/releases/built-lexicon'
import { readReviewCases, scoreCase, totals, type CaseScore } from '../../tools/eval/review-eval'

/** The figures of `npm run eval:review` when this guard was last raised; they may only grow. */
const FOUND_AT_LEAST = 31
const CASES = fileURLToPath(new URL('../fixtures/review', import.meta.url))

describe('the written review cases (npm run eval:review)', () => {
  let lexicon: Lexicon
  let scores: CaseScore[]
  before(async () => {
    lexicon = (await loadBuiltLexicon()).lexicon
    const cases = await readReviewCases(CASES)
    scores = cases.map((c) =>
      scoreCase(c, reviewText(lexicon, ArgumentInputSchema.parse({ text: c.text, sources: c.sources }))),
    )
  })

  it('are at least twelve, with at least two faithful arguments', () => {
    assert.ok(scores.length >= 12)
    assert.ok(scores.filter((s) => s.faithful).length >= 2)
  })

  it('find the written-in discrepancies and say nothing false', () => {
    const t = totals(scores)
    const falseOnes = scores.flatMap((s) =>
      s.classed.filter((c) => c.verdict === 'false').map((c) => `${s.id} ${c.sentence}: ${c.text}`),
    )
    assert.deepEqual(falseOnes, [])
    assert.ok(t.found >= FOUND_AT_LEAST, `found ${t.found}, guard ${FOUND_AT_LEAST}`)
    assert.ok(t.noiseShare <= 0.15, `noise ${t.noise} of ${t.statements}`)
  })

  it('give a faithful argument at most one note per sentence', () => {
    for (const s of scores.filter((x) => x.faithful)) assert.ok(s.maxNotesPerSentence <= 1, s.id)
  })
})
