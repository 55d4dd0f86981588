import assert from 'node:assert/strict'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { ErrorSchema } from '../../src/http/errors'
import { createFsStore } from '../../src/storage/fs-store'
import { buildUsageRelease } from '../../src/usage/build'
import { readAuthoredUsage } from '../../src/usage/build-node'
import {
  createUsageProvider,
  publishUsage,
  USAGE_MANIFEST_PATH,
  usageReleaseFiles,
} from '../../src/usage/release'
import {
  USAGE_CHANNELS,
  UsageContrastListSchema,
  UsageManifestSchema,
  UsageSceneListSchema,
  UsageSceneResultSchema,
  type UsageManifest,
} from '../../src/usage/schemas'
import { testLexicon, testLexiconProvider } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'
import { publishedUsageStore } from '../helpers/usage'

const ROUTES = ['/api/usage', '/api/usage/scenes', '/api/usage/contrasts', '/api/usage/scenes/running-late']

async function startUsageServer(): Promise<{ server: TestServer; dir: string; manifest: UsageManifest }> {
  const { dir, store } = await publishedUsageStore()
  const usage = createUsageProvider(store)
  const server = await startServer(createApp({ lexicon: await testLexiconProvider(), usage }))
  const manifest = UsageManifestSchema.parse(
    JSON.parse(await readFile(join(dir, USAGE_MANIFEST_PATH), 'utf8')),
  )
  return { server, dir, manifest }
}

async function expectError(res: Response, status: number, code: string) {
  assert.equal(res.status, status, `${res.url} → ${res.status}`)
  assert.equal(res.headers.get('cache-control'), 'no-store')
  const body = ErrorSchema.parse(await res.json())
  assert.equal(body.code, code)
  return body
}

