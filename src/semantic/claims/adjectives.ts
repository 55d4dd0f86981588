/**
 * Adjectives by what they let follow of the noun they modify. Intersective ones (`a red car` is red and a
 * car) pass both on; subsective ones are relative to the noun (`a clever politician` is clever as
 * politicians go, `a small elephant` is not a small animal); privative and non-committal ones do not even
 * pass on the noun (`a former student`, `a fake diamond`, `the alleged thief`). And denying a gradable
 * adjective does not assert its opposite: `not large` leaves room between large and small.
 */
import { refOf, type Rule } from './decision'
import { isVerbToken, lowerAt, termAt } from './claim-parts'
import type { ClaimReading, Term } from './reading'

const PRIVATIVE = new Set([
  'former',
  'fake',
  'alleged',
  'counterfeit',
  'imitation',
  'supposed',
  'purported',
  'so-called',
  'would-be',
  'erstwhile',
  'onetime',
  'bogus',
  'faux',
  'pretend',
  'ex',
])

/** Gradable adjectives whose standard depends on the noun they modify (and their comparatives' lemmas). */
const SUBSECTIVE = new Set([
  'clever',
  'good',
  'bad',
  'skilful',
  'skillful',
  'skilled',
  'competent',
  'talented',
  'able',
  'great',
  'poor',
  'excellent',
  'big',
  'large',
  'small',
  'little',
  'tall',
  'short',
  'long',
  'heavy',
  'light',
  'fast',
  'slow',
  'old',
  'young',
  'strong',
  'weak',
  'rich',
  'expensive',
  'cheap',
  'high',
  'low',
])

/** The noun an adjective modifies: the next noun term within three tokens, before any verb. */
export function modifiedNoun(r: ClaimReading, adjective: Term): Term | undefined {
  for (let k = adjective.token + 1; k <= adjective.token + 3 && k < r.tokens.length; k++) {
    if (isVerbToken(r, k)) return undefined
    const t = termAt(r, k)
    if (t?.partOfSpeech === 'noun') return t
  }
  return undefined
}

/** A privative modifier within the three tokens before `noun`, in the same noun phrase. */
function privativeBefore(r: ClaimReading, noun: Term): string | null {
  for (let k = noun.token - 1; k >= Math.max(0, noun.token - 3); k--) {
    const word = lowerAt(r, k)
    if (PRIVATIVE.has(word)) return (r.tokens[k] as { text: string }).text
    if (isVerbToken(r, k)) return null
  }
  return null
}

/** The excerpt's noun sits under `former`, `fake`, `alleged`…, the claim's does not: the noun is not said. */
export const privativeModifier: Rule = ({ claim, excerpt, aligned, model, shift }) => {
  if (model === 'neither') return null
  for (const p of aligned) {
    if (p.excerpt.partOfSpeech !== 'noun') continue
    const word = privativeBefore(excerpt, p.excerpt)
    if (!word || privativeBefore(claim, p.claim)) continue
    return {
      relation: 'neither',
      rule: 'privative-adjective',
      claim: refOf(p.claim, 0),
      excerpt: refOf(p.excerpt, shift),
      explanation: `"${word} ${p.excerpt.text}" does not say that it is a ${p.excerpt.text}: "${word}" does not pass the noun on.`,
    }
  }
  return null
}

/** Whether the adjective is in a predicate noun phrase (`is a small elephant`), not in the subject. */
function isPredicateNominal(r: ClaimReading, adjective: Term): boolean {
  let k = adjective.token - 1
  while (k >= 0 && termAt(r, k)?.partOfSpeech === 'adverb') k--
  if (lowerAt(r, k) !== 'a' && lowerAt(r, k) !== 'an') return false
  return BE.has(lowerAt(r, k - 1))
}

const BE = new Set(['is', 'are', 'was', 'were', 'be', 'been', "'s"])

const isSubsective = (t: Term) => SUBSECTIVE.has(t.lemma) || t.keys.some((k) => SUBSECTIVE.has(k))

/**
 * A gradable adjective said of one kind of thing is not said outright, nor of a broader kind: `a clever
 * politician` is not simply clever, `a small elephant` is not a small animal.
 */
export const subsectiveAdjective: Rule = ({ claim, excerpt, aligned, model, shift }) => {
  if (model !== 'follows') return null
  for (const p of aligned) {
    if (p.excerpt.partOfSpeech !== 'adjective' || !isSubsective(p.excerpt)) continue
    if (!isPredicateNominal(excerpt, p.excerpt)) continue
    const excerptNoun = modifiedNoun(excerpt, p.excerpt)
    if (!excerptNoun) continue
    const claimNoun = p.claim.partOfSpeech === 'adjective' ? modifiedNoun(claim, p.claim) : undefined
    const nounPair = claimNoun && aligned.find((q) => q.claim.token === claimNoun.token)
    if (nounPair && nounPair.excerpt.token === excerptNoun.token && nounPair.relation !== 'broader') continue
    return {
      relation: 'neither',
      rule: 'subsective-adjective',
      claim: refOf(p.claim, 0),
      excerpt: refOf(p.excerpt, shift),
      explanation: claimNoun
        ? `"${p.excerpt.text}" is measured against ${excerptNoun.text}s; the claim measures it against ${claimNoun.text}s, and what is ${p.excerpt.text} for one need not be for the other.`
        : `"${p.excerpt.text} ${excerptNoun.text}" is ${p.excerpt.text} as ${excerptNoun.text}s go, which does not make it ${p.claim.text} outright.`,
    }
  }
  return null
}

/**
 * The excerpt denies an adjective and the claim asserts its opposite (`not large` / `small`): between
 * contraries there is a middle ground, so the claim does not follow.
 */
export const deniedContrary: Rule = ({ claim, excerpt, comparison, model }) => {
  if (model === 'neither' || comparison.opposites.length === 0) return null
  const excerptNegated = excerpt.cues.some((c) => c.kind === 'negation')
  const claimNegated = claim.cues.some((c) => c.kind === 'negation')
  if (!excerptNegated || claimNegated) return null
  const o = comparison.opposites[0]
  if (!o || o.via !== 'antonym') return null
  return {
    relation: 'neither',
    rule: 'contrary-denied',
    claim: o.first,
    excerpt: o.second,
    explanation: `Not "${o.second.text}" does not make it "${o.first.text}": there is room between the two.`,
  }
}
