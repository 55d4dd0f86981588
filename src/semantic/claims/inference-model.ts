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
    'defined',
    'qualifierClaimOnly',
    'qualifierOther',
    'prepositionOpposite',
    'oppositeSameThing',
    'lengthDifference',
  ] as const,
  bias: [0.2583, -1.9931, 1.7349],
  weights: [
    [
      1.0802, -0.0934, -0.3097, -0.2885, -0.5066, -0.5711, 0.4187, -0.7024, -2.1067, -1.426, 0.1872, -1.3056,
      -1.0748, -0.4106, -0.0436, -0.3229, -0.773, -0.4768, -0.0305, -0.0717, -0.0306, 0.0433, 0.4925, 0.1299,
      -0.6504, -0.007, -1.0542, -0.2555, 1.2123,
    ],
    [
      0.1322, -0.1863, 0.0864, 0.2804, 0.58, -0.3175, -0.5462, -0.5468, 1.8503, 2.0073, -0.1753, 0.1851,
      0.0961, -0.5382, -0.605, -0.125, 0.1154, -0.2598, -0.0544, 0.1287, -0.0102, 0.1019, 0.5401, 0.0375,
      -0.0534, -0.1552, 0.7156, 0.1517, -0.5141,
    ],
    [
      -1.2124, 0.2797, 0.2233, 0.0081, -0.0734, 0.8886, 0.1275, 1.2493, 0.2564, -0.5812, -0.0119, 1.1205,
      0.9787, 0.9488, 0.6486, 0.4479, 0.6576, 0.7366, 0.0849, -0.057, 0.0407, -0.1453, -1.0326, -0.1674,
      0.7037, 0.1622, 0.3386, 0.1038, -0.6982,
    ],
  ],
  thresholds: { follows: 0.65, conflicts: 0.6 },
  provenance: {
    data: 'SICK (Sentences Involving Compositional Knowledge), SemEval-2014 Task 1 training split',
    pairs: 4500,
    citation:
      'M. Marelli, S. Menini, M. Baroni, L. Bentivogli, R. Bernardi, R. Zamparelli (2014), "A SICK cure for the evaluation of compositional distributional semantic models", LREC 2014',
    license: 'CC BY-NC-SA 3.0',
  },
}
