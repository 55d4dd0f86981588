/**
 * The features the part-of-speech tagger reads for one token, shared by its training and its use: the
 * word, its suffixes and shape, which parts of speech the lexicon allows it and which it was tagged most,
 * and the words and word classes either side. Each feature has a phrase that explains it as a cue. What a
 * feature reads of the word alone is kept apart from what it reads of the neighbours, so the tagger can
 * keep the first per written word.
 */
import type { Lexicon } from '../lexicon/lexicon'
import type { PartOfSpeech } from '../lexicon/wordnet-format'
import { functionClass } from './function-words'
import type { Token } from './tokens'
import { lexicalWeights, type PosDistribution } from './lexical-pos'

/** A possessive ending written as part of the word (`voter's`, `voters'`). */
export const POSSESSIVE = /\p{L}(?:['’]s|s['’])$/u

/** A neighbour's class: its closed class, the part of speech the lexicon mostly gives it, or its shape. */
export function neighbourClass(lexicon: Lexicon, token: Token | undefined): string {
  if (!token) return 'edge'
  const cls = functionClass(token.lower)
  if (cls) return cls
  if (/^\p{N}/u.test(token.lower)) return 'number'
  return dominant(lexicalWeights(lexicon, token.lower)) ?? 'unknown'
}

/**
 * A neighbour's class as the tagger reads it: as `neighbourClass`, but a word written with a possessive
 * ending is possessive like `their`, since it stands before a noun (`the voter's standing`, `Tuesday's
 * rout`). The meaning model keeps `neighbourClass`, so the tagger can change without retraining it.
 */
function taggerClass(lexicon: Lexicon, token: Token): string {
  if (!functionClass(token.lower) && POSSESSIVE.test(token.lower)) return 'possessive'
  return neighbourClass(lexicon, token)
}

function dominant(weights: PosDistribution | null): PartOfSpeech | null {
  if (!weights) return null
  let best: PartOfSpeech = 'noun'
  for (const pos of ['verb', 'adjective', 'adverb'] as const) if (weights[pos] > weights[best]) best = pos
  return best
}

/** Ends in a single -s (`dogs`, `barks`; not `grass`). */
function plural(lower: string): boolean {
  return /[^s]s$/.test(lower)
}

/** The inflection a form shows, for features that hold across words (`policy making`, `the drinks`). */
function inflection(lower: string): string {
  if (lower.endsWith('ing')) return 'ing'
  if (lower.endsWith('ed')) return 'ed'
  if (plural(lower)) return 's'
  return 'none'
}

/** The word's outline: capitals, digits and hyphens, letters collapsed (`Mr.` → `Xx.`). */
function shape(text: string): string {
  return text
    .replace(/\p{Lu}+/gu, 'X')
    .replace(/\p{Ll}+/gu, 'x')
    .replace(/\p{N}+/gu, 'd')
    .slice(0, 6)
}

/** What the features read of one written word, whatever stands around it. */
export type TaggerWord = {
  text: string
  lower: string
  /** The lexicon's tag counts of the word's readings, or null when it knows none. */
  lexical: PosDistribution | null
  /** The parts of speech the lexicon allows, joined by `+`, or `none`. */
  allowed: string
  /** The part of speech the lexicon mostly gives it, or `none`. */
  dominant: string
  /** Its class as a neighbour's features read it. */
  cls: string
  inflection: string
  plural: boolean
  shape: string
  startsUpper: boolean
}

export function taggerWord(lexicon: Lexicon, token: Token): TaggerWord {
  const lexical = lexicalWeights(lexicon, token.lower)
  return {
    text: token.text,
    lower: token.lower,
    lexical,
    allowed: lexical
      ? (['noun', 'verb', 'adjective', 'adverb'] as const).filter((p) => lexical[p] > 0).join('+')
      : 'none',
    dominant: dominant(lexical) ?? 'none',
    cls: taggerClass(lexicon, token),
    inflection: inflection(token.lower),
    plural: plural(token.lower),
    shape: shape(token.text),
    startsUpper: /^\p{Lu}/u.test(token.text),
  }
}

/** A token as its features read it: the word and its neighbours within the sentence. */
export type FeatureContext = {
  w: TaggerWord
  prev: TaggerWord | undefined
  prev2: TaggerWord | undefined
  next: TaggerWord | undefined
  next2: TaggerWord | undefined
}

export function featureContext(
  tokens: readonly Token[],
  i: number,
  wordOf: (token: Token) => TaggerWord,
): FeatureContext {
  const token = tokens[i] as Token
  const at = (k: number) => {
    const t = tokens[k]
    return t && t.sentence === token.sentence ? wordOf(t) : undefined
  }
  return { w: wordOf(token), prev: at(i - 1), prev2: at(i - 2), next: at(i + 1), next2: at(i + 2) }
}

