import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import type { Lexicon } from '../../src/lexicon/lexicon'
import { contextFeatures, featureKind } from '../../src/semantic/meaning/features'
import { analyzePassage } from '../../src/semantic/meaning/passage'
import { isTargetProblem, locateTarget } from '../../src/semantic/meaning/targets'
import { testLexicon } from '../helpers/lexicon'

describe('context features: the nouns a target takes', () => {
  let lexicon: Lexicon
  before(async () => {
    lexicon = await testLexicon()
  })

  /** The argument features of `word` (its first occurrence) in `text`, with the words they came from. */
  function argumentsOf(text: string, word: string): Map<string, string> {
    const analysis = analyzePassage(lexicon, text)
    const start = text.indexOf(word)
    const expression = locateTarget(analysis, { span: { start, end: start + word.length } })
    if (isTargetProblem(expression)) throw new Error(`${word} not found`)
    const out = new Map<string, string>()
    for (const feature of contextFeatures(analysis, expression)) {
      if (feature.kind !== 'argument') continue
      assert.equal(featureKind(feature.name), 'argument')
      out.set(feature.name, feature.tokens.map((k) => analysis.tokens[k]?.text).join(' '))
    }
    return out
  }

  it("reads a verb's object past determiners and adjectives, and its subject past auxiliaries", () => {
    const found = argumentsOf('The angry dog had quickly bitten the old mailman.', 'bitten')
    assert.equal(found.get('a:after=mailman'), 'mailman')
    assert.equal(found.get('a:after~noun.person'), 'mailman')
    assert.equal(found.get('a:before=dog'), 'dog')
    assert.equal(found.get('a:before~noun.animal'), 'dog')
  })

  it("takes a noun run's last noun as the head, a preposition's object and a pronoun as a person", () => {
    const found = argumentsOf('She sat on the bank of the river all day.', 'bank')
    assert.equal(found.get('a:after-of=river'), 'river')
    assert.equal(found.get('a:after-of~noun.object'), 'river')
    const market = argumentsOf('Prices hit the stock market hard.', 'hit')
    assert.equal(market.get('a:after=market'), 'market')
    assert.equal(market.get('a:before=price'), 'Prices')
    const person = argumentsOf('Yesterday she called him twice.', 'called')
    assert.equal(person.get('a:after~noun.person'), 'him')
    assert.equal(person.get('a:before~noun.person'), 'she')
  })

  it('never reads across punctuation or past another verb', () => {
    assert.deepEqual(
      [...argumentsOf('He left, the door open.', 'left').keys()],
      ['a:before=he', 'a:before~noun.person'],
    )
    assert.equal(argumentsOf('The dogs want to eat apples.', 'want').has('a:after=apple'), false)
    assert.equal(argumentsOf('Apples, he said, are sweet.', 'said').has('a:before=apple'), false)
  })
})
