/**
 * How the OpenAPI document names the keys (spec section 5): two bearer-key schemes, the dataset key and the
 * argument key, both sent as `Authorization: Bearer <key>` and looked up in the same key store. A route's
 * `security` names the scheme with the scope the key must carry; a route a key only sometimes needs lists
 * `{}` (no key) first. Public routes say `security: []`.
 */
import type { Scope } from './keys'

export const DATASET_KEY = 'DatasetKey'
export const ARGUMENT_KEY = 'ArgumentKey'

const CHECKS =
  'The key is an active, unexpired record of the key store (looked up by the SHA-256 of the secret): missing, malformed, unknown, revoked or expired is 401 with `WWW-Authenticate: Bearer`; a valid key without the scope the route names is 403.'

export const SECURITY_SCHEMES = {
  [DATASET_KEY]: {
    type: 'http',
    scheme: 'bearer',
    description: `A key with the scope of the data it reads or writes: \`observed-language\` (that dataset), \`dictionary\` (the legacy \`/api/words/{word}\`) or \`observations\` (contributions to the observation log). ${CHECKS}`,
  },
  [ARGUMENT_KEY]: {
    type: 'http',
    scheme: 'bearer',
    description: `A key with the \`argument-review\` entitlement, for cloud-mode review and transcription. ${CHECKS}`,
  },
} as const

type SchemeName = keyof typeof SECURITY_SCHEMES

/** The `security` of a route that always needs a key of `scheme` carrying `scope`. */
export function keyNeeded(scheme: SchemeName, scope: Scope): Record<string, string[]>[] {
  return [{ [scheme]: [scope] }]
}

/** The `security` of a route that needs such a key only in some cases (named in its description). */
export function keyOptional(scheme: SchemeName, scope: Scope): Record<string, string[]>[] {
  return [{}, { [scheme]: [scope] }]
}
