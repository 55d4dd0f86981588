/**
 * The context features of an occurrence that the learned evidence reads, the same at training and at
 * serving (IMS-style): surrounding words by their base form in the sentence and the sentences either side,
 * local collocations of the words written next to the target, the word classes of the three neighbours
 * on each side (closed class, or the part of speech the lexicon mostly gives them, so the model does not
 * depend on the tagger's weights), and the nouns the target takes as arguments (read from the same
 * classes), each by its base form and its kind.
 * Each feature names the tokens it came from, so a candidate's evidence can show the words that counted.
 */
import { senseSynset, senseSynsetPos, sensesOf, senseTagCount, synsetLexFile } from '../../lexicon/lexicon'
import { LEXICOGRAPHER_FILES } from '../../lexicon/wordnet-format'
import { functionClass } from '../../text/function-words'
import { neighbourClass } from '../../text/tagger-features'
import { punctuatedAfter, type Token } from '../../text/tokens'
import type { Expression, PassageAnalysis } from './passage'
import { perToken, tokenKeys } from './token-memo'

export const FEATURE_KINDS = ['word', 'collocation', 'class', 'argument'] as const
export type FeatureKind = (typeof FEATURE_KINDS)[number]

export type ContextFeature = { name: string; kind: FeatureKind; tokens: number[] }

/** The kind of a feature, from its name's prefix. */
export function featureKind(name: string): FeatureKind {
  if (name.startsWith('w:')) return 'word'
  if (name.startsWith('a:')) return 'argument'
  return name.startsWith('p') ? 'class' : 'collocation'
}

/** The base form a surrounding-word feature (`w:base`) names. */
export function surroundingWord(feature: ContextFeature): string {
  return feature.name.slice(2)
}

/** Sentences either side of the target's whose words count as surrounding words. */
const SENTENCE_REACH = 1

/** The form a surrounding or bound word counts under: its first base form, or itself. */
export function baseOf(analysis: PassageAnalysis, k: number): string {
  const keys = tokenKeys(analysis, k)
  return (keys[1] ?? keys[0]) as string
}

/** Adds token k's base form as a surrounding-word feature, once, when it is a content word and not the word itself. */
function wordAdder(
  analysis: PassageAnalysis,
  own: ReadonlySet<string>,
  seen: Set<string>,
  out: ContextFeature[],
): (k: number) => void {
  return (k) => {
    if (!analysis.tags[k]) return
    const base = baseOf(analysis, k)
    if (own.has(base) || seen.has(base)) return
    seen.add(base)
    out.push(wordFeature(analysis, k))
  }
}

/** Token k's surrounding-word feature, the same for every occurrence around it, so made once per passage. */
const wordFeature = perToken((analysis, k): ContextFeature => ({
  name: `w:${baseOf(analysis, k)}`,
  kind: 'word',
  tokens: [k],
}))

/**
 * The surrounding-word features of a whole text about a word, not an occurrence of it (a definition of one
 * of its meanings): every content word's base form but the word's own.
 */
export function textWordFeatures(analysis: PassageAnalysis, word: string): ContextFeature[] {
  const out: ContextFeature[] = []
  const addWord = wordAdder(analysis, new Set([word]), new Set(), out)
  analysis.tokens.forEach((_, k) => addWord(k))
  return out
}

/**
 * The local collocations (IMS): the words at these offsets from the target, before its first token or after
 * its last, named `c-1,1:the on`, with `<s>` and `</s>` past the sentence's edges.
 */
const COLLOCATIONS = [[-1], [1], [-2, -1], [-1, 1], [1, 2], [-3, -2, -1], [1, 2, 3]].map((offsets) => ({
  offsets,
  label: `c${offsets.join(',')}:`,
}))

export function contextFeatures(analysis: PassageAnalysis, expression: Expression): ContextFeature[] {
  const { tokens } = analysis
  const first = expression.firstToken
  const end = expression.endToken
  const sentence = (tokens[first] as Token).sentence
  const out: ContextFeature[] = []
  const seen = new Set<string>()
  const own = new Set(expression.readings.map((r) => r.word))
  const addWord = wordAdder(analysis, own, seen, out)
  for (let k = first - 1; k >= 0 && (tokens[k] as Token).sentence >= sentence - SENTENCE_REACH; k--) {
    addWord(k)
  }
  for (let k = end; k < tokens.length && (tokens[k] as Token).sentence <= sentence + SENTENCE_REACH; k++) {
    addWord(k)
  }
  const inSentence = (k: number) => k >= 0 && k < tokens.length && (tokens[k] as Token).sentence === sentence
  for (const { offsets, label } of COLLOCATIONS) {
    // Built by concatenation: every occurrence scored makes seven, and mapping and joining arrays for each
    // was a fiftieth of a heavy /v1/illuminate.
    let name = label
    const ks: number[] = []
    for (let i = 0; i < offsets.length; i++) {
      const offset = offsets[i] as number
      const k = offset < 0 ? first + offset : end - 1 + offset
      if (i > 0) name += ' '
      if (inSentence(k)) {
        name += (tokens[k] as Token).lower
        ks.push(k)
      } else name += offset < 0 ? '<s>' : '</s>'
    }
    out.push({ name, kind: 'collocation', tokens: ks })
  }
  out.push(...argumentFeatures(analysis, first, end, inSentence))
  for (const offset of [-3, -2, -1, 1, 2, 3]) {
    const k = offset < 0 ? first + offset : end - 1 + offset
    const name = `p${offset}:${neighbourClass(analysis.lexicon, inSentence(k) ? tokens[k] : undefined)}`
    out.push({ name, kind: 'class', tokens: inSentence(k) ? [k] : [] })
  }
  return out
}

