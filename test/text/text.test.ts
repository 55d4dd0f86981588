import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { tokenize } from '../../src/text/tokens'

describe('tokens and sentences', () => {
  it('gives half-open UTF-16 spans that slice the original, around emoji and combining marks', () => {
    const text = '👩‍👩‍👧 Zoë’s café opened. Dr. Smith didn’t come! Did you?'
    const { tokens, sentences } = tokenize(text)
    for (const t of tokens) assert.equal(text.slice(t.start, t.end), t.text)
    assert.deepEqual(
      tokens.map((t) => t.lower),
      ["zoë's", 'café', 'opened', 'dr', 'smith', "didn't", 'come', 'did', 'you'],
    )
    assert.deepEqual(
      sentences.map((s) => text.slice(s.start, s.end)),
      ['👩‍👩‍👧 Zoë’s café opened.', 'Dr. Smith didn’t come!', 'Did you?'],
    )
    assert.deepEqual(
      sentences.map((s) => [s.firstToken, s.endToken]),
      [
        [0, 3],
        [3, 7],
        [7, 9],
      ],
    )
  })
})
