/**
 * Small readings of a claim or excerpt reading that the deciding rules share: aligned pairs with their
 * terms, the term at a token, and whether a token is a verb form (content verb or auxiliary).
 */
import type { Token } from '../../text/tokens'
import { functionClass } from '../../text/function-words'
import type { Comparison, TermRef } from './compare'
import type { ClaimReading, Term } from './reading'
import type { TermRelation } from './relations'

export type AlignedTerms = { claim: Term; excerpt: Term; relation: TermRelation }

export const termAt = (r: ClaimReading, token: number): Term | undefined =>
  r.terms.find((t) => t.token === token)

const termOfRef = (r: ClaimReading, ref: TermRef, shift: number): Term | undefined =>
  r.terms.find((t) => t.span.start + shift === ref.span.start)

/** The comparison's aligned pairs as the claim's and the excerpt's terms. */
export function alignedTerms(
  claim: ClaimReading,
  excerpt: ClaimReading,
  c: Comparison,
  shift: number,
): AlignedTerms[] {
  const out: AlignedTerms[] = []
  for (const p of c.aligned) {
    const a = termOfRef(claim, p.first, 0)
    const b = termOfRef(excerpt, p.second, shift)
    if (a && b) out.push({ claim: a, excerpt: b, relation: p.relation })
  }
  return out
}

/** The excerpt's terms no claim term aligned with. */
export function excerptOnlyTerms(excerpt: ClaimReading, c: Comparison, shift: number): Term[] {
  return c.onlySecond.flatMap((ref) => termOfRef(excerpt, ref, shift) ?? [])
}

/** Whether the token is a verb: an auxiliary or a term read as a verb. */
export function isVerbToken(r: ClaimReading, k: number): boolean {
  const cls = functionClass((r.tokens[k] as Token).lower)
  if (cls === 'be' || cls === 'have' || cls === 'do' || cls === 'modal') return true
  return termAt(r, k)?.partOfSpeech === 'verb'
}

export const lowerAt = (r: ClaimReading, k: number): string => r.tokens[k]?.lower ?? ''
