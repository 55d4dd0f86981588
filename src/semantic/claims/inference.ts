/**
 * Whether one text's wording entails a claim (`follows`), excludes it (`conflicts`) or neither, in the way of
 * natural logic: each aligned pair of terms is a lexical relation (same word, synonym, broader, narrower,
 * antonym, exclusive co-hyponyms) projected through the monotonicity of its position (negation scope, the
 * restrictor of `all`/`every`, downward quantifiers such as `no` and `few`); cues that flip or block the
 * inference (negation, modality, hedges, quantifiers, numbers, reversed roles) are steps too. A small
 * multinomial logistic regression over these counts, fitted on SICK's training pairs, weighs them and gives
 * a calibrated confidence. It is about what the words say, never whether anything is true.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import type { Token } from '../../text/tokens'
import { compareReadings, type Comparison, type CueRef, type Opposite, type TermRef } from './compare'
import { INFERENCE_MODEL } from '../../../models/claims/inference-model'
import type { ClaimReading, Cue, Term } from './reading'
import { definedBy, definitionCoverage } from './definitions'
import { excludeTerms, relateTerms, relatesInCommonMeanings } from './relations'
import { looselyRelate, partLinked, type LooseRelation } from './loose-relations'
import { matchKeys } from '../../text/word-forms'
import { NUMBER_WORD_VALUES, numeralValue } from '../../text/numbers'
import { inferProse } from './prose'
import { alignedTerms } from './claim-parts'
import type { Decision } from './decision'
import { decideByRule } from './decisions'

export type Relation = 'follows' | 'conflicts' | 'neither'
export type Monotonicity = 'upward' | 'downward'

export type InferenceStep = {
  kind:
    | 'alignment'
    | 'related'
    | 'opposite'
    | 'exclusive'
    | 'claim-only'
    | 'cue'
    | 'roles'
    | 'number'
    | 'date'
    | 'order'
    | 'attribution'
    | 'modality'
    | 'rule'
    | 'premise'
  claim: TermRef | CueRef | null
  excerpt: TermRef | CueRef | null
  /** The lexical relation of an aligned pair, from the claim's side (`broader`: the claim's word is more general). */
  lexical: string | null
  /** Monotonicity of the claim term's position (downward under negation, `no`, `few`, `all`'s restrictor). */
  monotonicity: Monotonicity | null
  effect: 'supports' | 'blocks' | 'flips'
  explanation: string
}

export type Inference = {
  relation: Relation
  confidence: number
  probabilities: Record<Relation, number>
  steps: InferenceStep[]
}

/** Words that end a clause for negation scope. */
const CLAUSE_WORDS = new Set(['and', 'but', 'while', 'whereas', 'although', 'though', 'because', 'or'])
/** Quantifiers that are downward in both their restrictor and their scope. */
const DOWNWARD_BOTH = new Set([
  'no',
  'none',
  'nobody',
  'nothing',
  'no one',
  'few',
  'never',
  'rarely',
  'seldom',
])
/** Quantifiers whose restrictor (up to the first verb) is downward. */
const UNIVERSAL = new Set(['all', 'every', 'each', 'everyone', 'everybody', 'everything'])

function clauseEnd(tokens: readonly Token[], from: number): number {
  for (let k = from; k < tokens.length; k++) {
    const t = tokens[k] as Token
    if (k > from && CLAUSE_WORDS.has(t.lower)) return k
    if (/[,;:.!?]/.test(t.gapAfter) || (tokens[k + 1] && (tokens[k + 1] as Token).sentence !== t.sentence))
      return k + 1
  }
  return tokens.length
}

/** For each token, whether its position is downward monotone (an odd number of downward operators over it). */
export function monotonicityOf(reading: ClaimReading): Monotonicity[] {
  const flips = new Array<number>(reading.tokens.length).fill(0)
  const flip = (from: number, to: number) => {
    for (let k = from; k < to; k++) flips[k] = (flips[k] as number) + 1
  }
  for (const cue of reading.cues) {
    const isNegation = cue.kind === 'negation' || (cue.kind === 'quantifier' && DOWNWARD_BOTH.has(cue.phrase))
    if (isNegation) {
      flip(cue.endToken, clauseEnd(reading.tokens, cue.endToken))
    } else if (cue.kind === 'quantifier' && UNIVERSAL.has(cue.phrase)) {
      const verb = reading.terms.find((t) => t.token >= cue.endToken && t.partOfSpeech === 'verb')
      flip(cue.endToken, verb ? verb.token : cue.endToken)
    }
  }
  return flips.map((n) => (n % 2 === 1 ? 'downward' : 'upward'))
}

const isNegationCue = (c: Cue) => c.kind === 'negation' || (c.kind === 'quantifier' && c.value === 0)

/**
 * For each token, whether it is negated: under an odd number of negations (`not`, `no`, `nobody`) whose
 * clause it is in. Two negated clauses (`is not wearing a jacket and is not holding a glass`) stay negated
 * each, where a count over the whole sentence would cancel them.
 */
