import assert from 'node:assert/strict'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createFsStore } from '../../src/storage/fs-store'
import { ensureUsageRelease, USAGE_CONTENT_DIR } from '../../src/usage/build-node'
import { readUsageManifest, USAGE_MANIFEST_PATH, usageReleaseFiles } from '../../src/usage/release'
import type { UsageManifest } from '../../src/usage/schemas'
import { testLexicon } from '../helpers/lexicon'

describe('keeping the published usage release in step with the authored files', () => {
  let dir: string
  let contentDir: string
  let lexiconRelease: string
  let lexiconLoads = 0
  const store = () => createFsStore(join(dir, 'public'))
  const ensure = (extra: { lexiconRelease?: string; force?: boolean } = {}) =>
    ensureUsageRelease(store(), {
      lexiconRelease,
      lexicon: async () => {
        lexiconLoads++
        return testLexicon()
      },
      contentDir,
      ...extra,
    })
  const manifest = async (): Promise<UsageManifest> => {
    const m = await readUsageManifest(store())
    assert.equal(typeof m, 'object', String(m))
    return m as UsageManifest
  }

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'usage-ensure-'))
    contentDir = join(dir, 'content')
    await cp(USAGE_CONTENT_DIR, contentDir, { recursive: true })
    lexiconRelease = (await testLexicon()).manifest.release
  })
  after(() => rm(dir, { recursive: true, force: true }))

  it('builds when nothing is published, then only verifies without loading the lexicon', async () => {
    assert.equal(await ensure(), 'built')
    assert.equal(lexiconLoads, 1)
    assert.equal(await ensure(), 'verified')
    assert.equal(lexiconLoads, 1)
  })

  it('rebuilds when a release file is corrupt or the manifest is missing', async () => {
    const [file] = usageReleaseFiles(await manifest())
    const path = join(dir, 'public', file?.path ?? '')
    await writeFile(path, (await readFile(path, 'utf8')).replace('"id"', '"Id"'))
    assert.equal(await ensure(), 'built')
    await rm(join(dir, 'public', USAGE_MANIFEST_PATH))
    assert.equal(await ensure(), 'built')
    assert.equal(await ensure(), 'verified')
  })

  it('rebuilds into a new version when an authored file changes, and when the lexicon release changes', async () => {
    const before = (await manifest()).version
    const scene = join(contentDir, 'scenes', 'running-late.yaml')
    await writeFile(
      scene,
      (await readFile(scene, 'utf8')).replace('title: Running late', 'title: Running late again'),
    )
    assert.equal(await ensure(), 'built')
    assert.notEqual((await manifest()).version, before)
    assert.equal(await ensure({ lexiconRelease: 'f'.repeat(64) }), 'built')
    assert.equal(await ensure({ force: true }), 'built')
  })
})
