/**
 * The Node service behind its answer cache, over real releases (the lexicon, the usage release and a
 * dataset): after one byte of any file a release lists changes in place, same length, with its timestamps
 * put back or not, no request gets a 200, whether its answer was stored a moment before or not; the errors
 * are the contract's 503, never stored; once the byte is put back, answers are 200 again.
 */
import assert from 'node:assert/strict'
import { cp, open, rm, stat, utimes } from 'node:fs/promises'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createApp, type AppDeps } from '../../src/app'
import { loadConfig } from '../../src/config'
import { buildDatasetRelease } from '../../src/datasets/build'
import { publishRelease } from '../../src/datasets/storage'
import { createLexiconProvider, LEXICON_MANIFEST_PATH } from '../../src/lexicon/release'
import { serveNodeApp } from '../../src/node'
import { LEXICON_COMPANIONS } from '../../src/releases/lexicon-release'
import { createFsStore } from '../../src/storage/fs-store'
import { createUsageProvider, USAGE_MANIFEST_PATH } from '../../src/usage/release'
import { syntheticInput, tempStores, testService } from '../helpers/datasets'
import { dataRoot, testLexicon } from '../helpers/lexicon'

type Release = { name: string; manifest: string; folder: (m: Manifest) => string; paths: string[] }
type Manifest = {
  release?: string
  version?: string
  files: Array<{ path: string }>
}

const RELEASES: Release[] = [
  {
    name: 'lexicon',
    manifest: LEXICON_MANIFEST_PATH,
    folder: (m) => `lexicon/releases/${m.release}`,
    paths: ['/api/lexicon/words/dog', '/api/lexicon/words?prefix=do', '/api/lexicon'],
  },
  {
    name: 'usage',
    manifest: USAGE_MANIFEST_PATH,
    folder: (m) => `usage/releases/${m.version}`,
    paths: ['/api/usage', '/api/usage/scenes', '/api/usage/contrasts'],
  },
  {
    name: 'literary-context',
    manifest: '',
    folder: (m) => `datasets/literary-context/releases/${m.version}`,
    paths: [
      '/api/datasets/literary-context',
      '/api/datasets/literary-context/records?limit=2',
      '/api/datasets/literary-context/records/rec-1',
    ],
  },
]

describe('damaged release files behind the Node answer cache', () => {
  let dir: string
  let root: string
  let server: Server
  let url: string

  before(async () => {
    await testLexicon()
    const stores = await tempStores()
    dir = stores.dir
    root = join(dir, 'public')
    await publishRelease(stores, await buildDatasetRelease(syntheticInput('literary-context', 7)))
    for (const kind of ['lexicon', 'usage']) {
      await cp(join(dataRoot, kind), join(root, kind), { recursive: true })
    }
    const store = createFsStore(root)
    const deps: AppDeps = {
      lexicon: createLexiconProvider(store, { companions: LEXICON_COMPANIONS }),
      usage: createUsageProvider(store),
      datasets: testService(stores),
    }
    const config = { ...loadConfig({}), HOST: '127.0.0.1', PORT: 0, RESPONSE_CACHE_MB: 8 }
    const served = await serveNodeApp(createApp(deps), deps, config)
    server = served.server
    url = `http://127.0.0.1:${served.address.port}`
  })
  after(async () => {
    await new Promise<void>((done) => server.close(() => done()))
    await rm(dir, { recursive: true, force: true })
  })

  async function manifestOf(release: Release): Promise<Manifest> {
    const path =
      release.manifest ||
      (await (async () => {
        const { version } = (await readJson(join(root, 'datasets/literary-context/current.json'))) as {
          version: string
        }
        return `datasets/literary-context/releases/${version}/manifest.json`
      })())
    return (await readJson(join(root, path))) as Manifest
  }

  /** Each path asked twice, from the cache and past it: every status seen. */
  async function statuses(paths: readonly string[]): Promise<Array<{ path: string; status: number }>> {
    const seen: Array<{ path: string; status: number }> = []
    for (const path of paths) {
      const asked: Array<Record<string, string>> = [{}, {}, { 'Cache-Control': 'no-cache' }]
      for (const headers of asked) {
        const res = await fetch(url + path, { headers })
        await res.arrayBuffer()
        seen.push({ path, status: res.status })
        if (res.status !== 200) assert.equal(res.headers.get('cache-control'), 'no-store', path)
      }
    }
    return seen
  }

  for (const release of RELEASES) {
    for (const restoreTimes of [false, true]) {
      it(`${release.name}: a byte changed in any file it lists gives no 200, cached or not (timestamps ${restoreTimes ? 'put back' : 'left'})`, async () => {
        const manifest = await manifestOf(release)
        for (const file of manifest.files) {
          const path = join(root, release.folder(manifest), file.path)
          // Stored answers first: each path answered, and answered again from memory.
          assert.ok(
            (await statuses(release.paths)).every((s) => s.status === 200),
            file.path,
          )
          const before = await stat(path)
          const at = Math.floor(before.size / 2)
          const original = await writeByte(path, at, (byte) => byte ^ 0x01)
          if (restoreTimes) await utimes(path, before.atime, before.mtime)
          const damaged = await statuses(release.paths)
          assert.deepEqual(
            damaged.filter((s) => s.status === 200),
            [],
            `${file.path}: ${JSON.stringify(damaged)}`,
          )
          assert.ok(
            damaged.every((s) => s.status === 503),
            `${file.path}: ${JSON.stringify(damaged)}`,
          )
          await writeByte(path, at, () => original)
          if (restoreTimes) await utimes(path, before.atime, before.mtime)
          assert.ok(
            (await statuses(release.paths)).every((s) => s.status === 200),
            `${file.path} mended`,
          )
        }
      })
    }
  }
})

async function readJson(path: string): Promise<unknown> {
  const handle = await open(path, 'r')
  try {
    return JSON.parse(await handle.readFile('utf8')) as unknown
  } finally {
    await handle.close()
  }
}

/** Rewrites one byte of a file in place (same inode, same length); the byte that was there. */
async function writeByte(path: string, at: number, next: (byte: number) => number): Promise<number> {
  const handle = await open(path, 'r+')
  try {
    const one = new Uint8Array(1)
    await handle.read(one, 0, 1, at)
    const original = one[0] as number
    one[0] = next(original)
    await handle.write(one, 0, 1, at)
    return original
  } finally {
    await handle.close()
  }
}
