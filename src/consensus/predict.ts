/**
 * A consensus read: the entries for an expression's lemmas in one checkpoint (the earliest
 * LIMITS.evidence), the consensus tallied from them, their inclusion proofs, and, when a passage is given,
 * how the consensus compares with the lexicon's reading of the passage. Reading the passage is route work
 * (src/route-work, `consensusReading`): the log is read where the log is, the passage where the work runs.
 */
import { normalizeLemma, type Lexicon } from '../lexicon/lexicon'
import { toBase64 } from '../text/base64'
import { tallyConsensus } from './consensus'
import { expressionLemmas, readEntry, spanProblem, type EntryProblem } from './entry'
import type { ObservationLog, SignedCheckpoint } from './log/observation-log'
import type { PassageReader } from './passage-reading'
import { LIMITS, type ConsensusSummary, type ObservationEntry } from './schemas'
import type { z } from '@hono/zod-openapi'
import type { PredictRequestSchema, PredictResponseSchema } from './schemas'

export type PredictRequest = z.infer<typeof PredictRequestSchema>
export type ConsensusState = z.infer<typeof PredictResponseSchema>

const decoder = new TextDecoder()

type Span = { start: number; end: number }

/** The passage and span a consensus state is still to be compared with. */
export type PassageToRead = { passage: string; span: Span }

export function checkpointFields(checkpoint: SignedCheckpoint): ConsensusState['checkpoint'] {
  return {
    note: checkpoint.note,
    origin: checkpoint.origin,
    treeSize: checkpoint.treeSize,
    rootHash: toBase64(checkpoint.rootHash),
  }
}

/** Indices of the entries for these lemmas below treeSize, ascending. */
export function entryIndices(log: ObservationLog, lemmas: readonly string[], treeSize: number): number[] {
  const all = new Set<number>()
  for (const lemma of lemmas) {
    for (const index of log.indicesOf(lemma)) {
      if (index >= treeSize) break
      all.add(index)
    }
  }
  return [...all].sort((a, b) => a - b)
}

/** The first whole-word, case-insensitive occurrence of the expression in the passage. */
function findExpression(passage: string, expression: string): { start: number; end: number } | null {
  const words = expression
    .trim()
    .split(/[\s_]+/)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'iu')
  const match = pattern.exec(passage)
  return match ? { start: match.index, end: match.index + match[0].length } : null
}

