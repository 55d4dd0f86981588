/**
 * The route work of the semantic POST routes (src/route-work): the CPU-heavy part of each, as a function of
 * the validated request body and the lexicon, run in the request's isolate or in a worker thread on Node.
 * The composition roots register `SEMANTIC_TASKS`; the routes (./routes.ts) run them by these handles.
 */
import type { z } from '@hono/zod-openapi'
import { readLexicon, readLexiconInSteps } from '../lexicon/reading'
import type { LexiconTaskContext } from '../lexicon/task-context'
import { defineRouteTask } from '../route-work/task'
import {
  argumentsAnswer,
  claimsCompareAnswer,
  compareAnswer,
  evidenceAnswer,
  illuminateAnswer,
  resolveAnswer,
} from './answers'
import type {
  ArgumentsRequestSchema,
  ClaimsCompareRequestSchema,
  EvidenceRequestSchema,
} from './claims/schemas'
import type { CompareRequestSchema, IlluminateRequestSchema, ResolveRequestSchema } from './schemas'

export const resolveTask = defineRouteTask({
  name: 'resolve',
  cost: { msPerThousandUnits: 4 },
  run: async (body: z.infer<typeof ResolveRequestSchema>, ctx: LexiconTaskContext) =>
    readLexicon(await ctx.lexicon(), (lexicon) => resolveAnswer(lexicon, body)),
})

export const compareTask = defineRouteTask({
  name: 'compare',
  cost: { msPerThousandUnits: 4 },
  run: async (body: z.infer<typeof CompareRequestSchema>, ctx: LexiconTaskContext) =>
    readLexicon(await ctx.lexicon(), (lexicon) => compareAnswer(lexicon, body)),
})

export const illuminateTask = defineRouteTask({
  name: 'illuminate',
  cost: { msPerThousandUnits: 30 },
  run: async (body: z.infer<typeof IlluminateRequestSchema>, ctx: LexiconTaskContext) => {
    const lexicon = await ctx.lexicon()
    return readLexiconInSteps(lexicon, (steps) => illuminateAnswer(lexicon, steps, body))
  },
})

export const claimsCompareTask = defineRouteTask({
  name: 'claimsCompare',
  cost: { msPerThousandUnits: 10 },
  run: async (body: z.infer<typeof ClaimsCompareRequestSchema>, ctx: LexiconTaskContext) =>
    readLexicon(await ctx.lexicon(), (lexicon) => claimsCompareAnswer(lexicon, body)),
})

export const argumentsTask = defineRouteTask({
  name: 'arguments',
  cost: { msPerThousandUnits: 1 },
  run: async (body: z.infer<typeof ArgumentsRequestSchema>, _ctx: LexiconTaskContext) =>
    argumentsAnswer(body),
})

export const evidenceTask = defineRouteTask({
  name: 'evidence',
  cost: { msPerThousandUnits: 3 },
  run: async (body: z.infer<typeof EvidenceRequestSchema>, ctx: LexiconTaskContext) => {
    const lexicon = await ctx.lexicon()
    return readLexiconInSteps(lexicon, (steps) => evidenceAnswer(lexicon, steps, body))
  },
})

export const SEMANTIC_TASKS = [
  resolveTask,
  compareTask,
  illuminateTask,
  claimsCompareTask,
  argumentsTask,
  evidenceTask,
] as const
