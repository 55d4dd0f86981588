/**
 * Attitude and implicative verbs over the excerpt's content. Factive and implicative ones pass it on (`knows
 * that`, `managed to`, `saw … sign`); non-factive ones leave it open (`believed that`, `tried to`, `wanted
 * to`); some deny it (`failed to`, `it is false that`).
 */
import { refOf, type Rule } from './decision'
import { excerptOnlyTerms } from './claim-parts'

/** Verbs whose complement is not asserted. */
const OPEN = new Set([
  'believe',
  'think',
  'suppose',
  'hope',
  'want',
  'wish',
  'try',
  'attempt',
  'expect',
  'imagine',
  'dream',
  'fear',
  'doubt',
  'suspect',
  'need',
  'intend',
  'plan',
  'aim',
  'seek',
])

/** Verbs and adjectives whose complement is denied. */
const DENYING = new Set(['fail', 'neglect', 'refuse', 'false', 'untrue'])

export const attitudeFrame: Rule = ({ excerpt, comparison, aligned, model, shift }) => {
  if (model === 'neither' || aligned.length === 0) return null
  const frame = excerptOnlyTerms(excerpt, comparison, shift).find(
    (t) =>
      aligned.some((p) => p.excerpt.token > t.token && p.excerpt.partOfSpeech !== 'noun') &&
      (t.partOfSpeech === 'verb' || t.partOfSpeech === 'adjective') &&
      (OPEN.has(t.lemma) || DENYING.has(t.lemma)),
  )
  if (!frame) return null
  const denies = DENYING.has(frame.lemma)
  if (denies && model === 'conflicts') return null
  return {
    relation: denies && model === 'follows' ? 'conflicts' : 'neither',
    rule: denies ? 'implicative' : 'non-factive',
    claim: null,
    excerpt: refOf(frame, shift),
    explanation: denies
      ? `"${frame.text}" denies what follows it in the excerpt.`
      : `"${frame.text}" reports an attitude or an attempt; it does not assert what follows it.`,
  }
}
