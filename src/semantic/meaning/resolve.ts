/**
 * Resolving expressions in a passage with one sense per discourse: each expression is scored on its own,
 * then pooled with the nearest other occurrences of the same lexicon word in the passage (at most
 * `DISCOURSE_PEERS`, so a passage repeating one word thousands of times costs linear, not quadratic, time).
 * Independent scores are memoized per passage, so resolving every word scores each occurrence once.
 */
import {
  DEFAULT_SETTINGS,
  poolDiscourse,
  scoreExpression,
  type Resolution,
  type Settings,
} from './disambiguate'
import type { Expression, PassageAnalysis } from './passage'

export type PassageResolver = { resolve(expression: Expression): Resolution }

/** Other occurrences pooled per expression: the nearest ones, by token distance. */
export const DISCOURSE_PEERS = 20

const rangeKey = (e: Expression) => `${e.firstToken}:${e.endToken}`

/** The up to `count` expressions of `list` (in token order) nearest to `at`, nearer first, earlier on ties. */
function nearest(list: readonly Expression[], at: number, count: number): Expression[] {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((list[mid] as Expression).firstToken < at) lo = mid + 1
    else hi = mid
  }
  const out: Expression[] = []
  let left = lo - 1
  let right = lo
  while (out.length < count && (left >= 0 || right < list.length)) {
    const l = list[left]
    const r = list[right]
    if (l && (!r || at - l.firstToken <= r.firstToken - at)) {
      out.push(l)
      left--
    } else if (r) {
      out.push(r)
      right++
    }
  }
  return out
}

export function createResolver(
  analysis: PassageAnalysis,
  settings: Settings = DEFAULT_SETTINGS,
): PassageResolver {
  const independent = new Map<string, Resolution>()
  const byWord = new Map<string, Expression[]>()
  for (const expression of analysis.expressions) {
    for (const word of new Set(expression.readings.map((r) => r.word))) {
      const list = byWord.get(word)
      if (list) list.push(expression)
      else byWord.set(word, [expression])
    }
  }
  const scored = (expression: Expression): Resolution => {
    const key = rangeKey(expression)
    let resolution = independent.get(key)
    if (!resolution) {
      resolution = scoreExpression(analysis, expression, { settings })
      independent.set(key, resolution)
    }
    return resolution
  }
  return {
    resolve(expression) {
      const own = rangeKey(expression)
      const candidates = new Map<string, Expression>()
      for (const word of new Set(expression.readings.map((r) => r.word))) {
        for (const other of nearest(byWord.get(word) ?? [], expression.firstToken, DISCOURSE_PEERS + 1)) {
          if (rangeKey(other) !== own) candidates.set(rangeKey(other), other)
        }
      }
      const distance = (e: Expression) => Math.abs(e.firstToken - expression.firstToken)
      const peers = [...candidates.values()]
        .sort((a, b) => distance(a) - distance(b) || a.firstToken - b.firstToken)
        .slice(0, DISCOURSE_PEERS)
      return poolDiscourse(scored(expression), peers.map(scored), settings)
    },
  }
}
