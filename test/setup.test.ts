/**
 * The README's two commands set up everything `npm test` needs: one Debian package list, installed by the
 * same script from `npm install` and from CI, and tests that name a missing tool and how to install it.
 */
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { projectRoot } from '../src/storage/project-root'
import { listedDebianPackages, requireTool } from './helpers/tools'

const root = projectRoot()

describe('Debian packages for a fresh clone', () => {
  it('keeps one list, installed by the same script from npm install and from CI', () => {
    for (const needed of ['dict-gcide', 'ffmpeg', 'jq'])
      assert.ok(listedDebianPackages().includes(needed), needed)
    const scripts = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts
    assert.match(scripts.postinstall ?? '', /^bash tools\/install-debian-packages\.sh &&/)
    const ci = readFileSync(join(root, '.ci/run'), 'utf8')
    assert.match(ci, /^bash tools\/install-debian-packages\.sh --require$/m)
    assert.ok(!existsSync(join(root, '.ci/apt-packages')), 'CI has no package list of its own')
  })

  it('fails a test whose tool is absent with the tool and the command that installs it', () => {
    assert.throws(
      () => requireTool('ffmpeg', 'ffmpeg', '/nonexistent'),
      (err: Error) => {
        assert.match(err.message, /^ffmpeg is not installed/)
        assert.match(err.message, /sudo apt-get install ffmpeg/)
        return true
      },
    )
    assert.throws(
      () => requireTool('unlisted-tool', 'unlisted-package'),
      /unlisted-package \(for unlisted-tool\) must be listed in debian-packages\.txt/,
    )
    assert.doesNotThrow(() => requireTool('jq'))
  })
})