function negatedTokens(reading: ClaimReading): boolean[] {
  const count = new Array<number>(reading.tokens.length).fill(0)
  for (const cue of reading.cues) {
    if (!isNegationCue(cue)) continue
    const end = clauseEnd(reading.tokens, cue.endToken)
    for (let k = cue.endToken; k < end; k++) count[k] = (count[k] as number) + 1
  }
  return count.map((n) => n % 2 === 1)
}

/**
 * Whether the two texts differ in polarity where they align: some aligned pair is negated on one side only.
 * Without aligned terms, whether the sentences' polarities differ.
 */
function polarityDiffers(
  claim: ClaimReading,
  excerpt: ClaimReading,
  c: Comparison,
  shift: number,
  opposites: readonly Opposite[],
): boolean {
  if (c.aligned.length === 0) return c.polarity.differs
  const inClaim = negatedTokens(claim)
  const inExcerpt = negatedTokens(excerpt)
  // A negated opposite (`not difficult` / `easy`) is negated where it aligns, however the rest reads.
  return [...c.aligned, ...opposites].some((p) => {
    const a = termOf(claim, p.first, 0)
    const b = termOf(excerpt, p.second, shift)
    return a !== undefined && b !== undefined && inClaim[a.token] !== inExcerpt[b.token]
  })
}

function numbersOf(reading: ClaimReading): number[] {
  const out: number[] = []
  for (const t of reading.tokens) {
    const word = NUMBER_WORD_VALUES.get(t.lower)
    if (word !== undefined && t.lower !== 'one') out.push(word)
    else {
      const numeral = numeralValue(t.lower)
      if (numeral !== null) out.push(numeral)
    }
  }
  return out
}

const termOf = (r: ClaimReading, ref: TermRef, shift: number): Term | undefined =>
  r.terms.find((t) => t.span.start + shift === ref.span.start)

const termRefOf = (t: Term, shift: number): TermRef => ({
  text: t.text,
  span: { start: t.span.start + shift, end: t.span.end + shift },
  lemma: t.lemma,
})

const RARE_SENSE = ', though only through rare meanings of the words'

const LOOSE_ORDER: Record<LooseRelation, number> = { gloss: 0, part: 1, sibling: 2 }
const LOOSE_EXPLANATION: Record<LooseRelation, (a: string, b: string) => string> = {
  gloss: (a, b) => `"${a}" and "${b}" are linked by a definition, which is looser than a synonym.`,
  part: (a, b) => `"${a}" and "${b}" are linked as a thing and its part, member or substance.`,
  sibling: (a, b) => `"${a}" and "${b}" are kinds of the same thing, which may or may not coincide.`,
}

/** How many words of a claim word's definition the excerpt must have to say it (`rides`, `motorcycle`). */
const DEFINITION_COVERAGE = 2

/** Feature values in the order of INFERENCE_MODEL.features. */
export type Features = Record<(typeof INFERENCE_MODEL.features)[number], number>

/**
 * Infers the relation of `excerpt` (the premise) to `claim` (the hypothesis) from their comparison
 * (`first` = claim, `second` = excerpt). `excerptShift` is the offset the comparison's excerpt spans carry.
 */
export function inferRelation(
  lexicon: Lexicon,
  claim: ClaimReading,
  excerpt: ClaimReading,
  comparison: Comparison,
  excerptShift = 0,
): Inference {
  return inferProse(lexicon, claim, excerpt, excerptShift, (c, e, shift) =>
    c === claim && e === excerpt && shift === excerptShift
      ? naturalLogic(lexicon, claim, excerpt, comparison, excerptShift)
      : naturalLogic(lexicon, c, e, compareReadings(lexicon, c, e, 0, shift), shift),
  )
}

/** The relation by natural logic and the fitted combiner alone. */
function naturalLogic(
  lexicon: Lexicon,
  claim: ClaimReading,
  excerpt: ClaimReading,
  comparison: Comparison,
  excerptShift: number,
): Inference {
  const { features, steps } = inferenceFeatures(lexicon, claim, excerpt, comparison, excerptShift)
  const probabilities = withLogic(features, classify(features))
  const modelRelation: Relation =
    probabilities.conflicts >= INFERENCE_MODEL.thresholds.conflicts &&
    probabilities.conflicts >= probabilities.follows
      ? 'conflicts'
      : probabilities.follows >= INFERENCE_MODEL.thresholds.follows
        ? 'follows'
        : 'neither'
  const decision = decideByRule({
    lexicon,
    claim,
    excerpt,
    comparison,
    shift: excerptShift,
    aligned: alignedTerms(claim, excerpt, comparison, excerptShift),
    claimOnly: steps.flatMap((s) => {
      const term = s.kind === 'claim-only' && s.claim ? termOf(claim, s.claim as TermRef, 0) : undefined
      return term ? [{ term, monotonicity: s.monotonicity ?? 'upward' }] : []
    }),
    model: modelRelation,
  })
  if (decision) return decided(decision, steps)
  const relation = modelRelation
  const confidence =
    relation === 'neither'
      ? 1 - Math.max(probabilities.follows, probabilities.conflicts)
      : probabilities[relation]
  return { relation, confidence: round(confidence), probabilities: roundAll(probabilities), steps }
}

