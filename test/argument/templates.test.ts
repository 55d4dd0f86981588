import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { numberObservation, type NumberObservationInput } from '../../src/argument/number-checks'
import { DOUBLE_NEGATIVE, ONE_WITH_PLURAL, SUBJECT_VERB_DISAGREEMENT } from '../helpers/grammar'

const SIDES = [
  { sentence: 'argument sentence', match: 'source sentence', targets: 'the sources' },
  { sentence: 'reply sentence', match: 'argument sentence', targets: 'the argument' },
]
const STATUSES: Array<NumberObservationInput['status']> = [
  'same-value-in-match',
  'other-value-in-match',
  'not-in-matches',
]

describe('number observation templates', () => {
  it('agree in number with every count and never deny twice', () => {
    let written = 0
    for (const names of SIDES)
      for (const status of STATUSES)
        for (const matches of [0, 1, 2])
          for (const elsewhere of [0, 1, 2])
            for (const sourceStance of [null, 'rejected']) {
              const text = numberObservation({
                text: '7',
                kind: 'number',
                status,
                aligned: status === 'other-value-in-match' ? '9' : null,
                sameElsewhere: null,
                valueInMatches: false,
                unlike: matches > 0 && status === 'not-in-matches' ? ['45%'] : [],
                matches,
                elsewhere,
                names,
                sourceStance,
              })
              assert.doesNotMatch(text, ONE_WITH_PLURAL, text)
              assert.doesNotMatch(text, DOUBLE_NEGATIVE, text)
              assert.doesNotMatch(text, SUBJECT_VERB_DISAGREEMENT, text)
              written++
            }
    assert.equal(written, 108)
  })

  it('names one matched sentence in the singular and several in the plural', () => {
    const input: NumberObservationInput = {
      text: '7',
      kind: 'number',
      status: 'other-value-in-match',
      aligned: '9',
      sameElsewhere: null,
      valueInMatches: false,
      unlike: [],
      matches: 1,
      elsewhere: 1,
      names: SIDES[0] as NumberObservationInput['names'],
      sourceStance: null,
    }
    assert.match(
      numberObservation(input),
      /^The argument sentence says "7"; the matched source sentence says "9"/,
    )
    assert.match(numberObservation(input), /in 1 other sentence of the sources\.$/)
    assert.match(
      numberObservation({ ...input, matches: 2, elsewhere: 2 }),
      /in 2 other sentences of the sources\.$/,
    )
    assert.equal(
      numberObservation({ ...input, status: 'not-in-matches', elsewhere: 0, matches: 2, unlike: ['8%'] }),
      'The matched source sentences have no number to set beside "7" (only "8%"). It does not appear in the sources either; that is not a finding that it is wrong, only that these texts do not give it.',
    )
    assert.equal(
      numberObservation({ ...input, status: 'not-in-matches', elsewhere: 0 }),
      'No number in the matched source sentence. It does not appear in the sources either; that is not a finding that it is wrong, only that these texts do not give it.',
    )
  })
})