function compare(
  lexicon: Lexicon,
  resolver: PassageReader,
  passage: string,
  span: Span,
  consensus: ConsensusSummary,
): NonNullable<ConsensusState['lexicon']> {
  const reading = resolver.resolve(lexicon, { passage, span })
  const base = { resolver: resolver.name, method: reading.method, span }
  if (reading.meaning === null) {
    return {
      ...base,
      meaning: null,
      support: 0,
      share: 0,
      strength: 'none',
      agreement: 'no-reading',
      note: `The lexicon reading names no meaning here (${reading.method}).`,
    }
  }
  // The passage is compared with the consensus of the meaning it uses: another meaning leading elsewhere
  // is not a disagreement (a money-bank passage against river-bank observations), only a different use.
  const support = consensus.meanings.find((m) => m.meaning === reading.meaning)?.contributors ?? 0
  const share = consensus.contributors === 0 ? 0 : round4(support / consensus.contributors)
  const strength = meaningStrength(support, share)
  const leading = consensus.leading
  const agreement =
    consensus.observations === 0
      ? 'no-consensus'
      : leading?.meaning === reading.meaning
        ? 'agrees'
        : support > 0
          ? 'other-meaning'
          : 'unobserved'
  const contributors = `${consensus.contributors} contributor${consensus.contributors === 1 ? '' : 's'}`
  const note = {
    agrees: `The lexicon reads ${reading.meaning} here, the meaning the contributors lead with (support ${support} of ${contributors}, ${strength}).`,
    'other-meaning': `The lexicon reads ${reading.meaning} here; ${support} of ${contributors} observed the expression in this meaning (${strength}). Others observed it in other meanings, which is a different use, not a disagreement.`,
    unobserved: `The lexicon reads ${reading.meaning} here; none of the ${contributors} observed the expression in this meaning.`,
    'no-consensus': `The lexicon reads ${reading.meaning} here; no contributor has observed the expression yet.`,
  }[agreement]
  return { ...base, meaning: reading.meaning, support, share, strength, agreement, note }
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000

/** The consensus rule's thresholds applied to one meaning's own support and share. */
function meaningStrength(support: number, share: number): 'strong' | 'moderate' | 'weak' | 'none' {
  if (support === 0) return 'none'
  return support >= 3 && share >= 0.75 ? 'strong' : support >= 2 && share >= 0.5 ? 'moderate' : 'weak'
}

/**
 * The consensus state without the lexicon's reading (`lexicon: null`), and the passage it is still to be
 * compared with (`withPassageReading`), when one was given.
 */
export async function predictConsensus(
  log: ObservationLog,
  lexicon: Lexicon,
  request: PredictRequest,
): Promise<
  { state: ConsensusState; toRead: PassageToRead | null } | { problem: EntryProblem & { status: 400 | 404 } }
> {
  const lemmas = expressionLemmas(lexicon, request.expression)
  if (lemmas.length === 0) {
    return {
      problem: {
        status: 404,
        code: 'expression_not_found',
        path: 'expression',
        message: `${JSON.stringify(normalizeLemma(request.expression))} is not a lexicon word or an inflected form of one.`,
      },
    }
  }
  let span: Span | null = null
  if (request.passage !== undefined) {
    const passage = request.passage
    // The passage may use the expression as asked or any of its base forms ("banks" asked, "bank" written).
    const forms = [request.expression, ...lemmas]
    const given = request.span
    span = given ?? forms.reduce<Span | null>((found, form) => found ?? findExpression(passage, form), null)
    const problem = given
      ? forms.some((form) => !spanProblem(passage, given, form, 'span'))
        ? null
        : spanProblem(passage, given, request.expression, 'span')
      : span
        ? null
        : {
            code: 'expression_not_in_passage',
            path: 'passage',
            message: 'Neither the expression nor its base forms occur in the passage; give its span.',
          }
    if (problem) return { problem: { ...problem, status: 400 } }
  }
  const treeSize = request.treeSize ?? log.size()
  if (treeSize > log.size()) {
    return {
      problem: {
        status: 404,
        code: 'checkpoint_not_found',
        path: 'treeSize',
        message: `The log has ${log.size()} ${log.size() === 1 ? 'entry' : 'entries'}; there is no checkpoint of size ${treeSize} yet.`,
      },
    }
  }
  const indices = entryIndices(log, lemmas, treeSize)
  const counted = indices.slice(0, LIMITS.evidence)
  const checkpoint = await log.checkpoint(treeSize)
  const entries: ConsensusState['entries'] = []
  const observed: ObservationEntry[] = []
  for (const index of counted) {
    const leaf = await log.read(index)
    const entry = readEntry(leaf)
    if (!entry) throw new Error(`log entry ${index} is not an observation entry`)
    observed.push(entry)
    entries.push({
      index,
      leaf: decoder.decode(leaf),
      leafHash: toBase64(log.leafHashAt(index)),
      inclusionProof: log.inclusionProof(index, treeSize).map(toBase64),
    })
  }
  const consensus = tallyConsensus(observed)
  return {
    state: {
      expression: request.expression,
      lemmas,
      checkpoint: checkpointFields(checkpoint),
      consensus,
      total: indices.length,
      counted: counted.length,
      entries,
      lexicon: null,
    },
    toRead: request.passage !== undefined && span ? { passage: request.passage, span } : null,
  }
}

/** The state with how its consensus compares with the resolver's reading of the passage (/v1/resolve's). */
export function withPassageReading(
  lexicon: Lexicon,
  resolver: PassageReader,
  state: ConsensusState,
  { passage, span }: PassageToRead,
): ConsensusState {
  return { ...state, lexicon: compare(lexicon, resolver, passage, span, state.consensus) }
}