/** A rule's confidence in the relation it decides: below what the combiner gives its clearest cases. */
const RULE_CONFIDENCE = 0.85

const RULE_EFFECT: Record<Relation, InferenceStep['effect']> = {
  follows: 'supports',
  conflicts: 'flips',
  neither: 'blocks',
}

/** The inference a deterministic rule decided, its step last. */
function decided(d: Decision, steps: InferenceStep[]): Inference {
  const rest = (1 - RULE_CONFIDENCE) / 2
  const probabilities = { follows: rest, conflicts: rest, neither: rest, [d.relation]: RULE_CONFIDENCE }
  steps.push({
    kind: 'rule',
    claim: d.claim,
    excerpt: d.excerpt,
    lexical: d.rule,
    monotonicity: null,
    effect: RULE_EFFECT[d.relation],
    explanation: d.explanation,
  })
  return { relation: d.relation, confidence: RULE_CONFIDENCE, probabilities: roundAll(probabilities), steps }
}

/** The noun an adjective modifies: the first noun term right after it (within two tokens). */
function headOf(reading: ClaimReading, term: Term): Term | undefined {
  if (term.partOfSpeech !== 'adjective') return undefined
  return reading.terms.find(
    (t) => t.token > term.token && t.token <= term.token + 2 && t.partOfSpeech === 'noun',
  )
}

/** The last word of a time or place qualifier read as a term (`park` in `in the park`). */
function qualifierHead(lexicon: Lexicon, reading: ClaimReading, cue: Cue): Term {
  const token = reading.tokens[cue.endToken - 1] as Token
  const keys = matchKeys(lexicon, token.lower)
  return {
    text: token.text,
    span: { start: token.start, end: token.end },
    token: cue.endToken - 1,
    lemma: keys[0] ?? token.lower,
    keys,
    partOfSpeech: 'noun',
  }
}

/**
 * The claim's time and place qualifiers the excerpt has no counterpart for (its head word related to no
 * qualifier head or term of the excerpt), and the excerpt's qualifiers no claim qualifier matched: `in the
 * park` against `in the gym` names another place, `in a park` against `in the park` the same.
 */
function qualifierMatch(
  lexicon: Lexicon,
  claim: ClaimReading,
  excerpt: ClaimReading,
): { claimOnly: Cue[]; excerptOnly: Cue[] } {
  const qualifiers = (r: ClaimReading) => r.cues.filter((q) => q.kind === 'place' || q.kind === 'time')
  const claimCues = qualifiers(claim)
  if (claimCues.length === 0) return { claimOnly: [], excerptOnly: [] }
  const excerptCues = qualifiers(excerpt)
  const excerptHeads = excerptCues.map((q) => qualifierHead(lexicon, excerpt, q))
  const matched = new Set<number>()
  const claimOnly: Cue[] = []
  for (const cue of claimCues) {
    const head = qualifierHead(lexicon, claim, cue)
    const j = excerptHeads.findIndex((h) => relateTerms(lexicon, head, h) !== null)
    if (j !== -1) matched.add(j)
    else if (!excerpt.terms.some((t) => relateTerms(lexicon, head, t) !== null)) claimOnly.push(cue)
  }
  return { claimOnly, excerptOnly: excerptCues.filter((_, j) => !matched.has(j)) }
}

/** Prepositions that place a thing oppositely: whatever is inside something is not outside it. */
const OPPOSITE_PREPOSITIONS = new Map<string, string[]>([
  ['inside', ['outside']],
  ['outside', ['inside']],
  ['into', ['out']],
  ['out', ['into', 'in']],
  ['in', ['out', 'outside']],
  ['above', ['below', 'under', 'beneath']],
  ['below', ['above', 'over']],
  ['under', ['above', 'over', 'on']],
  ['beneath', ['above', 'over']],
  ['over', ['under', 'below', 'beneath']],
  ['on', ['off', 'under']],
  ['off', ['on', 'onto']],
  ['onto', ['off']],
  ['up', ['down']],
  ['down', ['up']],
  ['with', ['without']],
  ['without', ['with']],
  ['before', ['after']],
  ['after', ['before']],
  ['near', ['far']],
  ['far', ['near']],
  ['toward', ['away']],
  ['towards', ['away']],
  ['away', ['toward', 'towards']],
])

/**
 * Token pairs (claim, excerpt) of opposite prepositions whose objects align: the next content term after
 * each (within three tokens) is an aligned pair (`outside the building` / `inside a building`).
 */
function oppositePrepositions(
  claim: ClaimReading,
  excerpt: ClaimReading,
  c: Comparison,
  shift: number,
): Array<[number, number]> {
  const out: Array<[number, number]> = []
  const objectOf = (r: ClaimReading, i: number) =>
    r.terms.find((t) => t.token > i && t.token <= i + 3 && t.partOfSpeech === 'noun')
  claim.tokens.forEach((token, i) => {
    const opposite = OPPOSITE_PREPOSITIONS.get(token.lower)
    if (!opposite) return
    const a = objectOf(claim, i)
    if (!a) return
    excerpt.tokens.forEach((other, j) => {
      if (!opposite.includes(other.lower)) return
      const b = objectOf(excerpt, j)
      if (
        b &&
        c.aligned.some(
          (p) => p.first.span.start === a.span.start && p.second.span.start - shift === b.span.start,
        )
      )
        out.push([i, j])
    })
  })
  return out
}

