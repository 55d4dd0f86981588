import assert from 'node:assert/strict'
import { mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createFsStore } from '../../src/storage/fs-store'
import { sha256Hex } from '../../src/storage/digest'
import { createOutcomeChanges } from '../../src/storage/outcome-changes'
import {
  copyCurrentRelease,
  createReleaseReader,
  publishRelease,
  readCurrentManifest,
  verifyRelease,
  type ReleaseLayout,
  type ReleaseTarget,
} from '../../src/storage/releases'
import type { ExpectedFile } from '../../src/storage/verified-files'

type Manifest = { id: string; files: ExpectedFile[]; revoked?: boolean }

const parse = (bytes: Uint8Array): Manifest | string => {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as Manifest
  } catch {
    return 'not JSON'
  }
}

/** A manifest that is its own pointer (as the lexicon's and usage's are). */
const inPointer: ReleaseLayout<Manifest> = {
  name: 'things',
  pointerPath: 'things/current.json',
  releasesPrefix: 'things/releases/',
  id: (m) => m.id,
  files: (m) => m.files,
  parseManifest: parse,
  serializeManifest: (m) => JSON.stringify(m) + '\n',
  prune: true,
}

/** A pointer naming the release whose folder holds the manifest (as a dataset's does). */
const separate: ReleaseLayout<Manifest> = {
  ...inPointer,
  name: 'sets',
  pointerPath: 'sets/current.json',
  releasesPrefix: 'sets/releases/',
  separateManifest: {
    file: 'manifest.json',
    parsePointer(bytes) {
      const id = (JSON.parse(new TextDecoder().decode(bytes)) as { id?: unknown }).id
      if (typeof id !== 'string') throw new Error('not a pointer')
      return id
    },
    serializePointer: (m) => JSON.stringify({ id: m.id }) + '\n',
  },
  prune: false,
  unpublishable: (m) => (m.revoked ? 'revoked' : null),
}

async function release(id: string, contents: Record<string, string>) {
  const encoder = new TextEncoder()
  const files = Object.entries(contents).map(([path, text]) => ({ path, bytes: encoder.encode(text) }))
  const entries = await Promise.all(
    files.map(async (f) => ({ path: f.path, bytes: f.bytes.byteLength, sha256: await sha256Hex(f.bytes) })),
  )
  return { manifest: { id, files: entries }, files }
}

/** A target that records the order of its writes. */
function recording(): ReleaseTarget & { writes: string[] } {
  const writes: string[] = []
  return { writes, write: async (path) => void writes.push(path) }
}

