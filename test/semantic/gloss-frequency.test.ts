import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createDocumentFrequency } from '../../src/semantic/meaning/gloss-frequency'

/** The reference: the words a regular expression finds in each lower-cased document, counted once each. */
function reference(documents: readonly string[][]): Map<string, number> {
  const frequency = new Map<string, number>()
  for (const texts of documents) {
    const words = new Set(
      texts.flatMap((t) => Array.from(t.toLowerCase().matchAll(/[a-z]+(?:'[a-z]+)?/g), (m) => m[0])),
    )
    for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1)
  }
  return frequency
}

describe('document frequency of gloss words', () => {
  const documents = [
    ["The bank's edge; o'clock, rock'n'roll and don'", 'a BANK of the River'],
    ["İstanbul's KELVIN (\u212a) café", "'quoted' words--and x''y", ''],
    ['the the the', "it's it's"],
    ['a'.repeat(300), `${'b'.repeat(70_000)} end`],
  ]

  it('counts each word once per document, as the regular expression over the lower-case text finds it', () => {
    const frequency = createDocumentFrequency()
    documents.forEach((texts, doc) => texts.forEach((text) => frequency.add(doc, text)))
    const expected = reference(documents)
    assert.equal(expected.get('the'), 2)
    assert.equal(expected.get('i'), 1)
    for (const [word, count] of expected) assert.equal(frequency.countOf(word), count, word)
  })

  it('gives 0 for words never seen, upper-case or empty queries and partial words', () => {
    const frequency = createDocumentFrequency()
    documents.forEach((texts, doc) => texts.forEach((text) => frequency.add(doc, text)))
    for (const word of [
      '',
      'banks',
      'ban',
      'Bank',
      "bank'",
      "'s",
      'rock',
      'roll',
      'x',
      'qqqq',
      'b'.repeat(69_999),
    ]) {
      assert.equal(frequency.countOf(word), reference(documents).get(word) ?? 0, word)
    }
  })

  it('keeps every word through many insertions', () => {
    const frequency = createDocumentFrequency()
    const words = Array.from({ length: 20_000 }, (_, i) =>
      i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)] as string),
    )
    words.forEach((word, doc) => frequency.add(doc % 7, `${word} ${word}`))
    words.forEach((word) => assert.equal(frequency.countOf(word), 1, word))
  })
})
