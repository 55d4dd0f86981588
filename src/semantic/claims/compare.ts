/**
 * Comparing two readings (two claims, or a claim and an excerpt sentence): which content terms align and
 * how, which are opposites, and how scope (quantifiers, subject extent, time, place), strength (modality,
 * hedges, certainty, intensifiers) and polarity differ — each difference with its spans on both sides. The
 * fit classification describes wording only; it never says whether a claim is accurate.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import type { Span } from '../../text/tokens'
import type { ClaimReading, Cue, CueKind, Term } from './reading'
import {
  candidatePairs,
  opposeTerms,
  relateTerms,
  type Opposition,
  type PartsOfSpeech,
  type TermRelation,
} from './relations'

export type TermRef = { text: string; span: Span; lemma: string }
export type CueRef = { text: string; span: Span; kind: CueKind; value: number }

export type Alignment = { first: TermRef; second: TermRef; relation: TermRelation }
export type Opposite = { first: TermRef; second: TermRef } & Opposition

export type ScopeDifference = {
  aspect: 'quantifier' | 'subject' | 'time' | 'place'
  first: CueRef | TermRef | null
  second: CueRef | TermRef | null
  explanation: string
}

export type StrengthDifference = {
  aspect: 'certainty' | 'degree'
  first: { value: number; cues: CueRef[] }
  second: { value: number; cues: CueRef[] }
  explanation: string
}

export type Fit =
  'shares-proposition' | 'partial-overlap' | 'differs-in-scope' | 'differs-in-polarity' | 'no-overlap'

export type Comparison = {
  aligned: Alignment[]
  onlyFirst: TermRef[]
  onlySecond: TermRef[]
  opposites: Opposite[]
  polarity: {
    first: ClaimReading['polarity']
    second: ClaimReading['polarity']
    differs: boolean
    firstCues: CueRef[]
    secondCues: CueRef[]
  }
  scope: ScopeDifference[]
  strength: StrengthDifference[]
  /**
   * Whether aligned terms come in the same order in both: `cats are smarter than dogs` against `dogs are
   * smarter than cats` aligns every word, but who is compared with whom is reversed.
   */
  orderPreserved: boolean
  /** Share of the first reading's terms aligned with the second's. */
  firstCoverage: number
  /** Aligned pairs over all distinct terms of both readings. */
  overlap: number
}

const RELATION_RANK: Record<TermRelation, number> = {
  'same-word': 0,
  synonym: 1,
  derivation: 2,
  broader: 3,
  narrower: 3,
}

const termRef = (t: Term, shift: number): TermRef => ({
  text: t.text,
  span: shifted(t.span, shift),
  lemma: t.lemma,
})
const cueRef = (c: Cue, shift: number): CueRef => ({
  text: c.text,
  span: shifted(c.span, shift),
  kind: c.kind,
  value: c.value,
})
const shifted = (s: Span, by: number): Span => ({ start: s.start + by, end: s.end + by })

const round = (n: number) => Math.round(n * 1000) / 1000

type TermAlignment = {
  pairs: Array<{ i: number; j: number; relation: TermRelation }>
  opposed: Array<{ i: number; j: number; opposition: Opposition }>
}

/**
 * Which terms of `a` and `b` align (each term at most once, closest relation first) and which of the rest
 * are opposites, by term index. Cheaper than a whole comparison, so excerpt sentences are ranked with it.
 */
export function alignTerms(
  lexicon: Lexicon,
  a: ClaimReading,
  b: ClaimReading,
  partsOfSpeech: PartsOfSpeech = 'as-read',
): TermAlignment {
  const candidates = candidatePairs(lexicon, a.terms, b.terms)
  const found: TermAlignment['pairs'] = []
  for (const [i, j] of candidates) {
    const relation = relateTerms(lexicon, a.terms[i] as Term, b.terms[j] as Term, partsOfSpeech)
    if (relation) found.push({ i, j, relation })
  }
  // Among equally close pairs, the one at the more similar place in its sentence first: with two dogs on each
  // side, the first aligns with the first, so that who does what to whom is read from the right pairs.
  const place = (p: { i: number; j: number }) =>
    Math.abs(p.i / Math.max(1, a.terms.length) - p.j / Math.max(1, b.terms.length))
  found.sort(
    (x, y) =>
      RELATION_RANK[x.relation] - RELATION_RANK[y.relation] || place(x) - place(y) || x.i - y.i || x.j - y.j,
  )
  const usedA = new Set<number>()
  const usedB = new Set<number>()
  const pairs: TermAlignment['pairs'] = []
  for (const p of found) {
    if (usedA.has(p.i) || usedB.has(p.j)) continue
    usedA.add(p.i)
    usedB.add(p.j)
    pairs.push(p)
  }
  const opposed: TermAlignment['opposed'] = []
  for (const [i, j] of candidates) {
    if (usedA.has(i) || usedB.has(j)) continue
    const opposition = opposeTerms(lexicon, a.terms[i] as Term, b.terms[j] as Term)
    if (opposition) opposed.push({ i, j, opposition })
  }
  return { pairs, opposed }
}

