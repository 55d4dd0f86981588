import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { createFsStore } from '../../src/storage/fs-store'
import { pruneReleases } from '../../src/storage/prune'

describe('pruning superseded releases', () => {
  it('removes every release but the one kept, folders included, and leaves the rest of the store alone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prune-'))
    const store = createFsStore(dir)
    for (const release of ['aaa', 'bbb', 'ccc']) {
      await store.write(`lexicon/releases/${release}/synsets.json`, '[]')
      await store.write(`lexicon/releases/${release}/deep/pointers.bin`, 'x')
    }
    await store.write('lexicon/current.json', '{}')
    await store.write('usage/releases/aaa/contrasts.json', '[]')

    assert.deepEqual((await pruneReleases(store, 'lexicon/releases/', 'bbb')).sort(), ['aaa', 'ccc'])
    assert.deepEqual(await store.list('lexicon/'), [
      'lexicon/current.json',
      'lexicon/releases/bbb/deep/pointers.bin',
      'lexicon/releases/bbb/synsets.json',
    ])
    assert.equal(existsSync(join(dir, 'lexicon/releases/aaa')), false)
    assert.equal(existsSync(join(dir, 'lexicon/releases/ccc')), false)
    assert.equal(existsSync(join(dir, 'lexicon/releases')), true)
    assert.deepEqual(await store.list('usage/'), ['usage/releases/aaa/contrasts.json'])
    assert.deepEqual(await pruneReleases(store, 'lexicon/releases/', 'bbb'), [])
  })
})
