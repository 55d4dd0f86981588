/**
 * How long a task is expected to keep a worker thread busy, from the length of its input: the pool's
 * queue is bounded by this estimated work rather than by a count of requests, so a burst of quick lookups
 * is queued where a few of the heaviest requests are already enough to refuse more. Each task states its
 * rate (`cost` of src/route-work/task.ts): one thread's milliseconds per thousand UTF-16 code units of text
 * in the request, measured on the heaviest valid request of each route (`npm run bench -- routes`, CPU ms
 * in the pool) and rounded up.
 */
import type { RouteTask } from './task'

/** What any task costs besides its text: messaging, the lexicon lookup, serializing the answer. */
const FIXED_MS = 1

/** UTF-16 code units of every string in a value (keys aside). */
function textUnits(value: unknown): number {
  if (typeof value === 'string') return value.length
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + textUnits(item), 0)
  if (value !== null && typeof value === 'object') return textUnits(Object.values(value))
  return 0
}

/** Estimated milliseconds of one thread's time for the task on this input. */
export function estimatedMs<Input>(task: RouteTask<Input, never>, input: Input): number {
  const text = task.cost.text ? task.cost.text(input) : input
  return FIXED_MS + (task.cost.msPerThousandUnits * textUnits(text)) / 1000
}
