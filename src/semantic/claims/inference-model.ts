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
    'exclusive',
    'exclusiveSubject',
    'rolesReversed',
    'quantifierGap',
    'partialExcerpt',
    'certaintyGap',
    'numberMismatch',
    'wordOverlap',
  ] as const,
  bias: [0.237, -1.9387, 1.7017],
  weights: [
    [
      1.2562, -0.0187, -0.4706, -0.4422, 0.4557, -0.5409, -1.9128, -1.3664, 0.0487, -1.8813, -0.2799, -0.4724,
      -0.0172, -0.0348, -0.0299, -0.0305, 0.0568, 0.0458,
    ],
    [
      0.236, -0.1852, 0.2984, -0.3014, -0.5699, -0.6409, 1.636, 1.9759, -0.0048, 0.1232, -0.6763, -0.4541,
      -0.5612, -0.0617, 0.0999, -0.0118, 0.0562, 0.5735,
    ],
    [
      -1.4922, 0.2039, 0.1721, 0.7436, 0.1142, 1.1818, 0.2768, -0.6094, -0.0439, 1.7582, 0.9562, 0.9265,
      0.5784, 0.0965, -0.07, 0.0424, -0.1131, -0.6194,
    ],
  ],
  thresholds: { follows: 0.725, conflicts: 0.675 },
  provenance: {
    data: 'SICK (Sentences Involving Compositional Knowledge), SemEval-2014 Task 1 training split',
    pairs: 4500,
    citation:
      'M. Marelli, S. Menini, M. Baroni, L. Bentivogli, R. Bernardi, R. Zamparelli (2014), "A SICK cure for the evaluation of compositional distributional semantic models", LREC 2014',
    license: 'CC BY-NC-SA 3.0',
  },
}
