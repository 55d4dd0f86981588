import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parseNliPairs, scoreNli } from '../../tools/eval/nli-eval'

describe('three-way entailment scoring', () => {
  it('reads JSON Lines pairs and names a malformed line', () => {
    const text = [
      JSON.stringify({
        id: 'a',
        premise: 'A cook is slicing leeks',
        hypothesis: 'A cook slices',
        label: 'entailment',
      }),
      '',
      JSON.stringify({ id: 'b', premise: 'x', hypothesis: 'y', label: 'neutral', relatedness: 2 }),
    ].join('\n')
    assert.deepEqual(
      parseNliPairs(text, 'f').map((p) => p.id),
      ['a', 'b'],
    )
    assert.throws(
      () => parseNliPairs('{"id":"c","premise":"x","hypothesis":"y","label":"maybe"}', 'f'),
      /f:1/,
    )
  })

  it('counts accuracy, per-class precision and recall, the confusion matrix and the majority baseline', () => {
    const s = scoreNli(
      ['entailment', 'neutral', 'neutral', 'contradiction', 'neutral'],
      ['entailment', 'entailment', 'neutral', 'neutral', 'neutral'],
    )
    assert.equal(s.accuracy, 3 / 5)
    assert.deepEqual(s.majority, { label: 'neutral', accuracy: 3 / 5 })
    assert.equal(s.perClass.entailment.precision, 1 / 2)
    assert.equal(s.perClass.entailment.recall, 1)
    assert.equal(s.perClass.contradiction.precision, 0)
    assert.equal(s.perClass.neutral.recall, 2 / 3)
    assert.equal(s.confusion.contradiction.neutral, 1)
  })
})