describe('usage routes', () => {
  let server: TestServer
  let dir: string
  let manifest: UsageManifest
  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init)

  before(async () => ({ server, dir, manifest } = await startUsageServer()))
  after(async () => {
    await server.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('serves the manifest with coverage, limitations, source and file hashes, cacheable for a short time', async () => {
    const res = await get('/api/usage', { headers: { Origin: 'https://learn.example' } })
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('cache-control'), 'public, max-age=300')
    assert.equal(res.headers.get('access-control-allow-origin'), '*')
    const body = UsageManifestSchema.parse(await res.json())
    assert.deepEqual(body, manifest)
    assert.match(body.version, /^[a-f0-9]{64}$/)
    assert.equal(body.status, 'editorial-preview')
    assert.equal(body.coverage.contrasts.total, 36)
    assert.ok(body.coverage.scenes.total >= 32)
    assert.deepEqual(
      body.files.map((f) => f.path),
      ['scenes.json', 'contrasts.json', 'usage-index.json', 'block-hashes.bin'],
    )
  })

  it('accepts the exact current version on every route', async () => {
    for (const path of ROUTES) {
      const res = await get(`${path}?version=${manifest.version}`)
      assert.equal(res.status, 200, path)
    }
  })

  it('answers 409 with a hint to restart from the manifest for any other version', async () => {
    const v = manifest.version
    const others = [
      `${v.slice(0, 63)}${v.endsWith('0') ? '1' : '0'}`,
      v.slice(0, 63),
      `${v}0`,
      v.toUpperCase(),
      '',
      'latest',
    ]
    for (const path of ROUTES) {
      for (const other of others) {
        const body = await expectError(await get(`${path}?version=${other}`), 409, 'version_not_current')
        assert.match(body.hint ?? '', new RegExp(`Restart from GET /api/usage \\(current version ${v}\\)`))
      }
    }
  })

  for (const kind of ['scenes', 'contrasts'] as const) {
    const schema = kind === 'scenes' ? UsageSceneListSchema : UsageContrastListSchema

    it(`lists every ${kind} in id order, with release, status and source`, async () => {
      const res = await get(`/api/usage/${kind}`)
      assert.equal(res.status, 200)
      assert.equal(res.headers.get('cache-control'), 'public, max-age=300')
      const body = schema.parse(await res.json())
      assert.equal(body.release, manifest.version)
      assert.equal(body.status, 'editorial-preview')
      assert.deepEqual(body.source, manifest.source)
      assert.equal(body.count, manifest.coverage[kind].total)
      assert.equal(body.records.length, body.count)
      const ids = body.records.map((r) => r.id)
      assert.deepEqual(ids, [...ids].sort())
    })

    it(`filters ${kind} by each of the four channels`, async () => {
      for (const channel of USAGE_CHANNELS) {
        const body = schema.parse(await (await get(`/api/usage/${kind}?channel=${channel}`)).json())
        assert.equal(body.count, manifest.coverage[kind].byChannel[channel], channel)
        assert.ok(body.count > 0)
        assert.ok(body.records.every((r) => r.channel === channel))
      }
    })

    it(`answers 400 naming the field for a channel outside the four on ${kind}`, async () => {
      for (const channel of ['Caption', 'captions', 'messag', '', 'email']) {
        const body = await expectError(
          await get(`/api/usage/${kind}?channel=${channel}`),
          400,
          'invalid_request',
        )
        assert.equal(body.details?.[0]?.path, 'channel')
        assert.match(body.details?.[0]?.message ?? '', /caption, message, claim, community/)
      }
    })
  }

  it('serves every listed scene by id, the same as in the list', async () => {
    const list = UsageSceneListSchema.parse(await (await get('/api/usage/scenes')).json())
    for (const scene of list.records) {
      const res = await get(`/api/usage/scenes/${scene.id}`)
      assert.equal(res.status, 200, scene.id)
      const body = UsageSceneResultSchema.parse(await res.json())
      assert.deepEqual(body, {
        release: manifest.version,
        status: 'editorial-preview',
        source: manifest.source,
        scene,
      })
    }
  })

  it('answers 404 for a well-formed id that names no scene, at the shortest and a long length', async () => {
    for (const id of ['a', 'imply-infer', 'running-late-again', 'a-'.repeat(200) + 'z']) {
      const body = await expectError(await get(`/api/usage/scenes/${id}`), 404, 'scene_not_found')
      assert.match(body.hint ?? '', /GET \/api\/usage\/scenes/)
    }
  })

  it('answers 400 for an id that does not match ^[a-z]+(?:-[a-z]+)*$', async () => {
    for (const id of [
      'A',
      'Running-late',
      'running_late',
      'running--late',
      '-running',
      'running-',
      'late1',
      'r%C3%A9',
      '%20a',
    ]) {
      const body = await expectError(await get(`/api/usage/scenes/${id}`), 400, 'invalid_request')
      assert.equal(body.details?.[0]?.path, 'id', id)
    }
  })

  it('checks the id before the version, and the version before looking the scene up', async () => {
    await expectError(await get('/api/usage/scenes/Bad?version=old'), 400, 'invalid_request')
    await expectError(await get('/api/usage/scenes/no-such-scene?version=old'), 409, 'version_not_current')
    await expectError(
      await get('/api/usage/scenes/no-such-scene?channel=nope&version=old'),
      409,
      'version_not_current',
    )
    await expectError(await get('/api/usage/scenes?channel=nope&version=old'), 400, 'invalid_request')
  })

  it('answers HEAD like GET with no body, for successes and errors', async () => {
    const paths = [...ROUTES, '/api/usage/scenes?channel=x', '/api/usage/scenes/nope', '/api/usage?version=x']
    for (const path of paths) {
      const getRes = await get(path)
      const length = (await getRes.arrayBuffer()).byteLength
      const head = await get(path, { method: 'HEAD' })
      assert.equal(head.status, getRes.status, path)
      assert.equal((await head.arrayBuffer()).byteLength, 0)
      assert.equal(head.headers.get('content-length'), String(length), path)
      for (const name of ['content-type', 'cache-control']) {
        assert.equal(head.headers.get(name), getRes.headers.get(name), `${path} ${name}`)
      }
    }
  })

  it('allows cross-origin reads without a key and answers 405 to other methods', async () => {
    const preflight = await get('/api/usage/scenes', {
      method: 'OPTIONS',
      headers: { Origin: 'https://learn.example', 'Access-Control-Request-Method': 'GET' },
    })
    assert.equal(preflight.status, 204)
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*')
    const post = await get('/api/usage/scenes', { method: 'POST' })
    await expectError(post, 405, 'method_not_allowed')
    assert.equal(post.headers.get('allow'), 'GET, HEAD')
  })

  it('describes the routes and the usage shapes in the OpenAPI document', async () => {
    const doc = (await (await get('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
      components: { schemas: Record<string, unknown> }
    }
    const expected: Record<string, string[]> = {
      '/api/usage': ['200', '409', '503'],
      '/api/usage/scenes': ['200', '400', '409', '503'],
      '/api/usage/contrasts': ['200', '400', '409', '503'],
      '/api/usage/scenes/{id}': ['200', '400', '404', '409', '503'],
    }
    for (const [path, statuses] of Object.entries(expected)) {
      assert.deepEqual(Object.keys(doc.paths[path]?.get?.responses ?? {}).sort(), statuses, path)
    }
    for (const name of ['UsageSource', 'UsageScene', 'UsageContrast', 'UsageManifest', 'UsageHighlight']) {
      assert.ok(doc.components.schemas[name], name)
    }
  })
})

describe('usage routes as the published release changes', () => {
  let server: TestServer
  let dir: string
  let manifest: UsageManifest
  const get = (path: string) => fetch(`${server.url}${path}`)

  before(async () => ({ server, dir, manifest } = await startUsageServer()))
  after(async () => {
    await server.close()
    await rm(dir, { recursive: true, force: true })
  })

  async function expectAllUnavailable(detail?: { path: string; message: string }) {
    for (const path of [...ROUTES, `/api/usage?version=${manifest.version}`]) {
      const res = await get(path)
      const body = await expectError(res, 503, 'usage_unavailable')
      assert.equal(res.headers.get('retry-after'), '30')
      if (detail) assert.deepEqual(body.details, [detail])
    }
    const ready = await get('/readyz')
    assert.equal(ready.status, 503)
    const checks = ((await ready.json()) as { checks: { name: string; ready: boolean }[] }).checks
    assert.equal(checks.find((c) => c.name === 'usage')?.ready, false)
  }

  async function expectAllServed() {
    for (const path of ROUTES) assert.equal((await get(path)).status, 200, path)
    assert.equal((await get('/readyz')).status, 200)
  }

  it('answers 503 when a file is corrupted after start (same length, other bytes), and recovers when restored', async () => {
    await expectAllServed()
    const file = usageReleaseFiles(manifest).find((f) => f.path.endsWith('scenes.json'))
    const path = join(dir, file?.path ?? '')
    const original = await readFile(path)
    const corrupt = Buffer.from(original)
    corrupt[10] = corrupt[10] === 0x61 ? 0x62 : 0x61
    await writeFile(path, corrupt)
    await expectAllUnavailable({ path: 'scenes.json', message: 'hash-mismatch' })
    await writeFile(path, original)
    await expectAllServed()
  })

  it('answers 503 when a file is truncated or missing', async () => {
    const file = usageReleaseFiles(manifest).find((f) => f.path.endsWith('contrasts.json'))
    const path = join(dir, file?.path ?? '')
    const original = await readFile(path)
    await writeFile(path, original.subarray(0, original.byteLength - 1))
    await expectAllUnavailable({ path: 'contrasts.json', message: 'length-mismatch' })
    await rm(path)
    await expectAllUnavailable({ path: 'contrasts.json', message: 'missing' })
    await writeFile(path, original)
    await expectAllServed()
  })

  it('serves a newly published release in place of the old one, and answers 409 to the old version', async () => {
    const content = await readAuthoredUsage()
    content.release.text = content.release.text.replace(
      'title: lexicon-service authored usage',
      'title: Second printing',
    )
    const next = await buildUsageRelease(content, await testLexicon())
    assert.notEqual(next.manifest.version, manifest.version)
    await publishUsage(createFsStore(dir), next)
    const served = UsageManifestSchema.parse(await (await get('/api/usage')).json())
    assert.equal(served.version, next.manifest.version)
    assert.equal(served.source.title, 'Second printing')
    await expectError(await get(`/api/usage/scenes?version=${manifest.version}`), 409, 'version_not_current')
    assert.equal((await get(`/api/usage/scenes?version=${next.manifest.version}`)).status, 200)
  })

  it('answers 503 when the manifest is missing or unreadable', async () => {
    const path = join(dir, USAGE_MANIFEST_PATH)
    const original = await readFile(path)
    await rm(path)
    await expectAllUnavailable()
    await writeFile(path, '{"version": ')
    await expectAllUnavailable()
    await writeFile(path, original)
    await expectAllServed()
  })
})
