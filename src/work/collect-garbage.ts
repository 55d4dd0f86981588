/**
 * Loading parses tens of megabytes of JSON; one full collection before serving hands that transient
 * garbage back (about 80 MB of resident memory per thread that loads the lexicon), without asking every
 * launcher for `--expose-gc`. Node only.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

export function collectLoadingGarbage(): void {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  gc()
}
