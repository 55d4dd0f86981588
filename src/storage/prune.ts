/**
 * Removing superseded releases. Only the current release is served (spec 9), and a built lexicon or usage
 * release can always be built again from its sources, so once a new one is current the older ones are
 * only disk space.
 */
import type { BlobStore } from './blob-store'

/** Removes every release under `prefix` (for example `lexicon/releases/`) but `keep`; returns the ids removed. */
export async function pruneReleases(
  store: Pick<BlobStore, 'list' | 'remove'>,
  prefix: string,
  keep: string,
): Promise<string[]> {
  const removed = new Set<string>()
  for (const path of await store.list(prefix)) {
    const release = path.slice(prefix.length).split('/')[0]
    if (!release || release === keep) continue
    await store.remove(path)
    removed.add(release)
  }
  return [...removed]
}
