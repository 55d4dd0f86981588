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

/** Words that make a number exact: `exactly two`, `only one`, `just one`. */
const EXACT = new Set(['exactly', 'only', 'just'])

const countAt = (r: ClaimReading, k: number): number | null => {
  const w = r.tokens[k]?.lower
  return w === undefined ? null : (NUMBER_WORD_VALUES.get(w) ?? numeralValue(w))
}

/**
 * The excerpt gives an exact count of a kind (`exactly two lawyers`, `only one woman`) and the claim another
 * count of the same kind (`six lawyers`): both cannot hold. Another count without `exactly` (`in two hours` /
 * `in one hour`) at least does not say the claim's.
 */
export const exactCount: Rule = ({ claim, excerpt, aligned, model, shift }) => {
  for (const p of aligned) {
    if (p.claim.partOfSpeech !== 'noun') continue
    const claimed = countAt(claim, p.claim.token - 1)
    const given = countAt(excerpt, p.excerpt.token - 1)
    if (claimed === null || given === null || claimed === given) continue
    const before = claim.tokens[p.claim.token - 2]?.lower ?? ''
    if (before === 'least' || before === 'most' || before === 'than') continue
    if (!EXACT.has(excerpt.tokens[p.excerpt.token - 2]?.lower ?? '')) {
      if (model !== 'follows') continue
      return {
        relation: 'neither',
        rule: 'other-count',
        claim: refOf(p.claim, 0),
        excerpt: refOf(p.excerpt, shift),
        explanation: `The excerpt counts ${given} ${p.excerpt.text}, the claim ${claimed}: the excerpt does not say the claim's number.`,
      }
    }
    return {
      relation: 'conflicts',
      rule: 'exact-count',
      claim: refOf(p.claim, 0),
      excerpt: refOf(p.excerpt, shift),
      explanation: `The excerpt counts exactly ${given} ${p.excerpt.text}; the claim counts ${claimed}.`,
    }
  }
  return null
}
