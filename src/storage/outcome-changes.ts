/**
 * Counts how often a provider's answer changed (another release, withdrawn, damaged, mended). Part of each
 * provider's change token, so the Node answer cache drops what it stored as soon as a request has found a
 * change that no pointer or manifest state shows (a release file damaged on disk).
 */
import type { BlobStore } from './blob-store'

export type OutcomeChanges = {
  /** Records the outcome of a check, under a key (a dataset name) when a provider serves several. */
  note(outcome: string, key?: string): void
  count(): number
}

export function createOutcomeChanges(): OutcomeChanges {
  const last = new Map<string, string>()
  let changes = 0
  return {
    note(outcome, key = '') {
      if (last.get(key) === outcome) return
      last.set(key, outcome)
      changes++
    },
    count: () => changes,
  }
}

/**
 * The change token of a provider served from one manifest: the count of changes its checks have seen and
 * the manifest's state. Answered at once where the store can stat at once (see `BlobStore.statNow`).
 */
export function manifestToken(
  store: BlobStore,
  manifestPath: string,
  changes: OutcomeChanges,
): string | Promise<string> {
  if (store.statNow) return `${changes.count()}|${store.statNow(manifestPath)?.state}`
  return store.stat(manifestPath).then((manifest) => `${changes.count()}|${manifest?.state}`)
}
