/**
 * Access keys as the operator holds them (spec 2.6): records looked up by the lowercase SHA-256 hex digest
 * of the bearer secret, never by the secret itself. The store is an interface so that a file, Cloudflare KV
 * or a database can hold the records.
 */
import { z } from 'zod'
import { unitString } from '../validation/text-length'
import { sha256Hex } from '../storage/digest'

export const SCOPES = ['observed-language', 'argument-review', 'dictionary', 'observations'] as const
export type Scope = (typeof SCOPES)[number]

export const KeyRecordSchema = z.object({
  /** Lowercase SHA-256 hex digest of the bearer secret. */
  digest: z.string().regex(/^[a-f0-9]{64}$/),
  active: z.boolean(),
  /** Unix time in milliseconds after which the key no longer works. */
  expiresAt: z.number().int().nonnegative(),
  /**
   * Scopes and entitlements. The contract lets a record leave them out: such a key is valid and reaches
   * no private data, as one with an empty list.
   */
  datasets: z.array(z.string()).default([]),
  label: unitString({ max: 200, tooLong: 'label must be at most 200 characters' }).optional(),
  createdAt: z.number().int().nonnegative().optional(),
})
export type KeyRecord = z.infer<typeof KeyRecordSchema>

/**
 * The key store cannot be read as a key store (a damaged file, an unreachable database): no key can be
 * checked, so keyed routes answer 503 rather than 401 for every key or 500.
 */
export class KeyStoreUnavailableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'KeyStoreUnavailableError'
  }
}

export interface KeyStore {
  /**
   * The record whose digest this is, read fresh (a revoked key stops working on the next request).
   * Rejects with KeyStoreUnavailableError when the store itself is damaged.
   */
  get(digest: string): Promise<KeyRecord | null>
  put(record: KeyRecord): Promise<void>
  list(): Promise<KeyRecord[]>
  /**
   * Whether the store can be read, for `/readyz`; absent where the store cannot be damaged as a whole
   * (one KV value per key).
   */
  condition?(): Promise<{ ready: boolean; detail: string }>
}

/** A bearer secret: 32 random bytes as base64url, 43 URL-safe characters. */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** What a secret must look like before it is even hashed: at least 32 URL-safe characters. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{32,512}$/

export function secretDigest(secret: string): Promise<string> {
  return sha256Hex(secret)
}

/** A stable, pseudonymous id for a key that reveals neither the secret nor its digest. */
export async function pseudonym(record: KeyRecord, purpose: string): Promise<string> {
  return (await sha256Hex(`lexicon-service pseudonym v1\n${purpose}\n${record.digest}`)).slice(0, 32)
}

/** The key record a JSON text holds, or null when it is not JSON or not a usable record. */
export function parseKeyRecord(text: string): KeyRecord | null {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return null
  }
  const parsed = KeyRecordSchema.safeParse(raw)
  return parsed.success ? parsed.data : null
}
