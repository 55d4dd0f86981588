/**
 * The real usage release for tests: built from `content/usage` against the real lexicon, either as
 * published by `ensureReleases` into ./data, or freshly published into a temporary store a test may
 * damage on purpose.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BlobStore } from '../../src/storage/blob-store'
import { createFsStore } from '../../src/storage/fs-store'
import { buildUsageRelease, type BuiltUsageRelease } from '../../src/usage/build'
import { readAuthoredUsage } from '../../src/usage/build-node'
import { loadUsage, publishUsage, type UsageProvider } from '../../src/usage/release'
import { dataRoot, testLexicon } from './lexicon'

let building: Promise<BuiltUsageRelease> | null = null

/** The release built in memory from the authored files, once per test process. */
export function builtUsage(): Promise<BuiltUsageRelease> {
  building ??= (async () => buildUsageRelease(await readAuthoredUsage(), await testLexicon()))()
  return building
}

/** A provider over the release `ensureReleases` published into ./data, loaded and verified once. */
export async function testUsageProvider(): Promise<UsageProvider> {
  await testLexicon()
  const state = await loadUsage(createFsStore(dataRoot))
  if (state.status !== 'ready') throw new Error(`test usage release unavailable: ${state.reason}`)
  return { current: async () => state, changeToken: async () => 'fixed' }
}

/** A fresh temporary store holding the published release, with its directory. */
export async function publishedUsageStore(): Promise<{ dir: string; store: BlobStore }> {
  const dir = await mkdtemp(join(tmpdir(), 'usage-release-'))
  const store = createFsStore(dir)
  await publishUsage(store, await builtUsage())
  return { dir, store }
}
