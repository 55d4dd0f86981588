import assert from 'node:assert/strict'
import { createPublicKey } from 'node:crypto'
import { describe, it } from 'node:test'
import { verifyCheckpoint } from '@sigstore/verify/dist/tlog/checkpoint.js'
import { checkpointText, parseCheckpoint } from '../../src/consensus/log/checkpoint'
import { leafHash } from '../../src/consensus/log/merkle'
import {
  createNoteSigner,
  formatSignerKey,
  generateSeed,
  openSignedNote,
  parseSignerKey,
  parseVerifierKey,
} from '../../src/consensus/log/note'

/*
 * The known-answer example of golang.org/x/mod/sumdb/note (the reference implementation of C2SP
 * signed-note), from its package documentation and note_test.go.
 */
const GO_SKEY = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz'
const GO_VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW'
const GO_TEXT =
  "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n"
const GO_NOTE = `${GO_TEXT}\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`

describe('signed notes (C2SP signed-note, Ed25519)', () => {
  it('reproduces the Go reference example byte for byte: key ID, verifier key and signature', async () => {
    const parsed = parseSignerKey(GO_SKEY)
    assert.ok(parsed, 'parsed')
    assert.equal(parsed.name, 'PeterNeumann')
    const signer = await createNoteSigner('PeterNeumann', parsed.seed)
    assert.equal(signer.verifierKey, GO_VKEY)
    assert.equal(formatSignerKey('PeterNeumann', parsed.seed, signer.publicKey), GO_SKEY)
    assert.equal(await signer.sign(GO_TEXT), GO_NOTE)
    const verifier = parseVerifierKey(GO_VKEY)
    assert.ok(verifier, 'verifier')
    assert.deepEqual(await openSignedNote(GO_NOTE, [verifier]), {
      ok: true,
      text: GO_TEXT,
      signedBy: ['PeterNeumann'],
    })
  })

  it('reads a bare base64 seed and refuses malformed keys without echoing them', () => {
    const seed = generateSeed()
    assert.deepEqual(parseSignerKey(Buffer.from(seed).toString('base64'))?.seed, seed)
    assert.equal(
      parseSignerKey('PRIVATE+KEY+a b+00000000+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz'),
      null,
    )
    assert.equal(parseSignerKey(Buffer.from(seed.subarray(1)).toString('base64')), null)
    assert.equal(parseSignerKey('not a key'), null)
    assert.equal(parseVerifierKey('PeterNeumann+c74f20a4+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW'), null)
    assert.equal(parseVerifierKey('PeterNeumann+c74f20a3+AhpjMQ=='), null)
  })

  it('rejects altered text, altered signatures, unknown keys and malformed notes', async () => {
    const verifier = parseVerifierKey(GO_VKEY)
    assert.ok(verifier, 'verifier')
    const other = await createNoteSigner('PeterNeumann', generateSeed())
    const altered = GO_NOTE.replace('cryptography', 'cryptograph')
    assert.deepEqual(
      await openSignedNote(altered, [verifier]).then((r) => !r.ok && r.problem),
      'bad-signature',
    )
    const badSig = GO_NOTE.replace('ZInNI', 'ZInNJ')
    assert.deepEqual(
      await openSignedNote(badSig, [verifier]).then((r) => !r.ok && r.problem),
      'bad-signature',
    )
    assert.deepEqual(await openSignedNote(GO_NOTE, [other]).then((r) => !r.ok && r.problem), 'unknown-key')
    for (const malformed of [
      GO_TEXT,
      GO_NOTE.slice(0, -1),
      GO_NOTE.replace('\u2014', '-'),
      `${GO_TEXT}\n\u2014 x\n`,
    ]) {
      assert.deepEqual(
        await openSignedNote(malformed, [verifier]).then((r) => !r.ok && r.problem),
        'malformed',
      )
    }
    // Signatures from unknown keys are ignored when a known key signed too.
    const both = GO_NOTE + (await other.sign(GO_TEXT)).split('\n\n')[1]
    const opened = await openSignedNote(
      both.replace(/\u2014 PeterNeumann (\S+)\n$/, '\u2014 Stranger $1\n'),
      [verifier],
    )
    assert.equal(opened.ok, true)
  })
})

describe('checkpoints (C2SP tlog-checkpoint)', () => {
  it('formats and parses origin, size and base64 root hash', () => {
    const rootHash = leafHash(new Uint8Array([1, 2, 3]))
    const text = checkpointText({ origin: 'example.org/log', treeSize: 42, rootHash })
    assert.equal(text, `example.org/log\n42\n${Buffer.from(rootHash).toString('base64')}\n`)
    assert.deepEqual(parseCheckpoint(text), { origin: 'example.org/log', treeSize: 42, rootHash })
    assert.ok(
      'problem' in parseCheckpoint('example.org/log\n042\nAAAA\n'),
      '"problem" in parseCheckpoint("example.org/logn042nAAAAn")',
    )
    assert.ok(
      'problem' in parseCheckpoint('example.org/log\n42\nAAAA\n'),
      '"problem" in parseCheckpoint("example.org/logn42nAAAAn")',
    )
    assert.ok(
      'problem' in parseCheckpoint('example.org/log\n42\n'),
      '"problem" in parseCheckpoint("example.org/logn42n")',
    )
    assert.ok(
      'problem' in parseCheckpoint(`\n42\n${Buffer.from(rootHash).toString('base64')}\n`),
      '"problem" in parseCheckpoint(`n42n${Buffer.from(rootHash).',
    )
    assert.ok(
      !('problem' in parseCheckpoint(`${text}extension line\n`)),
      '!("problem" in parseCheckpoint(`${text}extension linen`))',
    )
  })

  it('is accepted by sigstore-js’s checkpoint verifier (an independent signed-note reader)', async () => {
    const signer = await createNoteSigner('example.org/log', generateSeed())
    const rootHash = leafHash(new Uint8Array([9]))
    const note = await signer.sign(checkpointText({ origin: 'example.org/log', treeSize: 7, rootHash }))
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(signer.publicKey).toString('base64url') },
      format: 'jwk',
    })
    const tlogs = [{ logID: Buffer.from(signer.keyId), baseURL: 'https://example.org/log', publicKey }]
    const entry = { inclusionProof: { checkpoint: { envelope: note } } }
    const checkpoint = verifyCheckpoint(entry as never, tlogs as never)
    assert.equal(checkpoint.origin, 'example.org/log')
    assert.equal(checkpoint.logSize, 7n)
    assert.deepEqual(new Uint8Array(checkpoint.logHash), rootHash)
    const forged = { inclusionProof: { checkpoint: { envelope: note.replace('\n7\n', '\n8\n') } } }
    assert.throws(() => verifyCheckpoint(forged as never, tlogs as never))
  })
})
