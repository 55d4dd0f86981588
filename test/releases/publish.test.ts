/**
 * `npm run cli -- publish KIND` for every kind of release, from the releases built in ./data: into another
 * data directory (byte for byte, files before the pointer) and into R2 through `wrangler r2 object put`
 * (a stand-in that records each call, whose objects are then put into a Miniflare R2 bucket, where the
 * service's own providers find the release current and intact).
 */
import assert from 'node:assert/strict'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Miniflare } from 'miniflare'
import { loadConfig } from '../../src/config'
import { createDatasetReleases } from '../../src/datasets/releases'
import { ensureReleases } from '../../src/releases/ensure-releases'
import { RELEASE_KINDS, releaseKind, type ReleaseKind } from '../../src/releases/kinds'
import { privateRoot, publicRoot } from '../../src/storage/data-roots'
import { createR2Store, type R2BucketLike } from '../../src/storage/r2-store'
import { createUsageProvider } from '../../src/usage/release'
import { runCli } from '../helpers/cli'

const cli = runCli

/** The folder of a kind's releases in its storage root. */
const folderOf = (kind: ReleaseKind) => (kind === 'lexicon' || kind === 'usage' ? kind : `datasets/${kind}`)

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort()
}

describe('publish KIND', () => {
  const config = loadConfig({})
  let dir: string

  before(async () => {
    await ensureReleases(config)
    dir = await mkdtemp(join(tmpdir(), 'publish-kind-'))
  })
  after(() => rm(dir, { recursive: true, force: true }))

  it('copies the current release of every kind into another data directory, byte for byte', async () => {
    const target = join(dir, 'copy')
    for (const kind of RELEASE_KINDS) {
      const result = await cli(['publish', kind, '--to-data-dir', target])
      assert.equal(result.code, 0, result.stderr)
      assert.match(result.stdout, new RegExp(`^published ${kind} release [a-f0-9]{64} to `))
      const root = releaseKind(kind).root === 'private' ? privateRoot : publicRoot
      const from = join(root(config), folderOf(kind))
      const to = join(root(loadConfig({ DATA_DIR: target })), folderOf(kind))
      const published = (await filesUnder(from)).filter((path) => path !== 'built-from.json')
      assert.deepEqual(await filesUnder(to), published, kind)
      for (const path of published) {
        assert.ok((await readFile(join(from, path))).equals(await readFile(join(to, path))), path)
      }
    }
  })

  it('refuses a damaged release and a wrong command line, writing nothing', async () => {
    const source = join(dir, 'damaged')
    assert.equal((await cli(['publish', 'usage', '--to-data-dir', source])).code, 0)
    const manifest = JSON.parse(await readFile(join(source, 'public/usage/current.json'), 'utf8')) as {
      version: string
    }
    await writeFile(join(source, 'public/usage/releases', manifest.version, 'scenes.json'), '[]')
    const target = join(dir, 'nothing')
    const damaged = await cli(['publish', 'usage', '--data-dir', source, '--to-data-dir', target])
    assert.equal(damaged.code, 1)
    assert.match(damaged.stderr, /scenes\.json is length-mismatch/)
    assert.deepEqual(await filesUnder(target), [])
    assert.equal((await cli(['publish', 'usage'])).code, 2)
    assert.equal((await cli(['publish', 'lexicon', '--to', 'r2'])).code, 2)
    assert.equal((await cli(['publish', 'lexicon', '--to', 's3', '--bucket', 'b'])).code, 2)
  })

  it('`--to r2` uploads through wrangler in order, and the service finds each release intact in R2', async () => {
    const calls = join(dir, 'calls.jsonl')
    const objects = join(dir, 'objects')
    const fake = join(dir, 'fake-wrangler.mjs')
    // The stand-in of Cloudflare's account: it keeps each object's bytes under its call's number.
    await writeFile(
      fake,
      `import { appendFileSync, copyFileSync, mkdirSync, readFileSync } from 'node:fs'
const args = process.argv.slice(2)
mkdirSync(${JSON.stringify(objects)}, { recursive: true })
const n = readFileSync(${JSON.stringify(calls)}, { flag: 'a+' }).toString().split('\\n').length - 1
copyFileSync(args[args.indexOf('--file') + 1], ${JSON.stringify(objects)} + '/' + n)
appendFileSync(${JSON.stringify(calls)}, JSON.stringify(args) + '\\n')
`,
    )
    const env = { WRANGLER: `${process.execPath} ${fake}` }
    const mf = new Miniflare({
      modules: true,
      script: 'export default { fetch: () => new Response(null, { status: 404 }) }',
      compatibilityDate: '2026-04-26',
      r2Buckets: ['PUBLIC_RELEASES', 'PRIVATE_RELEASES'],
    })
    try {
      const bucket = async (name: string) => (await mf.getR2Bucket(name)) as unknown as R2BucketLike
      const stores = {
        public: createR2Store(await bucket('PUBLIC_RELEASES')),
        private: createR2Store(await bucket('PRIVATE_RELEASES')),
      }
      for (const kind of RELEASE_KINDS) {
        const { root } = releaseKind(kind)
        const name = root === 'private' ? 'lexicon-service-private' : 'lexicon-service-public'
        const before = (await readFile(calls, 'utf8').catch(() => '')).split('\n').length - 1
        const result = await cli(['publish', kind, '--to', 'r2', '--bucket', name], env)
        assert.equal(result.code, 0, result.stderr)
        const recorded = (await readFile(calls, 'utf8'))
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as string[])
          .slice(before)
        const keys = recorded.map((args) => (args[3] as string).replace(`${name}/`, ''))
        assert.ok(recorded.every((args) => args[0] === 'r2' && args.includes('--remote')))
        // Every file of the release, then (for a dataset) its manifest, then the pointer.
        const pointer = `${folderOf(kind)}/current.json`
        assert.equal(keys.at(-1), pointer)
        assert.equal(new Set(keys).size, keys.length)
        const local = root === 'private' ? privateRoot(config) : publicRoot(config)
        const expected = (await filesUnder(join(local, folderOf(kind))))
          .filter((path) => path !== 'built-from.json')
          .map((path) => `${folderOf(kind)}/${path}`)
        assert.deepEqual([...keys].sort(), expected)
        if (kind === 'lexicon') {
          for (const [i, key] of keys.entries()) {
            const sent = await readFile(join(objects, String(before + i)))
            assert.ok(sent.equals(await readFile(join(local, key))), key)
          }
          continue
        }
        for (const [i, key] of keys.entries()) {
          await stores[root].write(key, new Uint8Array(await readFile(join(objects, String(before + i)))))
        }
      }
      const usage = await createUsageProvider(stores.public).current()
      assert.equal(usage.status, 'ready')
      const datasets = createDatasetReleases(stores)
      for (const kind of RELEASE_KINDS) {
        if (kind === 'lexicon' || kind === 'usage') continue
        const state = await datasets.current(kind)
        assert.equal(state.status, 'ready', kind)
      }
    } finally {
      await mf.dispose()
    }
  })
})
