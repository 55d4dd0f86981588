/**
 * The two storage roots under DATA_DIR. Kept apart from the release builders so that light tools (the
 * operator CLI) can find the data without loading them.
 */
import { join } from 'node:path'

/** The part of the service configuration (src/config.ts) the roots are found from. */
type DataDir = { readonly DATA_DIR: string }

/** Public releases (lexicon, usage, public datasets). */
export function publicRoot(config: DataDir): string {
  return join(config.DATA_DIR, 'public')
}

/** Private data: protected releases and the key store, kept apart from anything public. */
export function privateRoot(config: DataDir): string {
  return join(config.DATA_DIR, 'private')
}
