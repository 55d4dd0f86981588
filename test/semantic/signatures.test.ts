import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { allSynsets, synsetCount } from '../../src/lexicon/lexicon'
import { glossRarity } from '../../src/semantic/meaning/signatures'
import { testLexicon } from '../helpers/lexicon'

describe('gloss rarity', () => {
  it('is the inverse document frequency of the words a regular expression finds in every gloss', async () => {
    const lexicon = await testLexicon()
    const frequency = new Map<string, number>()
    for (const synset of allSynsets(lexicon)) {
      const gloss = `${synset[3]} ${synset[4].join(' ')}`.toLowerCase()
      for (const word of new Set(Array.from(gloss.matchAll(/[a-z]+(?:'[a-z]+)?/g), (m) => m[0]))) {
        frequency.set(word, (frequency.get(word) ?? 0) + 1)
      }
    }
    const rarity = glossRarity(lexicon)
    const n = synsetCount(lexicon) + 1
    for (const [word, count] of frequency) {
      assert.equal(rarity(word), Math.log(n / (count + 1)) / Math.log(n), word)
    }
    assert.equal(rarity("o'clock") < 1, true)
    assert.equal(rarity('qqqq'), 1)
  })
})
