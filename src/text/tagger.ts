/**
 * The part-of-speech tagger for content words: an averaged perceptron trained on SemCor's coarse tags
 * (`npm run train:wsd`, weights in `tagger-model.ts`), choosing among the parts of speech the lexicon
 * allows the word. It gives a distribution (a softmax of the perceptron's scores) and, as cues, the
 * features that most favoured its best guess, not a bare verdict; the disambiguator weighs it with
 * everything else.
 */
import type { Lexicon } from '../lexicon/lexicon'
import { PARTS_OF_SPEECH, type PartOfSpeech } from '../lexicon/wordnet-format'
import { functionClass } from './function-words'
import { formReadings } from './word-forms'
import { lexicalWeights, type PosDistribution } from './lexical-pos'
import {
  featureContext,
  POSSESSIVE,
  TAGGER_FEATURES,
  taggerWord,
  type TaggerFeatureKind,
  type TaggerWord,
} from './tagger-features'
import { boundedCache } from './bounded-cache'
import { perLexicon } from './per-lexicon'
import { TAGGER_MODEL } from '../../models/tagger/tagger-model'
import { decodeTaggerModel, type TaggerWeights } from './tagger-weights'
import { punctuatedAfter, type Token } from './tokens'

export type { PosDistribution }

export type PosGuess = {
  distribution: PosDistribution
  best: PartOfSpeech
  /** The features that most favoured the best guess, in words. */
  cues: string[]
}

/** Scales perceptron scores into probabilities; chosen so that the shares are calibrated on the dev files. */
const TEMPERATURE = 0.05

let model: TaggerWeights | null = null

function weights(): TaggerWeights {
  model ??= decodeTaggerModel(TAGGER_MODEL)
  return model
}

/**
 * Score a rule's cue moves a reading by, enough to decide: SemCor has too few short clauses, and tags too
 * few `is very light` or `went on strike`, for the perceptron to learn them.
 */
const CUE_BONUS = 100

/** What may follow a verb that follows its subject noun (`dogs bark at night`, `prices rose.`). */
const CLAUSE_FOLLOWERS = new Set(['preposition', 'determiner', 'possessive', 'to'])

/**
 * Whether a form ending in a single -s is an inflected form of a lexicon word in that part of speech
 * (`dogs` of dog; not `Nautilus`, a word itself, nor the possessive `balloon's`).
 */
function inflectedAs(lexicon: Lexicon, lower: string, pos: PartOfSpeech): boolean {
  return (
    /[^s']s$/.test(lower) &&
    formReadings(lexicon, lower).some((r) => r.partOfSpeech === pos && r.via !== 'exact')
  )
}

/**
 * A plural noun then a bare form, or a singular one then an -s form, before a preposition, determiner or
 * the end, opening the sentence or after a determiner (`Dogs bark at night`, `the roof leaks.`): the
 * subject and its verb. Returns the cue in words, or null.
 */
function clauseVerbCue(lexicon: Lexicon, tokens: readonly Token[], i: number): string | null {
  const token = tokens[i] as Token
  const prev = tokens[i - 1]
  if (!prev || prev.sentence !== token.sentence || functionClass(prev.lower)) return null
  const before = tokens[i - 2]
  const opens = !before || before.sentence !== token.sentence || functionClass(before.lower) === 'determiner'
  if (!opens) return null
  const prevWeights = lexicalWeights(lexicon, prev.lower)
  if (!prevWeights || prevWeights.noun < prevWeights.verb + prevWeights.adjective + prevWeights.adverb)
    return null
  const next = tokens[i + 1]
  const nextClass = next && next.sentence === token.sentence ? functionClass(next.lower) : 'end'
  if (nextClass !== 'end' && (nextClass === undefined || !CLAUSE_FOLLOWERS.has(nextClass))) return null
  const pluralSubject = inflectedAs(lexicon, prev.lower, 'noun')
  const thirdPersonVerb = inflectedAs(lexicon, token.lower, 'verb')
  if (pluralSubject === thirdPersonVerb) return null
  return `between its subject "${prev.text}" and ${nextClass === 'end' ? 'the end' : `"${next?.text}"`}`
}

/** Words that grade an adjective or adverb (`very hot`, `too tight`) and nothing else. */
const GRADING = new Set(['very', 'too', 'extremely', 'incredibly', 'terribly', 'fairly'])
/** Words that may stand between a linking verb and its adjective; `really` and `quite` grade verbs too. */
const BETWEEN = new Set([...GRADING, 'really', 'quite', 'so', 'rather', 'pretty'])

/** Verbs that take an adjective as their complement (`stays fit`, `has gone sour`, `looks cool`). */
const LINKING = new Set(
  'be am is are was were stay stays stayed staying seem seems seemed become becomes became look looks looked feel feels felt sound sounds sounded go goes went gone turn turns turned grow grows grew grown remain remains remained'.split(
    ' ',
  ),
)
/** A pronoun and a contracted be (`I'm full`, `it's cold`). */
const CONTRACTED_BE = /^(?:i|you|he|she|it|we|they|that|this|there|what)'(?:m|re|s)$/

/** What may follow an adjective that completes its verb: the end, a preposition, `to`, a conjunction or `that`. */
function endsComplement(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i] as Token
  const next = tokens[i + 1]
  if (!next || next.sentence !== token.sentence || punctuatedAfter(token)) return true
  const cls = functionClass(next.lower)
  return cls === 'preposition' || cls === 'to' || cls === 'conjunction' || next.lower === 'that'
}

