/**
 * The Node service's key store indexed on a worker thread (src/auth/thread-indexer.ts) answers as the
 * in-process one: keys found by digest, a change seen on the next lookup, a malformed record left out by
 * its position, a damaged file unavailable.
 */
import assert from 'node:assert/strict'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { createFileKeyStore } from '../../src/auth/fs-key-store'
import { generateSecret, KeyStoreUnavailableError, secretDigest } from '../../src/auth/keys'
import { keyIndexThread } from '../../src/auth/thread-indexer'
import { createFsStore } from '../../src/storage/fs-store'

describe('the key store indexed on a worker thread', () => {
  it('finds keys, sees each change, leaves out a malformed record and refuses a damaged file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'keys-thread-'))
    const logged: string[] = []
    const keys = createFileKeyStore(createFsStore(dir), {
      indexer: keyIndexThread(),
      log: (line) => logged.push(line),
    })
    const digests = await Promise.all(Array.from({ length: 50 }, () => secretDigest(generateSecret())))
    for (const digest of digests) {
      await keys.put({
        digest,
        active: true,
        expiresAt: 1_900_000_000_000,
        datasets: ['dictionary'],
        label: 'é',
      })
    }
    for (const digest of digests) assert.equal((await keys.get(digest))?.label, 'é')
    assert.equal(await keys.get(await secretDigest(generateSecret())), null)
    assert.deepEqual(
      (await keys.list()).map((k) => k.digest),
      [...digests].sort(),
    )

    const revoked = digests[7] as string
    await keys.put({
      ...((await keys.get(revoked)) as NonNullable<Awaited<ReturnType<typeof keys.get>>>),
      active: false,
    })
    assert.equal((await keys.get(revoked))?.active, false)

    await writeFile(
      join(dir, 'keys.json'),
      JSON.stringify({ keys: [{ digest: digests[0], active: true, expiresAt: 1 }, { digest: digests[1] }] }),
    )
    assert.deepEqual((await keys.get(digests[0] as string))?.datasets, [])
    assert.equal(await keys.get(digests[1] as string), null)
    assert.deepEqual(
      logged.map((line) => (JSON.parse(line) as { record: number }).record),
      [1],
    )
    assert.deepEqual(await keys.condition?.(), {
      ready: true,
      detail: 'readable; 1 malformed record(s) left out, see the log',
    })

    await writeFile(join(dir, 'keys.json'), '{"keys": [')
    await assert.rejects(keys.get(digests[0] as string), KeyStoreUnavailableError)
    assert.equal((await keys.condition?.())?.ready, false)
  })
})
