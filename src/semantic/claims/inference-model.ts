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
    'quantifierGap',
    'partialExcerpt',
    'certaintyGap',
    'numberMismatch',
    'wordOverlap',
  ] as const,
  bias: [0.3514, -1.9329, 1.5815],
  weights: [
    [
      1.1858, -0.0534, -0.4631, -0.5971, 0.5024, -0.6752, -1.9333, -1.4031, 0.0649, -1.2801, -1.0557, -0.3111,
      -0.0253, -0.1895, -0.3798, -0.0426, -0.0002, -0.0292, 0.0617, 0.1185,
    ],
    [
      0.1153, -0.1909, 0.2775, -0.2865, -0.5735, -0.606, 1.6837, 1.944, -0.0061, 0.1362, 0.064, -0.6517,
      -0.4441, -0.1915, -0.4177, -0.0409, 0.1094, -0.011, 0.0593, 0.6901,
    ],
    [
      -1.3011, 0.2442, 0.1856, 0.8836, 0.0711, 1.2813, 0.2496, -0.5409, -0.0588, 1.1439, 0.9917, 0.9628,
      0.4694, 0.381, 0.7975, 0.0835, -0.1092, 0.0402, -0.121, -0.8086,
    ],
  ],
  thresholds: { follows: 0.65, conflicts: 0.525 },
  provenance: {
    data: 'SICK (Sentences Involving Compositional Knowledge), SemEval-2014 Task 1 training split',
    pairs: 4500,
    citation:
      'M. Marelli, S. Menini, M. Baroni, L. Bentivogli, R. Bernardi, R. Zamparelli (2014), "A SICK cure for the evaluation of compositional distributional semantic models", LREC 2014',
    license: 'CC BY-NC-SA 3.0',
  },
}
