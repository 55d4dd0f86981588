/**
 * The lexicon's reading of an expression in a passage, which a consensus state is compared with: the
 * meaning `/v1/resolve` chooses for the expression's span, or none when it abstains. `PassageReader` is
 * the seam, so that a test or another resolver can stand in.
 */
import type { Lexicon } from '../lexicon/lexicon'
import { METHOD, resolveTarget } from '../semantic/meaning/operations'

/** `meaning` is null when the resolver reads no meaning (it abstains, or cannot place the span). */
export type PassageReading = { meaning: string | null; method: string }

export type PassageReader = {
  name: string
  resolve(lexicon: Lexicon, input: { passage: string; span: { start: number; end: number } }): PassageReading
}

export const semanticResolver: PassageReader = {
  name: `/v1/resolve (${METHOD.id})`,
  resolve(lexicon, { passage, span }) {
    const result = resolveTarget(lexicon, passage, { span })
    if (!result.ok) return { meaning: null, method: `not resolved: ${result.problem.message}` }
    const decision = result.value.decision
    return decision.status === 'chosen'
      ? { meaning: decision.meaning, method: `chosen, leading the next meaning by ${decision.margin}` }
      : { meaning: null, method: `abstained (${decision.reason})` }
  },
}
