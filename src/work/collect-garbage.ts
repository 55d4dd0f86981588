/**
 * Loading reads tens of megabytes of release files before copying them into the lexicon's one shared
 * buffer; one full collection before serving hands those transient copies back at once, without asking
 * every launcher for `--expose-gc`. Node only.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

export function collectLoadingGarbage(): void {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  gc()
}
