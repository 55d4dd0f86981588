/**
 * Signed notes after C2SP signed-note, with Ed25519 (signature type 0x01) through Web Crypto: the key ID,
 * the verifier key `name+hash+base64(0x01 || public key)`, the private key `PRIVATE+KEY+name+hash+base64
 * (0x01 || seed)` that Go's golang.org/x/mod/sumdb/note also reads, signing and opening notes.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { fromBase64, toBase64 } from '../../text/base64'
import { equalBytes } from './merkle'

const ED25519 = 0x01
const EM_DASH = '\u2014'
/** PKCS #8 wrapping of a 32-byte Ed25519 seed (RFC 8410), the only private key form Web Crypto imports. */
const PKCS8_PREFIX = [
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]
/** Key names: no white space and no '+', which separates the fields of a key string. */
const KEY_NAME = /^[^\s+]+$/
const encoder = new TextEncoder()
/** A copy on a plain ArrayBuffer, the only kind Web Crypto takes. */
const plain = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes)

export type NoteVerifier = {
  name: string
  keyId: Uint8Array
  publicKey: Uint8Array
  /** The verifier key string to publish. */
  verifierKey: string
}

export type NoteSigner = NoteVerifier & {
  /** The note text (ending in a newline) with this key's signature line appended. */
  sign(text: string): Promise<string>
}

export function isKeyName(name: string): boolean {
  return KEY_NAME.test(name)
}

/** key ID = SHA-256(key name || 0x0A || 0x01 || public key)[:4] */
export function keyId(name: string, publicKey: Uint8Array): Uint8Array {
  const nameBytes = encoder.encode(name)
  const input = new Uint8Array(nameBytes.byteLength + 2 + publicKey.byteLength)
  input.set(nameBytes)
  input.set([0x0a, ED25519], nameBytes.byteLength)
  input.set(publicKey, nameBytes.byteLength + 2)
  return sha256(input).subarray(0, 4)
}

const hex8 = (id: Uint8Array): string => [...id].map((b) => b.toString(16).padStart(2, '0')).join('')

function withType(key: Uint8Array): Uint8Array {
  const out = new Uint8Array(key.byteLength + 1)
  out[0] = ED25519
  out.set(key, 1)
  return out
}

export function generateSeed(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(32))
}

/** The private key string for a seed. It is a secret: store it, never log it. */
export function formatSignerKey(name: string, seed: Uint8Array, publicKey: Uint8Array): string {
  return `PRIVATE+KEY+${name}+${hex8(keyId(name, publicKey))}+${toBase64(withType(seed))}`
}

/** Splits a key string into at most `fields` fields at '+'; the last (base64) field may itself hold '+'. */
function splitKey(text: string, fields: number): string[] {
  const parts = text.split('+')
  return parts.length <= fields ? parts : [...parts.slice(0, fields - 1), parts.slice(fields - 1).join('+')]
}

export type ParsedSignerKey = { name: string | null; seed: Uint8Array }

/**
 * Reads a signing key: a `PRIVATE+KEY+name+hash+data` string, or a bare base64 32-byte seed (whose name
 * the caller supplies). Returns null for anything else; the caller must not echo the text.
 */
export function parseSignerKey(text: string): ParsedSignerKey | null {
  const trimmed = text.trim()
  const parts = splitKey(trimmed, 5)
  if (parts.length === 5 && parts[0] === 'PRIVATE' && parts[1] === 'KEY') {
    const [, , name, , data] = parts as [string, string, string, string, string]
    const bytes = fromBase64(data)
    if (!isKeyName(name) || !bytes || bytes.byteLength !== 33 || bytes[0] !== ED25519) return null
    return { name, seed: bytes.subarray(1) }
  }
  const seed = fromBase64(trimmed)
  return seed && seed.byteLength === 32 ? { name: null, seed } : null
}

