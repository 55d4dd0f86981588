/**
 * The observation log on Node: the signing key from LOG_SIGNING_KEY (a server-only secret), or else from
 * `DATA_DIR/private/log-signing.key`, generated on first start; the entries in the file-backed store at
 * `DATA_DIR/consensus/`. The secret is never logged: only where it is and the public verifier key.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { privateRoot } from '../storage/data-roots'
import type { ServiceConfig } from '../config'
import { entryGroup } from './entry'
import { createFileLogStore } from './log/file-log-store'
import { createNoteSigner, formatSignerKey, generateSeed, isKeyName, type NoteSigner } from './log/note'
import { openObservationLog, type ObservationLog } from './log/observation-log'
import { signerFrom } from './log/signing-key'

const SIGNING_KEY_FILE = 'log-signing.key'

function logDirectory(config: ServiceConfig): string {
  return join(config.DATA_DIR, 'consensus')
}

export function signingKeyPath(config: ServiceConfig): string {
  return join(privateRoot(config), SIGNING_KEY_FILE)
}

export async function loadLogSigner(config: ServiceConfig, log: (line: string) => void): Promise<NoteSigner> {
  const origin = config.LOG_ORIGIN
  if (!isKeyName(origin)) throw new Error('LOG_ORIGIN must be a key name: no spaces and no "+"')
  if (config.LOG_SIGNING_KEY) return signerFrom(config.LOG_SIGNING_KEY, origin, 'LOG_SIGNING_KEY')
  const path = signingKeyPath(config)
  const stored = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null
    throw err
  })
  if (stored !== null) return signerFrom(stored, origin, path)
  const seed = generateSeed()
  const signer = await createNoteSigner(origin, seed)
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
  await writeFile(path, formatSignerKey(origin, seed, signer.publicKey) + '\n', { mode: 0o600, flag: 'wx' })
  log(
    `consensus: no LOG_SIGNING_KEY set; generated a log signing key in ${path} (verifier key ${signer.verifierKey})`,
  )
  return signer
}

export async function openNodeObservationLog(
  config: ServiceConfig,
  log: (line: string) => void,
): Promise<ObservationLog> {
  const signer = await loadLogSigner(config, log)
  const opened = await openObservationLog({
    store: createFileLogStore(logDirectory(config)),
    signer,
    groupOf: entryGroup,
  })
  const repaired = opened.opened.discardedBytes
  log(
    `consensus: log ${opened.origin} open with ${opened.size()} entries${repaired > 0 ? `; removed ${repaired} bytes of an interrupted append` : ''}`,
  )
  return opened
}
