/**
 * Training the part-of-speech tagger: an averaged perceptron over `taggerFeatureNames`, choosing among the
 * parts of speech the lexicon allows each token, on the coarse tags of a tagged corpus. The order of
 * instances and every update are fixed, so the same corpus gives the same weights.
 */
import type { Lexicon } from '../../src/lexicon/lexicon'
import { PARTS_OF_SPEECH, type PartOfSpeech } from '../../src/lexicon/wordnet-format'
import { lexicalWeights } from '../../src/text/lexical-pos'
import { taggerFeatureNames } from '../../src/text/tagger-features'
import { tokenize } from '../../src/text/tokens'

export type TaggerInstance = { features: string[]; gold: number; allowed: number[] }

/** The instances of one sentence: every single-token annotation whose gold class the lexicon allows. */
export function taggerInstances(
  lexicon: Lexicon,
  text: string,
  annotations: ReadonlyArray<{ start: number; end: number; pos: PartOfSpeech }>,
): TaggerInstance[] {
  const { tokens } = tokenize(text)
  const out: TaggerInstance[] = []
  for (const a of annotations) {
    const i = tokens.findIndex((t) => t.start === a.start && t.end === a.end)
    if (i === -1) continue
    const weights = lexicalWeights(lexicon, (tokens[i] as (typeof tokens)[number]).lower)
    if (!weights) continue
    const allowed = PARTS_OF_SPEECH.flatMap((p, k) => (weights[p] > 0 ? [k] : []))
    const gold = PARTS_OF_SPEECH.indexOf(a.pos)
    if (!allowed.includes(gold)) continue
    out.push({ features: taggerFeatureNames(lexicon, tokens, i), gold, allowed })
  }
  return out
}

/**
 * A feature is kept when one of its averaged weights reaches a whole update: dropping the rest halves the
 * model (and the service's memory for it) at no cost on the dev files (97.4 % either way).
 */
const MIN_WEIGHT = 1

/** Averaged perceptron weights per feature (one per part of speech), rounded, small rows dropped, sorted. */
export function trainTagger(instances: readonly TaggerInstance[], epochs: number): Array<[string, number[]]> {
  const weights = new Map<string, number[]>()
  const totals = new Map<string, number[]>()
  const stamps = new Map<string, number[]>()
  let step = 0
  const row = (map: Map<string, number[]>, f: string) => {
    let r = map.get(f)
    if (!r) {
      r = [0, 0, 0, 0]
      map.set(f, r)
    }
    return r
  }
  const update = (f: string, c: number, delta: number) => {
    const w = row(weights, f)
    const t = row(totals, f)
    const s = row(stamps, f)
    t[c] = (t[c] as number) + (step - (s[c] as number)) * (w[c] as number)
    s[c] = step
    w[c] = (w[c] as number) + delta
  }
  for (let epoch = 0; epoch < epochs; epoch++) {
    // A fixed stride through the instances: a different, reproducible order each epoch.
    const n = instances.length
    const stride = [1, 7919, 104729, 1299709, 15485863][epoch % 5] as number
    for (let j = 0; j < n; j++) {
      const inst = instances[(j * stride) % n] as TaggerInstance
      step++
      let best = inst.allowed[0] as number
      let bestScore = -Infinity
      for (const c of inst.allowed) {
        let score = 0
        for (const f of inst.features) score += weights.get(f)?.[c] ?? 0
        if (score > bestScore) {
          bestScore = score
          best = c
        }
      }
      if (best !== inst.gold) {
        for (const f of inst.features) {
          update(f, inst.gold, 1)
          update(f, best, -1)
        }
      }
    }
  }
  const out: Array<[string, number[]]> = []
  for (const f of [...weights.keys()].sort()) {
    const w = weights.get(f) as number[]
    const t = totals.get(f) as number[]
    const s = stamps.get(f) as number[]
    const avg = w.map(
      (x, c) => Math.round((((t[c] as number) + (step - (s[c] as number)) * x) / step) * 1000) / 1000,
    )
    if (avg.some((x) => Math.abs(x) >= MIN_WEIGHT)) out.push([f, avg])
  }
  return out
}
