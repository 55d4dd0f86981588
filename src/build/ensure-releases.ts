/**
 * Makes sure every release the service serves exists in DATA_DIR and verifies, building what is missing.
 * Used by `npm install` (postinstall), by `npm run build:releases` and by the Node entry point at start.
 */
import { join } from 'node:path'
import type { ServiceConfig } from '../config'
import { compileInstalledWordnet } from '../lexicon/build-node'
import { publishLexicon, verifyLexiconRelease } from '../lexicon/release'
import { createFsStore } from '../storage/fs-store'

export type EnsureReport = { ok: boolean; built: string[] }
type Options = { force?: boolean; log?: (line: string) => void }

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
  const current = options.force ? null : await verifyLexiconRelease(store)
  if (current && 'release' in current) {
    log(`lexicon: release ${current.release.slice(0, 12)} verified`)
  } else {
    if (current) log(`lexicon: ${current.problem}; building`)
    const started = performance.now()
    const compiled = await compileInstalledWordnet()
    await publishLexicon(store, compiled)
    built.push('lexicon')
    log(
      `lexicon: built release ${compiled.manifest.release.slice(0, 12)} in ${Math.round(performance.now() - started)} ms`,
    )
  }
  return { ok: true, built }
}
