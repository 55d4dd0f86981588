/**
 * Route work by name: the CPU-heavy part of each semantic POST route, of the consensus read (the lexicon's
 * reading of its passage) and of the local argument review, as
 * a function of the validated request body. A runner (in process, or a worker thread on Node) runs them
 * and hands back the answer's JSON bytes; the lexicon is asked for only by the tasks that read it.
 */
import type { z } from '@hono/zod-openapi'
import type { ArgumentInput } from '../argument/schemas'
import { reviewText } from '../argument/review'
import { withPassageReading, type ConsensusState, type PassageToRead } from '../consensus/predict'
import type { Lexicon } from '../lexicon/lexicon'
import { readLexicon, readLexiconInSteps } from '../lexicon/reading'
import {
  argumentsAnswer,
  claimsCompareAnswer,
  compareAnswer,
  evidenceAnswer,
  illuminateAnswer,
  resolveAnswer,
} from '../semantic/answers'
import type {
  ArgumentsRequestSchema,
  ClaimsCompareRequestSchema,
  EvidenceRequestSchema,
} from '../semantic/claims/schemas'
import { semanticPassageReader } from '../semantic/meaning/passage-reader'
import type { CompareRequestSchema, IlluminateRequestSchema, ResolveRequestSchema } from '../semantic/schemas'

/** What a task may ask for: the current lexicon (a 503 `ApiError` when it is unavailable). */
export type TaskContext = { lexicon: () => Promise<Lexicon> }

export const ROUTE_TASKS = {
  resolve: async (ctx: TaskContext, body: z.infer<typeof ResolveRequestSchema>) =>
    readLexicon(await ctx.lexicon(), (lexicon) => resolveAnswer(lexicon, body)),
  compare: async (ctx: TaskContext, body: z.infer<typeof CompareRequestSchema>) =>
    readLexicon(await ctx.lexicon(), (lexicon) => compareAnswer(lexicon, body)),
  illuminate: async (ctx: TaskContext, body: z.infer<typeof IlluminateRequestSchema>) => {
    const lexicon = await ctx.lexicon()
    return readLexiconInSteps(lexicon, (steps) => illuminateAnswer(lexicon, steps, body))
  },
  claimsCompare: async (ctx: TaskContext, body: z.infer<typeof ClaimsCompareRequestSchema>) =>
    readLexicon(await ctx.lexicon(), (lexicon) => claimsCompareAnswer(lexicon, body)),
  arguments: async (_ctx: TaskContext, body: z.infer<typeof ArgumentsRequestSchema>) => argumentsAnswer(body),
  evidence: async (ctx: TaskContext, body: z.infer<typeof EvidenceRequestSchema>) => {
    const lexicon = await ctx.lexicon()
    return readLexiconInSteps(lexicon, (steps) => evidenceAnswer(lexicon, steps, body))
  },
  review: async (ctx: TaskContext, body: ArgumentInput) =>
    readLexicon(await ctx.lexicon(), (lexicon) => reviewText(lexicon, body)),
  consensusReading: async (ctx: TaskContext, input: PassageToRead & { state: ConsensusState }) =>
    readLexicon(await ctx.lexicon(), (lexicon) =>
      withPassageReading(lexicon, semanticPassageReader, input.state, input),
    ),
} as const

export type TaskName = keyof typeof ROUTE_TASKS
export type TaskInput<N extends TaskName> = Parameters<(typeof ROUTE_TASKS)[N]>[1]

const encoder = new TextEncoder()

/**
 * Runs a task and encodes its answer as the JSON bytes the route sends; a task whose answer is too large to
 * hold as objects and text at once (illuminate, evaluate-evidence) answers with its bytes already.
 */
export async function runTask<N extends TaskName>(
  ctx: TaskContext,
  name: N,
  input: TaskInput<N>,
): Promise<Uint8Array> {
  const task = ROUTE_TASKS[name] as (ctx: TaskContext, input: TaskInput<N>) => Promise<unknown>
  const answer = await task(ctx, input)
  return answer instanceof Uint8Array ? answer : encoder.encode(JSON.stringify(answer))
}
