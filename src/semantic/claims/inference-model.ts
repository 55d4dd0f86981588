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
  bias: [0.4409, -1.9793, 1.5384],
  weights: [
    [
      1.1203, -0.0677, -0.2681, -0.3308, -0.5111, -0.5399, 0.4907, -0.6291, -1.9725, -1.3952, 0.0784, -1.3015,
      -1.0613, -0.4124, -0.0645, -0.2735, -0.2196, -0.3305, -0.0138, -0.0309, -0.0321, 0.0744, 0.1249,
    ],
    [
      0.1565, -0.195, 0.079, 0.2849, 0.5288, -0.3285, -0.5915, -0.627, 1.7372, 1.9323, -0.0057, 0.1495,
      0.0678, -0.5581, -0.5789, -0.1413, -0.0319, -0.4236, -0.0456, 0.1197, -0.0107, 0.0612, 0.6644,
    ],
    [
      -1.2768, 0.2627, 0.1892, 0.0459, -0.0176, 0.8685, 0.1008, 1.2561, 0.2353, -0.5371, -0.0727, 1.1521,
      0.9934, 0.9705, 0.6434, 0.4148, 0.2515, 0.7541, 0.0594, -0.0888, 0.0428, -0.1357, -0.7893,
    ],
  ],
  thresholds: { follows: 0.65, conflicts: 0.5 },
  provenance: {
    data: 'SICK (Sentences Involving Compositional Knowledge), SemEval-2014 Task 1 training split',
    pairs: 4500,
    citation:
      'M. Marelli, S. Menini, M. Baroni, L. Bentivogli, R. Bernardi, R. Zamparelli (2014), "A SICK cure for the evaluation of compositional distributional semantic models", LREC 2014',
    license: 'CC BY-NC-SA 3.0',
  },
}
