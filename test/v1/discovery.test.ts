import assert from 'node:assert/strict'
import { SEMCOR_MODEL_INFO } from '../../src/semantic/meaning/model-info'
import { after, before, describe, it } from 'node:test'
import { BOUNDS } from '../../src/semantic/bounds'
import { CapabilitiesSchema, ReleasesResultSchema } from '../../src/v1/discovery-schemas'
import type { ReleaseSource, V1Extension } from '../../src/v1/releases'
import type { TestServer } from '../helpers/server'
import { buildDatasetRelease } from '../../src/datasets/build'
import { publishRelease } from '../../src/datasets/storage'
import { syntheticInput, tempStores, testService, TEST_TERMS } from '../helpers/datasets'
import { semanticServer, serverWithoutLexicon } from '../semantic/http'

/** Another feature's release, as it would plug in: a record computed when asked. */
const datasetRelease: ReleaseSource = {
  name: 'literary-context',
  describe: async () => ({
    name: 'literary-context',
    kind: 'dataset',
    status: 'available',
    version: 'a'.repeat(64),
    reason: null,
    attribution: { source: 'Public-domain works', license: 'public domain', url: null },
    readBy: ['/v1/predict/consensus'],
  }),
}
const failingRelease: ReleaseSource = {
  name: 'consensus-log',
  describe: async () => {
    throw new Error('log store offline')
  },
}
const extension: V1Extension = {
  routes: [
    {
      method: 'POST',
      path: '/v1/predict/consensus',
      summary: 'Read chain-grounded consensus state.',
      means: ['x'],
      doesNotMean: ['y'],
      bounds: [],
      statuses: [{ status: 200, meaning: 'ok' }],
      authentication: 'none',
      reads: ['consensus-log'],
    },
  ],
  releases: [datasetRelease, failingRelease],
}

