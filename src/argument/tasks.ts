/**
 * The route work of the local argument review (src/route-work): the review of a validated request over the
 * lexicon, run in the request's isolate or in a worker thread on Node. The composition roots register
 * `ARGUMENT_TASKS`; `POST /api/argument/review` (./routes.ts) runs it by this handle.
 */
import { readLexicon } from '../lexicon/reading'
import type { LexiconTaskContext } from '../lexicon/task-context'
import { defineRouteTask } from '../route-work/task'
import { reviewText } from './review'
import type { ArgumentInput } from './schemas'

export const reviewTask = defineRouteTask({
  name: 'review',
  cost: { msPerThousandUnits: 2.5 },
  run: async (body: ArgumentInput, ctx: LexiconTaskContext) =>
    readLexicon(await ctx.lexicon(), (lexicon) => reviewText(lexicon, body)),
})

export const ARGUMENT_TASKS = [reviewTask] as const
