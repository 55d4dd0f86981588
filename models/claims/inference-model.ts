/**
 * Parameters of the inference combiner (src/semantic/claims/inference.ts), written by tools/train-nli.ts:
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
    'deniedExtra',
    'relatedGloss',
    'relatedPart',
    'relatedSibling',
  ] as const,
  bias: [0.2462, -2.0852, 1.8389],
  weights: [
    [
      1.1749, -0.1315, -0.2096, -0.2307, -0.5646, -1.4781, 0.2925, -0.6565, -2.1854, -1.8958, 5.2274, -1.3969,
      -1.7153, 0.0502, 0.1623, -0.3017, -1.0768, -0.5534, 0.1299, -0.1821, -7.5417, -0.0418, 0.512, 0.0062,
      -0.9054, -0.1367, -1.9135, -1.206, 2.142, -0.1224, -0.1012, -0.3039, -0.0447, -0.1992,
    ],
    [
      0.0919, -0.0806, 0.1014, 0.1791, 0.6413, 0.017, -0.263, -0.8894, 2.015, 2.3367, -3.6799, 0.3342, 0.3129,
      -1.412, -0.9602, -0.5633, 0.4022, -0.3021, -1.0665, 0.3257, -3.6153, 0.6277, 0.5627, 0.4371, 0.1985,
      -2.2814, 1.5886, 0.8903, -1.3466, -0.022, -0.3078, 0.0822, 0.8485, 0.1998,
    ],
    [
      -1.2669, 0.2121, 0.1082, 0.0517, -0.0767, 1.4611, -0.0295, 1.5459, 0.1704, -0.4408, -1.5475, 1.0627,
      1.4024, 1.3618, 0.798, 0.8649, 0.6746, 0.8555, 0.9367, -0.1435, 11.157, -0.5859, -1.0747, -0.4433,
      0.7069, 2.418, 0.3249, 0.3157, -0.7955, 0.1445, 0.409, 0.2217, -0.8038, -0.0006,
    ],
  ],
  thresholds: { follows: 0.65, conflicts: 0.675 },
  provenance: {
    data: 'SICK (Sentences Involving Compositional Knowledge), SemEval-2014 Task 1 training split',
    pairs: 4500,
    citation:
      'M. Marelli, S. Menini, M. Baroni, L. Bentivogli, R. Bernardi, R. Zamparelli (2014), "A SICK cure for the evaluation of compositional distributional semantic models", LREC 2014',
    license: 'CC BY-NC-SA 3.0',
  },
}
