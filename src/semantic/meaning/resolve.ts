/**
 * Resolving expressions in a passage with one sense per discourse: each expression is scored on its own,
 * then pooled with the other occurrences of the same lexicon word in the passage. Independent scores are
 * memoized per passage, so resolving every word of a long passage scores each occurrence once.
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
  const rangeKey = (e: Expression) => `${e.firstToken}:${e.endToken}`
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
      const own = scored(expression)
      const peers = new Map<string, Expression>()
      for (const reading of expression.readings) {
        for (const other of byWord.get(reading.word) ?? []) {
          const key = rangeKey(other)
          if (key !== rangeKey(expression)) peers.set(key, other)
        }
      }
      return poolDiscourse(own, [...peers.values()].map(scored), settings)
    },
  }
}