/**
 * One feature: `word` when its name and phrase read the word alone, so that they hold wherever it is
 * written; its phrase is '' when it explains nothing.
 */
export type TaggerFeatureKind =
  | { reads: 'word'; name(c: Pick<FeatureContext, 'w'>): string; cue(c: Pick<FeatureContext, 'w'>): string }
  | { reads: 'context'; name(c: FeatureContext): string; cue(c: FeatureContext): string }

const classOf = (word: TaggerWord | undefined) => word?.cls ?? 'edge'
const lowerOr = (word: TaggerWord | undefined, edge: string) => word?.lower ?? edge
const capital = (c: FeatureContext) => c.prev !== undefined && c.w.startsUpper

/** Word classes in the words of a cue: a reader sees `after a form of “be”`, never a class name. */
const CLASS_WORDS: Record<string, string> = {
  determiner: 'a determiner',
  possessive: 'a possessive',
  'subject-pronoun': 'a subject pronoun',
  pronoun: 'a pronoun',
  preposition: 'a preposition',
  to: '“to”',
  conjunction: 'a conjunction',
  be: 'a form of “be”',
  have: 'a form of “have”',
  do: 'a form of “do”',
  modal: 'a modal verb',
  negation: 'a negation',
  'wh-word': 'a question word',
  other: 'a function word',
  number: 'a number',
  noun: 'a noun',
  verb: 'a verb',
  adjective: 'an adjective',
  adverb: 'an adverb',
  unknown: 'a word the lexicon does not know',
}

const classWords = (word: TaggerWord) => CLASS_WORDS[word.cls] ?? `a word of the class ${word.cls}`
const afterClass = (c: FeatureContext) =>
  c.prev ? `after ${classWords(c.prev)}` : 'at the start of its sentence'
const beforeClass = (c: FeatureContext) =>
  c.next ? `before ${classWords(c.next)}` : 'at the end of its sentence'

function betweenClasses(c: FeatureContext): string {
  if (c.prev && c.next) return `between ${classWords(c.prev)} and ${classWords(c.next)}`
  if (c.next) return `at the start of its sentence, ${beforeClass(c)}`
  if (c.prev) return `at the end of its sentence, ${afterClass(c)}`
  return 'alone in its sentence'
}

/** The parts of speech the lexicon allows, as `a noun or a verb`. */
/** A word's last letters as a cue; none when they are the whole word. */
const endingCue = (lower: string, letters: number) =>
  lower.length > letters ? `ends in -${lower.slice(-letters)}` : ''

function allowedWords(w: TaggerWord): string {
  const parts = w.allowed.split('+').map((pos) => CLASS_WORDS[pos] ?? pos)
  const last = parts.pop() as string
  return parts.length === 0 ? last : `${parts.join(', ')} or ${last}`
}

const inflectionWords = (w: TaggerWord) =>
  w.inflection === 'none' ? 'a form without an ending' : `an -${w.inflection} form`