describe('GET /v1 and GET /v1/releases', () => {
  let server: TestServer
  let extended: TestServer
  let noLexicon: TestServer
  before(async () => {
    server = await semanticServer()
    extended = await semanticServer({ v1Extensions: [extension] })
    noLexicon = await serverWithoutLexicon()
  })
  after(async () => {
    await server.close()
    await extended.close()
    await noLexicon.close()
  })

  it('describes every semantic route with methods, bounds, statuses, meaning and non-meaning', async () => {
    const res = await fetch(server.url + '/v1')
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('cache-control'), 'public, max-age=300')
    const doc = CapabilitiesSchema.parse(await res.json())
    assert.equal(doc.interfaceVersion, '1.0.0')
    assert.equal(doc.requests.maxBodyBytes, BOUNDS.bodyBytes)
    assert.deepEqual(
      doc.routes.map((r) => `${r.method} ${r.path}`),
      [
        'GET /v1',
        'GET /v1/releases',
        'POST /v1/resolve',
        'POST /v1/compare',
        'POST /v1/illuminate',
        'POST /v1/claims/compare',
        'POST /v1/arguments/analyze',
        'POST /v1/claims/evaluate-evidence',
      ],
    )
    for (const route of doc.routes) {
      assert.ok(route.means.length > 0 && route.doesNotMean.length > 0, route.path)
      if (route.method === 'POST') {
        assert.deepEqual(
          [400, 413, 415].filter((s) => route.statuses.some((x) => x.status === s)),
          [400, 413, 415],
        )
        assert.ok(route.bounds.length > 0)
      }
    }
    assert.equal(doc.releases[0]?.name, 'lexicon')
    assert.match(doc.releases[0]?.version ?? '', /^[a-f0-9]{64}$/)
  })

  it('lists the lexicon and usage releases with their version hashes and attribution', async () => {
    const res = await fetch(server.url + '/v1/releases')
    assert.equal(res.status, 200)
    const { releases } = ReleasesResultSchema.parse(await res.json())
    const lexicon = (await (await fetch(server.url + '/api/lexicon')).json()) as { release: string }
    const usage = (await (await fetch(server.url + '/api/usage')).json()) as { version: string }
    assert.deepEqual(
      releases.map((r) => [r.name, r.status, r.version]),
      [
        ['lexicon', 'available', lexicon.release],
        ['inference-model', 'available', releases[1]?.version],
        ['usage', 'available', usage.version],
        ['semcor-wsd', 'available', SEMCOR_MODEL_INFO.version],
      ],
    )
    assert.match(releases[1]?.version ?? '', /^[0-9a-f]{64}$/)
    assert.equal(releases[1]?.attribution?.license, 'CC BY-NC-SA 3.0')
    assert.match(releases[1]?.attribution?.citation ?? '', /Marelli.*SICK cure/)
    assert.deepEqual(releases[1]?.readBy, ['/v1/claims/compare', '/v1/claims/evaluate-evidence'])
    assert.equal(releases[2]?.attribution?.license, 'CC-BY-4.0')
    assert.match(releases[0]?.attribution?.source ?? '', /WordNet 3\.1/)
    assert.ok(releases[0]?.readBy.includes('/v1/resolve'))
    assert.ok(!releases[0]?.readBy.includes('/v1/arguments/analyze'))
  })

  it('composes routes and releases other features register, reporting a failing source as unavailable', async () => {
    const doc = CapabilitiesSchema.parse(await (await fetch(extended.url + '/v1')).json())
    assert.ok(doc.routes.some((r) => r.path === '/v1/predict/consensus'))
    const { releases } = ReleasesResultSchema.parse(await (await fetch(extended.url + '/v1/releases')).json())
    assert.deepEqual(
      releases.map((r) => [r.name, r.status]),
      [
        ['lexicon', 'available'],
        ['inference-model', 'available'],
        ['usage', 'available'],
        ['literary-context', 'available'],
        ['consensus-log', 'unavailable'],
        ['semcor-wsd', 'available'],
      ],
    )
    assert.match(releases[4]?.reason ?? '', /log store offline/)
  })

  it('lists the public dataset releases when the datasets are served, leaving the private one out', async () => {
    const stores = await tempStores()
    const version = await publishRelease(
      stores,
      await buildDatasetRelease(syntheticInput('literary-context', 6)),
    )
    const withDatasets = await semanticServer({ datasets: testService(stores) })
    try {
      const { releases } = ReleasesResultSchema.parse(
        await (await fetch(withDatasets.url + '/v1/releases')).json(),
      )
      assert.deepEqual(
        releases.map((r) => [r.name, r.kind, r.status, r.version]),
        [
          ['lexicon', 'lexicon', 'available', releases[0]?.version],
          ['inference-model', 'model', 'available', releases[1]?.version],
          ['usage', 'usage', 'available', releases[2]?.version],
          ['literary-context', 'dataset', 'available', version],
          ['association-practice', 'dataset', 'unavailable', null],
          ['semcor-wsd', 'model', 'available', SEMCOR_MODEL_INFO.version],
        ],
      )
      assert.equal(releases[3]?.attribution?.license, TEST_TERMS.license)
      assert.match(releases[4]?.reason ?? '', /^dataset_unavailable/)
    } finally {
      await withDatasets.close()
    }
  })

  it('reports unavailable releases as records with their reasons, still 200', async () => {
    const res = await fetch(noLexicon.url + '/v1/releases')
    assert.equal(res.status, 200)
    const { releases } = ReleasesResultSchema.parse(await res.json())
    assert.deepEqual(
      releases.map((r) => [r.name, r.status, r.version]),
      [
        ['lexicon', 'unavailable', null],
        ['inference-model', 'available', releases[1]?.version],
        ['usage', 'unavailable', null],
        ['semcor-wsd', 'available', SEMCOR_MODEL_INFO.version],
      ],
    )
    assert.match(releases[0]?.reason ?? '', /current\.json is missing/)
  })

  it('answers HEAD like GET, and 405 for other methods', async () => {
    for (const path of ['/v1', '/v1/releases']) {
      const head = await fetch(server.url + path, { method: 'HEAD' })
      assert.equal(head.status, 200)
      assert.equal((await head.arrayBuffer()).byteLength, 0)
      const post = await fetch(server.url + path, { method: 'POST' })
      assert.equal(post.status, 405)
    }
  })

  it('puts every /v1 route and its error statuses in the OpenAPI document', async () => {
    const doc = (await (await fetch(server.url + '/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>
    }
    for (const path of [
      '/v1/resolve',
      '/v1/compare',
      '/v1/illuminate',
      '/v1/claims/compare',
      '/v1/claims/evaluate-evidence',
    ]) {
      const post = doc.paths[path]?.post
      assert.ok(post?.requestBody, path)
      assert.deepEqual(
        Object.keys(post.responses).sort(),
        path.startsWith('/v1/claims')
          ? ['200', '400', '413', '415', '500', '503']
          : ['200', '400', '413', '415', '422', '500', '503'],
        path,
      )
    }
    assert.deepEqual(Object.keys(doc.paths['/v1/arguments/analyze']?.post?.responses ?? {}).sort(), [
      '200',
      '400',
      '413',
      '415',
      '500',
      '503',
    ])
    assert.ok(doc.paths['/v1']?.get && doc.paths['/v1/releases']?.get)
  })
})
