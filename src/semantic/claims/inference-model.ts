/**
 * Parameters of the inference combiner (src/semantic/claims/inference.ts), written by scripts/train-nli.ts:
 * a multinomial logistic regression over the natural-logic feature counts and two decision thresholds.
 * Fitted on the training split of SICK only (4500 pairs) — M. Marelli, S. Menini, M. Baroni,
 * L. Bentivogli, R. Bernardi, R. Zamparelli (2014), "A SICK cure for the evaluation of compositional
 * distributional semantic models", LREC 2014; CC BY-NC-SA 3.0. No sentence of SICK is stored here.
 */
export const INFERENCE_MODEL = {
  relations: ['follows', 'conflicts', 'neither'] as const,
  features: [
    'supported',
    'blocked',
    'claimOnly',
    'claimOnlyModifiers',
    'claimOnlyVerbs',
    'claimOnlyShare',
    'excerptOnly',
    'excerptOnlyShare',
    'negationDiffers',
    'negationLinedUp',
    'bothNegative',
    'opposites',
    'oppositeLinedUp',
    'exclusiveLinedUp',
    'exclusive',
    'exclusiveSubject',
    'rolesReversed',
    'orderChanged',
    'quantifierGap',
    'partialExcerpt',
    'certaintyGap',
    'numberMismatch',
    'wordOverlap',
  ] as const,
  bias: [0.4378, -1.9919, 1.5542],
  weights: [
    [
      1.097, -0.0699, -0.268, -0.3117, -0.5253, -0.5789, 0.4927, -0.6188, -1.969, -1.393, 0.0314, -1.3102,
      -1.0734, -0.4016, -0.0371, -0.3071, -0.7752, -0.3686, -0.0149, -0.0272, -0.0309, 0.0738, 0.1847,
    ],
    [
      0.1621, -0.2027, 0.0704, 0.2848, 0.5614, -0.3369, -0.5943, -0.6305, 1.7326, 1.9693, -0.0078, 0.1542,
      0.0671, -0.561, -0.6031, -0.1383, 0.09, -0.3312, -0.0569, 0.1207, -0.0104, 0.063, 0.6565,
    ],
    [
      -1.2591, 0.2726, 0.1976, 0.0269, -0.0361, 0.9158, 0.1016, 1.2493, 0.2364, -0.5763, -0.0236, 1.156,
      1.0063, 0.9626, 0.6403, 0.4454, 0.6852, 0.6999, 0.0718, -0.0935, 0.0413, -0.1368, -0.8412,
    ],
  ],
  thresholds: { follows: 0.65, conflicts: 0.625 },
  provenance: {
    data: 'SICK (Sentences Involving Compositional Knowledge), SemEval-2014 Task 1 training split',
    pairs: 4500,
    citation:
      'M. Marelli, S. Menini, M. Baroni, L. Bentivogli, R. Bernardi, R. Zamparelli (2014), "A SICK cure for the evaluation of compositional distributional semantic models", LREC 2014',
    license: 'CC BY-NC-SA 3.0',
  },
}