/** An adjective cue in words; a graded word may be an adverb as well (`works very hard`). */
type ComplementCue = { words: string; graded: boolean }

/**
 * An adjective reading's cue, or null: after a linking verb and before the end of its phrase (`the battery
 * is dead.`, `don't be mean to`), or graded by a degree word not itself after a determiner (`very light`,
 * not `the very thing`). Never for a verb's inflected form, nor after `being` or `been`, where a passive is
 * as likely (`was held`, `is being cut`).
 */
function complementCue(lexicon: Lexicon, tokens: readonly Token[], i: number): ComplementCue | null {
  const token = tokens[i] as Token
  const inSentence = (k: number) => k >= 0 && (tokens[k] as Token).sentence === token.sentence
  let k = i - 1
  while (k >= i - 2 && inSentence(k) && BETWEEN.has((tokens[k] as Token).lower)) k--
  const before = inSentence(k) ? (tokens[k] as Token) : null
  const degree = k < i - 1 ? (tokens[i - 1] as Token) : null
  const linked = before !== null && (LINKING.has(before.lower) || CONTRACTED_BE.test(before.lower))
  const graded = degree !== null && GRADING.has(degree.lower)
  if (!linked && !graded) return null
  if (formReadings(lexicon, token.lower).some((r) => r.partOfSpeech === 'verb' && r.via !== 'exact'))
    return null
  if (linked && endsComplement(tokens, i)) {
    return { words: `after "${before.text}"${degree ? ` and "${degree.text}"` : ''}`, graded: false }
  }
  if (graded && (before === null || functionClass(before.lower) !== 'determiner')) {
    return { words: `graded by "${degree.text}"`, graded: true }
  }
  return null
}

/**
 * A preposition's object (`went on strike`, `in broken English`): a verb's bare or past form does not follow
 * a preposition (`to` is an infinitive's mark too, and an -ing form a gerund, so neither counts). Returns
 * the cue in words, or null.
 */
function objectCue(tokens: readonly Token[], i: number): string | null {
  const token = tokens[i] as Token
  const prev = tokens[i - 1]
  if (!prev || prev.sentence !== token.sentence || punctuatedAfter(prev)) return null
  if (functionClass(prev.lower) !== 'preposition' || functionClass(token.lower)) return null
  if (token.lower.endsWith('ing')) return null
  return `after "${prev.text}"`
}

/** Forms of do that are an auxiliary whenever they stand before a word with a verb reading. */
const NEGATED_DO = new Set(["don't", "doesn't", "didn't"])
/** Words that may stand between an auxiliary and its verb (`can't really stand`, `will never forget`). */
const BEFORE_VERB = new Set('not never really just only even also always still ever'.split(' '))

