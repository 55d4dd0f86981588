/**
 * Rules for what prose says beyond its words' lexical relations, applied around the natural-logic inference:
 * an attribution or factive frame (the framed words are read on their own, and what rests on a source
 * does not establish the claim), quantities and dates compared slot by slot (matched slots are read as the
 * same words, and values that cannot both hold exclude the claim when the rest lines up), the order of two
 * events, and modality of another kind. Each rule that decides says so in a step; a rule's confidence stays
 * below what the fitted combiner gives its surest answers, as a rule may misread a sentence.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import type { Token } from '../../text/tokens'
import { readFrame, type Frame } from './attribution'
import {
  CAUSAL_WORDS,
  compareDates,
  compareOrder,
  happensOnce,
  indefiniteObject,
  readDates,
  readOrder,
  recurs,
} from './dates'
import type { Inference, InferenceStep, Relation } from './inference'
import { modalityGap, type Phrase } from './modality'
import { confirmedLinks } from './paraphrase'
import { compareValues, matchSlots, readQuantities, type Quantity, type SlotMatch } from './quantities'
import { readClaim, type ClaimReading } from './reading'

/** The natural-logic inference of a claim from an excerpt reading whose spans are shifted by `shift`. */
export type BaseInference = (claim: ClaimReading, excerpt: ClaimReading, shift: number) => Inference

/** Confidence of a rule's decision when what it compares lines up whole. */
const RULE_CONFIDENCE = 0.88
/** Confidence of a rule's `neither` when the excerpt's words would otherwise entail the claim. */
const BLOCKED_CONFIDENCE = 0.85
/** Probability of `follows` for the rest of the texts at which they count as lined up. */
const LINED_UP = 0.5

/** Stands in for matched quantities in both texts, padded to each one's length so that spans stay put. */
const MASK = 'x'

/** The inference of a claim from an excerpt reading, by the rules of this module and then `base`. */
export function inferProse(
  lexicon: Lexicon,
  claim: ClaimReading,
  excerpt: ClaimReading,
  shift: number,
  base: BaseInference,
): Inference {
  const frame = readFrame(excerpt)
  if (frame && readFrame(claim) === null) return framed(lexicon, claim, excerpt, frame, shift, base)
  const result =
    slotted(lexicon, claim, excerpt, shift, base) ?? ordered(lexicon, claim, excerpt, shift, base)
  const decided = deniedOpposite(claim, excerpt, paraphrased(lexicon, result ?? base(claim, excerpt, shift)))
  if (decided.relation !== 'follows') return decided
  const gap = modalityGap(claim, excerpt)
  if (!gap) return decided
  return decide(decided, 'neither', BLOCKED_CONFIDENCE, [
    ...decided.steps,
    {
      kind: 'modality',
      claim: phraseRef(gap.claim, 0),
      excerpt: phraseRef(gap.excerpt, shift),
      lexical: null,
      monotonicity: null,
      effect: 'blocks',
      explanation: gap.explanation,
    },
  ])
}

/** Least probability of `follows` at which confirmed definition links make a paraphrase follow. */
const PARAPHRASE_FOLLOWS = 0.3
/** Confidence of a paraphrase read through definition links confirmed by word use. */
const PARAPHRASE_CONFIDENCE = 0.75

/**
 * A `neither` that rests only on definition links whose words are also used alike (`give up cigarettes` /
 * `stop smoking`), with every other claim word aligned, is read as a paraphrase.
 */
function paraphrased(lexicon: Lexicon, result: Inference): Inference {
  if (result.relation !== 'neither' || result.probabilities.follows < PARAPHRASE_FOLLOWS) return result
  if (result.steps.some((s) => s.effect !== 'supports')) return result
  const links = confirmedLinks(lexicon, result.steps)
  if (!links) return result
  return decide(result, 'follows', PARAPHRASE_CONFIDENCE, [
    ...result.steps,
    {
      kind: 'related',
      claim: null,
      excerpt: null,
      lexical: 'gloss',
      monotonicity: null,
      effect: 'supports',
      explanation: `${links} are linked by a definition and used in like contexts, and every other word aligns: read as a paraphrase.`,
    },
  ])
}

/**
 * An excerpt that denies the opposite of the claim's word (`not full` / `empty`, `did not approve` /
 * `rejected`) leaves the claim open: something can be neither full nor empty. The reverse holds (`easy`
 * entails `not difficult`), so only the excerpt's denial is read this way.
 */
