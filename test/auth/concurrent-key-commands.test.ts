/**
 * Key commands run at once never lose each other's writes: one `keys revoke` beside twenty
 * `keys create`, each a CLI process, leave the revoked key inactive and every printed key stored and
 * active, trial after trial; `npm run bench -- keys` runs a hundred trials. A lock left by a process that
 * has ended, or older than any command holds one, does not stop the next command.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { bundledCli } from '../helpers/cli'
import { revokeBesideCreates } from '../helpers/key-race'

const TRIALS = 5

describe('key commands run at once', () => {
  it(`lose nothing and resurrect nothing: one revoke beside twenty creates, ${TRIALS} times`, async () => {
    const cli = await bundledCli()
    for (let trial = 0; trial < TRIALS; trial++) {
      const outcome = await revokeBesideCreates(cli)
      assert.deepEqual(outcome, { lost: 0, resurrected: 0, failed: [] }, `trial ${trial}`)
    }
  })

  it('take over a stale lock: its process has ended, or it is older than any command holds one', async () => {
    const cli = await bundledCli()
    const ended = spawnSync(process.execPath, ['-e', '0']).pid as number
    const stale = [`${ended} ${Date.now()} token`, `${process.pid} ${Date.now() - 3_600_000} token`]
    for (const lock of stale) {
      const dir = await mkdtemp(join(tmpdir(), 'key-lock-'))
      await mkdir(join(dir, 'private'))
      await writeFile(join(dir, 'private', 'keys.json.lock'), lock)
      const created = await cli(['keys', 'create', '--scopes', 'dictionary', '--data-dir', dir])
      assert.equal(created.code, 0, created.stderr)
      assert.deepEqual(await readdir(join(dir, 'private')), ['keys.json'])
    }
  })
})
