/**
 * The features the part-of-speech tagger reads for one token, shared by its training and its use: the
 * word, its suffixes and shape, which parts of speech the lexicon allows it and which it was tagged most,
 * and the words and word classes either side. Each feature has a phrase that explains it as a cue.
 */
import type { Lexicon } from '../lexicon/lexicon'
import type { PartOfSpeech } from '../lexicon/wordnet-format'
import { functionClass } from './function-words'
import type { Token } from './tokens'
import { lexicalWeights } from './lexical-pos'

export type TaggerFeature = { name: string; cue: string }

/** A possessive ending written as part of the word (`voter's`, `voters'`). */
export const POSSESSIVE = /\p{L}(?:['’]s|s['’])$/u

/** A neighbour's class: its closed class, the part of speech the lexicon mostly gives it, or its shape. */
export function neighbourClass(lexicon: Lexicon, token: Token | undefined): string {
  if (!token) return 'edge'
  const cls = functionClass(token.lower)
  if (cls) return cls
  if (/^\p{N}/u.test(token.lower)) return 'number'
  return dominant(lexicon, token.lower) ?? 'unknown'
}

/**
 * A neighbour's class as the tagger reads it: as `neighbourClass`, but a word written with a possessive
 * ending is possessive like `their`, since it stands before a noun (`the voter's standing`, `Tuesday's
 * rout`). The meaning model keeps `neighbourClass`, so the tagger can change without retraining it.
 */
function taggerClass(lexicon: Lexicon, token: Token | undefined): string {
  if (token && !functionClass(token.lower) && POSSESSIVE.test(token.lower)) return 'possessive'
  return neighbourClass(lexicon, token)
}

function dominant(lexicon: Lexicon, lower: string): PartOfSpeech | null {
  const weights = lexicalWeights(lexicon, lower)
  if (!weights) return null
  let best: PartOfSpeech = 'noun'
  for (const pos of ['verb', 'adjective', 'adverb'] as const) if (weights[pos] > weights[best]) best = pos
  return best
}

/** Ends in a single -s (`dogs`, `barks`; not `grass`). */
function plural(token: Token | undefined): boolean {
  return token !== undefined && /[^s]s$/.test(token.lower)
}

/** The inflection a form shows, for features that hold across words (`policy making`, `the drinks`). */
function inflection(lower: string): string {
  if (lower.endsWith('ing')) return 'ing'
  if (lower.endsWith('ed')) return 'ed'
  if (/[^s]s$/.test(lower)) return 's'
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

export function taggerFeatures(lexicon: Lexicon, tokens: readonly Token[], i: number): TaggerFeature[] {
  const token = tokens[i] as Token
  const at = (k: number) => {
    const t = tokens[k]
    return t && t.sentence === token.sentence ? t : undefined
  }
  const prev = at(i - 1)
  const prev2 = at(i - 2)
  const next = at(i + 1)
  const next2 = at(i + 2)
  const w = token.lower
  const weights = lexicalWeights(lexicon, w)
  const allowed = weights
    ? (['noun', 'verb', 'adjective', 'adverb'] as const).filter((p) => weights[p] > 0).join('+')
    : 'none'
  const dom = dominant(lexicon, w) ?? 'none'
  const pc = taggerClass(lexicon, prev)
  const nc = taggerClass(lexicon, next)
  const capital = prev !== undefined && /^\p{Lu}/u.test(token.text)
  const out: TaggerFeature[] = [
    { name: 'bias', cue: '' },
    { name: `w:${w}`, cue: `the word "${token.text}" itself` },
    { name: `s2:${w.slice(-2)}`, cue: `ends in -${w.slice(-2)}` },
    { name: `s3:${w.slice(-3)}`, cue: `ends in -${w.slice(-3)}` },
    { name: `s4:${w.slice(-4)}`, cue: `ends in -${w.slice(-4)}` },
    { name: `allowed:${allowed}`, cue: `the lexicon allows ${allowed}` },
    { name: `dom:${dom}`, cue: `mostly a ${dom} in the lexicon` },
    { name: `dom:${dom}|allowed:${allowed}`, cue: `mostly a ${dom} of ${allowed}` },
    { name: `p1:${prev?.lower ?? '<s>'}`, cue: prev ? `after "${prev.text}"` : 'first word of its sentence' },
    {
      name: `p2:${prev2?.lower ?? '<s>'}`,
      cue: prev2 ? `two words after "${prev2.text}"` : 'near the start',
    },
    {
      name: `n1:${next?.lower ?? '</s>'}`,
      cue: next ? `before "${next.text}"` : 'last word of its sentence',
    },
    {
      name: `n2:${next2?.lower ?? '</s>'}`,
      cue: next2 ? `two words before "${next2.text}"` : 'near the end',
    },
    { name: `pc:${pc}`, cue: `after a ${pc} word` },
    { name: `nc:${nc}`, cue: `before a ${nc} word` },
    { name: `pc:${pc}|nc:${nc}`, cue: `between a ${pc} and a ${nc} word` },
    { name: `pc:${pc}|allowed:${allowed}`, cue: `after a ${pc} word` },
    { name: `nc:${nc}|allowed:${allowed}`, cue: `before a ${nc} word` },
    { name: `p2c:${taggerClass(lexicon, prev2)}|pc:${pc}`, cue: `after a ${pc} word` },
    { name: `cap:${capital}`, cue: capital ? 'capitalized inside a sentence' : '' },
    { name: `w:${w}|pc:${pc}`, cue: `"${token.text}" after a ${pc} word` },
    { name: `s1:${w.slice(-1)}`, cue: `ends in -${w.slice(-1)}` },
    { name: `pre1:${w.charAt(0)}`, cue: '' },
    { name: `shape:${shape(token.text)}`, cue: `written like "${shape(token.text)}"` },
    {
      name: `ps3:${prev?.lower.slice(-3) ?? '<s>'}`,
      cue: prev ? `after a word ending in -${prev.lower.slice(-3)}` : '',
    },
    {
      name: `ns3:${next?.lower.slice(-3) ?? '</s>'}`,
      cue: next ? `before a word ending in -${next.lower.slice(-3)}` : '',
    },
    { name: `w:${w}|nc:${nc}`, cue: `"${token.text}" before a ${nc} word` },
    { name: `w:${w}|p1:${prev?.lower ?? '<s>'}`, cue: prev ? `"${token.text}" after "${prev.text}"` : '' },
    { name: `w:${w}|n1:${next?.lower ?? '</s>'}`, cue: next ? `"${token.text}" before "${next.text}"` : '' },
    {
      name: `infl:${inflection(w)}|pc:${pc}|nc:${nc}`,
      cue: `an -${inflection(w)} form between a ${pc} and a ${nc} word`,
    },
    {
      name: `infl:${inflection(w)}|p1:${prev?.lower ?? '<s>'}`,
      cue: prev ? `an -${inflection(w)} form after "${prev.text}"` : '',
    },
    {
      // Number agreement: a plural noun then a bare form (`dogs bark`), a singular one then an -s form.
      name: `agr:${pc}|${plural(prev)}|${plural(token)}|nc:${nc}`,
      cue: prev ? `agrees in number with "${prev.text}" before a ${nc} word` : '',
    },
  ]
  return out
}
