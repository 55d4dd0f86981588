import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises'
import { setImmediate } from 'node:timers/promises'
import { basename, join } from 'node:path'
import { describe, it } from 'node:test'
import { buildDatasetRelease } from '../../src/datasets/build'
import { ensureDatasetRelease } from '../../src/datasets/ensure'
import { createDatasetReleases } from '../../src/datasets/releases'
import {
  manifestPath,
  pointerPath,
  publishRelease,
  readPointer,
  removePointer,
  revokeCurrentRelease,
  type DatasetStores,
} from '../../src/datasets/storage'
import type { BlobStore } from '../../src/storage/blob-store'
import { createFsStore } from '../../src/storage/fs-store'
import { syntheticInput, tempStores } from '../helpers/datasets'

/** A store that fails its `failAt`-th write (counting from 1) as a crash would, before anything lands. */
function failingOnWrite(inner: BlobStore, failAt: number): BlobStore & { writes: string[] } {
  const writes: string[] = []
  return {
    ...inner,
    sha256: inner.sha256?.bind(inner),
    writes,
    async write(path, data) {
      if (writes.length + 1 === failAt) throw new Error(`simulated crash writing ${path}`)
      writes.push(path)
      await inner.write(path, data)
    },
  }
}

async function servedVersion(stores: DatasetStores): Promise<string | null> {
  const state = await createDatasetReleases(stores).current('literary-context')
  return state.status === 'ready' ? state.release.manifest.version : null
}

describe('publishing and withdrawing releases', () => {
  it('writes every file, then the manifest, then the pointer', async () => {
    const stores = await tempStores()
    const release = await buildDatasetRelease(syntheticInput('literary-context', 5))
    const recording = failingOnWrite(stores.public, 0)
    await publishRelease({ ...stores, public: recording }, release)
    const version = release.version
    assert.deepEqual(recording.writes, [
      ...release.files.map((f) => `datasets/literary-context/releases/${version}/${f.path}`),
      manifestPath('literary-context', version),
      pointerPath('literary-context'),
    ])
    assert.equal(await servedVersion(stores), version)
  })

  it('keeps the previous release served when publishing fails at any step', async () => {
    const first = await buildDatasetRelease(syntheticInput('literary-context', 5))
    const second = await buildDatasetRelease(syntheticInput('literary-context', 6, { salt: ' v2' }))
    const steps = second.files.length + 2
    for (let failAt = 1; failAt <= steps; failAt++) {
      const stores = await tempStores()
      await publishRelease(stores, first)
      const crashing = failingOnWrite(stores.public, failAt)
      await assert.rejects(publishRelease({ ...stores, public: crashing }, second), /simulated crash/)
      assert.equal(await servedVersion(stores), first.version, `failure at write ${failAt}`)
      await publishRelease(stores, second)
      assert.equal(await servedVersion(stores), second.version, `retry after failure at write ${failAt}`)
    }
  })

  it('leaves nothing served when the very first publication fails, and says so', async () => {
    const release = await buildDatasetRelease(syntheticInput('literary-context', 5))
    for (let failAt = 1; failAt <= release.files.length + 2; failAt++) {
      const stores = await tempStores()
      await assert.rejects(
        publishRelease({ ...stores, public: failingOnWrite(stores.public, failAt) }, release),
      )
      const state = await createDatasetReleases(stores).current('literary-context')
      assert.equal(state.status, 'unavailable')
    }
  })

  it('puts private datasets in the private root only', async () => {
    const stores = await tempStores()
    await publishRelease(stores, await buildDatasetRelease(syntheticInput('observed-language', 3)))
    assert.deepEqual(await stores.public.list('datasets'), [])
    assert.ok((await stores.private.list('datasets/observed-language')).length > 0)
  })

  it('withdraws by marking the manifest revoked or by removing the pointer', async () => {
    const stores = await tempStores()
    const release = await buildDatasetRelease(syntheticInput('literary-context', 5))
    await publishRelease(stores, release)
    await assert.rejects(revokeCurrentRelease(stores, 'literary-context', 'f'.repeat(64)), /not f+/)
    const revoked = await revokeCurrentRelease(stores, 'literary-context', release.version)
    assert.equal(revoked.revoked, true)
    const state = await createDatasetReleases(stores).current('literary-context')
    assert.equal(state.status === 'unavailable' && state.code, 'release_withdrawn')

    await publishRelease(stores, release)
    assert.equal(await servedVersion(stores), release.version)
    await removePointer(stores, 'literary-context')
    assert.equal(await readPointer(stores.public, 'literary-context'), null)
    const removed = await createDatasetReleases(stores).current('literary-context')
    assert.equal(removed.status === 'unavailable' && removed.code, 'release_withdrawn')
  })
})

