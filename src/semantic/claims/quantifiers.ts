/**
 * Generalized quantifiers in the claim: a claim that counts (`some`, `several`, `a few`, `at least three`,
 * `both`) is upward monotone in its restrictor and its scope, so every word it adds there must be said by
 * the excerpt. `Some Irish delegates finished` does not follow from `some delegates finished`.
 */
import type { Token } from '../../text/tokens'
import { NUMBER_WORD_VALUES, numeralValue } from '../../text/numbers'
import { refOf, type Rule } from './decision'
import type { ClaimReading } from './reading'

/** Quantifiers that open a counting claim; a bare number (`two dogs`) is read as a description, not a count. */
const COUNTING = new Set(['some', 'several', 'both', 'many'])
/** Words that make the number after them a count (`at least three`, `exactly two`). */
const BOUNDS = new Set(['least', 'most', 'exactly'])

/** Whether the claim opens with a quantifier that counts some but not all cases (`some`, `at least three`). */
export function opensWithCountingQuantifier(claim: ClaimReading): boolean {
  const [a, b, c] = claim.tokens.slice(0, 3).map((t: Token) => t.lower)
  if (a === undefined) return false
  if (COUNTING.has(a) || (a === 'a' && b === 'few')) return true
  const bounded = a === 'exactly' ? b : (a === 'at' || a === 'only') && BOUNDS.has(b ?? '') ? c : undefined
  if (bounded === 'a' || bounded === 'some') return true
  return bounded !== undefined && (NUMBER_WORD_VALUES.get(bounded) ?? numeralValue(bounded)) !== null
}

/** A counting claim adds a word the excerpt does not say, in an upward position: it does not follow. */
export const unsupportedUnderQuantifier: Rule = ({ claim, claimOnly, model }) => {
  if (model !== 'follows' || !opensWithCountingQuantifier(claim)) return null
  const extra = claimOnly.find((x) => x.monotonicity === 'upward')
  if (!extra) return null
  return {
    relation: 'neither',
    rule: 'unsupported-word',
    claim: refOf(extra.term, 0),
    excerpt: null,
    explanation: `The claim counts cases that are "${extra.term.text}", and nothing in the excerpt says so: a quantifier such as "some" or "at least" carries only what its words say.`,
  }
}
