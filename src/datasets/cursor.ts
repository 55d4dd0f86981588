/**
 * Page cursors: opaque to clients, tamper-evident, bound to the dataset, the release version and the
 * position. A cursor is base64url of: format byte, the 32 version bytes, the position (6 bytes, big-endian)
 * and the first 16 bytes of HMAC-SHA-256 over all of that and the dataset name. A cursor of a search
 * (format 2) also holds, before the HMAC, 16 bytes naming its query, so it pages only that query. The HMAC key is an operator
 * secret shared by every instance serving the same data, so cursors survive restarts. A genuine cursor of
 * another dataset is told apart from a forged one: it is a cursor of another release, not a bad request.
 */
import type { BlobStore } from '../storage/blob-store'
import { toHex } from '../storage/digest'
import { DATASET_NAMES } from './release-input'

const FORMAT = 1
const SEARCH_FORMAT = 2
const VERSION_BYTES = 32
const POSITION_BYTES = 6
export const QUERY_BYTES = 16
const MAC_BYTES = 16
const bodyBytes = (format: number) =>
  1 + VERSION_BYTES + POSITION_BYTES + (format === SEARCH_FORMAT ? QUERY_BYTES : 0)

/** Where the generated secret is kept when the operator does not set one (in the private store). */
export const CURSOR_SECRET_FILE = 'cursor-secret'

export type DecodedCursor =
  /** `query`: the hex query digest of a search cursor, null for a cursor of the records route. */
  | { ok: true; version: string; position: number; query: string | null }
  | { ok: false; reason: 'malformed' | 'forged' }
  /** Issued by this service for another dataset: like a cursor of another release, stale here. */
  | { ok: false; reason: 'other-dataset'; dataset: string }

export type CursorCodec = {
  encode(dataset: string, version: string, position: number, query?: string): Promise<string>
  decode(dataset: string, cursor: string): Promise<DecodedCursor>
}

const encoder = new TextEncoder()

export function createCursorCodec(secret: () => Promise<string>): CursorCodec {
  let key: Promise<CryptoKey> | null = null
  const hmacKey = () =>
    (key ??= secret()
      .then((value) =>
        crypto.subtle.importKey('raw', encoder.encode(value), { name: 'HMAC', hash: 'SHA-256' }, false, [
          'sign',
        ]),
      )
      .catch((err: unknown) => {
        key = null
        throw err
      }))

  async function mac(dataset: string, body: Uint8Array): Promise<Uint8Array> {
    const label = encoder.encode(`lexicon-service cursor\n${dataset}\n`)
    const message = new Uint8Array(label.byteLength + body.byteLength)
    message.set(label)
    message.set(body, label.byteLength)
    return new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(), message)).subarray(0, MAC_BYTES)
  }

  return {
    async encode(dataset, version, position, query) {
      const format = query === undefined ? FORMAT : SEARCH_FORMAT
      const body = bodyBytes(format)
      const bytes = new Uint8Array(body + MAC_BYTES)
      bytes[0] = format
      bytes.set(hexToBytes(version), 1)
      writePosition(bytes, 1 + VERSION_BYTES, position)
      if (query !== undefined) bytes.set(hexToBytes(query), 1 + VERSION_BYTES + POSITION_BYTES)
      bytes.set(await mac(dataset, bytes.subarray(0, body)), body)
      return toBase64Url(bytes)
    },
    async decode(dataset, cursor) {
      const bytes = fromBase64Url(cursor)
      const format = bytes?.[0]
      if (
        !bytes ||
        (format !== FORMAT && format !== SEARCH_FORMAT) ||
        bytes.byteLength !== bodyBytes(format) + MAC_BYTES
      )
        return { ok: false, reason: 'malformed' }
      const body = bytes.subarray(0, bodyBytes(format))
      const given = bytes.subarray(bodyBytes(format))
      if (!constantTimeEqual(await mac(dataset, body), given)) {
        for (const other of DATASET_NAMES) {
          if (other !== dataset && constantTimeEqual(await mac(other, body), given))
            return { ok: false, reason: 'other-dataset', dataset: other }
        }
        return { ok: false, reason: 'forged' }
      }
      return {
        ok: true,
        version: toHex(bytes.subarray(1, 1 + VERSION_BYTES)),
        position: readPosition(bytes, 1 + VERSION_BYTES),
        query:
          format === SEARCH_FORMAT
            ? toHex(bytes.subarray(1 + VERSION_BYTES + POSITION_BYTES, body.byteLength))
            : null,
      }
    },
  }
}

/**
 * The operator's secret from configuration, else the one kept in the private store, created on first use
 * (32 random bytes, hex) so that every instance sharing the data directory signs alike: created where the
 * store can refuse to replace an object, so that of instances racing to make the first one, every one
 * ends with the one that was stored first.
 */
export async function loadOrCreateCursorSecret(
  privateStore: BlobStore,
  configured?: string,
): Promise<string> {
  if (configured) return configured
  const kept = await readSecret(privateStore)
  if (kept !== null) return kept
  const fresh = toHex(crypto.getRandomValues(new Uint8Array(32)))
  if (privateStore.create) {
    if (await privateStore.create(CURSOR_SECRET_FILE, fresh + '\n')) return fresh
    const winner = await readSecret(privateStore)
    if (winner !== null) return winner
  }
  // A store that cannot refuse to replace, or a damaged secret in the way: this one replaces it.
  await privateStore.write(CURSOR_SECRET_FILE, fresh + '\n')
  return fresh
}

/** The kept secret, or null when there is none of at least 32 characters. */
async function readSecret(store: BlobStore): Promise<string | null> {
  const bytes = await store.read(CURSOR_SECRET_FILE)
  const kept = bytes ? new TextDecoder().decode(bytes).trim() : ''
  return kept.length >= 32 ? kept : null
}

function writePosition(bytes: Uint8Array, at: number, position: number): void {
  let rest = position
  for (let i = POSITION_BYTES - 1; i >= 0; i--) {
    bytes[at + i] = rest % 256
    rest = Math.floor(rest / 256)
  }
}

function readPosition(bytes: Uint8Array, at: number): number {
  let position = 0
  for (let i = 0; i < POSITION_BYTES; i++) position = position * 256 + (bytes[at + i] as number)
  return position
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false
  let diff = 0
  for (let i = 0; i < a.byteLength; i++) diff |= (a[i] as number) ^ (b[i] as number)
  return diff === 0
}

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.byteLength; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0))
  } catch {
    return null
  }
}
