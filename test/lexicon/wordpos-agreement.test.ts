/**
 * Independent check: the meanings and definitions the service gives agree with those of wordpos, a separate
 * WordNet reader with its own parser, over the same WordNet 3.1 database.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import WordPOS from 'wordpos'
import { lookupWord } from '../../src/lexicon/record'
import { testLexicon } from '../helpers/lexicon'

const SAMPLE = [
  'dog',
  'bank',
  'run',
  'light',
  'good',
  'quickly',
  'set',
  'ice cream',
  'give up',
  'serendipity',
  'happy',
  'fair',
  'table',
  'play',
  'hard',
  'well',
  'spring',
  'strike',
  'kind',
  'right',
]

describe('agreement with wordpos', () => {
  it('finds the same meanings (synset and part of speech) and definitions for a sample of words', async () => {
    const lexicon = await testLexicon()
    const wordpos = new WordPOS()
    for (const lemma of SAMPLE) {
      const ours = lookupWord(lexicon, lemma)
      assert.ok(ours.found, lemma)
      const theirs = await wordpos.lookup(lemma.replace(/ /g, '_'))
      const key = (offset: number, pos: string) =>
        `${String(offset).padStart(8, '0')}-${pos === 's' ? 'a' : pos}`
      const theirSynsets = new Set(theirs.map((r) => key(r.synsetOffset, r.pos)))
      const ourSynsets = new Set(ours.record.meanings.map((m) => m.synset.replace(/-s$/, '-a')))
      assert.deepEqual([...ourSynsets].sort(), [...theirSynsets].sort(), lemma)
      for (const result of theirs) {
        const meaning = ours.record.meanings.find(
          (m) => m.synset.replace(/-s$/, '-a') === key(result.synsetOffset, result.pos),
        )
        assert.ok(meaning, `${lemma} ${result.synsetOffset}`)
        // wordpos cuts its `def` at the first semicolon; its `gloss` is the whole text, examples included.
        assert.ok(
          meaning.definition.startsWith(result.def.trim()),
          `${lemma}: "${meaning.definition}" vs "${result.def}"`,
        )
        assert.ok(
          result.gloss.startsWith(meaning.definition),
          `${lemma}: "${meaning.definition}" vs "${result.gloss}"`,
        )
      }
    }
  })
})