/**
 * Logic the training pairs rarely show: an excerpt about part of the cases, with less commitment, with other
 * numbers or with the roles reversed cannot entail the claim, whatever else lines up. And an exclusion that
 * lines up whole (every claim word has its counterpart, and a negation or an opposite said of the same
 * subject flips them all) conflicts at least as surely as such exclusions do in the training pairs, however
 * much more the excerpt says (`The vaccine is unsafe for pregnant women` against `The vaccine is safe`).
 */
export function withLogic(f: Features, p: Record<Relation, number>): Record<Relation, number> {
  let out = p
  if (blocksFollowing(f)) {
    const rest = out.conflicts + out.neither
    out = { follows: 0, conflicts: out.conflicts / rest, neither: out.neither / rest }
  }
  if (linedUpExclusion(f) && out.conflicts < LINED_UP_EXCLUSION) {
    const rest = out.follows + out.neither
    const scale = rest === 0 ? 0 : (1 - LINED_UP_EXCLUSION) / rest
    out = { follows: out.follows * scale, conflicts: LINED_UP_EXCLUSION, neither: out.neither * scale }
  }
  return out
}

/**
 * Share of SICK's training pairs with a whole lined-up exclusion that are contradictions (515 of 539), the
 * least probability of `conflicts` such a pair is given.
 */
const LINED_UP_EXCLUSION = 0.955

function linedUpExclusion(f: Features): boolean {
  return f.negationDiffers > 0 && f.negationLinedUp >= 1 && f.claimOnly === 0 && f.deniedExtra === 0
}

function blocksFollowing(f: Features): boolean {
  return f.quantifierGap > 0 || f.certaintyGap >= 0.2 || f.numberMismatch > 0 || f.rolesReversed > 0
}

/**
 * Whether a term is the predicate said of the subject: an adjective, or a verb that is not a progressive
 * `-ing` form, right after the subject (auxiliaries, `be`, negation and adverbs between). Progressive
 * scenes (`is sitting` / `is standing`) may be different moments, so they are left to the combiner.
 */
function isPredicate(reading: ClaimReading, term: Term): boolean {
  if (term.partOfSpeech !== 'adjective' && term.partOfSpeech !== 'verb') return false
  if (term.partOfSpeech === 'verb' && term.text.toLowerCase().endsWith('ing')) return false
  const subject = reading.subject
  if (!subject || term.span.start < subject.span.end) return false
  const between = reading.terms.filter(
    (t) => t.span.start >= subject.span.end && t.span.start < term.span.start,
  )
  return between.every((t) => t.partOfSpeech === 'adverb')
}

/**
 * Whether the subjects trade places: the claim's subject head aligns with a word outside the excerpt's
 * subject and the excerpt's subject head with a word outside the claim's (`the heron caught the fish` /
 * `the fish caught the heron`). Reordered modifiers (`a lone biker` / `a biker, alone`) are not a swap.
 */
function subjectsSwapped(
  claim: ClaimReading,
  excerpt: ClaimReading,
  c: Comparison,
  shift: number,
): boolean | null {
  const cs = claim.subject
  const es = excerpt.subject
  if (!cs?.head || !es?.head) return null
  const inClaimSubject = (start: number) => start >= cs.span.start && start < cs.span.end
  const inExcerptSubject = (start: number) => start - shift >= es.span.start && start - shift < es.span.end
  const claimHead = c.aligned.find((p) => p.first.span.start === cs.head?.span.start)
  const excerptHead = c.aligned.find((p) => p.second.span.start - shift === es.head?.span.start)
  // A subject head without a counterpart (`someone`, another person altogether) says nothing of the roles.
  if (claimHead === undefined || excerptHead === undefined) return null
  return !inExcerptSubject(claimHead.second.span.start) && !inClaimSubject(excerptHead.first.span.start)
}

const PASSIVE_BE = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being', "'s", "'re"])

/**
 * Whether the subject's own clause is passive: right after the subject a form of `be` (or `being`), adverbs,
 * then a verb not in `-ing` (a past participle, irregular ones such as `spread`, `held` or `drunk` included),
 * then `by` later in the clause. A passive in a later clause (`… and is followed by`) leaves the subject's
 * role as it is.
 */
function isPassive(reading: ClaimReading): boolean {
  const tokens = reading.tokens
  const subjectEnd = reading.subject?.span.end ?? 0
  for (let i = 0; i + 1 < tokens.length; i++) {
    if ((tokens[i] as Token).start < subjectEnd) continue
    if (!PASSIVE_BE.has((tokens[i] as Token).lower)) break
    let k = i + 1
    if ((tokens[k] as Token).lower === 'being') k++
    while (reading.terms.find((t) => t.token === k)?.partOfSpeech === 'adverb') k++
    const verb = tokens[k]
    if (!verb || verb.lower.endsWith('ing')) continue
    const term = reading.terms.find((t) => t.token === k)
    if (!term || term.partOfSpeech !== 'verb') continue
    if (tokens.slice(k + 1, k + 8).some((t) => t.lower === 'by')) return true
  }
  return false
}

