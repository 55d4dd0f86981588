/**
 * The readiness check of the key store: not ready while the key file cannot be read as a key store (every
 * keyed route then answers 503); malformed records left out are named in the detail, not a fault of the
 * store. Stores that cannot be damaged as a whole (KV) have no check.
 */
import type { KeyStore } from './keys'

/** A check of `/readyz` (src/http/health.ts), which the composition root hands to the health routes. */
export type KeyStoreReadiness = { name: string; check: () => Promise<{ ready: boolean; detail: string }> }

export function keyStoreReadiness(keys: KeyStore | undefined): KeyStoreReadiness[] {
  const condition = keys?.condition
  return condition ? [{ name: 'keys', check: () => condition() }] : []
}
