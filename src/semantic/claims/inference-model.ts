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
    'orderChanged',
    'quantifierGap',
    'partialExcerpt',
    'certaintyGap',
    'numberMismatch',
    'wordOverlap',
  ] as const,
  bias: [0.4179, -1.9431, 1.5252],
  weights: [
    [
      1.1505, -0.0691, -0.4668, -0.5989, 0.4984, -0.6871, -1.9422, -1.4002, 0.0783, -1.2886, -1.056, -0.4129,
      -0.0622, -0.241, -0.2024, -0.3345, -0.0425, -0.0036, -0.0293, 0.0586, 0.0865,
    ],
    [
      0.1263, -0.1935, 0.2795, -0.2892, -0.5752, -0.5828, 1.6829, 1.9455, -0.0058, 0.1373, 0.0672, -0.5593,
      -0.5744, -0.1498, -0.0426, -0.4217, -0.0367, 0.1069, -0.0111, 0.0584, 0.6856,
    ],
    [
      -1.2768, 0.2626, 0.1873, 0.8881, 0.0768, 1.2699, 0.2592, -0.5453, -0.0725, 1.1513, 0.9888, 0.9723,
      0.6365, 0.3908, 0.245, 0.7562, 0.0793, -0.1032, 0.0404, -0.1169, -0.7721,
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
