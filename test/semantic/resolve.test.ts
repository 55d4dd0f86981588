/**
 * One sense per discourse resolved in runs (src/semantic/meaning/resolve.ts): resolving a passage's
 * occurrences a few at a time, each run given only the candidate shares the earlier runs scored, gives the
 * same resolutions as resolving them all in one run, and a run changes nothing it was given.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Resolution } from '../../src/semantic/meaning/disambiguate'
import { analyzePassage } from '../../src/semantic/meaning/passage'
import { createResolver, type MeaningShares } from '../../src/semantic/meaning/resolve'
import { testLexicon } from '../helpers/lexicon'

const PASSAGE =
  'The bank raised its rates, and the bank by the river flooded. She set the table, set the clock, and ' +
  'watched the set of the sails. The river ran past the bank; the rates rose again, and the table was set.'

describe('resolving a passage in runs', () => {
  it('gives the resolutions of one run, whatever the length of the runs', async () => {
    const analysis = analyzePassage(await testLexicon(), PASSAGE)
    const resolver = createResolver(analysis)
    const whole: Resolution[] = []
    resolver.resolveInTurn(analysis.expressions, new Map(), (r) => whole.push(r))
    assert.ok(whole.some((r) => r.discoursePeers > 0))
    for (const length of [1, 3, 7]) {
      const inRuns: Resolution[] = []
      const known = new Map<string, MeaningShares>()
      for (let start = 0; start < analysis.expressions.length; start += length) {
        const given = new Map(known)
        const run = analysis.expressions.slice(start, start + length)
        const scored = resolver.resolveInTurn(run, known, (r) => inRuns.push(r))
        assert.deepEqual(known, given)
        for (const [key, shares] of scored) known.set(key, shares)
      }
      assert.equal(JSON.stringify(inRuns), JSON.stringify(whole), `runs of ${length}`)
    }
  })
})
