import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { senseIndexOf, senseSynset } from '../../src/lexicon/lexicon'
import { candidateRank, rankAt, seedSynsets, wordRank } from '../../src/semantic/meaning/graph-rank'
import { testLexicon } from '../helpers/lexicon'

describe('graph rank (personalised PageRank seeded by one word)', () => {
  it('keeps at most the seed mass, sorted by synset, with the seeds ranked', async () => {
    const lexicon = await testLexicon()
    const rank = wordRank(lexicon, 'guitar')
    assert.ok(rank)
    const total = rank.ranks.reduce((sum, r) => sum + r, 0)
    assert.ok(total > 0.15 && total <= 1 + 1e-6, `total ${total}`)
    for (let i = 1; i < rank.synsets.length; i++)
      assert.ok((rank.synsets[i - 1] as number) < (rank.synsets[i] as number))
    for (const seed of seedSynsets(lexicon, 'guitar').keys()) assert.ok(rankAt(rank, seed) > 0)
    assert.equal(wordRank(lexicon, 'guitar'), rank, 'kept per word')
    assert.equal(wordRank(lexicon, 'qqqqzz'), null)
  })

  it('gives the musical meaning of bass more rank from guitar than the fish', async () => {
    const lexicon = await testLexicon()
    const rank = wordRank(lexicon, 'guitar')
    assert.ok(rank)
    const synsetOf = (key: string) => senseSynset(lexicon, senseIndexOf(lexicon, key) as number)
    const instrument = candidateRank(lexicon, rank, synsetOf('bass%1:06:02::'))
    const fish = candidateRank(lexicon, rank, synsetOf('bass%1:13:01::'))
    assert.ok(instrument > fish, `${instrument} > ${fish}`)
  })

  it('weighs a word’s seeds by how often each meaning was tagged', async () => {
    const lexicon = await testLexicon()
    const seeds = seedSynsets(lexicon, 'bank')
    const synsetOf = (key: string) => senseSynset(lexicon, senseIndexOf(lexicon, key) as number)
    assert.ok(
      (seeds.get(synsetOf('bank%1:14:00::')) as number) > (seeds.get(synsetOf('bank%1:06:01::')) as number),
    )
  })
})
