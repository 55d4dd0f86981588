/**
 * The lexicon as route tasks are given it (src/route-work): asked for only by the tasks that read it, so a
 * task that does not (arguments/analyze) is answered while the lexicon is unavailable, which is a typed
 * problem (503 `lexicon_unavailable`). In process the context asks the provider; on Node the main thread's
 * provider checks the release for each request and hands its files to the worker thread in shared memory
 * (`lexiconHandoff`), where the thread reads them (`handedLexiconContext`) without a copy of its own.
 */
import { readyOrProblem } from '../validation/problem'
import { lexiconOfFiles, type Lexicon, type LexiconFiles } from './lexicon'
import { LEXICON_UNAVAILABLE, type LexiconProvider, type LexiconState } from './release'
import type { LexiconManifest } from './schemas'

/** What a route task may ask for: the current lexicon (a thrown `ProblemError` when it is unavailable). */
export type LexiconTaskContext = { lexicon: () => Promise<Lexicon> }

/** The context of tasks run in the request's own isolate: the provider's current lexicon. */
export function lexiconTaskContext(provider: LexiconProvider): LexiconTaskContext {
  return { lexicon: async () => readyOrProblem(await provider.current(), LEXICON_UNAVAILABLE).lexicon }
}

/** The lexicon state of one request, as it crosses to a thread: the files' shared bytes, not a copy. */
export type LexiconHandoff =
  | { status: 'ready'; manifest: LexiconManifest; files: LexiconFiles }
  | Extract<LexiconState, { status: 'unavailable' }>

export function lexiconHandoff(state: LexiconState): LexiconHandoff {
  if (state.status !== 'ready') return state
  const { manifest, files } = state.lexicon
  // The pool runs on Node, whose provider holds releases whole.
  if (!files) throw new Error('a lexicon read in blocks cannot be handed to a worker thread')
  return { status: 'ready', manifest, files }
}

/**
 * The context of tasks in a worker thread, from the lexicon each request brings: read over its shared
 * files once per release (only the small exception table is parsed per thread).
 */
export function handedLexiconContext(): (handoff: LexiconHandoff) => LexiconTaskContext {
  let current: Lexicon | null = null
  const lexiconOf = (handoff: LexiconHandoff): Lexicon => {
    if (handoff.status !== 'ready') return readyOrProblem<LexiconState>(handoff, LEXICON_UNAVAILABLE).lexicon
    if (current?.manifest.release !== handoff.manifest.release) {
      const read = lexiconOfFiles(handoff.manifest, handoff.files)
      if (typeof read === 'string')
        return readyOrProblem<LexiconState>({ status: 'unavailable', reason: read }, LEXICON_UNAVAILABLE)
          .lexicon
      current = read
    }
    return current
  }
  return (handoff) => ({ lexicon: async () => lexiconOf(handoff) })
}
