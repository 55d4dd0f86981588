import assert from 'node:assert/strict'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { authenticate, requireScope } from '../../src/auth/authenticate'
import { createFileKeyStore } from '../../src/auth/fs-key-store'
import { generateSecret, secretDigest, SECRET_PATTERN } from '../../src/auth/keys'
import { problemApiError } from '../../src/http/problems'
import { ProblemError } from '../../src/validation/problem'
import { createFsStore } from '../../src/storage/fs-store'

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise
    return 200
  } catch (err) {
    assert.ok(err instanceof ProblemError)
    return problemApiError(err.problem).status
  }
}

describe('bearer keys', () => {
  it('generates URL-safe secrets of at least 32 characters', () => {
    const secret = generateSecret()
    assert.match(secret, SECRET_PATTERN)
    assert.ok(secret.length >= 32)
    assert.notEqual(generateSecret(), secret)
  })

  it('stores only the digest and answers 401 / 403 as the contract says', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'keys-'))
    const keys = createFileKeyStore(createFsStore(dir))
    const secret = generateSecret()
    const digest = await secretDigest(secret)
    const now = 1_800_000_000_000
    await keys.put({ digest, active: true, expiresAt: now + 1000, datasets: ['observed-language'] })
    assert.ok(!(await readFile(join(dir, 'keys.json'), 'utf8')).includes(secret))

    assert.equal((await authenticate(`Bearer ${secret}`, keys, now)).digest, digest)
    assert.equal(await status(requireScope(`Bearer ${secret}`, keys, 'observed-language', now)), 200)
    assert.equal(await status(requireScope(`Bearer ${secret}`, keys, 'argument-review', now)), 403)
    assert.equal(await status(authenticate(undefined, keys, now)), 401)
    assert.equal(await status(authenticate(`Basic ${secret}`, keys, now)), 401)
    assert.equal(await status(authenticate('Bearer short', keys, now)), 401)
    assert.equal(await status(authenticate(`Bearer ${generateSecret()}`, keys, now)), 401)
    // Expiry is exclusive: the key works until expiresAt and not at it.
    assert.equal(await status(authenticate(`Bearer ${secret}`, keys, now + 999)), 200)
    assert.equal(await status(authenticate(`Bearer ${secret}`, keys, now + 1000)), 401)

    await keys.put({ digest, active: false, expiresAt: now + 1000, datasets: ['observed-language'] })
    assert.equal(await status(authenticate(`Bearer ${secret}`, keys, now)), 401)
  })

  it('keeps every key when several are stored at once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'keys-'))
    const keys = createFileKeyStore(createFsStore(dir))
    const digests = await Promise.all(Array.from({ length: 20 }, () => secretDigest(generateSecret())))
    await Promise.all(digests.map((digest) => keys.put({ digest, active: true, expiresAt: 1, datasets: [] })))
    assert.deepEqual(
      (await keys.list()).map((k) => k.digest),
      [...digests].sort(),
    )
  })
})
