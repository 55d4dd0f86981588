/**
 * The shape of a deterministic rule's verdict on a claim against one excerpt sentence, and what every rule
 * reads: both readings, their comparison and aligned terms, and the relation the combiner would give. A
 * rule that applies decides the relation and says why in one step; the combiner's weights then stand aside.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import type { Comparison, TermRef } from './compare'
import type { AlignedTerms } from './claim-parts'
import type { ClaimReading, Term } from './reading'

export type DecidedRelation = 'follows' | 'conflicts' | 'neither'

export type RuleInput = {
  lexicon: Lexicon
  claim: ClaimReading
  excerpt: ClaimReading
  comparison: Comparison
  /** Offset of the excerpt sentence's spans in the text the answer reports against. */
  shift: number
  aligned: AlignedTerms[]
  /** Claim terms with no counterpart (nor definition nor loose link) in the excerpt, with their position. */
  claimOnly: Array<{ term: Term; monotonicity: 'upward' | 'downward' }>
  /** The relation the fitted combiner gives. */
  model: DecidedRelation
}

export type Decision = {
  relation: DecidedRelation
  /** Short name of the rule, for the step's `lexical` field. */
  rule: string
  claim: TermRef | null
  excerpt: TermRef | null
  explanation: string
}

export type Rule = (input: RuleInput) => Decision | null

export const refOf = (t: Term, shift: number): TermRef => ({
  text: t.text,
  span: { start: t.span.start + shift, end: t.span.end + shift },
  lemma: t.lemma,
})
