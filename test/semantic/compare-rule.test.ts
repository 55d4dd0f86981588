/**
 * The rule `/v1/compare` decides by (`compare-rule.ts`) at its thresholds and one step past them, and how it
 * tells related meanings apart and says so in words (`compare-explain.ts`).
 */
import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { type Lexicon, senseIndexOf, senseSynset } from '../../src/lexicon/lexicon'
import { loadBuiltLexicon } from '../../src/releases/built-lexicon'
import { compareResolutions } from '../../src/semantic/meaning/compare'
import { likenessWords, relationWords } from '../../src/semantic/meaning/compare-explain'
import { resolveTarget } from '../../src/semantic/meaning/operations'
import {
  LIKENESS_WEIGHT,
  meaningChances,
  RELATED_THRESHOLD,
  relationOf,
  ruleVerdict,
  SAME_THRESHOLD,
} from '../../src/semantic/meaning/compare-rule'

describe('compare rule', () => {
  let lexicon: Lexicon
  const synset = (key: string) => senseSynset(lexicon, senseIndexOf(lexicon, key) as number)
  before(async () => {
    lexicon = (await loadBuiltLexicon()).lexicon
  })

  it('says same at the threshold and not one step under it, the likeness counting by its weight', () => {
    const step = 0.001
    assert.equal(ruleVerdict({ same: SAME_THRESHOLD, related: 0 }, 0), 'same')
    assert.equal(ruleVerdict({ same: SAME_THRESHOLD - step, related: 0 }, 0), 'related')
    const likeness = 0.25
    const same = Math.round((SAME_THRESHOLD - LIKENESS_WEIGHT * likeness) * 1000) / 1000
    assert.equal(ruleVerdict({ same, related: 0 }, likeness), 'same')
    assert.equal(ruleVerdict({ same: same - step, related: 0 }, likeness), 'different')
    assert.equal(ruleVerdict({ same: SAME_THRESHOLD - step, related: 0 }, null), 'related')
  })

  it('says related when the same or a related meaning reaches its threshold, and not one step under', () => {
    const step = 0.001
    assert.equal(ruleVerdict({ same: 0.1, related: RELATED_THRESHOLD - 0.1 }, 0), 'related')
    assert.equal(ruleVerdict({ same: 0.1, related: RELATED_THRESHOLD - 0.1 - step }, 0), 'different')
  })

  it('tells how two meanings are related: a shared hypernym, one file, or not at all', () => {
    const letter = relationOf(lexicon, synset('letter%1:10:00::'), synset('letter%1:10:01::'), false)
    assert.equal(letter?.kind, 'file')
    assert.equal(letter && relationWords(lexicon, letter), 'both name things said or written')
    const coach = relationOf(lexicon, synset('coach%1:06:02::'), synset('coach%1:18:01::'), false)
    assert.equal(coach, null)
    const chances = meaningChances(
      lexicon,
      [{ meaning: 'letter%1:10:00::', share: 1 }],
      [
        { meaning: 'letter%1:10:01::', share: 0.6 },
        { meaning: 'letter%1:10:00::', share: 0.4 },
      ],
    )
    assert.equal(chances.same, 0.4)
    assert.equal(chances.related, 0.6)
    assert.equal(chances.likeliestSame?.second, 'letter%1:10:00::')
    assert.equal(chances.likeliestRelated?.second, 'letter%1:10:01::')
  })

  it('says how alike the words around two uses are in words', () => {
    assert.equal(
      likenessWords(0.6, ['bus', 'train']),
      'the words around the two uses are much alike (“bus” and “train”)',
    )
    assert.equal(
      likenessWords(0.6, ['River', 'river']),
      'the words around the two uses are much alike (“River” is near both)',
    )
    assert.equal(likenessWords(0.05, null), 'the words around the two uses are not alike')
    assert.match(likenessWords(null, null), /no word around one of the uses/)
  })

  it('lets the likeness of the two contexts decide where the readings disagree, and says so', () => {
    const read = (passage: string) => {
      const r = resolveTarget(lexicon, passage, { text: 'bank' })
      assert.ok(r.ok)
      return r.value
    }
    const money = read('He deposited the money in his bank account.')
    const river = read('We sat on the grassy bank of the river.')
    const alike = { cosine: 0.9, words: null, explanation: '' }
    const r = compareResolutions(lexicon, money, river, alike)
    assert.ok(r.chances.same < 0.01)
    assert.equal(r.verdict, 'same')
    assert.ok(Math.abs(r.rule.sameScore - (r.chances.same + LIKENESS_WEIGHT * 0.9)) < 0.001)
    assert.match(
      r.explanation,
      /which adds 0\.90: 0\.9\d in all reaches the 0\.55 needed for the same meaning\.$/,
    )
    const unlike = compareResolutions(lexicon, money, river, { cosine: -0.1, words: null, explanation: '' })
    assert.equal(unlike.verdict, 'different')
    assert.match(unlike.explanation, /takes off 0\.10/)
  })
})
