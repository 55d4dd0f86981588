/**
 * A light part-of-speech guesser for content words: the word's own lexicon evidence (which parts of speech
 * it has, how often each was tagged, what its inflection allows) reweighted by a few contextual rules
 * (after a determiner a noun or adjective, after `to` or a modal a verb, `-ly` an adverb). It gives a
 * distribution and the cues it used, not a verdict; the disambiguator weighs it with everything else.
 */
import type { SenseRow } from '../../lexicon/compile'
import { sensesOf, senseSynsetPos, type Lexicon } from '../../lexicon/lexicon'
import { PARTS_OF_SPEECH, type PartOfSpeech } from '../../lexicon/wordnet-format'
import { functionClass, type FunctionClass } from './function-words'
import { perLexicon } from './per-lexicon'
import type { Token } from './tokens'
import { formReadings } from './word-forms'

export type PosDistribution = Record<PartOfSpeech, number>

export type PosGuess = {
  distribution: PosDistribution
  best: PartOfSpeech
  /** The contextual rules that moved the distribution, in words. */
  cues: string[]
}

type Rule = { cue: string; factors: Partial<PosDistribution> }

const NOUN_CONTEXT = { noun: 3, adjective: 2, verb: 0.15, adverb: 0.5 }
const VERB_CONTEXT = { verb: 5, noun: 0.3, adjective: 0.5, adverb: 0.5 }

/** Rules keyed by the closed class of the previous word. */
const AFTER_CLASS: Partial<Record<FunctionClass, (prev: string) => Rule>> = {
  determiner: (prev) => ({ cue: `after the determiner "${prev}"`, factors: NOUN_CONTEXT }),
  possessive: (prev) => ({ cue: `after the possessive "${prev}"`, factors: NOUN_CONTEXT }),
  preposition: (prev) => ({
    cue: `after the preposition "${prev}"`,
    factors: { noun: 2, adjective: 1.5, verb: 0.4, adverb: 0.7 },
  }),
  to: () => ({ cue: 'after "to"', factors: { verb: 3, noun: 0.8 } }),
  modal: (prev) => ({ cue: `after the modal "${prev}"`, factors: VERB_CONTEXT }),
  do: (prev) => ({ cue: `after the auxiliary "${prev}"`, factors: VERB_CONTEXT }),
  'subject-pronoun': (prev) => ({
    cue: `after the subject pronoun "${prev}"`,
    factors: { verb: 4, noun: 0.2, adjective: 0.3, adverb: 1 },
  }),
  be: (prev) => ({
    cue: `after the form of be "${prev}"`,
    factors: { adjective: 2, verb: 1.5, noun: 1, adverb: 1 },
  }),
  have: (prev) => ({ cue: `after the form of have "${prev}"`, factors: { verb: 2, noun: 1.2 } }),
  negation: (prev) => ({ cue: `after "${prev}"`, factors: { verb: 2, adjective: 1.5, noun: 0.5 } }),
}

/** Lexical weights per written word, kept per lexicon; callers get a copy to reweight. */
const lexicalCache = perLexicon(() => new Map<string, PosDistribution | null>())

function lexicalWeights(lexicon: Lexicon, lower: string): PosDistribution | null {
  const cache = lexicalCache(lexicon)
  let weights = cache.get(lower)
  if (weights === undefined) {
    weights = computeLexicalWeights(lexicon, lower)
    if (cache.size >= 200_000) cache.clear()
    cache.set(lower, weights)
  }
  return weights && { ...weights }
}

function computeLexicalWeights(lexicon: Lexicon, lower: string): PosDistribution | null {
  const weights: PosDistribution = { noun: 0, verb: 0, adjective: 0, adverb: 0 }
  let any = false
  for (const reading of formReadings(lexicon, lower)) {
    let tagged = 0
    for (const sense of sensesOf(lexicon, reading.word)) {
      if (senseSynsetPos(lexicon, sense) === reading.partOfSpeech) {
        tagged += (lexicon.senses[sense] as SenseRow)[4]
      }
    }
    weights[reading.partOfSpeech] += tagged + 1
    any = true
  }
  return any ? weights : null
}

function suffixRules(token: Token, prevBest: PartOfSpeech | undefined): Rule[] {
  const rules: Rule[] = []
  const w = token.lower
  if (w.endsWith('ly') && w.length > 4) rules.push({ cue: 'ends in -ly', factors: { adverb: 3 } })
  if (/(?:tion|sion|ness|ment|ity|ance|ence|ship|ism)s?$/.test(w)) {
    rules.push({ cue: 'noun suffix', factors: { noun: 3, verb: 0.3 } })
  }
  if (/(?:ous|ful|ive|able|ible|ical|less)$/.test(w)) {
    rules.push({ cue: 'adjective suffix', factors: { adjective: 3 } })
  }
  if (prevBest === 'adjective') rules.push({ cue: 'after an adjective', factors: { noun: 2, verb: 0.5 } })
  if (prevBest === 'adverb') rules.push({ cue: 'after an adverb', factors: { adjective: 1.5, verb: 1.5 } })
  return rules
}