/**
 * A verb after a modal or a negated do (`the printer doesn't work`, `you can reach me`), past the words
 * that may stand between them, where the modal is not itself a noun after a determiner or preposition
 * (`a can of beans`, `in May`). Returns the cue in words, or null.
 */
function auxiliaryCue(tokens: readonly Token[], i: number): string | null {
  const token = tokens[i] as Token
  const at = (k: number) => {
    const t = tokens[k]
    return t && t.sentence === token.sentence && !punctuatedAfter(t) ? t : null
  }
  let k = i - 1
  while (k >= i - 2 && BEFORE_VERB.has(at(k)?.lower ?? '')) k--
  const auxiliary = at(k)
  if (!auxiliary) return null
  if (functionClass(auxiliary.lower) !== 'modal' && !NEGATED_DO.has(auxiliary.lower)) return null
  const before = at(k - 1)
  const beforeClass = before ? functionClass(before.lower) : undefined
  if (beforeClass === 'determiner' || beforeClass === 'possessive' || beforeClass === 'preposition')
    return null
  return `after "${auxiliary.text}"`
}

/** Words that open a time phrase (`last week`, `every morning`) when a time word follows. */
const TIME_OPENERS = new Set(['last', 'next', 'this', 'every'])
/** Words that are a time phrase alone (`a cold yesterday`). */
const TIME_ALONE = new Set(['yesterday', 'today', 'tomorrow', 'tonight'])
const TIME_WORDS = new Set(
  'week weekend month year night morning afternoon evening day time summer winter spring autumn monday tuesday wednesday thursday friday saturday sunday'.split(
    ' ',
  ),
)

/**
 * A noun phrase's head (`caught a cold last week`): right after a determiner and before a time phrase, which
 * no noun phrase runs on into, the word is the phrase's noun. Returns the cue in words, or null.
 */
function headCue(tokens: readonly Token[], i: number): string | null {
  const token = tokens[i] as Token
  const at = (k: number) => {
    const t = tokens[k]
    return t && t.sentence === token.sentence ? t : null
  }
  const prev = at(i - 1)
  if (!prev || punctuatedAfter(prev) || punctuatedAfter(token)) return null
  const cls = functionClass(prev.lower)
  if (cls !== 'determiner' && cls !== 'possessive') return null
  const next = at(i + 1)
  if (!next) return null
  const after = at(i + 2)
  const phrase = TIME_ALONE.has(next.lower)
    ? next.text
    : TIME_OPENERS.has(next.lower) && after && !punctuatedAfter(next) && TIME_WORDS.has(after.lower)
      ? `${next.text} ${after.text}`
      : null
  return phrase === null ? null : `after "${prev.text}" and before the time phrase "${phrase}"`
}

/** Written words whose features the tagger keeps (a few hundred bytes each). */
const WORD_CACHE_LIMIT = 10_000

/** A written word as the tagger reads it, with the weight rows of its word features in feature order. */
type KnownWord = { word: TaggerWord; rows: Int32Array }

const WORD_FEATURES = TAGGER_FEATURES.filter((kind) => kind.reads === 'word')

const knownWords = perLexicon(() => boundedCache<string, KnownWord>(WORD_CACHE_LIMIT))

function knownWord(lexicon: Lexicon, token: Token): KnownWord {
  const cache = knownWords(lexicon)
  let known = cache.get(token.text)
  if (known === undefined) {
    const word = taggerWord(lexicon, token)
    const table = weights()
    known = { word, rows: Int32Array.from(WORD_FEATURES, (kind) => table.rowOf(kind.name({ w: word }))) }
    cache.set(token.text, known)
  }
  return known
}