/**
 * Compares two readings. `shiftFirst` and `shiftSecond` move spans into the texts the caller reports
 * against (an excerpt sentence's spans become offsets into the whole excerpt).
 */
export function compareReadings(
  lexicon: Lexicon,
  a: ClaimReading,
  b: ClaimReading,
  shiftFirst = 0,
  shiftSecond = 0,
): Comparison {
  const ref1 = (t: Term) => termRef(t, shiftFirst)
  const ref2 = (t: Term) => termRef(t, shiftSecond)
  const { pairs, opposed } = alignTerms(lexicon, a, b)
  const usedA = new Set(pairs.map((p) => p.i))
  const usedB = new Set(pairs.map((p) => p.j))
  const aligned: Alignment[] = pairs
    .map((p) => ({
      first: ref1(a.terms[p.i] as Term),
      second: ref2(b.terms[p.j] as Term),
      relation: p.relation,
    }))
    .sort((x, y) => x.first.span.start - y.first.span.start)
  const opposites: Opposite[] = opposed.map((o) => ({
    first: ref1(a.terms[o.i] as Term),
    second: ref2(b.terms[o.j] as Term),
    ...o.opposition,
  }))
  const opposedA = new Set(opposites.map((o) => o.first.span.start))
  const opposedB = new Set(opposites.map((o) => o.second.span.start))
  const onlyFirst = a.terms
    .filter((_, i) => !usedA.has(i))
    .map(ref1)
    .filter((t) => !opposedA.has(t.span.start))
  const onlySecond = b.terms
    .filter((_, j) => !usedB.has(j))
    .map(ref2)
    .filter((t) => !opposedB.has(t.span.start))
  const negations = (r: ClaimReading, shift: number) =>
    r.cues
      .filter((c) => c.kind === 'negation' || (c.kind === 'quantifier' && c.value === 0))
      .map((c) => cueRef(c, shift))
  const union = aligned.length + onlyFirst.length + onlySecond.length + opposites.length
  return {
    aligned,
    onlyFirst,
    onlySecond,
    opposites,
    polarity: {
      first: a.polarity,
      second: b.polarity,
      differs: a.polarity !== b.polarity,
      firstCues: negations(a, shiftFirst),
      secondCues: negations(b, shiftSecond),
    },
    orderPreserved: aligned.every(
      (p, i) => i === 0 || p.second.span.start > (aligned[i - 1] as Alignment).second.span.start,
    ),
    scope: scopeDifferences(lexicon, a, b, shiftFirst, shiftSecond),
    strength: strengthDifferences(a, b, shiftFirst, shiftSecond),
    firstCoverage: a.terms.length === 0 ? 0 : round(aligned.length / a.terms.length),
    overlap: union === 0 ? 0 : round(aligned.length / union),
  }
}

function firstCue(r: ClaimReading, kind: CueKind): Cue | undefined {
  return r.cues.find((c) => c.kind === kind && !(kind === 'quantifier' && c.value === 0))
}

