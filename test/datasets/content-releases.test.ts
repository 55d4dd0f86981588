import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { loadConfig } from '../../src/config'
import { buildDatasetRelease } from '../../src/datasets/build'
import { DATASET_NAMES } from '../../src/datasets/release-input'
import { ensureDatasetReleases, type EnsureDatasetsOptions } from '../../src/releases/datasets/ensure-node'
import { buildObservedLanguage } from '../../src/releases/datasets/observed-language/build'
import { loadObservedLanguageSources } from '../../src/releases/datasets/observed-language/node'
import { readPointer, releaseFilePath, revokeCurrentRelease, storeFor } from '../../src/datasets/storage'
import { createFsStore } from '../../src/storage/fs-store'
import { createNodeApp } from '../../src/node'
import { tempDir } from '../helpers/datasets'
import { testLexicon } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'

/** Runs the operator CLI as a subprocess, as an operator would. */
function cli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
    )
  })
}

describe('content releases built, kept and served from DATA_DIR', () => {
  let dataDir: string
  let server: TestServer
  let secret = ''
  const stores = () => ({
    public: createFsStore(join(dataDir, 'public')),
    private: createFsStore(join(dataDir, 'private')),
  })
  const lines: string[] = []
  const options = async (): Promise<EnsureDatasetsOptions> => {
    const lexicon = await testLexicon()
    return {
      lexiconRelease: lexicon.manifest.release,
      lexicon: async () => lexicon,
      log: (line) => lines.push(line),
    }
  }

  before(async () => {
    dataDir = join(await tempDir('content-'), 'data')
    const report = await ensureDatasetReleases(stores(), await options())
    assert.deepEqual(report, { built: [...DATASET_NAMES], failed: [] }, lines.join('\n'))
    server = await startServer(createNodeApp(loadConfig({ DATA_DIR: dataDir })))
  })
  after(() => server?.close())

  it('keeps releases that verify and were built from the same sources', async () => {
    assert.deepEqual(await ensureDatasetReleases(stores(), await options()), { built: [], failed: [] })
  })

  it('builds the version a rebuild of the same sources gives', async () => {
    const input = await buildObservedLanguage(loadObservedLanguageSources())
    assert.equal(
      await readPointer(stores().private, 'observed-language'),
      (await buildDatasetRelease(input)).version,
    )
  })

  it('republishes a release whose files fail verification; reruns a pipeline whose sources changed', async () => {
    const s = stores()
    const version = (await readPointer(s.public, 'literary-context')) as string
    await s.public.write(releaseFilePath('literary-context', version, 'records.jsonl'), 'tampered\n')
    await s.public.write('datasets/association-practice/built-from.json', '{"version":"x","inputs":"old"}\n')
    lines.length = 0
    const report = await ensureDatasetReleases(s, await options())
    assert.deepEqual(report, { built: ['literary-context'], failed: [] }, lines.join('\n'))
    assert.equal(await readPointer(s.public, 'literary-context'), version)
    // The same sources give the same version, which is already current: nothing to publish.
    assert.ok(
      lines.some((line) => /^association-practice: release \w{12} \(1050 records\) current/.test(line)),
    )
    assert.deepEqual(await ensureDatasetReleases(s, await options()), { built: [], failed: [] })
  })

  it('serves the three releases: public ones to anyone, the private one to a key made with the CLI', async () => {
    const catalogue = (await (await fetch(`${server.url}/api/datasets`)).json()) as {
      datasets: Array<{ dataset: string; available: boolean }>
    }
    assert.deepEqual(
      catalogue.datasets.map((d) => [d.dataset, d.available]),
      DATASET_NAMES.map((d) => [d, true]),
    )
    for (const [dataset, total] of [
      ['literary-context', 5096],
      ['association-practice', 1050],
    ] as const) {
      const page = (await (await fetch(`${server.url}/api/datasets/${dataset}/records`)).json()) as {
        total: number
        count: number
        records: Array<{ id: string; releaseSource: { dataset: string } }>
      }
      assert.equal(page.total, total)
      assert.equal(page.count, 100)
      assert.equal(page.records[0]?.releaseSource.dataset, dataset)
      const one = await fetch(
        `${server.url}/api/datasets/${dataset}/records/${encodeURIComponent(page.records[0]?.id ?? '')}`,
      )
      assert.equal(one.status, 200)
    }
    const privateRecords = `${server.url}/api/datasets/observed-language/records`
    assert.equal((await fetch(privateRecords)).status, 401)
    const created = JSON.parse(
      await cli(['keys', 'create', '--scopes', 'observed-language', '--json', '--data-dir', dataDir]),
    ) as { secret: string }
    secret = created.secret
    const res = await fetch(privateRecords, { headers: { Authorization: `Bearer ${secret}` } })
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('cache-control'), 'no-store')
    const page = (await res.json()) as { total: number; records: Array<{ claims: unknown[] }> }
    assert.equal(page.total, 110)
    assert.ok(page.records.every((r) => r.claims.length > 0))
  })

  it('never republishes a release the operator withdrew', async () => {
    const s = stores()
    await revokeCurrentRelease(s, 'observed-language')
    lines.length = 0
    assert.deepEqual(await ensureDatasetReleases(s, await options()), { built: [], failed: [] })
    assert.ok(lines.some((line) => line.startsWith('observed-language: withdrawn by the operator')))
    const store = storeFor(s, 'observed-language')
    assert.ok(await readPointer(store, 'observed-language'))
    const res = await fetch(`${server.url}/api/datasets/observed-language`, {
      headers: { Authorization: `Bearer ${secret}` },
    })
    assert.equal(res.status, 503)
  })
})
