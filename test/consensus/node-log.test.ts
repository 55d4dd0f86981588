import assert from 'node:assert/strict'
import { mkdtemp, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { loadConfig } from '../../src/config'
import { loadLogSigner, openNodeObservationLog, signingKeyPath } from '../../src/consensus/node-log'
import { createNoteSigner, formatSignerKey, generateSeed } from '../../src/consensus/log/note'

async function config(env: Record<string, string> = {}) {
  return loadConfig({ DATA_DIR: await mkdtemp(join(tmpdir(), 'node-log-')), ...env })
}

describe('the log signing key on Node', () => {
  it('generates a key into DATA_DIR/private on first start, says so without the secret, and reuses it', async () => {
    const c = await config()
    const lines: string[] = []
    const signer = await loadLogSigner(c, (line) => lines.push(line))
    const path = signingKeyPath(c)
    const secret = (await readFile(path, 'utf8')).trim()
    assert.match(secret, /^PRIVATE\+KEY\+lexicon-service\.local\/observations\+[0-9a-f]{8}\+/)
    assert.equal((await stat(path)).mode & 0o777, 0o600)
    assert.equal(lines.length, 1)
    assert.match(lines[0] as string, /generated a log signing key/)
    assert.ok((lines[0] as string).includes(signer.verifierKey), 'the public key is logged')
    assert.ok(!(lines[0] as string).includes(secret.split('+')[4] as string), 'the secret is not logged')
    const again = await loadLogSigner(c, (line) => lines.push(line))
    assert.equal(again.verifierKey, signer.verifierKey)
    assert.equal(lines.length, 1)
  })

  it('takes LOG_SIGNING_KEY as a note private key or a base64 seed, and refuses others without echoing them', async () => {
    const seed = generateSeed()
    const origin = 'example.org/log'
    const expected = await createNoteSigner(origin, seed)
    const fromSeed = await loadLogSigner(
      await config({ LOG_SIGNING_KEY: Buffer.from(seed).toString('base64'), LOG_ORIGIN: origin }),
      () => {},
    )
    assert.equal(fromSeed.verifierKey, expected.verifierKey)
    const skey = formatSignerKey(origin, seed, expected.publicKey)
    const fromNote = await loadLogSigner(
      await config({ LOG_SIGNING_KEY: skey, LOG_ORIGIN: origin }),
      () => {},
    )
    assert.equal(fromNote.verifierKey, expected.verifierKey)
    await assert.rejects(
      loadLogSigner(await config({ LOG_SIGNING_KEY: skey }), () => {}),
      /LOG_ORIGIN/,
    )
    const bad = 'S3cr3t-but-not-a-key'
    await assert.rejects(
      loadLogSigner(await config({ LOG_SIGNING_KEY: bad }), () => {}),
      (err: Error) => {
        assert.ok(!err.message.includes(bad), 'the value is not echoed')
        return /LOG_SIGNING_KEY/.test(err.message)
      },
    )
    assert.throws(() => loadConfig({ LOG_ORIGIN: 'has space' }), /LOG_ORIGIN/)
  })

  it('opens the file-backed log under DATA_DIR/consensus and reports what it found', async () => {
    const c = await config()
    const lines: string[] = []
    const log = await openNodeObservationLog(c, (line) => lines.push(line))
    await log.append(new TextEncoder().encode('x'))
    await log.close()
    const reopened = await openNodeObservationLog(c, (line) => lines.push(line))
    assert.equal(reopened.size(), 1)
    await reopened.close()
    assert.match(lines.at(-1) as string, /open with 1 entries/)
    assert.ok((await stat(join(c.DATA_DIR, 'consensus', 'observations.log'))).size > 0, 'log file exists')
  })
})