/** What may follow a verb that follows its subject noun ("dogs bark at night", "prices rose."). */
const CLAUSE_FOLLOWERS = new Set<FunctionClass | 'end'>([
  'preposition',
  'determiner',
  'possessive',
  'to',
  'end',
])

/** A plural noun then a bare verb form (`dogs bark`), the commonest subject–verb pattern. */
function agreesInNumber(subject: Token, verb: Token): boolean {
  return /[^s]s$/.test(subject.lower) && !verb.lower.endsWith('s')
}

/** Whether a word can only be a verb (or is an auxiliary), so the word before it is likely its subject. */
function beforeVerb(lexicon: Lexicon, lower: string): boolean {
  const cls = functionClass(lower)
  if (cls === 'be' || cls === 'modal' || cls === 'have' || cls === 'do') return true
  if (cls) return false
  const readings = formReadings(lexicon, lower)
  return readings.length > 0 && readings.every((r) => r.partOfSpeech === 'verb')
}

/** Guesses for every token: null for closed-class words and for words the lexicon does not know. */
export function tagTokens(lexicon: Lexicon, tokens: readonly Token[]): Array<PosGuess | null> {
  const out: Array<PosGuess | null> = []
  tokens.forEach((token, i) => {
    if (functionClass(token.lower)) {
      out.push(null)
      return
    }
    const weights = lexicalWeights(lexicon, token.lower)
    if (!weights) {
      out.push(null)
      return
    }
    const prev = i > 0 && (tokens[i - 1] as Token).sentence === token.sentence ? tokens[i - 1] : undefined
    const rules: Rule[] = []
    if (prev) {
      const cls = functionClass(prev.lower)
      const rule = cls ? AFTER_CLASS[cls] : undefined
      if (rule && /^\s*$/.test(prev.gapAfter)) rules.push(rule(prev.text))
    } else {
      rules.push({ cue: 'first word of its sentence', factors: { verb: 0.8 } })
    }
    rules.push(...suffixRules(token, prev ? out[i - 1]?.best : undefined))
    const beforePrev = i > 1 ? (tokens[i - 2] as Token) : undefined
    const opener = beforePrev && prev ? functionClass(beforePrev.lower) : undefined
    if (prev && out[i - 1]?.best === 'noun' && (opener === 'determiner' || opener === 'possessive')) {
      rules.push({
        cue: `inside the noun phrase "${beforePrev?.text} ${prev.text} …"`,
        factors: { noun: 3, verb: 0.3 },
      })
    }
    const next = tokens[i + 1]
    const nextClass = next && next.sentence === token.sentence ? functionClass(next.lower) : 'end'
    if (prev && out[i - 1]?.best === 'noun' && nextClass && CLAUSE_FOLLOWERS.has(nextClass)) {
      rules.push({
        cue: `between the noun "${prev.text}" and ${next && nextClass !== 'end' ? `"${next.text}"` : 'the end'}`,
        factors: { verb: agreesInNumber(prev, token) ? 6 : 3 },
      })
    }
    if (
      next &&
      next.sentence === token.sentence &&
      /^\s*$/.test(token.gapAfter) &&
      beforeVerb(lexicon, next.lower)
    ) {
      rules.push({ cue: `before the verb "${next.text}"`, factors: { noun: 2.5, verb: 0.4, adjective: 0.7 } })
    }
    const cues: string[] = []
    const possible = PARTS_OF_SPEECH.filter((pos) => weights[pos] > 0)
    for (const rule of rules) {
      let moved = false
      for (const pos of possible) {
        const factor = rule.factors[pos]
        if (factor !== undefined && factor !== 1) {
          weights[pos] *= factor
          moved = true
        }
      }
      if (moved && possible.length > 1) cues.push(rule.cue)
    }
    const total = possible.reduce((sum, pos) => sum + weights[pos], 0)
    const distribution = { noun: 0, verb: 0, adjective: 0, adverb: 0 }
    let best = possible[0] as PartOfSpeech
    for (const pos of possible) {
      distribution[pos] = weights[pos] / total
      if (distribution[pos] > distribution[best]) best = pos
    }
    out.push({ distribution, best, cues })
  })
  return out
}
