import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { promisify } from 'node:util'
import { VERIFY_COMMAND } from '../../src/datasets/verify'
import { buildDatasetRelease } from '../../src/datasets/build'
import { publishRelease, readPointer, releaseFilePath } from '../../src/datasets/storage'
import { loadConfig } from '../../src/config'
import { publicRoot } from '../../src/releases/ensure-releases'
import { createFsStore } from '../../src/storage/fs-store'
import { startDatasetServer, syntheticInput, tempDir, tempStores, testService } from '../helpers/datasets'
import { requireTool } from '../helpers/tools'
import type { TestServer } from '../helpers/server'

const run = promisify(execFile)

/** The Croissant 1.0 required properties of a dataset, its files and its record sets, from the spec. */
function croissantProblems(doc: Record<string, unknown>): string[] {
  const problems: string[] = []
  const context = doc['@context'] as Record<string, unknown> | undefined
  if (context?.cr !== 'http://mlcommons.org/croissant/') problems.push('@context lacks cr')
  if (context?.['@vocab'] !== 'https://schema.org/') problems.push('@context lacks the schema.org vocabulary')
  if (doc['@type'] !== 'sc:Dataset') problems.push('@type is not sc:Dataset')
  if (doc.conformsTo !== 'http://mlcommons.org/croissant/1.0') problems.push('conformsTo')
  for (const key of ['name', 'description', 'license', 'url']) {
    if (typeof doc[key] !== 'string' || doc[key] === '') problems.push(`${key} missing`)
  }
  const files = (doc.distribution ?? []) as Array<Record<string, unknown>>
  if (files.length === 0) problems.push('distribution empty')
  const ids = new Set<unknown>()
  for (const file of files) {
    ids.add(file['@id'])
    if (file['@type'] !== 'cr:FileObject') problems.push(`${String(file.name)}: not a cr:FileObject`)
    for (const key of ['@id', 'name', 'contentUrl', 'encodingFormat']) {
      if (typeof file[key] !== 'string') problems.push(`${String(file.name)}: ${key} missing`)
    }
    if (!/^[a-f0-9]{64}$/.test(String(file.sha256))) problems.push(`${String(file.name)}: sha256`)
  }
  const sets = (doc.recordSet ?? []) as Array<Record<string, unknown>>
  if (sets.length === 0) problems.push('recordSet empty')
  for (const set of sets) {
    if (set['@type'] !== 'cr:RecordSet') problems.push(`${String(set.name)}: not a cr:RecordSet`)
    const fields = (set.field ?? []) as Array<Record<string, unknown>>
    if (fields.length === 0) problems.push(`${String(set.name)}: no fields`)
    for (const field of fields) {
      const source = field.source as { fileObject?: { '@id'?: string }; extract?: { column?: string } }
      if (field['@type'] !== 'cr:Field') problems.push(`${String(field.name)}: not a cr:Field`)
      if (typeof field.name !== 'string') problems.push('a field without name')
      if (!/^(sc|cr):/.test(String(field.dataType))) problems.push(`${String(field.name)}: dataType`)
      if (!ids.has(source?.fileObject?.['@id'])) problems.push(`${String(field.name)}: source file`)
      if (source?.extract?.column !== field.name) problems.push(`${String(field.name)}: extract`)
    }
  }
  return problems
}

describe('Croissant metadata and the version a download recomputes', () => {
  let server: TestServer
  let version: string
  const BASE = '/api/datasets/literary-context'

  before(async () => {
    const stores = await tempStores()
    const input = syntheticInput('literary-context', 300)
    input.records = input.records.map((r, i) => ({ ...r, target: { span: { start: 0, end: i % 9 } } }))
    const release = await buildDatasetRelease(input)
    version = release.version
    await publishRelease(stores, release)
    server = await startDatasetServer(testService(stores), stores)
  })
  after(() => server.close())

  it('describes both files with SHA-256 and the record fields, per Croissant 1.0', async () => {
    const res = await fetch(`${server.url}${BASE}/croissant`)
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('content-type'), 'application/ld+json; charset=utf-8')
    assert.equal(res.headers.get('cache-control'), 'public, max-age=3600')
    const doc = (await res.json()) as Record<string, unknown>
    assert.deepEqual(croissantProblems(doc), [])
    const manifest = (await (await fetch(server.url + BASE)).json()) as {
      files: Array<{ role: string; sha256: string }>
    }
    const files = doc.distribution as Array<{ contentUrl: string; sha256: string; encodingFormat: string }>
    assert.deepEqual(
      files.map((f) => f.encodingFormat),
      ['application/jsonlines', 'application/x-parquet'],
    )
    for (const file of files) {
      assert.ok(manifest.files.some((f) => f.sha256 === file.sha256))
      const bytes = new Uint8Array(await (await fetch(file.contentUrl)).arrayBuffer())
      const digest = Buffer.from(await crypto.subtle.digest('SHA-256', bytes)).toString('hex')
      assert.equal(digest, file.sha256, file.contentUrl)
    }
    const fields = (doc.recordSet as Array<{ field: Array<{ name: string; dataType: string }> }>)[1]?.field
    assert.deepEqual(
      fields?.map((f) => `${f.name}:${f.dataType}`),
      ['group:sc:Text', 'id:sc:Text', 'position:sc:Integer', 'target:sc:Text', 'text:sc:Text'],
    )
    assert.equal((await fetch(`${server.url}${BASE}/croissant?version=${'0'.repeat(64)}`)).status, 409)
  })

  it('the documented one-line command recomputes the version from a download', async () => {
    requireTool('jq')
    const dir = await tempDir('verify-')
    const download = await fetch(`${server.url}${BASE}/download`)
    await writeFile(join(dir, 'records.jsonl'), Buffer.from(await download.arrayBuffer()))
    await writeFile(
      join(dir, 'manifest.json'),
      Buffer.from(await (await fetch(server.url + BASE)).arrayBuffer()),
    )
    const { stdout } = await run('bash', ['-c', VERIFY_COMMAND], { cwd: dir })
    assert.equal(stdout, `${version}  -\n`)
  })
})

describe('the version of each public release, recomputed by the documented command', () => {
  for (const dataset of ['literary-context', 'association-practice'] as const) {
    it(`${dataset}: the command on the stored download and manifest prints the version`, async () => {
      requireTool('jq')
      const root = publicRoot(loadConfig(process.env))
      const version = await readPointer(createFsStore(root), dataset)
      assert.ok(version, `${dataset} is not built: run npm run build:releases`)
      const cwd = join(root, releaseFilePath(dataset, version, ''))
      const { stdout } = await run('bash', ['-c', VERIFY_COMMAND], { cwd, maxBuffer: 1 << 20 })
      assert.equal(stdout, `${version}  -\n`)
    })
  }
})
