/**
 * Resolving expressions in a passage with one sense per discourse: each expression is scored on its own,
 * then pooled with the nearest other occurrences of the same lexicon word in the passage (at most
 * `DISCOURSE_PEERS`, so a passage repeating one word thousands of times costs linear, not quadratic, time).
 * Pooling reads only each other occurrence's candidate shares, so that is all that is kept of an occurrence
 * once its own turn is over: resolving every word of a long passage holds the full scores (evidence and all)
 * only of the occurrences scored ahead of their turn, never of the whole passage. Expressions may be
 * resolved in runs (`resolveInTurn`), each given the shares the earlier runs scored.
 */
import {
  DEFAULT_SETTINGS,
  poolDiscourse,
  scoreExpression,
  type Resolution,
  type Settings,
} from './disambiguate'
import type { Expression, PassageAnalysis } from './passage'

/** What discourse pooling reads of an occurrence scored on its own: each candidate meaning's share. */
export type MeaningShares = { candidates: ReadonlyArray<{ sense: number; share: number }> }

/** Shares of occurrences scored on their own, by `rangeKey`. */
export type SharesByRange = ReadonlyMap<string, MeaningShares>

export type PassageResolver = {
  resolve(expression: Expression): Resolution
  /**
   * Resolves `expressions` (in token order) one at a time, handing each resolution to `each` before the
   * next is scored. `known` holds the shares of occurrences scored before (by earlier runs); the answer holds
   * those of every occurrence this run scored, so a later run need not score them again for pooling.
   */
  resolveInTurn(
    expressions: readonly Expression[],
    known: SharesByRange,
    each: (resolution: Resolution) => void,
  ): Map<string, MeaningShares>
  /** The expressions `resolveInTurn` scores to resolve these: each of them, and its peers not in `known`. */
  scoredFor(expressions: readonly Expression[], known: SharesByRange): Expression[]
}

/** Other occurrences pooled per expression: the nearest ones, by token distance. */
export const DISCOURSE_PEERS = 20

export const rangeKey = (e: Expression) => `${e.firstToken}:${e.endToken}`

const NONE_KNOWN: SharesByRange = new Map()

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

function sharesOf(resolution: Resolution): MeaningShares {
  return { candidates: resolution.candidates.map((c) => ({ sense: c.sense, share: c.share })) }
}

export function createResolver(
  analysis: PassageAnalysis,
  settings: Settings = DEFAULT_SETTINGS,
): PassageResolver {
  const byWord = new Map<string, Expression[]>()
  for (const expression of analysis.expressions) {
    for (const word of new Set(expression.readings.map((r) => r.word))) {
      const list = byWord.get(word)
      if (list) list.push(expression)
      else byWord.set(word, [expression])
    }
  }
  const peersOf = (expression: Expression): Expression[] => {
    const own = rangeKey(expression)
    const candidates = new Map<string, Expression>()
    for (const word of new Set(expression.readings.map((r) => r.word))) {
      for (const other of nearest(byWord.get(word) ?? [], expression.firstToken, DISCOURSE_PEERS + 1)) {
        if (rangeKey(other) !== own) candidates.set(rangeKey(other), other)
      }
    }
    const distance = (e: Expression) => Math.abs(e.firstToken - expression.firstToken)
    return [...candidates.values()]
      .sort((a, b) => distance(a) - distance(b) || a.firstToken - b.firstToken)
      .slice(0, DISCOURSE_PEERS)
  }
  const resolveInTurn: PassageResolver['resolveInTurn'] = (expressions, known, each) => {
    const scoredNow = new Map<string, MeaningShares>()
    /** Full scores of this run's expressions scored as another's peer before their own turn. */
    const ahead = new Map<string, Resolution>()
    const inRun = new Set(expressions.map(rangeKey))
    const score = (expression: Expression, key: string): Resolution => {
      const resolution = scoreExpression(analysis, expression, { settings })
      if (!known.has(key)) scoredNow.set(key, sharesOf(resolution))
      return resolution
    }
    const peerShares = (peer: Expression): MeaningShares => {
      const key = rangeKey(peer)
      const shares = known.get(key) ?? scoredNow.get(key)
      if (shares) return shares
      const resolution = score(peer, key)
      if (inRun.has(key)) ahead.set(key, resolution)
      return resolution
    }
    for (const expression of expressions) {
      const key = rangeKey(expression)
      const own = ahead.get(key) ?? score(expression, key)
      ahead.delete(key)
      each(poolDiscourse(own, peersOf(expression).map(peerShares), settings))
    }
    return scoredNow
  }
  const scoredFor: PassageResolver['scoredFor'] = (expressions, known) => {
    const scored = new Map(expressions.map((e) => [rangeKey(e), e]))
    for (const expression of expressions) {
      for (const peer of peersOf(expression)) if (!known.has(rangeKey(peer))) scored.set(rangeKey(peer), peer)
    }
    return [...scored.values()]
  }
  return {
    resolve(expression) {
      let resolution: Resolution | undefined
      resolveInTurn([expression], NONE_KNOWN, (r) => (resolution = r))
      return resolution as Resolution
    },
    resolveInTurn,
    scoredFor,
  }
}
