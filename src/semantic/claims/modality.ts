/**
 * Modality the commitment scale does not tell apart: permission (`may`, `can`, `allowed`, `permitted`)
 * against obligation (`must`, `required`, `have to`, `obliged`), and a reported association (`is linked to`,
 * `is associated with`) against a cause (`causes`, `leads to`). Being allowed to do something does not
 * oblige one to, being obliged is not worded as a permission, and an association is not a cause.
 */
import { matchAt, plainIndex, type PhraseIndex } from '../../text/cue-phrases'
import type { Span, Token } from '../../text/tokens'
import type { ClaimReading } from './reading'

export type Phrase = { text: string; span: Span }
export type ModalityGap = { claim: Phrase; excerpt: Phrase; explanation: string }

const PERMISSION = [
  'may',
  'can',
  'could',
  'allowed',
  'permitted',
  'free to',
  'entitled',
  'able to',
  'allow',
  'allows',
  'permit',
  'permits',
]
const OBLIGATION = [
  'must',
  'required',
  'have to',
  'has to',
  'had to',
  'obliged',
  'obligated',
  'need to',
  'needs to',
  'compelled',
  'mandatory',
  'require',
  'requires',
  'forced',
]
const ASSOCIATION = [
  'linked to',
  'associated with',
  'correlated with',
  'tied to',
  'connected to',
  'correlates with',
  'associated',
]
const CAUSE = [
  'causes',
  'caused',
  'cause',
  'leads to',
  'led to',
  'results in',
  'resulted in',
  'triggers',
  'triggered',
]

const PERMISSION_INDEX = plainIndex(PERMISSION)
const OBLIGATION_INDEX = plainIndex(OBLIGATION)
const ASSOCIATION_INDEX = plainIndex(ASSOCIATION)
const CAUSE_INDEX = plainIndex(CAUSE)

/** The first listed phrase the reading's first sentence holds, as written (the longest at the earliest token). */
function phraseIn(reading: ClaimReading, phrases: PhraseIndex): Phrase | null {
  const tokens = reading.tokens
  let end = 0
  while (end < tokens.length && (tokens[end] as Token).sentence === 0) end++
  for (let k = 0; k < end; k++) {
    const match = matchAt(tokens, phrases, k, end)
    if (!match) continue
    const span = { start: (tokens[k] as Token).start, end: (tokens[match.endToken - 1] as Token).end }
    return { text: reading.text.slice(span.start, span.end), span }
  }
  return null
}

/** Whether the excerpt words what the claim says with another kind of modality, which keeps it from following. */
export function modalityGap(claim: ClaimReading, excerpt: ClaimReading): ModalityGap | null {
  const claimObliges = phraseIn(claim, OBLIGATION_INDEX)
  const claimPermits = phraseIn(claim, PERMISSION_INDEX)
  const excerptObliges = phraseIn(excerpt, OBLIGATION_INDEX)
  const excerptPermits = phraseIn(excerpt, PERMISSION_INDEX)
  if (claimObliges && !excerptObliges && excerptPermits)
    return {
      claim: claimObliges,
      excerpt: excerptPermits,
      explanation: `"${excerptPermits.text}" gives a permission and "${claimObliges.text}" states an obligation: being allowed to do something does not oblige anyone to.`,
    }
  if (claimPermits && !excerptPermits && excerptObliges && !claimObliges)
    return {
      claim: claimPermits,
      excerpt: excerptObliges,
      explanation: `"${excerptObliges.text}" states an obligation and "${claimPermits.text}" a permission or possibility: the excerpt does not word it as one.`,
    }
  const cause = phraseIn(claim, CAUSE_INDEX)
  const association = phraseIn(excerpt, ASSOCIATION_INDEX)
  if (cause && association && !phraseIn(excerpt, CAUSE_INDEX))
    return {
      claim: cause,
      excerpt: association,
      explanation: `"${association.text}" reports an association and "${cause.text}" a cause: an association does not show that one thing causes the other.`,
    }
  return null
}
