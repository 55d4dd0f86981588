/**
 * Connectives that do not assert what they join: a clause after `before` (`left before he lost his temper`)
 * may never have happened, and one disjunct of `either … or` is not asserted alone.
 */
import { refOf, type Rule } from './decision'
import { lowerAt } from './claim-parts'

/** Every aligned excerpt verb lies after `before`, with excerpt words before it: the claim is that clause. */
export const beforeClause: Rule = ({ claim, excerpt, aligned, model, shift }) => {
  if (model !== 'follows' || aligned.length === 0) return null
  if (claim.tokens.some((t) => t.lower === 'before')) return null
  const at = excerpt.tokens.findIndex((t, k) => t.lower === 'before' && k > 1)
  const verbs = aligned.filter((p) => p.excerpt.partOfSpeech === 'verb')
  if (at === -1 || verbs.length === 0 || !verbs.every((p) => p.excerpt.token > at)) return null
  if (!excerpt.terms.some((t) => t.token < at && t.partOfSpeech === 'verb')) return null
  const first = verbs[0] as (typeof verbs)[number]
  return {
    relation: 'neither',
    rule: 'before-clause',
    claim: refOf(first.claim, 0),
    excerpt: refOf(first.excerpt, shift),
    explanation: `The excerpt says this only in a clause after "before", which does not assert that it happened.`,
  }
}

const UNIVERSAL = new Set(['every', 'all', 'each', 'any'])

/** The claim's subject is one disjunct of the excerpt's `either … or` / `… or …` subject. */
export const disjunction: Rule = ({ claim, excerpt, aligned, model, shift }) => {
  if (model !== 'follows' || claim.tokens.some((t) => t.lower === 'or')) return null
  const end = excerpt.subject
    ? excerpt.tokens.findIndex((t) => t.start >= (excerpt.subject?.span.end ?? 0))
    : -1
  if (end <= 0) return null
  const or = excerpt.tokens.findIndex((t, k) => k < end && t.lower === 'or')
  if (or === -1 && lowerAt(excerpt, 0) !== 'either') return null
  // Under `every` a disjunction in the restrictor reads as a conjunction: every A or B is every A and every B.
  if (UNIVERSAL.has(lowerAt(excerpt, 0))) return null
  const head = claim.subject?.head
  const pair = head && aligned.find((p) => p.claim.token === head.token && p.excerpt.token < end)
  if (!pair) return null
  return {
    relation: 'neither',
    rule: 'disjunction',
    claim: refOf(pair.claim, 0),
    excerpt: refOf(pair.excerpt, shift),
    explanation: `"${pair.excerpt.text}" is one of several alternatives joined by "or"; the excerpt does not say which one holds.`,
  }
}