function deniedOpposite(claim: ClaimReading, excerpt: ClaimReading, result: Inference): Inference {
  if (result.relation !== 'follows' || excerpt.polarity !== 'negative' || claim.polarity !== 'affirmative')
    return result
  const opposite = result.steps.find((s) => s.kind === 'opposite' && s.claim !== null && s.excerpt !== null)
  if (!opposite) return result
  return decide(result, 'neither', BLOCKED_CONFIDENCE, [
    ...result.steps,
    {
      kind: 'cue',
      claim: opposite.claim,
      excerpt: opposite.excerpt,
      lexical: 'antonym',
      monotonicity: null,
      effect: 'blocks',
      explanation: `The excerpt denies "${opposite.excerpt?.text}", which does not make it "${opposite.claim?.text}": a thing can be neither.`,
    },
  ])
}

/** A decided relation with its confidence; the other two share the rest as the base inference had them. */
function decide(from: Inference, relation: Relation, confidence: number, steps: InferenceStep[]): Inference {
  const others = (['follows', 'conflicts', 'neither'] as const).filter((r) => r !== relation)
  const rest = others.reduce((s, r) => s + from.probabilities[r], 0)
  const probabilities = { follows: 0, conflicts: 0, neither: 0 }
  probabilities[relation] = confidence
  for (const r of others)
    probabilities[r] = round(
      rest === 0 ? (1 - confidence) / 2 : (from.probabilities[r] / rest) * (1 - confidence),
    )
  return { relation, confidence, probabilities, steps }
}

/** A reference to words of a text, their lower-case text standing for the lemma. */
const phraseRef = (p: Phrase, shift: number) => ({
  text: p.text,
  span: { start: p.span.start + shift, end: p.span.end + shift },
  lemma: p.text.toLowerCase(),
})

const round = (n: number) => Math.round(n * 1000) / 1000

/** A step with the spans of a claim quantity and its excerpt counterpart. */
function slotStep(
  kind: InferenceStep['kind'],
  m: SlotMatch,
  shift: number,
  effect: InferenceStep['effect'],
  explanation: string,
): InferenceStep {
  return {
    kind,
    claim: phraseRef(m.claim, 0),
    excerpt: phraseRef(m.excerpt, shift),
    lexical: null,
    monotonicity: null,
    effect,
    explanation,
  }
}

/**
 * The excerpt's framed words read on their own: established, they decide as they would unframed; denied,
 * what they entail is excluded and what they exclude follows; attributed, neither, as the claim would rest
 * on the source's word.
 */
function framed(
  lexicon: Lexicon,
  claim: ClaimReading,
  excerpt: ClaimReading,
  frame: Frame,
  shift: number,
  base: BaseInference,
): Inference {
  const inner = readClaim(lexicon, excerpt.text.slice(frame.contentStart, frame.contentEnd))
  const result = inferProse(lexicon, claim, inner, shift + frame.contentStart, base)
  const frameRef = phraseRef(
    { text: frame.text, span: { start: frame.frameStart, end: frame.frameEnd } },
    shift,
  )
  const step = (effect: InferenceStep['effect'], explanation: string): InferenceStep => ({
    kind: 'attribution',
    claim: null,
    excerpt: frameRef,
    lexical: null,
    monotonicity: null,
    effect,
    explanation,
  })
  if (frame.kind === 'established')
    return {
      ...result,
      steps: [
        step(
          'supports',
          `"${frame.text}" presents what follows it as established, so the excerpt is read from there.`,
        ),
        ...result.steps,
      ],
    }
  if (frame.kind === 'denied') {
    const flipped: Relation =
      result.relation === 'follows' ? 'conflicts' : result.relation === 'conflicts' ? 'follows' : 'neither'
    const steps = [step('flips', `"${frame.text}" denies what follows it.`), ...result.steps]
    if (flipped === 'neither') return { ...result, steps }
    return decide(result, flipped, Math.min(result.confidence, RULE_CONFIDENCE), steps)
  }
  const said =
    result.relation === 'follows'
      ? 'would entail the claim'
      : result.relation === 'conflicts'
        ? 'would exclude the claim'
        : 'do not entail the claim either'
  const steps = [
    step(
      'blocks',
      `The excerpt attributes its words to ${frame.source ? `"${frame.source}"` : 'a source'} ("${frame.text}"): they ${said}, but only as ${frame.source || 'the source'}'s word, which does not establish it.`,
    ),
    ...result.steps,
  ]
  if (result.relation === 'neither') return { ...result, steps }
  return decide(
    result,
    'neither',
    Math.min(Math.max(result.confidence, BLOCKED_CONFIDENCE), RULE_CONFIDENCE),
    steps,
  )
}

