/**
 * The context features of an occurrence that the learned evidence reads, the same at training and at
 * serving (IMS-style): surrounding words by their base form in the sentence and the sentences either side,
 * local collocations of the words written next to the target, and the word classes of the three neighbours
 * on each side (closed class, or the part of speech the lexicon mostly gives them, so the model does not
 * depend on the tagger's weights).
 * Each feature names the tokens it came from, so a candidate's evidence can show the words that counted.
 */
import { neighbourClass } from '../../text/tagger-features'
import type { Token } from '../../text/tokens'
import { matchKeys } from '../../text/word-forms'
import type { Expression, PassageAnalysis } from './passage'

export type FeatureKind = 'word' | 'collocation' | 'class'

export type ContextFeature = { name: string; kind: FeatureKind; tokens: number[] }

/** The kind of a feature, from its name's prefix. */
export function featureKind(name: string): FeatureKind {
  return name.startsWith('w:') ? 'word' : name.startsWith('p') ? 'class' : 'collocation'
}

/** The base form a surrounding-word feature (`w:base`) names. */
export function surroundingWord(feature: ContextFeature): string {
  return feature.name.slice(2)
}

/** Sentences either side of the target's whose words count as surrounding words. */
const SENTENCE_REACH = 1

/** The form a surrounding word counts under: its first base form, or itself. */
function baseOf(analysis: PassageAnalysis, k: number): string {
  const keys = matchKeys(analysis.lexicon, (analysis.tokens[k] as Token).lower)
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
    out.push({ name: `w:${base}`, kind: 'word', tokens: [k] })
  }
}

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
  const at = (offset: number): [string, number[]] => {
    const k = offset < 0 ? first + offset : end - 1 + offset
    return inSentence(k) ? [(tokens[k] as Token).lower, [k]] : [offset < 0 ? '<s>' : '</s>', []]
  }
  const collocations: Array<[string, number[]]> = [
    [-1],
    [1],
    [-2, -1],
    [-1, 1],
    [1, 2],
    [-3, -2, -1],
    [1, 2, 3],
  ].map((offsets) => {
    const parts = offsets.map(at)
    return [`c${offsets.join(',')}:${parts.map((p) => p[0]).join(' ')}`, parts.flatMap((p) => p[1])]
  })
  for (const [name, ks] of collocations) out.push({ name, kind: 'collocation', tokens: ks })
  for (const offset of [-3, -2, -1, 1, 2, 3]) {
    const k = offset < 0 ? first + offset : end - 1 + offset
    const name = `p${offset}:${neighbourClass(analysis.lexicon, inSentence(k) ? tokens[k] : undefined)}`
    out.push({ name, kind: 'class', tokens: inSentence(k) ? [k] : [] })
  }
  return out
}
