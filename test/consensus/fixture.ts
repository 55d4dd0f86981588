/**
 * A service with a real observation log (file store in a temporary directory), the real lexicon and a
 * file key store with contributor keys, on a real HTTP server on loopback.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/app'
import { createFileKeyStore } from '../../src/auth/fs-key-store'
import { generateSecret, secretDigest } from '../../src/auth/keys'
import { entryGroup } from '../../src/consensus/entry'
import { createFileLogStore } from '../../src/consensus/log/file-log-store'
import { createNoteSigner, generateSeed, type NoteSigner } from '../../src/consensus/log/note'
import { openObservationLog, type ObservationLog } from '../../src/consensus/log/observation-log'
import { createLogProvider, type ObservationLogProvider } from '../../src/consensus/provider'
import { createFsStore } from '../../src/storage/fs-store'
import { testLexiconProvider } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'

export const ORIGIN = 'test.example/observations'

export type Fixture = TestServer & {
  log: ObservationLog
  signer: NoteSigner
  dir: string
  /** A bearer header for a fresh key with the `observations` scope. */
  contributor(): Promise<string>
  keyWith(record: { datasets: string[]; active?: boolean; expiresAt?: number }): Promise<string>
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>
}

export async function openTestLog(dir: string, signer: NoteSigner): Promise<ObservationLog> {
  return openObservationLog({ store: createFileLogStore(dir), signer, groupOf: entryGroup })
}

export async function startFixture(options: { logProvider?: ObservationLogProvider } = {}): Promise<Fixture> {
  const dir = await mkdtemp(join(tmpdir(), 'consensus-'))
  const signer = await createNoteSigner(ORIGIN, generateSeed())
  const log = await openTestLog(join(dir, 'log'), signer)
  const keys = createFileKeyStore(createFsStore(join(dir, 'private')))
  const app = createApp({
    lexicon: await testLexiconProvider(),
    usage: await testUsageProvider(),
    consensus: { log: options.logProvider ?? createLogProvider(async () => log), keys },
  })
  const server = await startServer(app)
  async function keyWith(record: { datasets: string[]; active?: boolean; expiresAt?: number }) {
    const secret = generateSecret()
    await keys.put({
      digest: await secretDigest(secret),
      active: record.active ?? true,
      expiresAt: record.expiresAt ?? Date.now() + 3_600_000,
      datasets: record.datasets,
    })
    return `Bearer ${secret}`
  }
  return {
    ...server,
    log,
    signer,
    dir,
    keyWith,
    contributor: () => keyWith({ datasets: ['observations'] }),
    post: (path, body, headers = {}) =>
      fetch(server.url + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async close() {
      await server.close()
      await log.close()
    },
  }
}

export { observation } from '../helpers/observation'
