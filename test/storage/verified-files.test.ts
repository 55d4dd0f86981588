import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { BlobStore } from '../../src/storage/blob-store'
import { sha256Hex } from '../../src/storage/digest'
import { createFsStore } from '../../src/storage/fs-store'
import { createFileVerifier, type ExpectedFile } from '../../src/storage/verified-files'

describe('reading a verified file into memory the caller holds', () => {
  let dir: string
  let store: BlobStore
  let file: ExpectedFile
  // Larger than one read of `readInto`, so the file arrives and is hashed in several pieces.
  const content = new Uint8Array(9 * 1024 * 1024 + 3).map((_, i) => (i * 7) % 251)

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'verified-files-'))
    store = createFsStore(dir)
    await store.write('release/file.bin', content)
    file = { path: 'release/file.bin', bytes: content.byteLength, sha256: await sha256Hex(content) }
  })
  after(() => rm(dir, { recursive: true, force: true }))

  const sharedTarget = () =>
    new Uint8Array(new SharedArrayBuffer(content.byteLength + 4), 4, content.byteLength)

  it('places the bytes the manifest names straight into shared memory', async () => {
    const target = sharedTarget()
    assert.equal(await createFileVerifier(store).readInto(file, target), null)
    assert.deepEqual(new Uint8Array(target), content)
  })

  it('does the same through a store that can only read whole objects', async () => {
    const { readInto: _, ...plain } = store
    const target = sharedTarget()
    assert.equal(await createFileVerifier(plain).readInto(file, target), null)
    assert.deepEqual(new Uint8Array(target), content)
  })

  it('reports a changed, shorter or missing file', async () => {
    const verifier = createFileVerifier(store)
    const other = { ...file, sha256: '0'.repeat(64) }
    assert.deepEqual(await verifier.readInto(other, sharedTarget()), {
      path: file.path,
      problem: 'hash-mismatch',
    })
    const longer = { ...file, bytes: file.bytes + 1 }
    assert.deepEqual(await verifier.readInto(longer, new Uint8Array(longer.bytes)), {
      path: file.path,
      problem: 'length-mismatch',
    })
    const absent = { ...file, path: 'release/absent.bin' }
    assert.deepEqual(await verifier.readInto(absent, sharedTarget()), {
      path: absent.path,
      problem: 'missing',
    })
  })
})
