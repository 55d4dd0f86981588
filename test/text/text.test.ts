import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { forEachLowerWord, tokenize } from '../../src/text/tokens'

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

  it('gives the same lower-case words without tokens, sentence by sentence', () => {
    const text = 'Zoë’s PRIZE-fighter paid $1,000.50 in 1,2 days. Dr. Smith didn’t — see “state-of-the-art”?'
    const { tokens, sentences } = tokenize(text)
    for (const s of sentences) {
      const words: string[] = []
      forEachLowerWord(text, s.start, s.end, (lower) => words.push(lower))
      assert.deepEqual(
        words,
        tokens.slice(s.firstToken, s.endToken).map((t) => t.lower),
      )
    }
  })
})

describe('the one tokenizer: clitics, hyphens, abbreviations, quotes, dashes and numbers', () => {
  const words = (text: string) => tokenize(text).tokens.map((t) => text.slice(t.start, t.end))

  it('keeps clitics in their word and reads hyphenated words part by part', () => {
    assert.deepEqual(words("England's prize-fighter don't rock’n’roll"), [
      "England's",
      'prize',
      'fighter',
      "don't",
      'rock’n’roll',
    ])
  })

  it('keeps numbers with their separators, and a list comma between numbers apart', () => {
    assert.deepEqual(words('It cost 1,000 or 3.14 or 12,345,678.5 units; see items 1,2.'), [
      'It',
      'cost',
      '1,000',
      'or',
      '3.14',
      'or',
      '12,345,678.5',
      'units',
      'see',
      'items',
      '1',
      '2',
    ])
  })

  it('splits sentences after abbreviations only where the one splitter does', () => {
    const text = 'Mr. Hale met U.S. officials, e.g. the consul. “Fine,” he said—then left… Quietly.'
    assert.deepEqual(
      tokenize(text).sentences.map((s) => text.slice(s.start, s.end)),
      ['Mr. Hale met U.S. officials, e.g. the consul.', '“Fine,” he said—then left…', 'Quietly.'],
    )
    assert.deepEqual(words('“Fine,” he said—then'), ['Fine', 'he', 'said', 'then'])
  })
})
