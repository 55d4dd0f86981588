/**
 * How long a task is expected to keep a worker thread busy, from the length of its input: the pool's
 * queue is bounded by this estimated work rather than by a count of requests, so a burst of quick lookups
 * is queued where a few of the heaviest requests are already enough to refuse more. The rates are one
 * thread's milliseconds per thousand UTF-16 code units of text in the request, measured on the heaviest
 * valid request of each route (`npm run bench -- routes`, CPU ms in the pool) and rounded up.
 */
import type { TaskInput, TaskName } from './tasks'

/** What any task costs besides its text: messaging, the lexicon lookup, serializing the answer. */
const FIXED_MS = 1

const MS_PER_THOUSAND_UNITS: Record<TaskName, number> = {
  resolve: 4,
  compare: 4,
  illuminate: 30,
  claimsCompare: 10,
  arguments: 1,
  evidence: 3,
  review: 2.5,
  consensusReading: 10,
}

/** UTF-16 code units of every string in a value (keys aside). */
function textUnits(value: unknown): number {
  if (typeof value === 'string') return value.length
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + textUnits(item), 0)
  if (value !== null && typeof value === 'object') return textUnits(Object.values(value))
  return 0
}

/** Estimated milliseconds of one thread's time for the task on this input. */
export function estimatedMs<N extends TaskName>(name: N, input: TaskInput<N>): number {
  // A consensus read carries its log entries only to return them; the passage is what is read.
  const text = name === 'consensusReading' ? (input as TaskInput<'consensusReading'>).passage : input
  return FIXED_MS + (MS_PER_THOUSAND_UNITS[name] * textUnits(text)) / 1000
}
