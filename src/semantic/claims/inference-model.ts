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
    'rareMeaning',
    'relatedGloss',
    'relatedPart',
    'relatedSibling',
  ] as const,
  bias: [0.2366, -2.028, 1.7914],
  weights: [
    [
      1.1694, -0.1208, -0.2133, -0.228, -0.5579, -1.4779, 0.3101, -0.5973, -2.2198, -1.8913, 5.2614, -1.4008,
      -1.7182, 0.0529, 0.133, -0.3039, -1.0733, -0.5629, 0.1082, -0.1819, -7.6319, -0.0577, 0.5079, 0.0231,
      -0.9197, -0.136, -1.901, -1.1889, 2.1717, -0.1295, -0.2884, -0.064, -0.1954,
    ],
    [
      0.0806, -0.1145, 0.106, 0.1718, 0.6232, 0.0323, -0.2913, -1.071, 1.936, 2.3649, -3.6728, 0.3344, 0.3166,
      -1.4304, -0.9004, -0.5604, 0.3928, -0.284, -1.0224, 0.3241, -3.4554, 0.6676, 0.5653, 0.4024, 0.2324,
      -2.2761, 1.5715, 0.8361, -1.4231, -0.0037, 0.0463, 0.8945, 0.1893,
    ],
    [
      -1.25, 0.2353, 0.1073, 0.0562, -0.0652, 1.4456, -0.0188, 1.6683, 0.2838, -0.4736, -1.5887, 1.0664,
      1.4016, 1.3774, 0.7675, 0.8644, 0.6805, 0.8468, 0.9142, -0.1422, 11.0872, -0.6098, -1.0733, -0.4255,
      0.6873, 2.4121, 0.3295, 0.3527, -0.7486, 0.1332, 0.242, -0.8305, 0.0061,
    ],
  ],
  thresholds: { follows: 0.65, conflicts: 0.65 },
  provenance: {
    data: 'SICK (Sentences Involving Compositional Knowledge), SemEval-2014 Task 1 training split',
    pairs: 4500,
    citation:
      'M. Marelli, S. Menini, M. Baroni, L. Bentivogli, R. Bernardi, R. Zamparelli (2014), "A SICK cure for the evaluation of compositional distributional semantic models", LREC 2014',
    license: 'CC BY-NC-SA 3.0',
  },
}
