/**
 * Collocation evidence: the words an occurrence is bound to (a verb's object and subject, the noun an
 * adjective describes, a noun's `of` phrase, the noun before it and the verb it is the object of) against
 * each meaning's lexicon vector (`meaning-vectors.ts`). `caught a cold` binds catch to cold, whose vector
 * lies near `illness` in the meaning "contract"; `chair of the committee` binds chair to committee, near
 * the meaning "presides at the meetings of an organization". A bound word written in the meaning's own
 * definition or examples (`pass a test`: "go successfully through a test") counts more. Nothing here is a
 * list of phrases: the words come from a shallow reading of the sentence (the learned evidence's argument
 * features, `features.ts`) and the meanings' words from WordNet.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import { neighbourClass } from '../../text/tagger-features'
import { punctuatedAfter, type Token } from '../../text/tokens'
import { baseOf, type ContextFeature } from './features'
import { sizedCosine, sizedWordVector, type SizedVector } from './meaning-vectors'
import type { Expression, PassageAnalysis } from './passage'
import type { Signature } from './signatures'

/** How a bound word stands to the occurrence. */
export type PartnerRole = 'after' | 'before' | 'of' | 'verb'

export type Partner = { token: number; word: string; role: PartnerRole; preposition: string | null }

/** A bound word's part in one meaning's evidence. */
export type PartnerMatch = Partner & { cosine: number; written: boolean }

/** A meaning's collocation evidence: its total, and what `partnerMatches` reads for the candidates shown. */
export type CollocationEvidence = {
  total: number
  partners: readonly SizedPartner[]
  meaning: Float32Array
  signature: Signature
}

/** A bound word written in the meaning's definition or examples adds this to its cosine. */
const WRITTEN_BONUS = 0.3
/** Classes passed over on the way back from a noun to the verb that takes it (`caught [a bad] cold`). */
const BEFORE_OBJECT = new Set(['determiner', 'possessive', 'adjective', 'number', 'adverb'])
/** Words scanned back for that verb. */
const VERB_REACH = 4

/** The words bound to the occurrence, from its argument features and, for a noun, the verb before it. */
export function partnersOf(
  analysis: PassageAnalysis,
  expression: Expression,
  features: readonly ContextFeature[],
): Partner[] {
  const out: Partner[] = []
  for (const feature of features) {
    if (feature.kind !== 'argument' || !feature.name.includes('=')) continue
    const match = /^a:(after|before)(?:-([a-z]+))?=(.+)$/.exec(feature.name)
    if (!match) continue
    const [, side, preposition, word] = match as unknown as [string, string, string | undefined, string]
    const role: PartnerRole = side === 'before' ? 'before' : preposition ? 'of' : 'after'
    out.push({ token: feature.tokens[0] as number, word, role, preposition: preposition ?? null })
  }
  const { tokens, lexicon } = analysis
  const sentence = (tokens[expression.firstToken] as Token).sentence
  const nounReading = expression.readings.some((r) => r.partOfSpeech === 'noun')
  for (
    let k = expression.firstToken - 1;
    nounReading && k >= 0 && k >= expression.firstToken - VERB_REACH;
    k--
  ) {
    const token = tokens[k] as Token
    if (token.sentence !== sentence || punctuatedAfter(token)) break
    const cls = neighbourClass(lexicon, token)
    if (BEFORE_OBJECT.has(cls)) continue
    if (cls === 'verb') {
      out.push({ token: k, word: baseOf(analysis, k), role: 'verb', preposition: null })
    }
    break
  }
  return out
}

/** A bound word with its vector, read once per occurrence for the cosines with each meaning. */
export type SizedPartner = { partner: Partner; sized: SizedVector }

/** The bound words that have a vector (the others say nothing of any meaning). */
export function sizePartners(lexicon: Lexicon, partners: readonly Partner[]): SizedPartner[] {
  const out: SizedPartner[] = []
  for (const partner of partners) {
    const sized = sizedWordVector(lexicon, partner.word)
    if (sized) out.push({ partner, sized })
  }
  return out
}

/**
 * How strongly the bound words point to one meaning, by its lexicon vector and its signature. Each word's
 * part is worked out again only for the candidates an answer shows: every candidate is scored, few shown.
 */
export function collocationEvidence(
  partners: readonly SizedPartner[],
  meaning: Float32Array,
  signature: Signature,
): CollocationEvidence {
  let total = 0
  for (const { partner, sized } of partners) {
    total += sizedCosine(sized, meaning) + (writtenIn(signature, partner.word) ? WRITTEN_BONUS : 0)
  }
  return { total, partners, meaning, signature }
}

/** Each bound word's part in a meaning's collocation evidence. */
export function partnerMatches({ partners, meaning, signature }: CollocationEvidence): PartnerMatch[] {
  return partners.map(({ partner, sized }) => ({
    ...partner,
    cosine: sizedCosine(sized, meaning),
    written: writtenIn(signature, partner.word),
  }))
}

/** Whether a word is written in the meaning's definition or examples. */
function writtenIn(signature: Signature, word: string): boolean {
  const source = signature.get(word)?.source
  return source === 'definition' || source === 'example'
}
