/**
 * Bearer-key checks shared by every protected route (spec section 5): a missing, malformed, unknown,
 * inactive or expired key is 401 with `WWW-Authenticate: Bearer`; a valid key without the scope is 403.
 * The secret is hashed at once and never kept, logged or echoed.
 */
import { apiError } from '../http/errors'
import { KeyStoreUnavailableError, SECRET_PATTERN, secretDigest, type KeyRecord, type KeyStore } from './keys'

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="lexicon-service"' }

function unauthorized(message: string) {
  return apiError(401, 'unauthorized', message, { headers: CHALLENGE })
}

/** The record for a digest; a damaged store is 503, since no key can be told valid or not. */
async function lookUp(keys: KeyStore, digest: string): Promise<KeyRecord | null> {
  try {
    return await keys.get(digest)
  } catch (err) {
    if (!(err instanceof KeyStoreUnavailableError)) throw err
    throw apiError(503, 'key_store_unavailable', 'Keys cannot be checked right now; try again later.', {
      headers: { 'Retry-After': '30' },
    })
  }
}

/** The active, unexpired key behind an Authorization header, or a 401 ApiError. */
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

/** As `authenticate`, and the key must carry `scope`, else 403. */
export async function requireScope(
  authorization: string | undefined,
  keys: KeyStore,
  scope: string,
  now: number = Date.now(),
): Promise<KeyRecord> {
  const record = await authenticate(authorization, keys, now)
  if (!record.datasets.includes(scope)) {
    throw apiError(403, 'forbidden', `This key does not carry the "${scope}" scope.`)
  }
  return record
}
