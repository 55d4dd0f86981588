/**
 * Choosing the per-class calibration of the meaning evidence (`Settings.calibration`): for one part of
 * speech, the factors on the learned and similarity evidence that rank the gold meaning first most often on
 * the dev files' words, measured too on held-out SemCor words so the choice is seen to carry over. Each
 * word gives its gold reading's candidates' evidence at unit weight (prior, learned, similarity, overlap,
 * domain, discourse), so the grid is scored without resolving again.
 */
import type { PartOfSpeech } from '../../src/lexicon/wordnet-format'
import type { Settings } from '../../src/semantic/meaning/disambiguate'

export type CalibrationInstance = { features: number[][]; gold: boolean[]; pos: PartOfSpeech }

/** The factors tried, each for the learned and the similarity evidence. */
const FACTORS = [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2] as const

export type CalibrationChoice = {
  learned: number
  similarity: number
  dev: number
  devBefore: number
  heldOut: number
  heldOutBefore: number
  heldOutBest: { learned: number; similarity: number; accuracy: number }
}

function accuracy(
  instances: readonly CalibrationInstance[],
  w: Settings['weights'],
  learned: number,
  similarity: number,
): number {
  const scale = [
    w.frequency,
    w.learned * learned,
    w.similarity * similarity,
    w.overlap,
    w.domain,
    w.discourse,
  ]
  let right = 0
  for (const { features, gold } of instances) {
    let best = 0
    let bestScore = -Infinity
    features.forEach((x, c) => {
      const score = x.reduce((sum, v, f) => sum + v * (scale[f] as number), 0)
      if (score > bestScore) [best, bestScore] = [c, score]
    })
    if (gold[best]) right++
  }
  return instances.length === 0 ? 0 : right / instances.length
}

/**
 * The grid point best on `dev` (ties: nearest the uncalibrated method), with its accuracy on `heldOut`, and
 * the point best on `heldOut` for comparison; null when the dev files have no word of the class.
 */
export function calibrationFor(
  dev: readonly CalibrationInstance[],
  heldOut: readonly CalibrationInstance[],
  weights: Settings['weights'],
): CalibrationChoice | null {
  if (dev.length === 0) return null
  const grid = FACTORS.flatMap((learned) => FACTORS.map((similarity) => ({ learned, similarity })))
  const distance = (p: { learned: number; similarity: number }) =>
    Math.abs(p.learned - 1) + Math.abs(p.similarity - 1)
  const pick = (list: readonly CalibrationInstance[]) =>
    grid
      .map((p) => ({ ...p, accuracy: accuracy(list, weights, p.learned, p.similarity) }))
      .reduce((a, b) =>
        b.accuracy > a.accuracy || (b.accuracy === a.accuracy && distance(b) < distance(a)) ? b : a,
      )
  const chosen = pick(dev)
  return {
    learned: chosen.learned,
    similarity: chosen.similarity,
    dev: chosen.accuracy,
    devBefore: accuracy(dev, weights, 1, 1),
    heldOut: accuracy(heldOut, weights, chosen.learned, chosen.similarity),
    heldOutBefore: accuracy(heldOut, weights, 1, 1),
    heldOutBest: pick(heldOut),
  }
}
