/**
 * Operator commands for bearer keys (spec 2.6, 5): create a key (the secret is printed once and only its
 * SHA-256 digest is stored), list keys without secrets, and revoke a key by digest.
 */
import { join } from 'node:path'
import { createFileKeyStore, KEY_FILE } from '../auth/fs-key-store'
import { fileLock, KeyStoreLockedError } from '../auth/key-file-lock'
import {
  generateSecret,
  KeyStoreUnavailableError,
  SCOPES,
  secretDigest,
  type KeyRecord,
  type KeyStore,
} from '../auth/keys'
import { privateRoot } from '../storage/data-roots'
import { createFsStore, PRIVATE_MODES } from '../storage/fs-store'
import {
  CliError,
  DATA_DIR_HELP,
  DATA_DIR_OPTION,
  dataConfig,
  onePositional,
  requiredOption,
  stringOption,
  usageError,
  type Command,
  type ParsedArgs,
} from './command'
import { putKeyInKv } from './wrangler'

const DAY_MS = 86_400_000
const DEFAULT_DAYS = 90
const MAX_DAYS = 3650

/**
 * The operator's key store, each write under the key file's lock, so commands run at once all land; a
 * damaged file is a plain error (exit 1) naming it, and is left as it is.
 */
function keyStore(args: ParsedArgs): KeyStore {
  const root = privateRoot(dataConfig(args))
  const store = createFileKeyStore(createFsStore(root, PRIVATE_MODES), {
    log: () => {},
    exclusive: fileLock(join(root, `${KEY_FILE}.lock`), PRIVATE_MODES),
  })
  const plainly = <T>(pending: Promise<T>): Promise<T> =>
    pending.catch((err: unknown) => {
      if (err instanceof KeyStoreLockedError) throw new CliError(err.message)
      if (!(err instanceof KeyStoreUnavailableError)) throw err
      throw new CliError(`${err.message}; mend or restore it from a backup (it is never overwritten)`)
    })
  return {
    get: (digest) => plainly(store.get(digest)),
    put: (record) => plainly(store.put(record)),
    list: () => plainly(store.list()),
  }
}

function parseScopes(raw: string): string[] {
  const scopes = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ]
  if (scopes.length === 0) throw usageError('--scopes needs at least one scope')
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s))
  if (unknown.length > 0) throw usageError(`unknown scope ${unknown.join(', ')}; known: ${SCOPES.join(', ')}`)
  return scopes
}

function parseExpiry(args: ParsedArgs, now: number): number {
  const expires = stringOption(args, 'expires')
  const days = stringOption(args, 'days')
  if (expires !== undefined && days !== undefined) throw usageError('give --expires or --days, not both')
  if (expires !== undefined) {
    const at = Date.parse(expires)
    if (Number.isNaN(at)) throw usageError(`--expires must be an ISO 8601 date or time (got "${expires}")`)
    if (at <= now) throw usageError('--expires must be in the future')
    return at
  }
  const count = days === undefined ? DEFAULT_DAYS : Number(days)
  if (!Number.isInteger(count) || count < 1 || count > MAX_DAYS) {
    throw usageError(`--days must be a whole number from 1 to ${MAX_DAYS}`)
  }
  return now + count * DAY_MS
}

function describeKey(record: KeyRecord, now: number) {
  return {
    digest: record.digest,
    active: record.active,
    expired: record.expiresAt <= now,
    expiresAt: record.expiresAt,
    expires: new Date(record.expiresAt).toISOString(),
    scopes: record.datasets,
    label: record.label ?? null,
  }
}