describe('the release engine', () => {
  let dir: string
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'release-engine-'))
  })
  after(() => rm(dir, { recursive: true, force: true }))

  it('publishes the files, then the manifest, then the pointer, for both layouts', async () => {
    const one = await release('r1', { 'a.bin': 'aaa', 'b.json': '{}' })
    const own = recording()
    assert.equal(await publishRelease(inPointer, own, one), 'r1')
    assert.deepEqual(own.writes, [
      'things/releases/r1/a.bin',
      'things/releases/r1/b.json',
      'things/current.json',
    ])
    const sets = recording()
    await publishRelease(separate, sets, one)
    assert.deepEqual(sets.writes, [
      'sets/releases/r1/a.bin',
      'sets/releases/r1/b.json',
      'sets/releases/r1/manifest.json',
      'sets/current.json',
    ])
  })

  it('reads and verifies the current release, prunes the ones it supersedes where the layout says so', async () => {
    const store = createFsStore(join(dir, 'store'))
    await publishRelease(inPointer, store, await release('r1', { 'a.bin': 'one' }))
    await publishRelease(separate, store, await release('r1', { 'a.bin': 'one' }))
    const two = await release('r2', { 'a.bin': 'two' })
    await publishRelease(inPointer, store, two)
    await publishRelease(separate, store, two)
    assert.deepEqual(await store.list('things/releases/'), ['things/releases/r2/a.bin'])
    assert.equal((await store.list('sets/releases/')).length, 4)
    for (const layout of [inPointer, separate]) {
      const current = await readCurrentManifest(layout, store, 'none')
      assert.deepEqual(current, two.manifest)
      assert.deepEqual(await verifyRelease(layout, store, two.manifest), [])
    }
    assert.equal(await readCurrentManifest(inPointer, createFsStore(join(dir, 'empty')), 'none'), 'none')
    await writeFile(join(dir, 'store/sets/releases/r2/a.bin'), 'TWO')
    assert.deepEqual(await verifyRelease(separate, store, two.manifest), [
      { path: 'sets/releases/r2/a.bin', problem: 'hash-mismatch' },
    ])
    assert.deepEqual(await verifyRelease(separate, store, two.manifest, { hashes: false }), [])
  })

  it('gives change tokens of the pointer, the manifest it names and every file it lists, with the count of changes seen', async () => {
    const store = createFsStore(join(dir, 'tokens'))
    await publishRelease(separate, store, await release('r1', { 'a.bin': 'one' }))
    await publishRelease(inPointer, store, await release('r1', { 'a.bin': 'one' }))
    const changes = createOutcomeChanges()
    const sets = createReleaseReader(separate, store, { missing: 'none' })
    const pointer = await store.stat('sets/current.json')
    const manifest = await store.stat('sets/releases/r1/manifest.json')
    const file = await store.stat('sets/releases/r1/a.bin')
    assert.equal(await sets.changeToken(changes), `0|${pointer?.state}|${manifest?.state}|${file?.state}`)
    changes.note('ready')
    const things = createReleaseReader(inPointer, store, { missing: 'none' })
    await things.current()
    assert.equal(
      await things.changeToken(changes),
      `1|${(await store.stat('things/current.json'))?.state}|${(await store.stat('things/releases/r1/a.bin'))?.state}`,
    )
    // A file written in place, same length, its timestamps put back: the token still changes.
    const path = join(dir, 'tokens/things/releases/r1/a.bin')
    const times = await stat(path)
    const thingsBefore = await things.changeToken(changes)
    await writeFile(path, 'ONE', { flag: 'r+' })
    await utimes(path, times.atime, times.mtime)
    assert.notEqual(await things.changeToken(changes), thingsBefore)
    const before = await sets.stateToken()
    await publishRelease(separate, store, await release('r2', { 'a.bin': 'two' }))
    assert.notEqual(await sets.stateToken(), before)
  })

  it('copies a verified release byte for byte, and nothing at all from a damaged or refused one', async () => {
    const from = createFsStore(join(dir, 'from'))
    await publishRelease(separate, from, await release('r1', { 'a.bin': 'one', 'b.bin': 'bee' }))
    const to = createFsStore(join(dir, 'to'))
    assert.deepEqual(await copyCurrentRelease(separate, from, to), { id: 'r1', files: 2, bytes: 6 })
    for (const path of await from.list('sets/')) assert.deepEqual(await to.read(path), await from.read(path))
    await writeFile(join(dir, 'from/sets/releases/r1/b.bin'), 'BEE')
    const empty = recording()
    assert.deepEqual(await copyCurrentRelease(separate, from, empty), {
      problem: 'sets/releases/r1/b.bin is hash-mismatch',
    })
    assert.deepEqual(empty.writes, [])
    const revoked = await release('r3', { 'a.bin': 'x' })
    await publishRelease(separate, from, { ...revoked, manifest: { ...revoked.manifest, revoked: true } })
    assert.deepEqual(await copyCurrentRelease(separate, from, empty), { problem: 'revoked' })
    assert.deepEqual(await copyCurrentRelease(inPointer, from, empty), {
      problem: 'no things release is current (things/current.json is missing)',
    })
    assert.deepEqual(empty.writes, [])
  })
})
