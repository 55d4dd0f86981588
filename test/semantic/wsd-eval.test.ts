import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { evaluate, evaluationItems } from '../../tools/eval/wsd-eval'
import { testLexicon } from '../helpers/lexicon'
import { synsetExamples } from '../../src/lexicon/lexicon'

describe('held-out WSD evaluation on a deterministic sample', () => {
  it('builds the same items each time, from examples that belong to one meaning', async () => {
    const lexicon = await testLexicon()
    const a = evaluationItems(lexicon, { stride: 97, limit: 50 })
    const b = evaluationItems(lexicon, { stride: 97, limit: 50 })
    assert.deepEqual(a, b)
    assert.equal(a.length, 50)
    for (const item of a) assert.ok(synsetExamples(lexicon, item.synset).includes(item.example))
  })

  it('beats the first-meaning baselines on the sample', async () => {
    const lexicon = await testLexicon()
    const report = evaluate(lexicon, evaluationItems(lexicon, { stride: 37, limit: 600 }))
    assert.equal(report.items, 600)
    assert.ok(
      report.methodForced.accuracy > report.firstMeaningInTaggedPos.accuracy,
      `method ${report.methodForced.accuracy} vs baseline ${report.firstMeaningInTaggedPos.accuracy}`,
    )
    assert.ok(report.methodForced.accuracy > report.firstMeaning.accuracy)
    assert.ok(report.method.accuracy > report.baselineOnAnswered)
    assert.ok(report.method.coverage > 0 && report.method.coverage < 1)
  })
})