function scopeDifferences(
  lexicon: Lexicon,
  a: ClaimReading,
  b: ClaimReading,
  sa: number,
  sb: number,
): ScopeDifference[] {
  const out: ScopeDifference[] = []
  const qa = firstCue(a, 'quantifier')
  const qb = firstCue(b, 'quantifier')
  if (qa || qb) {
    const va = qa?.value
    const vb = qb?.value
    if (qa?.phrase !== qb?.phrase && va !== vb) {
      const describe = (q: Cue | undefined) =>
        q ? `"${q.text}" (about ${Math.round(q.value * 100)}% of cases)` : 'no quantifier'
      out.push({
        aspect: 'quantifier',
        first: qa ? cueRef(qa, sa) : null,
        second: qb ? cueRef(qb, sb) : null,
        explanation: `The first claim has ${describe(qa)}, the second ${describe(qb)}.`,
      })
    }
  }
  const ha = a.subject?.head
  const hb = b.subject?.head
  if (ha && hb) {
    const relation = relateTerms(lexicon, ha, hb)
    if (relation === 'broader' || relation === 'narrower') {
      out.push({
        aspect: 'subject',
        first: termRef(ha, sa),
        second: termRef(hb, sb),
        explanation: `The first claim's subject "${ha.text}" is ${relation} than the second's "${hb.text}".`,
      })
    } else if (relation === 'same-word' || relation === 'synonym') {
      const ma = new Set((a.subject?.modifiers ?? []).map((m) => m.lemma))
      const mb = new Set((b.subject?.modifiers ?? []).map((m) => m.lemma))
      const extraA = (a.subject?.modifiers ?? []).filter((m) => !mb.has(m.lemma))
      const extraB = (b.subject?.modifiers ?? []).filter((m) => !ma.has(m.lemma))
      if (extraA.length > 0 || extraB.length > 0) {
        const named = (list: Term[]) => list.map((m) => `"${m.text}"`).join(', ')
        out.push({
          aspect: 'subject',
          first: extraA[0] ? termRef(extraA[0], sa) : termRef(ha, sa),
          second: extraB[0] ? termRef(extraB[0], sb) : termRef(hb, sb),
          explanation:
            extraA.length > 0 && extraB.length > 0
              ? `The subjects are restricted differently: ${named(extraA)} in the first, ${named(extraB)} in the second.`
              : extraA.length > 0
                ? `The first claim restricts its subject with ${named(extraA)}; the second does not.`
                : `The second claim restricts its subject with ${named(extraB)}; the first does not.`,
        })
      }
    }
  }
  for (const aspect of ['time', 'place'] as const) {
    const ca = a.cues.filter((c) => c.kind === aspect)
    const cb = b.cues.filter((c) => c.kind === aspect)
    const pa = ca.map((c) => c.phrase).join(' | ')
    const pb = cb.map((c) => c.phrase).join(' | ')
    if (pa === pb) continue
    const fa = ca[0]
    const fb = cb[0]
    out.push({
      aspect,
      first: fa ? cueRef(fa, sa) : null,
      second: fb ? cueRef(fb, sb) : null,
      explanation: `The ${aspect} qualifiers differ: ${fa ? `"${pa}"` : 'none'} in the first, ${fb ? `"${pb}"` : 'none'} in the second.`,
    })
  }
  return out
}

function strengthDifferences(a: ClaimReading, b: ClaimReading, sa: number, sb: number): StrengthDifference[] {
  const out: StrengthDifference[] = []
  const certaintyCues = (r: ClaimReading, s: number) =>
    r.cues
      .filter((c) => c.kind === 'modal' || c.kind === 'hedge' || c.kind === 'certainty')
      .map((c) => cueRef(c, s))
  if (Math.abs(a.certainty - b.certainty) >= 0.1) {
    out.push({
      aspect: 'certainty',
      first: { value: a.certainty, cues: certaintyCues(a, sa) },
      second: { value: b.certainty, cues: certaintyCues(b, sb) },
      explanation: `The ${a.certainty > b.certainty ? 'first' : 'second'} claim is worded with more commitment (${Math.max(a.certainty, b.certainty)} against ${Math.min(a.certainty, b.certainty)}).`,
    })
  }
  if (Math.abs(a.degree - b.degree) >= 0.2) {
    const cues = (r: ClaimReading, s: number) =>
      r.cues.filter((c) => c.kind === 'intensifier').map((c) => cueRef(c, s))
    out.push({
      aspect: 'degree',
      first: { value: a.degree, cues: cues(a, sa) },
      second: { value: b.degree, cues: cues(b, sb) },
      explanation: `The ${a.degree > b.degree ? 'first' : 'second'} claim is intensified more (degree ${round(Math.max(a.degree, b.degree))} against ${round(Math.min(a.degree, b.degree))}).`,
    })
  }
  return out
}

/** Coverage at or above which the readings share most of their content. */
const SHARED = 0.75
/** Coverage at or above which polarity and scope differences are about the same content. */
const RELATED = 0.5

/**
 * How the second reading fits the first, from the first's side: `coverage` is the share of the first
 * reading's terms aligned. A negation and an antonym together cancel out.
 */
export function classifyFit(c: Comparison, coverage: number = c.firstCoverage): Fit {
  if (c.aligned.length === 0 && c.opposites.length === 0) return 'no-overlap'
  const related =
    coverage +
    (c.opposites.length > 0
      ? c.opposites.length / Math.max(1, c.aligned.length + c.onlyFirst.length + c.opposites.length)
      : 0)
  const reversals = (c.polarity.differs ? 1 : 0) + c.opposites.length
  if (related >= RELATED && reversals % 2 === 1) return 'differs-in-polarity'
  if (coverage >= RELATED && c.scope.length > 0) return 'differs-in-scope'
  if (coverage >= SHARED && c.orderPreserved) return 'shares-proposition'
  return 'partial-overlap'
}
