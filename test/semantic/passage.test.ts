import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { allLemmas, type Lexicon } from '../../src/lexicon/lexicon'
import { analyzePassage, longestMultiword } from '../../src/semantic/meaning/passage'
import { testLexicon } from '../helpers/lexicon'

describe('passage expressions: multiword lemmas', () => {
  let lexicon: Lexicon
  before(async () => {
    lexicon = await testLexicon()
  })

  it('gives every first word the length of its longest multiword lemma, split at spaces and hyphens', () => {
    const longest = new Map<string, number>()
    for (const lemma of allLemmas(lexicon)) {
      const parts = lemma.split(/[ -]/)
      if (parts.length < 2) continue
      const first = parts[0] as string
      longest.set(first, Math.max(longest.get(first) ?? 0, parts.length))
    }
    assert.ok((longest.get('ice') ?? 0) >= 2)
    for (const [first, length] of longest) assert.equal(longestMultiword(lexicon, first), length, first)
    for (const word of ['zzzz', 'ice cream', 'good-looking', '']) {
      assert.equal(longestMultiword(lexicon, word), longest.get(word) ?? 0, word)
    }
  })

  it('reads multiword expressions first, the longest, within a sentence', () => {
    const expressions = (text: string) => analyzePassage(lexicon, text).expressions.map((e) => e.lower)
    assert.ok(expressions('We ate ice cream after lunch.').includes('ice cream'))
    assert.ok(expressions('A good-looking horse ran by.').includes('good-looking'))
    assert.ok(!expressions('We bought ice. Cream was sold out.').includes('ice cream'))
  })
})
