/**
 * Paraphrase the single words of a sentence miss: a verb and its particle read as the one lexicon word they
 * make (`give up` ~ `stop` ~ `quit`, `put off` ~ `postpone`), and verbs that tell someone to do something
 * (`told him to`, `advised him to`, `urged her to`) read as one kind of saying. A shared construction key
 * makes such terms synonyms; WordNet's own relations stay as they are. Distributional similarity (the
 * meaning model's word vectors) only confirms a definition link WordNet already makes.
 */
import { type Lexicon, sensesOf } from '../../lexicon/lexicon'
import type { Token } from '../../text/tokens'
import { dot, wordVector } from '../meaning/vectors'
import type { InferenceStep } from './inference'
import type { Term } from './reading'

/** Particles read with their verb; `in`, `on` and `over` more often start a phrase of their own (`closed in 2019`). */
const PARTICLES = new Set(['up', 'off', 'out', 'down', 'away', 'back'])
/** Verbs that direct someone to act when an object and `to` follow them (`told him to stop`). */
const DIRECTIVES = new Set([
  'tell',
  'advise',
  'urge',
  'instruct',
  'order',
  'ask',
  'recommend',
  'encourage',
  'warn',
  'direct',
  'counsel',
])
const OBJECTS = new Set([
  'him',
  'her',
  'them',
  'me',
  'us',
  'you',
  'everyone',
  'people',
  'patients',
  'residents',
])

/** Keys of this kind mark a shared construction, not a shared word. */
export const CONSTRUCTION_KEY = 'construction:'

/**
 * The terms of a sentence with phrasal verbs joined (the particle's span added to the verb's, and the
 * phrase as its lemma) and directive verbs given their construction key. Terms are replaced, not changed.
 */
export function readParaphrases(lexicon: Lexicon, tokens: readonly Token[], terms: Term[]): Term[] {
  return terms.map((term) => {
    if (term.partOfSpeech !== 'verb') return term
    const next = tokens[term.token + 1]
    const after = tokens[term.token + 2]?.lower
    if (
      next &&
      PARTICLES.has(next.lower) &&
      after !== 'to' &&
      after !== 'by' &&
      /^\s+$/.test((tokens[term.token] as Token).gapAfter)
    ) {
      const phrase = `${term.lemma} ${next.lower}`
      if (sensesOf(lexicon, phrase).length > 0)
        return {
          ...term,
          text: `${term.text}${(tokens[term.token] as Token).gapAfter}${next.text}`,
          span: { start: term.span.start, end: next.end },
          lemma: phrase,
          keys: [phrase],
        }
    }
    const object = tokens[term.token + 1]
    const to = tokens[term.token + 2]
    if (DIRECTIVES.has(term.lemma) && object && OBJECTS.has(object.lower) && to?.lower === 'to')
      return { ...term, keys: [...term.keys, `${CONSTRUCTION_KEY}directive`] }
    return term
  })
}

/** Cosine of two words' vectors in the meaning model at which a definition link counts as a paraphrase. */
const CONFIRMING_SIMILARITY = 0.45

/**
 * The cosine of two lemmas' vectors in the meaning model (GloVe contexts), or null when one has none.
 * Distributional similarity tells related words from unrelated ones, not synonyms from opposites or
 * sister kinds (`cat` / `dog` are closer than `detain` / `arrest`), so it only confirms a link WordNet makes.
 */
export function similarity(lexicon: Lexicon, a: string, b: string): number | null {
  const x = wordVector(lexicon, a)
  const y = wordVector(lexicon, b)
  if (!x || !y) return null
  const norm = Math.sqrt(dot(x, x) * dot(y, y))
  return norm === 0 ? null : dot(x, y) / norm
}

/**
 * Whether every loose link of an inference is a definition link (`cigarettes` in `smoking`'s sense of
 * `smoke`) whose words are also used alike, so that the links read as a paraphrase.
 */
export function confirmedLinks(lexicon: Lexicon, steps: readonly InferenceStep[]): string | null {
  const links = steps.filter((s) => s.kind === 'related')
  if (links.length === 0 || links.some((s) => s.lexical !== 'gloss')) return null
  const named: string[] = []
  for (const s of links) {
    const a = s.claim && 'lemma' in s.claim ? s.claim.lemma : null
    const b = s.excerpt && 'lemma' in s.excerpt ? s.excerpt.lemma : null
    // Names (`Sweden` / `Scandinavia`) are used alike when they are near each other, not when they mean alike.
    if (/^\p{Lu}/u.test(s.claim?.text ?? '') || /^\p{Lu}/u.test(s.excerpt?.text ?? '')) return null
    const cos = a && b ? similarity(lexicon, a, b) : null
    if (cos === null || cos < CONFIRMING_SIMILARITY) return null
    named.push(`"${s.claim?.text}" and "${s.excerpt?.text}"`)
  }
  return named.join(', ')
}
