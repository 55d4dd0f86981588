import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { synsetCount, synsetDefinition, synsetExamples } from '../../src/lexicon/lexicon'
import { createDocumentFrequency } from '../../src/semantic/meaning/gloss-frequency'
import {
  encodeGlossFrequencyFile,
  glossCounts,
  glossFrequencyOf,
  glossFrequencyFileProblem,
} from '../../src/semantic/meaning/gloss-frequency-file'
import { testLexicon } from '../helpers/lexicon'

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

  const misses = [
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
    'café',
  ]

  it('gives 0 for words never seen, upper-case or empty queries and partial words', () => {
    const frequency = createDocumentFrequency()
    documents.forEach((texts, doc) => texts.forEach((text) => frequency.add(doc, text)))
    for (const word of misses) {
      assert.equal(frequency.countOf(word), reference(documents).get(word) ?? 0, word)
    }
  })

  it('writes a release file that gives the same count for every word, and 0 for every other', () => {
    const frequency = createDocumentFrequency()
    documents.forEach((texts, doc) => texts.forEach((text) => frequency.add(doc, text)))
    const file = encodeGlossFrequencyFile(frequency)
    assert.equal(glossFrequencyFileProblem(file), null)
    const expected = reference(documents)
    // Read where the bytes start at a 4-byte boundary and where they do not.
    const unaligned = new Uint8Array(file.byteLength + 1).subarray(1)
    unaligned.set(file)
    for (const countOf of [glossCounts(file), glossCounts(unaligned)]) {
      for (const [word, count] of expected) assert.equal(countOf(word), count, word)
      for (const word of misses) assert.equal(countOf(word), expected.get(word) ?? 0, word)
    }
  })

  it('finds a damaged release file not one it reads', () => {
    const frequency = createDocumentFrequency()
    frequency.add(0, 'a bank')
    const file = encodeGlossFrequencyFile(frequency)
    assert.equal(glossFrequencyFileProblem(file.subarray(0, 4)), 'the gloss frequency file has no header')
    assert.equal(
      glossFrequencyFileProblem(file.subarray(0, file.byteLength - 1)),
      'the gloss frequency words do not end where the file ends',
    )
    const odd = file.slice()
    odd[0] = 3
    assert.equal(glossFrequencyFileProblem(odd), 'the gloss frequency index size is not a power of two')
  })

  it("is in the lexicon release as the builder counted it: a fresh count over every synset's gloss gives the same file", async () => {
    const lexicon = await testLexicon()
    const frequency = createDocumentFrequency()
    for (let synset = 0; synset < synsetCount(lexicon); synset++) {
      frequency.add(synset, synsetDefinition(lexicon, synset))
      for (const example of synsetExamples(lexicon, synset)) frequency.add(synset, example)
    }
    assert.deepEqual(encodeGlossFrequencyFile(frequency), glossFrequencyOf(lexicon))
    let words = 0
    const decoder = new TextDecoder()
    const countOf = glossCounts(glossFrequencyOf(lexicon))
    frequency.forEachWord((letters, count) => {
      words++
      const word = decoder.decode(letters)
      assert.equal(countOf(word), count, word)
    })
    assert.equal(words > 50_000, true)
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
