import assert from 'node:assert/strict'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { ErrorSchema } from '../../src/http/errors'
import {
  createLexiconProvider,
  LEXICON_MANIFEST_PATH,
  loadLexicon,
  verifyLexiconRelease,
} from '../../src/lexicon/release'
import type { LexiconManifest } from '../../src/lexicon/schemas'
import { compileLexiconRelease } from '../../src/releases/lexicon-build'
import { LEXICON_COMPANIONS, releaseModels } from '../../src/releases/lexicon-release'
import { createFsStore } from '../../src/storage/fs-store'
import { dataRoot, testLexicon } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'

describe('lexicon release', () => {
  it('compiles deterministically: same input, byte-identical files and the same release id', async () => {
    const built = (await testLexicon()).manifest
    const again = await compileLexiconRelease()
    assert.equal(again.manifest.release, built.release)
    assert.match(again.manifest.release, /^[a-f0-9]{64}$/)
    for (const file of again.files) {
      const onDisk = await readFile(join(dataRoot, 'lexicon/releases', built.release, file.path))
      assert.ok(Buffer.from(file.bytes).equals(onDisk), file.path)
    }
    assert.deepEqual(again.manifest, built)
  })

  describe('integrity on the wire', () => {
    let dir: string
    let server: TestServer
    let manifest: LexiconManifest
    const tablesPath = () => join(dir, 'lexicon/releases', manifest.release, 'tables.bin')

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'lexicon-integrity-'))
      await cp(join(dataRoot, 'lexicon'), join(dir, 'lexicon'), { recursive: true })
      manifest = JSON.parse(await readFile(join(dir, LEXICON_MANIFEST_PATH), 'utf8')) as LexiconManifest
      const provider = createLexiconProvider(createFsStore(dir), { companions: LEXICON_COMPANIONS })
      server = await startServer(createApp({ lexicon: provider, usage: await testUsageProvider() }))
    })
    after(async () => {
      await server.close()
      await rm(dir, { recursive: true, force: true })
    })

    async function expect503(path: string): Promise<void> {
      const res = await fetch(server.url + path)
      assert.equal(res.status, 503, path)
      const body = ErrorSchema.parse(await res.json())
      assert.equal(body.code, 'lexicon_unavailable')
      assert.equal(res.headers.get('cache-control'), 'no-store')
    }

    it('serves, then answers 503 on every lexicon route and readyz when a file changes on disk', async () => {
      assert.equal((await fetch(`${server.url}/api/lexicon/words/dog`)).status, 200)
      const original = await readFile(tablesPath())
      const corrupt = Buffer.from(original)
      corrupt[1000] = corrupt[1000] === 0x61 ? 0x62 : 0x61
      await writeFile(tablesPath(), corrupt)
      for (const path of ['/api/lexicon', '/api/lexicon/words?prefix=do', '/api/lexicon/words/dog']) {
        await expect503(path)
      }
      assert.equal((await fetch(`${server.url}/readyz`)).status, 503)
      await writeFile(tablesPath(), original)
      assert.equal((await fetch(`${server.url}/api/lexicon/words/dog`)).status, 200)
      assert.equal((await fetch(`${server.url}/readyz`)).status, 200)
    })

    it('answers 503 when a file or the manifest is missing', async () => {
      const original = await readFile(tablesPath())
      await rm(tablesPath())
      await expect503('/api/lexicon/words/dog')
      await writeFile(tablesPath(), original)
      const manifestBytes = await readFile(join(dir, LEXICON_MANIFEST_PATH))
      await rm(join(dir, LEXICON_MANIFEST_PATH))
      await expect503('/api/lexicon')
      await writeFile(join(dir, LEXICON_MANIFEST_PATH), manifestBytes)
      assert.equal((await fetch(`${server.url}/api/lexicon`)).status, 200)
    })

    it('finds a release that names another meaning-in-context model stale, so it is rebuilt', async () => {
      const other = await mkdtemp(join(tmpdir(), 'lexicon-model-'))
      try {
        await cp(join(dir, 'lexicon'), join(other, 'lexicon'), { recursive: true })
        const store = createFsStore(other)
        assert.deepEqual(await verifyLexiconRelease(store, { hashes: false, models: releaseModels() }), {
          release: manifest.release,
        })
        const stale = { ...manifest, models: manifest.models.map((m) => ({ ...m, version: '0'.repeat(64) })) }
        await writeFile(join(other, LEXICON_MANIFEST_PATH), JSON.stringify(stale))
        assert.deepEqual(await verifyLexiconRelease(store, { hashes: false, models: releaseModels() }), {
          problem: 'release names other learned models than this service serves',
        })
      } finally {
        await rm(other, { recursive: true, force: true })
      }
    })

    for (const [file, name] of [
      ['semcor-wsd.bin', 'meaning model file'],
      ['gloss-frequency.bin', 'gloss frequency file'],
      ['register.json', 'register file'],
      ['english-words.txt', 'English word list'],
      ['spelling-index.bin', 'spelling index'],
      ['pronunciations.bin', 'pronunciation file'],
      ['word-finder.bin', 'word finder file'],
    ] as const) {
      it(`refuses to load a release whose ${name} has one byte changed`, async () => {
        const other = await mkdtemp(join(tmpdir(), 'lexicon-model-byte-'))
        try {
          await cp(join(dir, 'lexicon'), join(other, 'lexicon'), { recursive: true })
          const path = join(other, 'lexicon/releases', manifest.release, file)
          const bytes = await readFile(path)
          bytes.writeUInt8(bytes.readUInt8(bytes.byteLength - 10) ^ 1, bytes.byteLength - 10)
          await writeFile(path, bytes)
          const state = await loadLexicon(createFsStore(other), LEXICON_COMPANIONS)
          assert.equal(state.status, 'unavailable')
          assert.deepEqual(state.status === 'unavailable' && state.problems, [
            { path: `lexicon/releases/${manifest.release}/${file}`, problem: 'hash-mismatch' },
          ])
        } finally {
          await rm(other, { recursive: true, force: true })
        }
      })
    }

    it('refuses to load a release whose file is truncated', async () => {
      const other = await mkdtemp(join(tmpdir(), 'lexicon-truncated-'))
      try {
        await cp(join(dir, 'lexicon'), join(other, 'lexicon'), { recursive: true })
        const path = join(other, 'lexicon/releases', manifest.release, 'strings.bin')
        await writeFile(path, (await readFile(path)).subarray(0, 1000))
        const state = await createLexiconProvider(createFsStore(other), {
          companions: LEXICON_COMPANIONS,
        }).current()
        assert.equal(state.status, 'unavailable')
        assert.deepEqual(state.status === 'unavailable' && state.problems, [
          { path: `lexicon/releases/${manifest.release}/strings.bin`, problem: 'length-mismatch' },
        ])
      } finally {
        await rm(other, { recursive: true, force: true })
      }
    })
  })
})
