/**
 * The deterministic rules that decide a relation before the combiner weighs its counts, in the order they
 * are tried: what an attitude verb, a privative or subsective adjective, a comparative, a `before` clause,
 * a past progressive, a disjunction or a counting quantifier lets follow. The first that applies decides, with its step.
 */
import { deniedContrary, privativeModifier, subsectiveAdjective } from './adjectives'
import type { Decision, Rule, RuleInput } from './decision'
import { progressiveToCompleted } from './aspect'
import { attitudeFrame } from './attitudes'
import { beforeClause, disjunction } from './connectives'
import { comparativeToPositive, standardOfComparison } from './comparatives'
import { exactCount, unsupportedUnderQuantifier } from './quantifiers'

const RULES: readonly Rule[] = [
  exactCount,
  attitudeFrame,
  privativeModifier,
  subsectiveAdjective,
  deniedContrary,
  comparativeToPositive,
  standardOfComparison,
  beforeClause,
  progressiveToCompleted,
  disjunction,
  unsupportedUnderQuantifier,
]

export function decideByRule(input: RuleInput): Decision | null {
  for (const rule of RULES) {
    const decision = rule(input)
    if (decision) return decision
  }
  return null
}
