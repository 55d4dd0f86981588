/**
 * Comparatives and equatives. `A is faster than B` and `A is as fast as B` compare A with B and say
 * nothing of A being fast outright; what they say of B is only relative to A (`ITEL won more orders than
 * APCOM` does not say that APCOM won any). What they do carry across premises, with a fact about one side
 * (`A is slow`, `B won ten orders`), is read in `premises.ts`.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import { NUMBER_WORD_VALUES, numeralValue } from '../../text/numbers'
import type { Token } from '../../text/tokens'
import { bare, type Implied } from './clauses'
import { readClaim } from './reading'
import { opposeTerms } from './relations'
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

/** `X is faster than Y`, `X is as fast as Y`, `X is more important than Y`. */
const COMPARISON =
  /^(.+?)\s+(?:is|was|are|were)\s+(?:as\s+(\p{L}+)\s+as|(\p{L}+er)\s+than|more\s+(\p{L}+)\s+than)\s+(.+)$/iu
/** `X is slow`, `X is a small animal`. */
const POSITIVE = /^(.+?)\s+(?:is|was|are|were)\s+(?:(?:a|an)\s+)?(\p{L}+)(?:\s+(\p{L}+))?$/iu
/** `X won more orders than Y lost`, `X sold 3000 more computers than Y`. */
const MORE_COUNT = /^(.+?)\s+(\p{L}+)\s+(?:(\S+)\s+)?more\s+(\p{L}+)\s+than\s+(.+)$/iu
/** `Y won ten orders`, `Y sold exactly 2500 computers`. */
const COUNT = /^(.+?)\s+(\p{L}+)\s+(?:exactly\s+)?(\S+)\s+(\p{L}+)$/iu

const numberOf = (w: string | undefined): number | null =>
  w === undefined ? null : (NUMBER_WORD_VALUES.get(w.toLowerCase()) ?? numeralValue(w.toLowerCase()))

/** The comparative form of an adjective (`large` → `larger`, `big` → `bigger`, `happy` → `happier`). */
export function comparativeForm(adjective: string): string {
  const a = adjective.toLowerCase()
  if (a.endsWith('e')) return `${a}r`
  if (a.endsWith('y')) return `${a.slice(0, -1)}ier`
  if (/[^aeiou][aeiou][bdgmnpt]$/u.test(a) && a.length <= 4) return `${a}${a.slice(-1)}er`
  return `${a}er`
}

function adjectiveTerm(lexicon: Lexicon, word: string): Term | undefined {
  return readClaim(lexicon, word).terms[0]
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * What comparisons carry across the excerpt's sentences: `X is faster than Y` (or `as fast as`) with `X is
 * slow` gives `Y is slow`, with `Y is fast` gives `X is fast`; `X is a small animal` and `Y is a large
 * animal` give `X is not larger than Y`; `X won more orders than Y lost` with `Y lost ten orders` gives `X
 * won at least 11 orders`, and `3000 more … than Y` with `Y sold exactly 2500` gives the sum.
 */
export function carriedComparisons(lexicon: Lexicon, sentences: readonly string[]): Implied[] {
  const plain = sentences.map(bare)
  const out: Implied[] = []
  const add = (text: string, why: string) => out.push({ text, explanation: `${why}: read as "${text}".` })
  const positives = plain.flatMap((s) => {
    const m = POSITIVE.exec(s)
    return m && !/\b(?:than|as)\b/iu.test(s)
      ? [{ s, x: m[1] as string, adjective: m[2] as string, noun: m[3] }]
      : []
  })
  for (const s of plain) {
    const c = COMPARISON.exec(s)
    if (c) {
      const [x, y] = [c[1] as string, c[5] as string]
      const word = (c[2] ?? c[3] ?? c[4]) as string
      const dimension = adjectiveTerm(lexicon, word)
      if (!dimension) continue
      for (const p of positives) {
        const term = adjectiveTerm(lexicon, p.adjective)
        if (!term || p.noun) continue
        if (same(p.x, x) && opposeTerms(lexicon, term, dimension))
          add(`${y} is ${p.adjective}`, `"${s}" and "${p.s}" put ${y} no higher than ${x}`)
        if (same(p.x, y) && term.lemma === dimension.lemma)
          add(`${x} is ${p.adjective}`, `"${s}" and "${p.s}" put ${x} at least as high as ${y}`)
      }
    }
    const m = MORE_COUNT.exec(s)
    if (m) {
      const [x, verb, by, noun, rest] = [m[1], m[2], m[3], m[4], m[5]] as string[]
      for (const other of plain) {
        const n = COUNT.exec(other)
        if (!n || !rest?.toLowerCase().startsWith((n[1] as string).toLowerCase())) continue
        const tail = rest
          .slice((n[1] as string).length)
          .trim()
          .toLowerCase()
        if (tail !== '' && tail !== 'did' && tail !== (n[2] as string).toLowerCase()) continue
        const count = numberOf(n[3])
        if (count === null) continue
        const extra = by === undefined ? null : numberOf(by)
        const text =
          extra === null
            ? `${x} ${verb} at least ${count + 1} ${noun}`
            : `${x} ${verb} ${count + extra} ${noun}`
        add(text, `"${s}" and "${other}" count ${x}'s ${noun}`)
      }
    }
  }
  for (const a of positives)
    for (const b of positives) {
      if (a === b || !a.noun || a.noun !== b.noun) continue
      const ta = adjectiveTerm(lexicon, a.adjective)
      const tb = adjectiveTerm(lexicon, b.adjective)
      if (ta && tb && opposeTerms(lexicon, ta, tb))
        add(
          `${a.x} is not ${comparativeForm(b.adjective)} than ${b.x}`,
          `"${a.s}" and "${b.s}" are opposite sizes of one kind`,
        )
    }
  return out
}
