/**
 * Comparatives and equatives. `A is faster than B` and `A is as fast as B` compare A with B and say
 * nothing of A being fast outright; what they say of B is only relative to A (`ITEL won more orders than
 * APCOM` does not say that APCOM won any). What they do carry across premises, with a fact about one side
 * (`A is slow`, `B won ten orders`), is read in `premises.ts`.
 */
import type { Token } from '../../text/tokens'
import { refOf, type Rule } from './decision'
import { lowerAt, termAt } from './claim-parts'
import type { ClaimReading, Term } from './reading'

export type Comparative = {
  /** The token of the compared adjective, adverb or noun (`faster`, `fast` in `as fast as`, `orders`). */
  token: number
  /** The token of `than`, or of the second `as`. */
  standard: number
  kind: 'more' | 'less' | 'as'
}

const LESS = new Set(['less', 'fewer'])

/** The comparative constructions of a reading: `-er than`, `more/less … than`, `as … as`. */
export function comparativesOf(r: ClaimReading): Comparative[] {
  const out: Comparative[] = []
  r.tokens.forEach((t, k) => {
    if (t.lower === 'than') {
      for (let j = k - 1; j >= Math.max(0, k - 4); j--) {
        const w = lowerAt(r, j)
        if (w === 'more' || LESS.has(w)) {
          const head = r.terms.find((x) => x.token > j && x.token < k)
          out.push({ token: head ? head.token : j, standard: k, kind: w === 'more' ? 'more' : 'less' })
          return
        }
        const term = termAt(r, j)
        if (term && /(?:er|ier)$/.test(term.text.toLowerCase()) && term.lemma !== term.text.toLowerCase()) {
          out.push({ token: j, standard: k, kind: 'more' })
          return
        }
      }
    }
    if (t.lower === 'as' && k + 2 < r.tokens.length) {
      for (let j = k + 2; j <= k + 3 && j < r.tokens.length; j++)
        if (lowerAt(r, j) === 'as' && termAt(r, k + 1)) {
          out.push({ token: k + 1, standard: j, kind: 'as' })
          return
        }
    }
  })
  return out
}

const isComparedForm = (r: ClaimReading, t: Term) => comparativesOf(r).some((c) => c.token === t.token)

/** The excerpt compares (`faster than`, `as fast as`), the claim states the plain form (`fast`). */
export const comparativeToPositive: Rule = ({ claim, excerpt, aligned, model, shift }) => {
  if (model !== 'follows' || comparativesOf(claim).length > 0) return null
  for (const p of aligned) {
    if (p.claim.partOfSpeech !== 'adjective' && p.claim.partOfSpeech !== 'adverb') continue
    if (!isComparedForm(excerpt, p.excerpt)) continue
    return {
      relation: 'neither',
      rule: 'comparative',
      claim: refOf(p.claim, 0),
      excerpt: refOf(p.excerpt, shift),
      explanation: `"${p.excerpt.text}" compares two things; it does not say that either is "${p.claim.text}" outright.`,
    }
  }
  return null
}

/** The claim's subject is what the excerpt compares against (`than APCOM`): the excerpt says nothing of it alone. */
export const standardOfComparison: Rule = ({ claim, excerpt, aligned, model, shift }) => {
  if (model !== 'follows' || comparativesOf(claim).length > 0) return null
  const head = claim.subject?.head
  if (!head) return null
  const pair = aligned.find((p) => p.claim.token === head.token)
  if (!pair) return null
  const standard = comparativesOf(excerpt).find((c) => c.kind !== 'as' && c.standard < pair.excerpt.token)
  if (!standard) return null
  return {
    relation: 'neither',
    rule: 'comparative',
    claim: refOf(pair.claim, 0),
    excerpt: refOf(pair.excerpt, shift),
    explanation: `The excerpt measures something against "${pair.excerpt.text}" ("${(excerpt.tokens[standard.standard] as Token).text} ${pair.excerpt.text}"), which says nothing of "${pair.excerpt.text}" on its own.`,
  }
}