/** The features in the order the tagger sums their weights. */
export const TAGGER_FEATURES: readonly TaggerFeatureKind[] = [
  { reads: 'word', name: () => 'bias', cue: () => '' },
  { reads: 'word', name: (c) => `w:${c.w.lower}`, cue: (c) => `the word "${c.w.text}" itself` },
  { reads: 'word', name: (c) => `s2:${c.w.lower.slice(-2)}`, cue: (c) => endingCue(c.w.lower, 2) },
  { reads: 'word', name: (c) => `s3:${c.w.lower.slice(-3)}`, cue: (c) => endingCue(c.w.lower, 3) },
  { reads: 'word', name: (c) => `s4:${c.w.lower.slice(-4)}`, cue: (c) => endingCue(c.w.lower, 4) },
  { reads: 'word', name: (c) => `allowed:${c.w.allowed}`, cue: (c) => `it can be ${allowedWords(c.w)}` },
  {
    reads: 'word',
    name: (c) => `dom:${c.w.dominant}`,
    cue: (c) => `mostly ${CLASS_WORDS[c.w.dominant] ?? c.w.dominant} in the lexicon`,
  },
  {
    reads: 'word',
    name: (c) => `dom:${c.w.dominant}|allowed:${c.w.allowed}`,
    cue: (c) => `${allowedWords(c.w)}, mostly ${CLASS_WORDS[c.w.dominant] ?? c.w.dominant}`,
  },
  {
    reads: 'context',
    name: (c) => `p1:${lowerOr(c.prev, '<s>')}`,
    cue: (c) => (c.prev ? `after "${c.prev.text}"` : 'at the start of its sentence'),
  },
  {
    reads: 'context',
    name: (c) => `p2:${lowerOr(c.prev2, '<s>')}`,
    cue: (c) => (c.prev2 ? `two words after "${c.prev2.text}"` : 'near the start of its sentence'),
  },
  {
    reads: 'context',
    name: (c) => `n1:${lowerOr(c.next, '</s>')}`,
    cue: (c) => (c.next ? `before "${c.next.text}"` : 'at the end of its sentence'),
  },
  {
    reads: 'context',
    name: (c) => `n2:${lowerOr(c.next2, '</s>')}`,
    cue: (c) => (c.next2 ? `two words before "${c.next2.text}"` : 'near the end of its sentence'),
  },
  { reads: 'context', name: (c) => `pc:${classOf(c.prev)}`, cue: afterClass },
  { reads: 'context', name: (c) => `nc:${classOf(c.next)}`, cue: beforeClass },
  {
    reads: 'context',
    name: (c) => `pc:${classOf(c.prev)}|nc:${classOf(c.next)}`,
    cue: betweenClasses,
  },
  {
    reads: 'context',
    name: (c) => `pc:${classOf(c.prev)}|allowed:${c.w.allowed}`,
    cue: afterClass,
  },
  {
    reads: 'context',
    name: (c) => `nc:${classOf(c.next)}|allowed:${c.w.allowed}`,
    cue: beforeClass,
  },
  {
    reads: 'context',
    name: (c) => `p2c:${classOf(c.prev2)}|pc:${classOf(c.prev)}`,
    cue: afterClass,
  },
  {
    reads: 'context',
    name: (c) => `cap:${capital(c)}`,
    cue: (c) => (capital(c) ? 'capitalized inside a sentence' : ''),
  },
  {
    reads: 'context',
    name: (c) => `w:${c.w.lower}|pc:${classOf(c.prev)}`,
    cue: (c) => `"${c.w.text}" ${afterClass(c)}`,
  },
  { reads: 'word', name: (c) => `s1:${c.w.lower.slice(-1)}`, cue: (c) => endingCue(c.w.lower, 1) },
  { reads: 'word', name: (c) => `pre1:${c.w.lower.charAt(0)}`, cue: () => '' },
  { reads: 'word', name: (c) => `shape:${c.w.shape}`, cue: (c) => `written like "${c.w.shape}"` },
  {
    reads: 'context',
    name: (c) => `ps3:${c.prev?.lower.slice(-3) ?? '<s>'}`,
    // Only a word longer than its ending has one (`its` is no word ending in -its).
    cue: (c) =>
      c.prev && c.prev.lower.length > 3 ? `after a word ending in -${c.prev.lower.slice(-3)}` : '',
  },
  {
    reads: 'context',
    name: (c) => `ns3:${c.next?.lower.slice(-3) ?? '</s>'}`,
    cue: (c) =>
      c.next && c.next.lower.length > 3 ? `before a word ending in -${c.next.lower.slice(-3)}` : '',
  },
  {
    reads: 'context',
    name: (c) => `w:${c.w.lower}|nc:${classOf(c.next)}`,
    cue: (c) => `"${c.w.text}" ${beforeClass(c)}`,
  },
  {
    reads: 'context',
    name: (c) => `w:${c.w.lower}|p1:${lowerOr(c.prev, '<s>')}`,
    cue: (c) => (c.prev ? `"${c.w.text}" after "${c.prev.text}"` : ''),
  },
  {
    reads: 'context',
    name: (c) => `w:${c.w.lower}|n1:${lowerOr(c.next, '</s>')}`,
    cue: (c) => (c.next ? `"${c.w.text}" before "${c.next.text}"` : ''),
  },
  {
    reads: 'context',
    name: (c) => `infl:${c.w.inflection}|pc:${classOf(c.prev)}|nc:${classOf(c.next)}`,
    cue: (c) => `${inflectionWords(c.w)} ${betweenClasses(c)}`,
  },
  {
    reads: 'context',
    name: (c) => `infl:${c.w.inflection}|p1:${lowerOr(c.prev, '<s>')}`,
    cue: (c) => (c.prev ? `${inflectionWords(c.w)} after "${c.prev.text}"` : ''),
  },
  {
    // Number agreement: a plural noun then a bare form (`dogs bark`), a singular one then an -s form.
    reads: 'context',
    name: (c) =>
      `agr:${classOf(c.prev)}|${c.prev !== undefined && c.prev.plural}|${c.w.plural}|nc:${classOf(c.next)}`,
    cue: (c) => (c.prev ? `agrees in number with "${c.prev.text}", ${beforeClass(c)}` : ''),
  },
]

/** The names of a token's features, in order: what training reads. */
export function taggerFeatureNames(lexicon: Lexicon, tokens: readonly Token[], i: number): string[] {
  const context = featureContext(tokens, i, (token) => taggerWord(lexicon, token))
  return TAGGER_FEATURES.map((kind) => kind.name(context))
}
