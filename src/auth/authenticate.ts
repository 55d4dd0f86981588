/**
 * Bearer-key checks shared by every protected route (spec section 5), as typed problems the app answers
 * (src/http/problems.ts): a missing, malformed, unknown, inactive or expired key is `unauthorized` (401 with
 * `WWW-Authenticate: Bearer`); a valid key without the scope is `forbidden` (403); a damaged key store is
 * `unavailable` (503). The secret is hashed at once and never kept, logged or echoed.
 */
import { ProblemError } from '../validation/problem'
import { KeyStoreUnavailableError, SECRET_PATTERN, secretDigest, type KeyRecord, type KeyStore } from './keys'

const CHALLENGE = 'Bearer realm="lexicon-service"'

function unauthorized(message: string) {
  return new ProblemError({ kind: 'unauthorized', code: 'unauthorized', message, challenge: CHALLENGE })
}

/** The record for a digest; a damaged store is unavailable, since no key can be told valid or not. */
async function lookUp(keys: KeyStore, digest: string): Promise<KeyRecord | null> {
  try {
    return await keys.get(digest)
  } catch (err) {
    if (!(err instanceof KeyStoreUnavailableError)) throw err
    throw new ProblemError({
      kind: 'unavailable',
      code: 'key_store_unavailable',
      message: 'Keys cannot be checked right now; try again later.',
      retryAfterSeconds: 30,
    })
  }
}

/** The active, unexpired key behind an Authorization header, or a thrown `unauthorized` problem. */
export async function authenticate(
  authorization: string | undefined,
  keys: KeyStore,
  now: number = Date.now(),
): Promise<KeyRecord> {
  if (!authorization) throw unauthorized('This route needs a key: send "Authorization: Bearer <key>".')
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(authorization)
  if (!match) throw unauthorized('The Authorization header must be "Bearer <key>".')
  const secret = match[1] as string
  if (!SECRET_PATTERN.test(secret)) throw unauthorized('The key is not valid.')
  const record = await lookUp(keys, await secretDigest(secret))
  if (!record) throw unauthorized('The key is not valid.')
  if (!record.active) throw unauthorized('The key has been revoked.')
  if (record.expiresAt <= now) throw unauthorized('The key has expired.')
  return record
}

/** As `authenticate`, and the key must carry `scope`, else a thrown `forbidden` problem. */
export async function requireScope(
  authorization: string | undefined,
  keys: KeyStore,
  scope: string,
  now: number = Date.now(),
): Promise<KeyRecord> {
  const record = await authenticate(authorization, keys, now)
  if (!record.datasets.includes(scope)) {
    throw new ProblemError({
      kind: 'forbidden',
      code: 'forbidden',
      message: `This key does not carry the "${scope}" scope.`,
    })
  }
  return record
}