const round = (n: number) => Math.round(n * 1000) / 1000
const roundAll = (p: Record<Relation, number>) => ({
  follows: round(p.follows),
  conflicts: round(p.conflicts),
  neither: round(p.neither),
})

/** Probabilities of the three relations under the fitted model. */
export function classify(features: Features): Record<Relation, number> {
  const scores = INFERENCE_MODEL.relations.map((_, r) =>
    INFERENCE_MODEL.features.reduce(
      (s, name, f) => s + (INFERENCE_MODEL.weights[r] as readonly number[])[f]! * features[name],
      (INFERENCE_MODEL.bias as readonly number[])[r] as number,
    ),
  )
  const top = Math.max(...scores)
  const exp = scores.map((s) => Math.exp(s - top))
  const sum = exp.reduce((a, b) => a + b, 0)
  const out = { follows: 0, conflicts: 0, neither: 0 }
  INFERENCE_MODEL.relations.forEach((r, i) => (out[r] = (exp[i] as number) / sum))
  return out
}

export function inferenceFeatures(
  lexicon: Lexicon,
  claim: ClaimReading,
  excerpt: ClaimReading,
  c: Comparison,
  excerptShift = 0,
): { features: Features; steps: InferenceStep[] } {
  const steps: InferenceStep[] = []
  const claimMono = monotonicityOf(claim)
  // An antonym in the predicate of the same subject (`is safe` / `is unsafe`, `rose` / `fell`) excludes
  // like a negation; an antonym elsewhere (`an old man` / `a young man`) may be about another individual.
  const predicateOpposites = c.opposites.filter((o) => {
    const term = termOf(claim, o.first, 0)
    return term !== undefined && isPredicate(claim, term)
  })
  const negationDiffers =
    polarityDiffers(claim, excerpt, c, excerptShift, predicateOpposites) !==
    (predicateOpposites.length % 2 === 1)
  let followsSupport = 0
  let followsBlocked = 0
  let conflictBlocked = 0
  let rareMeaning = 0
  for (const pair of c.aligned) {
    const term = termOf(claim, pair.first, 0)
    const mono = term ? (claimMono[term.token] as Monotonicity) : 'upward'
    const rel = pair.relation
    // A relation through rare meanings only (`running` / `playing`, as a play runs for a year) keeps the
    // pair aligned; the combiner weighs how often an alignment rests on such meanings. (Reading the meanings
    // in context instead, as /v1/resolve does, was measured and gave the same accuracy at 60 % more time.)
    const other = term ? termOf(excerpt, pair.second, excerptShift) : undefined
    const rareSense =
      term !== undefined && other !== undefined && !relatesInCommonMeanings(lexicon, term, other, rel)
    if (rareSense) rareMeaning++
    // `broader`: the claim's word is more general than the excerpt's (poodle ⊨ dog) — fine where upward.
    const direction = rel === 'broader' ? 'forward' : rel === 'narrower' ? 'reverse' : 'equal'
    const followsOk = direction === 'equal' || (direction === 'forward') === (mono === 'upward')
    // A conflict through negation needs the excerpt to entail the claim's un-negated form: the claim
    // term's position counts as flipped.
    const conflictOk = direction === 'equal' || (direction === 'forward') === (mono === 'downward')
    if (followsOk) followsSupport++
    else followsBlocked++
    if (negationDiffers && !conflictOk) conflictBlocked++
    steps.push({
      kind: 'alignment',
      claim: pair.first,
      excerpt: pair.second,
      lexical: rel,
      monotonicity: mono,
      effect: followsOk ? 'supports' : 'blocks',
      explanation:
        direction === 'equal'
          ? `"${pair.first.text}" and "${pair.second.text}" align (${rel})${rareSense ? RARE_SENSE : ''}.`
          : `"${pair.first.text}" is ${rel} than "${pair.second.text}" in a ${mono} position${rareSense ? RARE_SENSE : ''}: ${followsOk ? 'the inference goes through' : 'the excerpt says less than the claim here'}.`,
    })
  }
  let opposites = 0
  let oppositeSameThing = 0
  for (const o of c.opposites) {
    const term = termOf(claim, o.first, 0)
    const mono = term ? (claimMono[term.token] as Monotonicity) : 'upward'
    const inPredicate = predicateOpposites.includes(o)
    if (inPredicate) followsSupport++
    else opposites++
    // Opposite modifiers of aligned nouns (`an empty pool` / `a full pool`) describe the same thing two ways.
    const other = termOf(excerpt, o.second, excerptShift)
    const heads = term && other ? [headOf(claim, term), headOf(excerpt, other)] : []
    if (
      !inPredicate &&
      heads[0] &&
      heads[1] &&
      c.aligned.some(
        (p) =>
          p.first.span.start === heads[0]?.span.start &&
          p.second.span.start - excerptShift === heads[1]?.span.start,
      )
    )
      oppositeSameThing++
    steps.push({
      kind: 'opposite',
      claim: o.first,
      excerpt: o.second,
      lexical: o.via,
      monotonicity: mono,
      effect: 'flips',
      explanation: `"${o.first.text}" and "${o.second.text}" are opposites (${o.via})${inPredicate ? ', said of the same subject' : ''}.`,
    })
  }
  let exclusive = 0
  let exclusiveSubject = 0
  const usedExcerpt = new Set<number>()
  const excerptLeft = c.onlySecond.map((ref) => termOf(excerpt, ref, excerptShift))
  const claimLeft: TermRef[] = []
  for (const ref of c.onlyFirst) {
    const ta = termOf(claim, ref, 0)
    let matched = false
    if (ta) {
      for (let j = 0; j < excerptLeft.length && !matched; j++) {
        const tb = excerptLeft[j]
        if (!tb || usedExcerpt.has(j)) continue
        const meanings = excludeTerms(lexicon, ta, tb)
        // A part of the other thing (`finger` / `hand`) is no other kind of it.
        if (!meanings || partLinked(lexicon, ta, tb)) continue
        usedExcerpt.add(j)
        matched = true
        exclusive++
        const inSubject = claim.subject?.head?.token === ta.token
        if (inSubject) exclusiveSubject++
        steps.push({
          kind: 'exclusive',
          claim: ref,
          excerpt: c.onlySecond[j] as TermRef,
          lexical: 'exclusive',
          monotonicity: claimMono[ta.token] as Monotonicity,
          effect: 'flips',
          explanation: `"${ref.text}" and "${(c.onlySecond[j] as TermRef).text}" are different kinds of the same thing (${meanings[0]} / ${meanings[1]}).`,
        })
      }
    }
    if (!matched) claimLeft.push(ref)
  }
  // A claim word no relation links may still be said by definition: the excerpt's word is defined by it
  // (`kitten`, "young domestic cat", says `cat`), or its own definition is in the excerpt (`motorcyclist`,
  // "a traveler who rides a motorcycle", against `riding a motorcycle`).
  let defined = 0
  for (let k = claimLeft.length - 1; k >= 0; k--) {
    const ref = claimLeft[k] as TermRef
    const ta = termOf(claim, ref, 0)
    if (!ta) continue
    const by = excerpt.terms.find((tb) => definedBy(lexicon, ta, tb))
    const covered = by ? 0 : definitionCoverage(lexicon, ta, excerpt.terms)
    if (!by && covered < DEFINITION_COVERAGE) continue
    claimLeft.splice(k, 1)
    defined++
    followsSupport++
    steps.push({
      kind: 'alignment',
      claim: ref,
      excerpt: by ? termRefOf(by, excerptShift) : null,
      lexical: 'definition',
      monotonicity: claimMono[ta.token] as Monotonicity,
      effect: 'supports',
      explanation: by
        ? `"${by.text}" is defined with the word "${ref.text}".`
        : `The definition of "${ref.text}" is worded in the excerpt (${covered} of its words).`,
    })
  }
  // What is left may still be loosely linked to an excerpt word (its definition, a part of it, a sibling
  // kind): weaker than an alignment, and weighed by the combiner apart from it.
  const loose: Record<LooseRelation, number> = { gloss: 0, part: 0, sibling: 0 }
  for (let k = claimLeft.length - 1; k >= 0; k--) {
    const ref = claimLeft[k] as TermRef
    const ta = termOf(claim, ref, 0)
    if (!ta) continue
    let found: { term: Term; relation: LooseRelation } | null = null
    for (const tb of excerpt.terms) {
      const relation = looselyRelate(lexicon, ta, tb)
      if (relation && (!found || LOOSE_ORDER[relation] < LOOSE_ORDER[found.relation]))
        found = { term: tb, relation }
    }
    if (!found) continue
    claimLeft.splice(k, 1)
    loose[found.relation]++
    steps.push({
      kind: 'related',
      claim: ref,
      excerpt: termRefOf(found.term, excerptShift),
      lexical: found.relation,
      monotonicity: claimMono[ta.token] as Monotonicity,
      effect: 'supports',
      explanation: LOOSE_EXPLANATION[found.relation](ref.text, found.term.text),
    })
  }
  for (const ref of claimLeft) {
    const term = termOf(claim, ref, 0)
    steps.push({
      kind: 'claim-only',
      claim: ref,
      excerpt: null,
      lexical: null,
      monotonicity: term ? (claimMono[term.token] as Monotonicity) : null,
      effect: 'blocks',
      explanation: `"${ref.text}" has no counterpart in the excerpt.`,
    })
  }
  // What the excerpt denies with more words than the claim has (`is not riding a horse by a creek`) is a
  // narrower statement: its denial leaves the claim (`is riding a horse`) open.
  const excerptNegated = negatedTokens(excerpt)
  const denied = negationDiffers
    ? excerptLeft.filter(
        (t, j): t is Term => t !== undefined && !usedExcerpt.has(j) && excerptNegated[t.token] === true,
      )
    : []
  const deniedExtra = denied.length
  if (deniedExtra > 0)
    steps.push({
      kind: 'cue',
      claim: null,
      excerpt: termRefOf(denied[0] as Term, excerptShift),
      lexical: null,
      monotonicity: null,
      effect: 'blocks',
      explanation: `The excerpt denies more than the claim says (${denied.map((t) => `"${t.text}"`).join(', ')}), which leaves the claim open.`,
    })
  const claimNeg = claim.cues.filter(isNegationCue)
  const excerptNeg = excerpt.cues.filter(isNegationCue)
  if (negationDiffers) {
    const [cue, side] = claimNeg.length % 2 === 1 ? [claimNeg[0], 'claim'] : [excerptNeg[0], 'excerpt']
    if (cue) {
      const ref = cueRef(cue, side === 'claim' ? 0 : excerptShift)
      steps.push({
        kind: 'cue',
        claim: side === 'claim' ? ref : null,
        excerpt: side === 'excerpt' ? ref : null,
        lexical: null,
        monotonicity: null,
        effect: 'flips',
        explanation: `"${cue.text}" negates the ${side}'s ${conflictBlocked > 0 ? 'statement, but the other words do not line up for an exclusion' : 'statement'}.`,
      })
    }
  }
  const universalClaim = claim.cues.some((q) => q.kind === 'quantifier' && UNIVERSAL.has(q.phrase))
  const universalExcerpt = excerpt.cues.some((q) => q.kind === 'quantifier' && UNIVERSAL.has(q.phrase))
  const quantifierGap = universalClaim && !universalExcerpt ? 1 : 0
  if (quantifierGap) {
    const q = claim.cues.find((x) => x.kind === 'quantifier' && UNIVERSAL.has(x.phrase)) as Cue
    steps.push(cueStep(cueRef(q, 0), null, `"${q.text}" claims every case; the excerpt does not.`))
  }
  const partialExcerpt = excerpt.cues.find(
    (q) =>
      q.kind === 'quantifier' && q.value > 0 && q.value < 1 && !claim.cues.some((x) => x.phrase === q.phrase),
  )
  if (partialExcerpt)
    steps.push(
      cueStep(
        null,
        cueRef(partialExcerpt, excerptShift),
        `"${partialExcerpt.text}" limits the excerpt to part of the cases.`,
      ),
    )
  const certaintyGap = Math.max(0, claim.certainty - excerpt.certainty)
  if (certaintyGap >= 0.1) {
    const cue = excerpt.cues.find((x) => x.kind === 'modal' || x.kind === 'hedge')
    steps.push(
      cueStep(
        null,
        cue ? cueRef(cue, excerptShift) : null,
        `The excerpt is worded with less commitment (${excerpt.certainty}) than the claim (${claim.certainty}).`,
      ),
    )
  }
  const claimNumbers = numbersOf(claim)
  const excerptNumbers = numbersOf(excerpt)
  const numberMismatch =
    claimNumbers.length > 0 &&
    excerptNumbers.length > 0 &&
    claimNumbers.some((n) => !excerptNumbers.includes(n))
      ? 1
      : 0
  if (numberMismatch)
    steps.push({
      kind: 'number',
      claim: null,
      excerpt: null,
      lexical: null,
      monotonicity: null,
      effect: 'blocks',
      explanation: `The numbers differ: ${claimNumbers.join(', ')} in the claim, ${excerptNumbers.join(', ')} in the excerpt.`,
    })
  // Passive against active reverses the order of the aligned words without reversing the roles.
  const voiceDiffers = isPassive(claim) !== isPassive(excerpt)
  const swapped = subjectsSwapped(claim, excerpt, c, excerptShift)
  const rolesReversed = swapped !== null && swapped !== voiceDiffers ? 1 : 0
  if (rolesReversed)
    steps.push({
      kind: 'roles',
      claim: null,
      excerpt: null,
      lexical: null,
      monotonicity: null,
      effect: 'blocks',
      explanation: voiceDiffers
        ? 'One text is passive and the other active, yet the subjects are the same: who does what to whom differs.'
        : 'The subjects trade places with other words: who does what to whom differs.',
    })
  const qualifiers = qualifierMatch(lexicon, claim, excerpt)
  for (const cue of qualifiers.claimOnly)
    steps.push(
      cueStep(
        cueRef(cue, 0),
        null,
        `The ${cue.kind} "${cue.text}" has no counterpart in the excerpt${qualifiers.excerptOnly.some((x) => x.kind === cue.kind) ? `, which names another ${cue.kind}` : ''}.`,
      ),
    )
  const prepositions = oppositePrepositions(claim, excerpt, c, excerptShift)
  for (const [a, b] of prepositions)
    steps.push({
      kind: 'opposite',
      claim: null,
      excerpt: null,
      lexical: 'antonym',
      monotonicity: claimMono[a] as Monotonicity,
      effect: 'flips',
      explanation: `"${(claim.tokens[a] as Token).text}" and "${(excerpt.tokens[b] as Token).text}" place the same thing oppositely.`,
    })
  const claimTerms = Math.max(1, claim.terms.length)
  const excerptTerms = Math.max(1, excerpt.terms.length)
  const lowerWords = (r: ClaimReading) => new Set(r.tokens.map((t) => t.lower))
  const wa = lowerWords(claim)
  const wb = lowerWords(excerpt)
  let common = 0
  for (const w of wa) if (wb.has(w)) common++
  const features: Features = {
    supported: followsSupport / claimTerms,
    blocked: Math.min(followsBlocked, 3),
    claimOnly: Math.min(claimLeft.length, 4),
    claimOnlyModifiers: Math.min(
      claimLeft.filter((ref) => {
        const pos = termOf(claim, ref, 0)?.partOfSpeech
        return pos === 'adjective' || pos === 'adverb'
      }).length,
      3,
    ),
    claimOnlyVerbs: Math.min(
      claimLeft.filter((ref) => termOf(claim, ref, 0)?.partOfSpeech === 'verb').length,
      3,
    ),
    claimOnlyShare: claimLeft.length / claimTerms,
    excerptOnly: Math.min(c.onlySecond.length - exclusive, 6) / 2,
    deniedExtra: Math.min(deniedExtra, 2),
    excerptOnlyShare: (c.onlySecond.length - exclusive) / excerptTerms,
    negationDiffers: negationDiffers ? 1 : 0,
    negationLinedUp:
      negationDiffers && conflictBlocked === 0 ? (followsSupport + followsBlocked) / claimTerms : 0,
    bothNegative: claimNeg.length % 2 === 1 && excerptNeg.length % 2 === 1 ? 1 : 0,
    opposites: Math.min(opposites, 2),
    oppositeLinedUp: opposites > 0 && claimLeft.length === 0 ? 1 : 0,
    exclusiveLinedUp: exclusive > 0 && opposites === 0 && claimLeft.length === 0 ? 1 : 0,
    exclusive: Math.min(exclusive - exclusiveSubject, 2),
    exclusiveSubject: Math.min(exclusiveSubject, 1),
    rolesReversed,
    orderChanged: c.aligned.length >= 2 && c.orderPreserved === voiceDiffers ? 1 : 0,
    quantifierGap,
    partialExcerpt: partialExcerpt ? 1 : 0,
    certaintyGap,
    numberMismatch,
    wordOverlap: common / Math.max(1, wa.size + wb.size - common),
    defined: Math.min(defined, 3),
    rareMeaning: Math.min(rareMeaning, 2),
    relatedGloss: Math.min(loose.gloss, 2),
    relatedPart: Math.min(loose.part, 2),
    relatedSibling: Math.min(loose.sibling, 2),
    qualifierClaimOnly: Math.min(qualifiers.claimOnly.length, 2),
    qualifierOther: qualifiers.claimOnly.some((q) => qualifiers.excerptOnly.some((x) => x.kind === q.kind))
      ? 1
      : 0,
    prepositionOpposite: Math.min(prepositions.length, 1),
    oppositeSameThing: Math.min(oppositeSameThing, 2),
    lengthDifference:
      Math.abs(claim.tokens.length - excerpt.tokens.length) /
      Math.max(1, claim.tokens.length, excerpt.tokens.length),
  }
  return { features, steps }
}

