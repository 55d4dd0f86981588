/**
 * The part-of-speech tagger for content words: an averaged perceptron trained on SemCor's coarse tags
 * (`npm run train:wsd`, weights in `tagger-model.ts`), choosing among the parts of speech the lexicon
 * allows the word. It gives a distribution (a softmax of the perceptron's scores) and, as cues, the
 * features that most favoured its best guess, not a bare verdict; the disambiguator weighs it with
 * everything else.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import { PARTS_OF_SPEECH, type PartOfSpeech } from '../../lexicon/wordnet-format'
import { functionClass } from './function-words'
import { lexicalWeights, type PosDistribution } from './lexical-pos'
import { taggerFeatures } from './tagger-features'
import { TAGGER_MODEL } from './tagger-model'
import type { Token } from './tokens'

export type { PosDistribution }

export type PosGuess = {
  distribution: PosDistribution
  best: PartOfSpeech
  /** The features that most favoured the best guess, in words. */
  cues: string[]
}

/** Scales perceptron scores into probabilities; chosen so that the shares are calibrated on the dev files. */
const TEMPERATURE = 0.5

let model: Map<string, number[]> | null = null

function weights(): Map<string, number[]> {
  model ??= new Map(JSON.parse(TAGGER_MODEL) as Array<[string, number[]]>)
  return model
}

/** The guess for token i whenever the lexicon knows the word, function words included (`much`, `had`). */
export function guessToken(lexicon: Lexicon, tokens: readonly Token[], i: number): PosGuess | null {
  const lexical = lexicalWeights(lexicon, (tokens[i] as Token).lower)
  if (!lexical) return null
  const allowed = PARTS_OF_SPEECH.filter((p) => lexical[p] > 0)
  const features = taggerFeatures(lexicon, tokens, i)
  const table = weights()
  const scores = allowed.map((pos) => {
    const c = PARTS_OF_SPEECH.indexOf(pos)
    let score = 0
    for (const f of features) score += table.get(f.name)?.[c] ?? 0
    return score
  })
  const max = Math.max(...scores)
  const exps = scores.map((s) => Math.exp((s - max) * TEMPERATURE))
  const sum = exps.reduce((a, b) => a + b, 0)
  const distribution: PosDistribution = { noun: 0, verb: 0, adjective: 0, adverb: 0 }
  allowed.forEach((pos, k) => (distribution[pos] = (exps[k] as number) / sum))
  const best = allowed[scores.indexOf(max)] as PartOfSpeech
  const cues: string[] = []
  if (allowed.length > 1) {
    const c = PARTS_OF_SPEECH.indexOf(best)
    const others = allowed.filter((p) => p !== best).map((p) => PARTS_OF_SPEECH.indexOf(p))
    const favour = features
      .filter((f) => f.cue !== '')
      .map((f) => {
        const w = table.get(f.name)
        if (!w) return { cue: f.cue, lead: 0 }
        const rest = others.reduce((a, o) => a + (w[o] as number), 0) / others.length
        return { cue: f.cue, lead: (w[c] as number) - rest }
      })
      .filter((x) => x.lead > 0)
      .sort((a, b) => b.lead - a.lead)
    for (const { cue } of favour) {
      if (cues.length >= 3) break
      if (!cues.includes(cue)) cues.push(`${best}: ${cue}`)
    }
  }
  return { distribution, best, cues }
}

/** Guesses for every token: null for closed-class words and for words the lexicon does not know. */
export function tagTokens(lexicon: Lexicon, tokens: readonly Token[]): Array<PosGuess | null> {
  return tokens.map((token, i) => (functionClass(token.lower) ? null : guessToken(lexicon, tokens, i)))
}
