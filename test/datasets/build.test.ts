import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  buildDatasetRelease,
  BLOCK_HASHES_FILE,
  ID_INDEX_FILE,
  LINE_OFFSETS_FILE,
  RECORDS_FILE,
  ReleaseInputError,
  releaseInputProblems,
  serializeManifest,
  type BuiltRelease,
} from '../../src/datasets/build'
import { bucketTableRange, decodeOffsets, findInBucket } from '../../src/datasets/release-index'
import { DatasetManifestSchema } from '../../src/datasets/schemas'
import { canonicalJson } from '../../src/storage/canonical-json'
import { BLOCK_BYTES } from '../../src/storage/block-hashes'
import { sha256Hex, toHex } from '../../src/storage/digest'
import { syntheticInput } from '../helpers/datasets'

function file(release: BuiltRelease, path: string): Uint8Array {
  const found = release.files.find((f) => f.path === path)
  assert.ok(found, path)
  return found.bytes
}

describe('release builder', () => {
  it('hashes exactly records, source terms, schema and status into the version', async () => {
    const input = syntheticInput('literary-context', 10)
    const release = await buildDatasetRelease(input)
    const { records, sourceTerms, schema, status } = input
    assert.equal(release.version, await sha256Hex(canonicalJson({ records, sourceTerms, schema, status })))
    assert.match(release.version, /^[a-f0-9]{64}$/)

    const sameVersion = [
      { ...input, statistics: { other: 1 } },
      { ...input, grouping: { key: 'group', rule: 'another wording' } },
      {
        ...input,
        records: input.records.map((r) => Object.fromEntries(Object.entries(r).reverse()) as typeof r),
      },
    ]
    for (const variant of sameVersion)
      assert.equal((await buildDatasetRelease(variant)).version, release.version)

    const otherVersion = [
      { ...input, status: 'other-status' },
      { ...input, schema: { type: 'object' } },
      { ...input, sourceTerms: { ...input.sourceTerms, license: 'CC-BY-4.0' } },
      { ...input, records: input.records.slice(1) },
      { ...input, records: [...input.records].reverse() },
    ]
    const versions = new Set([release.version])
    for (const variant of otherVersion) versions.add((await buildDatasetRelease(variant)).version)
    assert.equal(versions.size, otherVersion.length + 1)
  })

  it('rebuilds byte-identical files and manifest', async () => {
    const a = await buildDatasetRelease(syntheticInput('association-practice', 50))
    const b = await buildDatasetRelease(syntheticInput('association-practice', 50))
    assert.deepEqual(
      a.files.map((f) => f.path),
      b.files.map((f) => f.path),
    )
    for (const f of a.files) assert.deepEqual(file(b, f.path), f.bytes, f.path)
    assert.equal(serializeManifest(a.manifest), serializeManifest(b.manifest))
  })

  it('writes one canonical JSON record a line, each with releaseSource', async () => {
    const input = syntheticInput('literary-context', 25)
    const release = await buildDatasetRelease(input)
    const text = new TextDecoder().decode(file(release, RECORDS_FILE))
    assert.ok(text.endsWith('\n'))
    const lines = text.slice(0, -1).split('\n')
    assert.equal(lines.length, 25)
    lines.forEach((line, i) => {
      const record = JSON.parse(line) as Record<string, unknown>
      assert.equal(line, canonicalJson(record))
      assert.deepEqual(record.releaseSource, release.manifest.releaseSource)
      const { releaseSource: _, ...own } = record
      assert.deepEqual(own, input.records[i])
    })
    assert.equal(release.manifest.releaseSource.version, release.version)

    const shapes = [
      { id: 'only-id' },
      { id: 'b', a: [1, { z: null, y: 'é' }] },
      { zeta: true, id: 'c', é: 1 },
    ]
    const mixed = await buildDatasetRelease({ ...input, grouping: null, records: shapes })
    const mixedLines = new TextDecoder().decode(file(mixed, RECORDS_FILE)).slice(0, -1).split('\n')
    mixedLines.forEach((line, i) => {
      assert.equal(line, canonicalJson({ ...shapes[i], releaseSource: mixed.manifest.releaseSource }))
    })
    assert.equal(
      release.manifest.releaseSource.manifest,
      `/api/datasets/literary-context?version=${release.version}`,
    )
  })

  it('lists every file with its length and SHA-256, and the rest of the manifest', async () => {
    const release = await buildDatasetRelease(syntheticInput('literary-context', 30))
    const manifest = DatasetManifestSchema.parse(JSON.parse(serializeManifest(release.manifest)))
    assert.deepEqual(
      manifest.files.map((f) => [f.path, f.role]),
      [
        [RECORDS_FILE, 'records'],
        [LINE_OFFSETS_FILE, 'line-offsets'],
        [ID_INDEX_FILE, 'id-index'],
        ['records.parquet', 'parquet'],
        ['search-keys.bin', 'search-keys'],
        ['search-postings.bin', 'search-postings'],
        ['statistics.json', 'statistics'],
        [BLOCK_HASHES_FILE, 'block-hashes'],
      ],
    )
    for (const entry of manifest.files) {
      const bytes = file(release, entry.path)
      assert.equal(entry.bytes, bytes.byteLength)
      assert.equal(entry.sha256, await sha256Hex(bytes))
    }
    // The sidecar: the SHA-256 of every 64 KiB block of the other files, in their order.
    assert.deepEqual(manifest.indexes.blockHashes, {
      file: BLOCK_HASHES_FILE,
      hash: 'sha-256',
      blockBytes: BLOCK_BYTES,
    })
    const expected: string[] = []
    for (const entry of manifest.files.slice(0, -1)) {
      const bytes = file(release, entry.path)
      for (let at = 0; at < bytes.byteLength; at += BLOCK_BYTES)
        expected.push(await sha256Hex(bytes.subarray(at, at + BLOCK_BYTES)))
    }
    const sidecar = file(release, BLOCK_HASHES_FILE)
    assert.deepEqual(
      expected.map((_, i) => toHex(sidecar.subarray(i * 32, i * 32 + 32))),
      expected,
    )
    assert.equal(sidecar.byteLength, expected.length * 32)
    assert.equal(manifest.revoked, false)
    assert.equal(manifest.recordCount, 30)
    assert.equal(manifest.visibility, 'public')
    assert.equal(manifest.status, 'test-fixture')
    assert.deepEqual(manifest.grouping, {
      key: 'group',
      rule: 'Keep every record of a group in the same split.',
    })
    assert.deepEqual(manifest.statistics, { records: 30, groups: 10, breakdown: { generated: 30 } })
  })

  it('indexes line offsets and ids so any record is found with two small reads', async () => {
    const ids = (i: number) => (i === 7 ? 'ü'.repeat(250) : `id/${i}%${i * 7919}`)
    const input = syntheticInput('literary-context', 400, { ids })
    const release = await buildDatasetRelease(input)
    const records = file(release, RECORDS_FILE)
    const offsets = decodeOffsets(file(release, LINE_OFFSETS_FILE))
    assert.equal(offsets.length, 401)
    assert.equal(offsets[400], records.byteLength)
    const index = file(release, ID_INDEX_FILE)
    const buckets = release.manifest.indexes.idIndex.buckets
    for (let i = 0; i < 400; i++) {
      const table = bucketTableRange(ids(i), buckets)
      const [from, to] = decodeOffsets(index.subarray(table.start, table.end)) as [number, number]
      const ordinal = findInBucket(index.subarray(from, to), ids(i))
      assert.equal(ordinal, i)
      const line = new TextDecoder().decode(records.subarray(offsets[i], offsets[i + 1]))
      assert.equal((JSON.parse(line) as { id: string }).id, ids(i))
    }
    const table = bucketTableRange('absent', buckets)
    const [from, to] = decodeOffsets(index.subarray(table.start, table.end)) as [number, number]
    assert.equal(findInBucket(index.subarray(from, to), 'absent'), null)
  })

  it('builds an empty release', async () => {
    const release = await buildDatasetRelease(syntheticInput('association-practice', 0))
    assert.equal(release.manifest.recordCount, 0)
    assert.equal(file(release, RECORDS_FILE).byteLength, 0)
    assert.deepEqual(decodeOffsets(file(release, LINE_OFFSETS_FILE)), [0])
  })

  it('refuses input it cannot build, saying why', async () => {
    const base = syntheticInput('literary-context', 3)
    const cases: Array<[string, typeof base, RegExp]> = [
      [
        'duplicate id',
        { ...base, records: [...base.records, { ...base.records[0], id: 'rec-0' }] },
        /not unique/,
      ],
      ['empty id', { ...base, records: [{ ...base.records[0], id: '' }] }, /1 to 250/],
      ['id of 251', { ...base, records: [{ ...base.records[0], id: 'x'.repeat(251) }] }, /1 to 250/],
      [
        'releaseSource present',
        { ...base, records: [{ ...base.records[0], id: 'a', releaseSource: 1 }] },
        /releaseSource/,
      ],
      ['group key missing', { ...base, records: [{ id: 'a', text: 't' }] }, /group key/],
      ['unknown dataset', { ...base, dataset: 'nope' as never }, /dataset must be one of/],
      [
        'terms incomplete',
        { ...base, sourceTerms: { ...base.sourceTerms, license: '' } },
        /sourceTerms.license/,
      ],
      ['private not reviewed', { ...base, dataset: 'observed-language', status: 'draft' }, /reviewed/],
    ]
    for (const [name, input, pattern] of cases) {
      const problems = releaseInputProblems(input)
      assert.ok(
        problems.some((p) => pattern.test(p)),
        `${name}: ${problems.join('; ')}`,
      )
      await assert.rejects(buildDatasetRelease(input), ReleaseInputError, name)
    }
    assert.deepEqual(
      releaseInputProblems({ ...base, records: [{ ...base.records[0], id: 'x'.repeat(250) }] }),
      [],
    )
    assert.deepEqual(releaseInputProblems(syntheticInput('observed-language', 2)), [])
  })
})