/** Closed-class words read as a person when they stand as an argument (`she`, `him`, `somebody`). */
const PERSONS = new Set(
  'i you he she we they me him her us them someone somebody anyone anybody everyone everybody nobody'.split(
    ' ',
  ),
)
const PERSON_KIND = 'noun.person'

/** The kind of noun an argument is: the lexicographer file of its most tagged noun meaning, or null. */
const nounKind = perToken((analysis: PassageAnalysis, k: number): string | null => {
  const { lexicon } = analysis
  const lower = (analysis.tokens[k] as Token).lower
  if (PERSONS.has(lower)) return PERSON_KIND
  if (functionClass(lower)) return null
  for (const key of tokenKeys(analysis, k)) {
    let best: number | null = null
    for (const sense of sensesOf(lexicon, key)) {
      if (senseSynsetPos(lexicon, sense) !== 'noun') continue
      if (best === null || senseTagCount(lexicon, sense) > senseTagCount(lexicon, best)) best = sense
    }
    if (best !== null) return LEXICOGRAPHER_FILES[synsetLexFile(lexicon, senseSynset(lexicon, best))] ?? null
  }
  return null
})

/** Classes passed over on the way to the noun after the target (`bit [the old] mailman`). */
const BEFORE_NOUN = new Set(['determiner', 'possessive', 'adjective', 'adverb', 'number'])
/** Classes passed over on the way back to the noun before it (`the dog [had not] bitten`). */
const AFTER_NOUN = new Set(['be', 'have', 'do', 'modal', 'negation', 'to', 'adverb'])
const NOUNS = new Set(['noun', 'pronoun', 'subject-pronoun'])
/** Words scanned each way for an argument: a shallow reading, not a parse. */
const REACH_AFTER = 6
const REACH_BEFORE = 5

/**
 * The nouns the target takes as arguments, by a shallow reading of its sentence: the head of the noun
 * phrase right after it (`a:after`: a verb's object, the noun an adjective qualifies) or, through one
 * preposition, that preposition's object (`a:after-of`: `the bank of the river`), and the nearest noun
 * before it past auxiliaries and adverbs (`a:before`: a verb's subject). Each is a feature by its base form
 * (`a:after=mailman`) and by its kind (`a:after~noun.person`), so what the corpus showed with one noun
 * carries to others of its kind: a verb's meanings differ by what they take. No scan crosses punctuation
 * or leaves the target's sentence (`within`).
 */
function argumentFeatures(
  analysis: PassageAnalysis,
  first: number,
  end: number,
  within: (k: number) => boolean,
): ContextFeature[] {
  const { tokens, lexicon } = analysis
  const out: ContextFeature[] = []
  const punctuatedAt = (k: number) => punctuatedAfter(tokens[k] as Token)
  const classOf = (k: number) => neighbourClass(lexicon, tokens[k])
  const add = (role: string, k: number) => {
    out.push({ name: `a:${role}=${baseOf(analysis, k)}`, kind: 'argument', tokens: [k] })
    const kind = nounKind(analysis, k)
    if (kind) out.push({ name: `a:${role}~${kind}`, kind: 'argument', tokens: [k] })
  }
  let preposition = ''
  for (let k = end; within(k) && k < end + REACH_AFTER && !punctuatedAt(k - 1); k++) {
    const cls = classOf(k)
    if (BEFORE_NOUN.has(cls)) continue
    if ((cls === 'preposition' || cls === 'to') && k === end) {
      preposition = (tokens[k] as Token).lower
      continue
    }
    if (NOUNS.has(cls)) {
      let head = k
      while (within(head + 1) && !punctuatedAt(head) && classOf(head + 1) === 'noun') head++
      add(preposition === '' ? 'after' : `after-${preposition}`, head)
    }
    break
  }
  for (let k = first - 1; within(k) && k > first - 1 - REACH_BEFORE && !punctuatedAt(k); k--) {
    const cls = classOf(k)
    if (AFTER_NOUN.has(cls)) continue
    if (NOUNS.has(cls)) add('before', k)
    break
  }
  return out
}
