/**
 * Paraphrase the single words of a sentence miss: a verb and its particle read as the one lexicon word they
 * make (`give up` ~ `stop` ~ `quit`, `put off` ~ `postpone`), and verbs that tell someone to do something
 * (`told him to`, `advised him to`, `urged her to`) read as one kind of saying. A shared construction key
 * makes such terms synonyms; WordNet's own relations stay as they are.
 */
import { type Lexicon, sensesOf } from '../../lexicon/lexicon'
import type { Token } from '../../text/tokens'
import type { Term } from './reading'

const PARTICLES = new Set(['up', 'off', 'out', 'down', 'away', 'back', 'over', 'on', 'in', 'through'])
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
    if (next && PARTICLES.has(next.lower) && /^\s+$/.test((tokens[term.token] as Token).gapAfter)) {
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