function masked(reading: ClaimReading, quantities: readonly Quantity[]): string {
  let text = reading.text
  for (const q of quantities) {
    const length = q.span.end - q.span.start
    text =
      text.slice(0, q.span.start) +
      MASK +
      ' '.repeat(Math.max(0, length - MASK.length)) +
      text.slice(q.span.end)
  }
  return text
}

/** Whether a reading holds a negation or a quantifier of none (`not`, `never`, `no one`). */
const denies = (r: ClaimReading) =>
  r.cues.some((c) => c.kind === 'negation' || (c.kind === 'quantifier' && c.value === 0))

/** Whether a step is about the stand-in of matched quantities rather than words of the texts. */
const aboutMask = (s: InferenceStep) => s.claim?.text === MASK || s.excerpt?.text === MASK

/**
 * Quantities and dates slot by slot. The matched slots are masked alike in both texts and the rest is
 * inferred as usual: values that cannot both hold exclude the claim when the rest would entail it; values
 * the excerpt allows more widely than the claim leave it open; values within the claim's keep the rest's
 * answer. A date of another year beside a matched count (`80,000 visitors in 2023` / `in 2022`) is another
 * slot, not another value.
 */
function slotted(
  lexicon: Lexicon,
  claim: ClaimReading,
  excerpt: ClaimReading,
  shift: number,
  base: BaseInference,
): Inference | null {
  const cq = readQuantities(claim, 'claim')
  const cd = readDates(claim)
  if (cq.length + cd.length === 0) return null
  const eq = readQuantities(excerpt, 'excerpt')
  const ed = readDates(excerpt)
  const matches = [...matchSlots(cq, eq), ...matchSlots(cd, ed, compareDates)]
  const undated = cd.filter((d) => !matches.some((m) => m.claim === d))
  if (matches.length === 0 && undated.length === 0) return null
  const measured = matches.some(
    (m) => !m.claim.dimension.startsWith('date') && !m.claim.word && m.verdict === 'compatible',
  )
  const once = happensOnce(claim)
  for (const m of matches) {
    if (m.claim.dimension !== 'date' || m.verdict !== 'conflict' || m.claim.relation === 'by') continue
    const inBoth = m.claim.relation === 'in' && m.excerpt.relation === 'in'
    if ((measured && inBoth) || !once) m.verdict = 'other-slot'
  }
  if (recurs(excerpt))
    for (const m of matches)
      if (m.verdict === 'unknown' && m.claim.dimension.startsWith('date')) m.verdict = 'compatible'
  // Values under a negation say what was not so: they exclude nothing by themselves.
  const affirmative = !denies(claim) && !denies(excerpt)
  const another = indefiniteObject(claim)
  for (const m of matches) {
    if (m.verdict !== 'conflict' || m.claim.word) continue
    if (!affirmative) m.verdict = 'unknown'
    else if (another && (m.claim.dimension === 'duration' || m.claim.dimension.startsWith('date')))
      m.verdict = 'other-slot'
  }
  const conflicting = matches.filter((m) => m.verdict === 'conflict')
  const kept = matches.filter(
    (m) => m.verdict === 'conflict' || (m.verdict === 'compatible' && !m.claim.word),
  )
  const maskedClaim = readClaim(
    lexicon,
    masked(
      claim,
      kept.map((m) => m.claim),
    ),
  )
  const maskedExcerpt = readClaim(
    lexicon,
    masked(
      excerpt,
      kept.map((m) => m.excerpt),
    ),
  )
  const rest = base(maskedClaim, maskedExcerpt, shift)
  const kindOf = (m: SlotMatch): InferenceStep['kind'] =>
    m.claim.dimension.startsWith('date') ? 'date' : 'number'
  const steps = (m: SlotMatch): InferenceStep => {
    const c = `"${m.claim.text}"`
    const e = `"${m.excerpt.text}"`
    switch (m.verdict) {
      case 'compatible':
        return slotStep(
          kindOf(m),
          m,
          shift,
          'supports',
          `${c} and ${e} fill the same slot, and ${e} keeps within ${c}.`,
        )
      case 'conflict':
        return slotStep(
          kindOf(m),
          m,
          shift,
          'flips',
          `${c} and ${e} fill the same slot with values that cannot both hold.`,
        )
      case 'unknown':
        return slotStep(
          kindOf(m),
          m,
          shift,
          'blocks',
          `${e} allows more than ${c}: the excerpt does not settle the claim's value.`,
        )
      default:
        return slotStep(
          kindOf(m),
          m,
          shift,
          'blocks',
          `${c} and ${e} date different periods beside the same measure: they are about other times, not other values.`,
        )
    }
  }
  const allSteps = [...matches.map(steps), ...rest.steps.filter((s) => !aboutMask(s))]
  const linedUp =
    rest.relation === 'follows' ||
    (rest.probabilities.follows >= LINED_UP && !rest.steps.some((x) => x.kind === 'claim-only'))
  // Shares said of opposite predicates (`18 of 30 reported lower sales` / `most reported higher sales`):
  // the claim's share is set against the rest of the excerpt's.
  const opposite = rest.steps.find((x) => x.kind === 'opposite')
  if (opposite && !rest.steps.some((x) => x.kind === 'claim-only')) {
    const against = matches.find(
      (m) =>
        m.claim.dimension === 'share' &&
        m.excerpt.high <= 1 &&
        compareValues(m.claim, { ...m.excerpt, low: 1 - m.excerpt.high, high: 1 - m.excerpt.low }) ===
          'conflict',
    )
    if (against)
      return decide(rest, 'conflicts', RULE_CONFIDENCE, [
        slotStep(
          'number',
          against,
          shift,
          'flips',
          `"${against.excerpt.text}" are said to be "${opposite.excerpt?.text}", so at most the rest can be "${opposite.claim?.text}": too few for "${against.claim.text}".`,
        ),
        ...allSteps,
      ])
  }
  if (conflicting.length > 0) {
    if (!linedUp) return { ...rest, steps: allSteps }
    return decide(rest, 'conflicts', RULE_CONFIDENCE, allSteps)
  }
  for (const d of undated)
    allSteps.push({
      kind: 'date',
      claim: phraseRef(d, 0),
      excerpt: null,
      lexical: null,
      monotonicity: null,
      effect: 'blocks',
      explanation: `The claim dates what it says "${d.text}"; the excerpt gives no date to compare.`,
    })
  if (undated.length > 0 || matches.some((m) => m.verdict === 'other-slot' || m.verdict === 'unknown')) {
    if (rest.relation !== 'follows') return { ...rest, steps: allSteps }
    return decide(rest, 'neither', BLOCKED_CONFIDENCE, allSteps)
  }
  return { ...rest, steps: allSteps }
}