/** The guess for token i whenever the lexicon knows the word, function words included (`much`, `had`). */
export function guessToken(lexicon: Lexicon, tokens: readonly Token[], i: number): PosGuess | null {
  const known = knownWord(lexicon, tokens[i] as Token)
  const lexical = known.word.lexical
  if (!lexical) return null
  // A possessive (`the stranger's eyes`, `one's heart`) is a noun whenever the word can be one.
  const possessive = POSSESSIVE.test(known.word.lower) && lexical.noun > 0
  const allowed = possessive ? ['noun' as const] : PARTS_OF_SPEECH.filter((p) => lexical[p] > 0)
  const context = featureContext(tokens, i, (token) => knownWord(lexicon, token).word)
  const table = weights()
  const rows = new Int32Array(TAGGER_FEATURES.length)
  let fromWord = 0
  TAGGER_FEATURES.forEach((kind, k) => {
    rows[k] = kind.reads === 'word' ? (known.rows[fromWord++] as number) : table.rowOf(kind.name(context))
  })
  const scores = allowed.map((pos) => {
    const c = PARTS_OF_SPEECH.indexOf(pos)
    let score = 0
    for (const row of rows) if (row !== -1) score += table.weight(row, c)
    return score
  })
  /** Moves the score of a part of speech the word may take by a cue's bonus. */
  const shift = (pos: PartOfSpeech, by: number) => {
    const k = allowed.indexOf(pos)
    if (k !== -1) scores[k] = (scores[k] as number) + by
  }
  const clause = clauseVerbCue(lexicon, tokens, i)
  if (clause) shift('verb', CUE_BONUS)
  const complement = allowed.includes('adjective') ? complementCue(lexicon, tokens, i) : null
  if (complement) {
    shift('adjective', CUE_BONUS)
    if (complement.graded) shift('adverb', CUE_BONUS)
  }
  const head = allowed.includes('noun') && allowed.length > 1 ? headCue(tokens, i) : null
  if (head) shift('noun', CUE_BONUS)
  const mayBeVerb = allowed.includes('verb') && allowed.length > 1
  const auxiliary = mayBeVerb ? auxiliaryCue(tokens, i) : null
  if (auxiliary) shift('verb', CUE_BONUS)
  const object = mayBeVerb ? objectCue(tokens, i) : null
  if (object) shift('verb', -CUE_BONUS)
  const max = Math.max(...scores)
  const exps = scores.map((s) => Math.exp((s - max) * TEMPERATURE))
  const sum = exps.reduce((a, b) => a + b, 0)
  const distribution: PosDistribution = { noun: 0, verb: 0, adjective: 0, adverb: 0 }
  allowed.forEach((pos, k) => (distribution[pos] = (exps[k] as number) / sum))
  const best = allowed[scores.indexOf(max)] as PartOfSpeech
  const cues: string[] = []
  if (clause && best === 'verb' && allowed.length > 1) cues.push(`verb: ${clause}`)
  if (complement && (best === 'adjective' || best === 'adverb') && allowed.length > 1)
    cues.push(`${best}: ${complement.words}`)
  if (object) cues.push(`${best}: ${object}, where a verb does not stand`)
  if (head && best === 'noun') cues.push(`noun: ${head}`)
  if (auxiliary && best === 'verb') cues.push(`verb: ${auxiliary}`)
  if (allowed.length > 1) {
    const c = PARTS_OF_SPEECH.indexOf(best)
    const others = allowed.filter((p) => p !== best).map((p) => PARTS_OF_SPEECH.indexOf(p))
    const favour: Array<{ k: number; lead: number }> = []
    rows.forEach((row, k) => {
      if (row === -1) return
      const rest = others.reduce((a, o) => a + table.weight(row, o), 0) / others.length
      const lead = table.weight(row, c) - rest
      if (lead > 0) favour.push({ k, lead })
    })
    favour.sort((a, b) => b.lead - a.lead)
    // Phrases are made only for the features that may be shown.
    for (const { k } of favour) {
      if (cues.length >= 3) break
      const cue = (TAGGER_FEATURES[k] as TaggerFeatureKind).cue(context)
      if (cue !== '' && !cues.includes(`${best}: ${cue}`)) cues.push(`${best}: ${cue}`)
    }
  }
  return { distribution, best, cues }
}

/** Guesses for every token: null for closed-class words and for words the lexicon does not know. */
export function tagTokens(lexicon: Lexicon, tokens: readonly Token[]): Array<PosGuess | null> {
  return tokens.map((token, i) => (functionClass(token.lower) ? null : guessToken(lexicon, tokens, i)))
}