export async function createNoteSigner(name: string, seed: Uint8Array): Promise<NoteSigner> {
  if (!isKeyName(name)) throw new Error('a key name must be non-empty, without spaces or "+"')
  if (seed.byteLength !== 32) throw new Error('an Ed25519 seed is 32 bytes')
  const pkcs8 = new Uint8Array([...PKCS8_PREFIX, ...seed])
  const privateKey = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign'])
  const jwk = await crypto.subtle.exportKey('jwk', privateKey)
  const publicKey = fromBase64Url(jwk.x as string)
  const verifier = noteVerifier(name, publicKey)
  const signingKey = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, false, ['sign'])
  return {
    ...verifier,
    async sign(text) {
      if (!text.endsWith('\n')) throw new Error('a note text ends in a newline')
      const signature = new Uint8Array(await crypto.subtle.sign('Ed25519', signingKey, encoder.encode(text)))
      const payload = new Uint8Array(4 + signature.byteLength)
      payload.set(verifier.keyId)
      payload.set(signature, 4)
      return `${text}\n${EM_DASH} ${name} ${toBase64(payload)}\n`
    },
  }
}

function fromBase64Url(text: string): Uint8Array {
  const padded = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=')
  return fromBase64(padded) as Uint8Array
}

export function noteVerifier(name: string, publicKey: Uint8Array): NoteVerifier {
  const id = keyId(name, publicKey)
  return {
    name,
    keyId: id,
    publicKey,
    verifierKey: `${name}+${hex8(id)}+${toBase64(withType(publicKey))}`,
  }
}

/** Reads a verifier key string `name+hash+base64(0x01 || key)`, or null when it is not a valid one. */
export function parseVerifierKey(vkey: string): NoteVerifier | null {
  const parts = splitKey(vkey, 3)
  if (parts.length !== 3) return null
  const [name, hash, data] = parts as [string, string, string]
  const bytes = fromBase64(data)
  if (!isKeyName(name) || !/^[0-9a-f]{8}$/.test(hash) || !bytes || bytes.byteLength !== 33) return null
  if (bytes[0] !== ED25519) return null
  const verifier = noteVerifier(name, bytes.subarray(1))
  return verifier.verifierKey.split('+')[1] === hash ? verifier : null
}

export type OpenedNote =
  | { ok: true; text: string; signedBy: string[] }
  | { ok: false; problem: 'malformed' | 'unknown-key' | 'bad-signature'; message: string }

/**
 * Checks a signed note against trusted verifiers as C2SP signed-note says: signatures from unknown keys
 * are ignored, a known key's failing signature rejects the note, and at least one must verify.
 */
export async function openSignedNote(
  signed: string,
  verifiers: readonly NoteVerifier[],
): Promise<OpenedNote> {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0009\u000b-\u001f]/.test(signed)) {
    return { ok: false, problem: 'malformed', message: 'A signed note contains no control characters.' }
  }
  const split = signed.lastIndexOf('\n\n')
  if (split < 0 || !signed.endsWith('\n')) {
    return {
      ok: false,
      problem: 'malformed',
      message: 'A signed note is its text, a blank line and signature lines, each ending in a newline.',
    }
  }
  const text = signed.slice(0, split + 1)
  const lines = signed.slice(split + 2, -1).split('\n')
  const signedBy: string[] = []
  for (const line of lines) {
    const match = /^\u2014 ([^\s+]+) ([A-Za-z0-9+/]+=*)$/.exec(line)
    const payload = match ? fromBase64(match[2] as string) : null
    if (!match || !payload || payload.byteLength < 5) {
      return { ok: false, problem: 'malformed', message: `Not a signature line: ${JSON.stringify(line)}.` }
    }
    const name = match[1] as string
    const verifier = verifiers.find((v) => v.name === name && equalBytes(v.keyId, payload.subarray(0, 4)))
    if (!verifier) continue
    const key = await crypto.subtle.importKey('raw', plain(verifier.publicKey), { name: 'Ed25519' }, false, [
      'verify',
    ])
    const valid = await crypto.subtle.verify('Ed25519', key, plain(payload.subarray(4)), encoder.encode(text))
    if (!valid) {
      return { ok: false, problem: 'bad-signature', message: `The signature of ${name} does not verify.` }
    }
    signedBy.push(name)
  }
  if (signedBy.length === 0) {
    return { ok: false, problem: 'unknown-key', message: 'No signature from a trusted key.' }
  }
  return { ok: true, text, signedBy }
}