function cueRef(c: Cue, shift: number): CueRef {
  return {
    text: c.text,
    span: { start: c.span.start + shift, end: c.span.end + shift },
    kind: c.kind,
    value: c.value,
  }
}

function cueStep(claim: CueRef | null, excerpt: CueRef | null, explanation: string): InferenceStep {
  return { kind: 'cue', claim, excerpt, lexical: null, monotonicity: null, effect: 'blocks', explanation }
}

export type ClaimsRelation = {
  fromSecond: Inference
  fromFirst: Inference
  relation: Relation
  confidence: number
  direction: 'second-entails-first' | 'first-entails-second' | 'both' | null
}

/**
 * The relation of two claims in both directions: exclusion is symmetric, so either direction's `conflicts`
 * makes them conflict; otherwise either direction's `follows` is reported with its direction.
 * `comparison` has the first claim as `first`.
 */
export function relateClaims(
  lexicon: Lexicon,
  first: ClaimReading,
  second: ClaimReading,
  comparison: Comparison,
  reverse: Comparison,
): ClaimsRelation {
  const fromSecond = inferRelation(lexicon, first, second, comparison)
  const fromFirst = inferRelation(lexicon, second, first, reverse)
  const both = [fromSecond, fromFirst]
  const conflicting = both.filter((i) => i.relation === 'conflicts')
  if (conflicting.length > 0) {
    const confidence = Math.max(...conflicting.map((i) => i.confidence))
    return { fromSecond, fromFirst, relation: 'conflicts', confidence, direction: null }
  }
  const a = fromSecond.relation === 'follows'
  const b = fromFirst.relation === 'follows'
  if (a || b) {
    const confidence = Math.max(a ? fromSecond.confidence : 0, b ? fromFirst.confidence : 0)
    const direction = a && b ? 'both' : a ? 'second-entails-first' : 'first-entails-second'
    return { fromSecond, fromFirst, relation: 'follows', confidence, direction }
  }
  const confidence = Math.min(fromSecond.confidence, fromFirst.confidence)
  return { fromSecond, fromFirst, relation: 'neither', confidence, direction: null }
}
