/**
 * The meaning `/v1/resolve` chooses for an expression's span in a passage, or none when it abstains: the
 * reading the consensus feature compares a consensus state with (its `PassageReader`, which the composition
 * root hands it).
 */
import type { Lexicon } from '../../lexicon/lexicon'
import { METHOD, resolveTarget } from './operations'

export const semanticPassageReader = {
  name: `/v1/resolve (${METHOD.id})`,
  resolve(
    lexicon: Lexicon,
    { passage, span }: { passage: string; span: { start: number; end: number } },
  ): { meaning: string | null; method: string } {
    const result = resolveTarget(lexicon, passage, { span })
    if (!result.ok) return { meaning: null, method: `not resolved: ${result.problem.message}` }
    const decision = result.value.decision
    return decision.status === 'chosen'
      ? { meaning: decision.meaning, method: `chosen, leading the next meaning by ${decision.margin}` }
      : { meaning: null, method: `abstained (${decision.reason})` }
  },
}