describe('keeping a dataset in step with its content pipeline', () => {
  it('publishes a new version, leaves an intact current one, repairs a broken one, never undoes a withdrawal', async () => {
    const stores = await tempStores()
    const input = syntheticInput('literary-context', 8)
    const first = await ensureDatasetRelease(stores, input)
    assert.equal(first.outcome, 'published')
    assert.deepEqual(await ensureDatasetRelease(stores, input), {
      version: first.version,
      outcome: 'current',
    })

    const recordsPath = `datasets/literary-context/releases/${first.version}/records.jsonl`
    await stores.public.write(recordsPath, 'tampered\n')
    assert.equal((await ensureDatasetRelease(stores, input)).outcome, 'published')
    assert.equal(await servedVersion(stores), first.version)

    const revised = syntheticInput('literary-context', 9)
    const second = await ensureDatasetRelease(stores, revised)
    assert.equal(second.outcome, 'published')
    assert.notEqual(second.version, first.version)

    await revokeCurrentRelease(stores, 'literary-context')
    assert.equal((await ensureDatasetRelease(stores, revised)).outcome, 'withdrawn')
    assert.equal(await servedVersion(stores), null)
    await removePointer(stores, 'literary-context')
    assert.equal((await ensureDatasetRelease(stores, input)).outcome, 'withdrawn')
    assert.equal(
      (await ensureDatasetRelease(stores, syntheticInput('literary-context', 10))).outcome,
      'published',
    )
  })

  it('rebuilds a release of the format before block hashes, and leaves a withdrawn one withdrawn', async () => {
    const stores = await tempStores()
    const input = syntheticInput('literary-context', 5)
    const release = await buildDatasetRelease(input)
    await publishRelease(stores, release)
    const { version } = release
    // The release as format 1 wrote it: no sidecar, no block hashes in the manifest.
    const old = {
      ...release.manifest,
      format: 'lexicon-service-dataset/1',
      files: release.manifest.files.filter((f) => f.role !== 'block-hashes'),
      indexes: { ...release.manifest.indexes, blockHashes: undefined },
    }
    await stores.public.remove(`datasets/literary-context/releases/${version}/block-hashes.bin`)
    await stores.public.write(manifestPath('literary-context', version), JSON.stringify(old))
    const state = await createDatasetReleases(stores).current('literary-context')
    assert.equal(state.status === 'unavailable' && state.code, 'storage_error')
    assert.match(
      state.status === 'unavailable' ? state.reason : '',
      /format lexicon-service-dataset\/1.*rebuild it/,
    )
    assert.deepEqual(await ensureDatasetRelease(stores, input), { version, outcome: 'published' })
    assert.equal(await servedVersion(stores), version)

    await stores.public.write(
      manifestPath('literary-context', version),
      JSON.stringify({ ...old, revoked: true }),
    )
    const withdrawn = await createDatasetReleases(stores).current('literary-context')
    assert.equal(withdrawn.status === 'unavailable' && withdrawn.code, 'release_withdrawn')
    assert.deepEqual(await ensureDatasetRelease(stores, input), { version, outcome: 'withdrawn' })
  })

  it('leaves no temporary file of a killed publish once the store is opened again', async () => {
    const stores = await tempStores()
    const root = join(stores.dir, 'public')
    // What a publisher killed between write and rename leaves: a dead process id in the name.
    const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' })
    const deadPid = Number(child.stdout.trim())
    const leftover = join(
      root,
      `datasets/literary-context/current.json.tmp-${deadPid}-0f1e2d3c-aaaa-4bbb-8ccc-123456789abc`,
    )
    const live = join(
      root,
      `datasets/literary-context/current.json.tmp-${process.pid}-0f1e2d3c-aaaa-4bbb-8ccc-123456789abc`,
    )
    await mkdir(join(root, 'datasets/literary-context'), { recursive: true })
    await writeFile(leftover, '{"partial')
    await writeFile(live, '{"partial')
    createFsStore(root)
    assert.deepEqual(await readdir(join(root, 'datasets/literary-context')), [basename(live)])
  })

  it('takes a killed writer left unreaped, or a temporary file long unchanged, for abandoned', async () => {
    const stores = await tempStores()
    const root = join(stores.dir, 'public')
    const folder = join(root, 'datasets/literary-context')
    await mkdir(folder, { recursive: true })
    // `sleep 0.5` ends after its parent is replaced by `sleep 30`, which never reaps it: a zombie, which
    // still answers signal 0 as a killed publisher does in a container without an init process. (A child
    // that ended at once was now and then reaped by the shell before its exec, 1 run in 200.)
    const parent = spawn('sh', ['-c', 'sleep 0.5 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    try {
      const zombie = Number((await once(parent.stdout, 'data'))[0].toString().trim())
      while (!/^State:\s*Z/m.test(await readFile(`/proc/${zombie}/status`, 'utf8'))) await setImmediate()
      const ofZombie = join(folder, `current.json.tmp-${zombie}-0f1e2d3c-aaaa-4bbb-8ccc-123456789abc`)
      const old = join(folder, `current.json.tmp-${parent.pid}-0f1e2d3c-aaaa-4bbb-8ccc-123456789abd`)
      const fresh = join(folder, `current.json.tmp-${parent.pid}-0f1e2d3c-aaaa-4bbb-8ccc-123456789abe`)
      for (const file of [ofZombie, old, fresh]) await writeFile(file, '{"partial')
      const hourAgo = new Date(Date.now() - 3_600_000)
      await utimes(old, hourAgo, hourAgo)
      createFsStore(root)
      assert.deepEqual(await readdir(folder), [basename(fresh)])
    } finally {
      parent.kill('SIGKILL')
    }
  })
})
