/**
 * The content words of a lemma's definitions, read as lexicon words, so that a word can be paraphrased by
 * what defines it: `surf` is defined as "ride the waves of the sea with a surfboard", so a text saying
 * someone surfs says they ride waves; `kitten` ("young domestic cat") says cat. WordNet links neither pair by
 * a relation. Only the commonest meanings are read, since rare ones would pair too much.
 */
import {
  senseSynset,
  senseSynsetPos,
  sensesOf,
  synsetDefinition,
  synsetType,
  type Lexicon,
} from '../../lexicon/lexicon'
import type { PartOfSpeech } from '../../lexicon/wordnet-format'
import { functionClass } from '../../text/function-words'
import { boundedCache } from '../../text/bounded-cache'
import { perLexicon } from '../../text/per-lexicon'
import { tokenize } from '../../text/tokens'
import { formReadings, matchKeys } from '../../text/word-forms'
import type { Term } from './reading'

/** How many of a lemma's first meanings are read. */
const DEFINITION_SENSES = 2
/** Lemmas whose definition words are kept before the memo starts over. */
const DEFINITIONS_CACHE_LIMIT = 20_000

type Definitions = {
  /** Every content word of the first clauses. */
  words: ReadonlySet<string>
  /**
   * The heads of each definition: a noun's genus, a verb's head verb and its object. What defines by
   * contrast or detail later in a gloss (`as opposed to a woman`) is left out.
   */
  core: ReadonlySet<string>
}

const cache = perLexicon(() => boundedCache<string, Definitions>(DEFINITIONS_CACHE_LIMIT))

/**
 * The words of the definitions of the lemma's first meanings in this part of speech, each under every base
 * form it can have.
 */
export function definitionsOf(lexicon: Lexicon, lemma: string, partOfSpeech: PartOfSpeech): Definitions {
  const memo = cache(lexicon)
  const key = `${partOfSpeech} ${lemma}`
  const cached = memo.get(key)
  if (cached) return cached
  const words = new Set<string>()
  const core = new Set<string>()
  const senses = sensesOf(lexicon, lemma).filter((sense) => senseSynsetPos(lexicon, sense) === partOfSpeech)
  for (const sense of senses.slice(0, DEFINITION_SENSES)) {
    const synset = senseSynset(lexicon, sense)
    const clause = synsetDefinition(lexicon, synset).split(';')[0] as string
    const runs: string[][] = [[]]
    for (const token of tokenize(clause).tokens) {
      const content = functionClass(token.lower) === undefined && /\p{L}/u.test(token.lower)
      if (!content) {
        if ((runs[runs.length - 1] as string[]).length > 0) runs.push([])
        continue
      }
      ;(runs[runs.length - 1] as string[]).push(token.lower)
    }
    const [first = [], second = []] = runs
    // A noun's genus is the last word of the first run (`cat` in `young domestic cat`, `name` in `street
    // name`); a verb's head is the first word (`ride`) and its object the last of the next run (`waves`).
    const heads = synsetType(lexicon, synset) === 'n' ? [first.at(-1)] : [first[0], second.at(-1)]
    for (const word of runs.flat()) {
      if (word === lemma) continue
      const forms = [...matchKeys(lexicon, word), ...formReadings(lexicon, word).map((r) => r.word)]
      for (const form of forms) {
        words.add(form)
        if (heads.includes(word)) core.add(form)
      }
    }
  }
  const result = { words, core }
  memo.set(key, result)
  return result
}

const formsOf = (t: Term): string[] => [t.lemma, ...t.keys]

/** Nouns and verbs are defined by genus and difference; other words are not read. */
const DEFINED = new Set<PartOfSpeech | null>(['noun', 'verb'])

/**
 * Whether `defined`'s word heads a definition of `by` (`cat` in `kitten`'s "young domestic cat"), or is the
 * object of a verb's definition (the noun `waves` in `surf`'s "ride the waves of the sea").
 */
export function definedBy(lexicon: Lexicon, defined: Term, by: Term): boolean {
  if (!DEFINED.has(by.partOfSpeech)) return false
  const objectOfVerb = by.partOfSpeech === 'verb' && defined.partOfSpeech === 'noun'
  if (by.partOfSpeech !== defined.partOfSpeech && !objectOfVerb) return false
  const core = definitionsOf(lexicon, by.lemma, by.partOfSpeech as PartOfSpeech).core
  return formsOf(defined).some((w) => core.has(w))
}

/**
 * How many of `terms` are among the definition words of `term` (`motorcyclist`, "a traveler who rides a
 * motorcycle", against `riding` and `motorcycle`).
 */
export function definitionCoverage(lexicon: Lexicon, term: Term, terms: readonly Term[]): number {
  if (!DEFINED.has(term.partOfSpeech)) return 0
  const words = definitionsOf(lexicon, term.lemma, term.partOfSpeech as PartOfSpeech).words
  if (words.size === 0) return 0
  let covered = 0
  for (const t of terms) if (formsOf(t).some((w) => words.has(w))) covered++
  return covered
}
