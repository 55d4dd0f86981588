/**
 * Makes sure every release the service serves exists in DATA_DIR and verifies, building what is missing.
 * Used by `npm install` (postinstall), by `npm run build:releases` and by the Node entry point at start.
 */
import { join } from 'node:path'
import type { ServiceConfig } from '../config'
import { compileInstalledWordnet } from '../lexicon/build-node'
import { loadLexicon, publishLexicon, verifyLexiconRelease } from '../lexicon/release'
import { createFsStore } from '../storage/fs-store'
import { ensureUsageRelease } from '../usage/build-node'

export type EnsureReport = { ok: boolean; built: string[] }
type Options = {
  force?: boolean
  /**
   * Hash every file (the default), or only check that files exist with their lengths: at start-up the
   * loaders hash what they serve anyway, so hashing here too would only double the cold start.
   */
  hashes?: boolean
  log?: (line: string) => void
}

/** Public releases (lexicon, usage, public datasets). */
export function publicRoot(config: ServiceConfig): string {
  return join(config.DATA_DIR, 'public')
}

/** Private data: protected releases and the key store, kept apart from anything public. */
export function privateRoot(config: ServiceConfig): string {
  return join(config.DATA_DIR, 'private')
}

export async function ensureReleases(config: ServiceConfig, options: Options = {}): Promise<EnsureReport> {
  const log = options.log ?? (() => {})
  const store = createFsStore(publicRoot(config))
  const built: string[] = []
  const current = options.force ? null : await verifyLexiconRelease(store, { hashes: options.hashes })
  let lexiconRelease: string
  if (current && 'release' in current) {
    lexiconRelease = current.release
    log(`lexicon: release ${current.release.slice(0, 12)} verified`)
  } else {
    if (current) log(`lexicon: ${current.problem}; building`)
    const started = performance.now()
    const compiled = await compileInstalledWordnet()
    await publishLexicon(store, compiled)
    built.push('lexicon')
    lexiconRelease = compiled.manifest.release
    log(
      `lexicon: built release ${compiled.manifest.release.slice(0, 12)} in ${Math.round(performance.now() - started)} ms`,
    )
  }
  const usage = await ensureUsageRelease(store, {
    lexiconRelease,
    lexicon: async () => {
      const loaded = await loadLexicon(store)
      if (loaded.status !== 'ready')
        throw new Error(`the lexicon release just built does not load: ${loaded.reason}`)
      return loaded.lexicon
    },
    force: options.force,
    log,
  })
  if (usage === 'built') built.push('usage')
  return { ok: true, built }
}