/**
 * Two events in order: the claim's order kept or reversed by the excerpt's decides when both events line up;
 * an excerpt that only orders events does not say that one caused the other.
 */
function ordered(
  lexicon: Lexicon,
  claim: ClaimReading,
  excerpt: ClaimReading,
  shift: number,
  base: BaseInference,
): Inference | null {
  const excerptOrder = readOrder(excerpt, readDates(excerpt))
  if (!excerptOrder) return null
  const claimOrder = readOrder(claim, readDates(claim))
  const word = excerpt.tokens[excerptOrder.token] as Token
  const ref = phraseRef({ text: word.text, span: { start: word.start, end: word.end } }, shift)
  const step = (effect: InferenceStep['effect'], explanation: string): InferenceStep => ({
    kind: 'order',
    claim: null,
    excerpt: ref,
    lexical: null,
    monotonicity: null,
    effect,
    explanation,
  })
  const rest = base(claim, excerpt, shift)
  if (!claimOrder) {
    const causal = claim.tokens.find((t) => CAUSAL_WORDS.has(t.lower))
    if (!causal || excerpt.tokens.some((t) => CAUSAL_WORDS.has(t.lower))) return null
    return decide(rest, 'neither', BLOCKED_CONFIDENCE, [
      step(
        'blocks',
        `The excerpt says one event came "${excerptOrder.word}" the other; "${causal.text}" in the claim says one caused the other, which an order of events does not say.`,
      ),
      ...rest.steps,
    ])
  }
  const verdict = compareOrder(lexicon, claimOrder, excerptOrder)
  if (verdict === 'unknown') return null
  const claimWord = claim.tokens[claimOrder.token]?.text ?? claimOrder.word
  if (verdict === 'compatible')
    return decide(rest, 'follows', RULE_CONFIDENCE, [
      step(
        'supports',
        `The claim's "${claimWord}" and the excerpt's "${excerptOrder.word}" put the same two events in the same order.`,
      ),
      ...rest.steps,
    ])
  return decide(rest, 'conflicts', RULE_CONFIDENCE, [
    step(
      'flips',
      `The claim's "${claimWord}" and the excerpt's "${excerptOrder.word}" put the same two events in opposite orders.`,
    ),
    ...rest.steps,
  ])
}
