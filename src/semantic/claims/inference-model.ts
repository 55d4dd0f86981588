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
  bias: [0.457, -1.9884, 1.5314],
  weights: [
    [
      1.1097, -0.0778, -0.276, -0.3016, -0.5174, -0.528, 0.5029, -0.6366, -1.9773, -1.3938, 0.0788, -1.3025,
      -1.0617, -0.4257, -0.0592, -0.248, -0.2151, -0.342, -0.0203, -0.0209, -0.032, 0.0679, 0.1175,
    ],
    [
      0.1662, -0.195, 0.0889, 0.2721, 0.5298, -0.3429, -0.5957, -0.6282, 1.7377, 1.9343, -0.0058, 0.1487,
      0.0704, -0.5563, -0.5785, -0.1423, -0.0349, -0.4159, -0.0457, 0.1156, -0.0107, 0.0593, 0.6615,
    ],
    [
      -1.2759, 0.2728, 0.1871, 0.0295, -0.0124, 0.8709, 0.0928, 1.2648, 0.2396, -0.5405, -0.073, 1.1538,
      0.9913, 0.982, 0.6376, 0.3903, 0.2501, 0.7578, 0.066, -0.0947, 0.0428, -0.1272, -0.7791,
    ],
  ],
  thresholds: { follows: 0.65, conflicts: 0.475 },
  provenance: {
    data: 'SICK (Sentences Involving Compositional Knowledge), SemEval-2014 Task 1 training split',
    pairs: 4500,
    citation:
      'M. Marelli, S. Menini, M. Baroni, L. Bentivogli, R. Bernardi, R. Zamparelli (2014), "A SICK cure for the evaluation of compositional distributional semantic models", LREC 2014',
    license: 'CC BY-NC-SA 3.0',
  },
}
