/**
 * Instances sharing a data directory and no configured cursor secret make one between them: two instances
 * answering their first page at the same moment each accept the other's cursor, trial after trial.
 */
import assert from 'node:assert/strict'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createFileKeyStore } from '../../src/auth/fs-key-store'
import { buildDatasetRelease } from '../../src/datasets/build'
import { CURSOR_SECRET_FILE } from '../../src/datasets/cursor'
import { PageSchema } from '../../src/datasets/schemas'
import { createDatasetService } from '../../src/datasets/service'
import { publishRelease, type DatasetStores } from '../../src/datasets/storage'
import { createFsStore } from '../../src/storage/fs-store'
import { startDatasetServer, syntheticInput, tempStores } from '../helpers/datasets'
import type { TestServer } from '../helpers/server'

const TRIALS = 20

describe('the generated cursor secret', () => {
  let dir: string
  before(async () => {
    const stores = await tempStores()
    dir = stores.dir
    await publishRelease(stores, await buildDatasetRelease(syntheticInput('literary-context', 5)))
  })
  after(() => rm(dir, { recursive: true, force: true }))

  /** An instance of its own (stores, service and server) over the shared data directory. */
  async function instance(): Promise<TestServer> {
    const stores: DatasetStores = {
      public: createFsStore(join(dir, 'public')),
      private: createFsStore(join(dir, 'private')),
    }
    const service = createDatasetService({ stores, keys: createFileKeyStore(stores.private) })
    return startDatasetServer(service, stores)
  }

  const page = async (server: TestServer, cursor?: string) => {
    const query = new URLSearchParams({ limit: '1', ...(cursor && { cursor }) })
    const res = await fetch(`${server.url}/api/datasets/literary-context/records?${query}`)
    return { status: res.status, body: res.ok ? PageSchema.parse(await res.json()) : await res.text() }
  }

  it(`is one per data directory when two instances race to make it (${TRIALS} trials)`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      await rm(join(dir, 'private', CURSOR_SECRET_FILE), { force: true })
      const servers = await Promise.all([instance(), instance()])
      try {
        const firstPages = await Promise.all(servers.map((server) => page(server)))
        const cursors = firstPages.map((answer) => {
          assert.equal(answer.status, 200, JSON.stringify(answer.body))
          const next = (answer.body as { nextCursor: string | null }).nextCursor
          assert.ok(next)
          return next
        })
        const [first, second] = servers as [TestServer, TestServer]
        const crossed = await Promise.all([page(first, cursors[1]), page(second, cursors[0])])
        for (const answer of crossed) assert.equal(answer.status, 200, `trial ${trial}: ${answer.body}`)
      } finally {
        await Promise.all(servers.map((server) => server.close()))
      }
    }
  })
})
