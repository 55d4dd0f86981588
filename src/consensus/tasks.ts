/**
 * The route work of a consensus read (src/route-work): the lexicon's reading of the passage of a
 * `POST /v1/predict/consensus`, compared with the consensus the log gave (./predict.ts), run in the
 * request's isolate or in a worker thread on Node. The composition roots register `CONSENSUS_TASKS`.
 */
import { readLexicon } from '../lexicon/reading'
import type { LexiconTaskContext } from '../lexicon/task-context'
import { defineRouteTask } from '../route-work/task'
import type { PassageReader } from './passage-reading'
import { withPassageReading, type ConsensusState, type PassageToRead } from './predict'

export type ConsensusReadingInput = PassageToRead & { state: ConsensusState }

/** The lexicon, and the reading of a passage that the composition root hands the consensus feature. */
export type ConsensusTaskContext = LexiconTaskContext & { passageReader: PassageReader }

export const consensusReadingTask = defineRouteTask({
  name: 'consensusReading',
  // The input carries its log entries only to return them; the passage is what is read.
  cost: { msPerThousandUnits: 10, text: (input: ConsensusReadingInput) => input.passage },
  run: async (input: ConsensusReadingInput, ctx: ConsensusTaskContext) =>
    readLexicon(await ctx.lexicon(), (lexicon) =>
      withPassageReading(lexicon, ctx.passageReader, input.state, input),
    ),
})

export const CONSENSUS_TASKS = [consensusReadingTask] as const