export const keysCreateCommand: Command = {
  name: 'keys create',
  options: {
    ...DATA_DIR_OPTION,
    scopes: { type: 'string' },
    days: { type: 'string' },
    expires: { type: 'string' },
    label: { type: 'string' },
    json: { type: 'boolean' },
    to: { type: 'string' },
    'namespace-id': { type: 'string' },
  },
  help: `Usage: npm run cli -- keys create --scopes SCOPE[,SCOPE] [--days N | --expires DATE] [--label TEXT] [--json]
         [--to kv --namespace-id ID]

Creates a key and prints its secret once. Only the secret's SHA-256 digest is stored
(DATA_DIR/private/keys.json); the secret cannot be shown again.

  --to kv            store the record in the Workers KV namespace DATA_KEYS instead, under its digest,
                     through \`wrangler kv key put\` ($WRANGLER, default "npx wrangler", logged in)
  --namespace-id ID  the id of that namespace (as in wrangler.jsonc)

  --scopes LIST      comma-separated, from: ${SCOPES.join(', ')}
  --days N           valid for N days (1 to ${MAX_DAYS}; default ${DEFAULT_DAYS})
  --expires DATE     valid until this ISO 8601 date or time instead
  --label TEXT       a note for the operator (who holds the key), at most 200 characters
  --json             print {secret, digest, scopes, expiresAt, ...} as JSON
${DATA_DIR_HELP}`,
  async run(args) {
    if (args.positionals.length > 0) throw usageError('keys create takes no positional arguments')
    const now = Date.now()
    const scopes = parseScopes(requiredOption(args, 'scopes'))
    const expiresAt = parseExpiry(args, now)
    const label = stringOption(args, 'label')
    if (label !== undefined && label.length > 200) throw usageError('--label must be at most 200 characters')
    const to = stringOption(args, 'to')
    if (to !== undefined && to !== 'kv') throw usageError(`--to must be kv (got "${to}")`)
    const namespaceId = to === 'kv' ? requiredOption(args, 'namespace-id') : undefined
    if (!to && stringOption(args, 'namespace-id') !== undefined)
      throw usageError('--namespace-id goes with --to kv')
    const secret = generateSecret()
    const record: KeyRecord = {
      digest: await secretDigest(secret),
      active: true,
      expiresAt,
      datasets: scopes,
      createdAt: now,
      ...(label ? { label } : {}),
    }
    if (namespaceId) await putKeyInKv(namespaceId, record)
    else await keyStore(args).put(record)
    if (args.values.json) {
      console.log(JSON.stringify({ secret, ...describeKey(record, now) }))
      return
    }
    console.log(`secret   ${secret}`)
    console.log(`digest   ${record.digest}`)
    console.log(`scopes   ${scopes.join(', ')}`)
    console.log(`expires  ${new Date(expiresAt).toISOString()}`)
    console.log(
      'The secret is shown only now; only its digest is stored. Send it as "Authorization: Bearer <secret>".',
    )
  },
}

export const keysListCommand: Command = {
  name: 'keys list',
  options: { ...DATA_DIR_OPTION, json: { type: 'boolean' } },
  help: `Usage: npm run cli -- keys list [--json]

Lists every key by digest with its scopes, expiry and whether it is active. Secrets are never stored,
so they cannot be listed.

  --json   one JSON array
${DATA_DIR_HELP}`,
  async run(args) {
    if (args.positionals.length > 0) throw usageError('keys list takes no positional arguments')
    const now = Date.now()
    const keys = (await keyStore(args).list()).map((k) => describeKey(k, now))
    if (args.values.json) {
      console.log(JSON.stringify(keys))
      return
    }
    if (keys.length === 0) {
      console.log('no keys')
      return
    }
    for (const key of keys) {
      const state = !key.active ? 'revoked' : key.expired ? 'expired' : 'active'
      const label = key.label ? `  ${key.label}` : ''
      console.log(
        `${key.digest}  ${state.padEnd(7)}  expires ${key.expires}  scopes ${key.scopes.join(',')}${label}`,
      )
    }
  },
}

export const keysRevokeCommand: Command = {
  name: 'keys revoke',
  options: { ...DATA_DIR_OPTION },
  help: `Usage: npm run cli -- keys revoke DIGEST

Sets the key inactive; the next request with it answers 401. DIGEST is the full digest from
"keys list" or a unique prefix of at least 8 characters.

${DATA_DIR_HELP}`,
  async run(args) {
    const wanted = onePositional(args, 'digest').toLowerCase()
    if (!/^[a-f0-9]{8,64}$/.test(wanted)) throw usageError('DIGEST must be 8 to 64 lowercase hex characters')
    const store = keyStore(args)
    const matches = (await store.list()).filter((k) => k.digest.startsWith(wanted))
    if (matches.length === 0) throw new CliError(`no key with digest ${wanted}`)
    if (matches.length > 1)
      throw new CliError(`${matches.length} keys start with ${wanted}; give more of the digest`)
    const record = matches[0] as KeyRecord
    await store.put({ ...record, active: false })
    console.log(`revoked ${record.digest}${record.active ? '' : ' (it was already inactive)'}`)
  },
}
