/**
 * Key commands run at once never lose each other's writes (issue 29): one `keys revoke` beside twenty
 * `keys create`, each a CLI process, leave the revoked key inactive and every printed key stored and
 * active, trial after trial; `npm run bench -- keys` runs a hundred trials.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { bundledCli } from '../helpers/cli'
import { revokeBesideCreates } from '../helpers/key-race'

const TRIALS = 10

describe('key commands run at once', () => {
  it(`lose nothing and resurrect nothing: one revoke beside twenty creates, ${TRIALS} times`, async () => {
    const cli = await bundledCli()
    for (let trial = 0; trial < TRIALS; trial++) {
      const outcome = await revokeBesideCreates(cli)
      assert.deepEqual(outcome, { lost: 0, resurrected: 0, failed: [] }, `trial ${trial}`)
    }
  })
})
