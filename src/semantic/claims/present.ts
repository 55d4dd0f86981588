/** Wire shapes of claim readings and comparisons. */
import { classifyFit, type Comparison } from './compare'
import type { ClaimReading } from './reading'

export function readingBody(r: ClaimReading) {
  return {
    cues: r.cues.map((c) => ({ text: c.text, span: c.span, kind: c.kind, value: c.value })),
    polarity: r.polarity,
    certainty: r.certainty,
    degree: Math.round(r.degree * 1000) / 1000,
    subject: r.subject
      ? {
          text: r.subject.text,
          span: r.subject.span,
          head: r.subject.head
            ? { text: r.subject.head.text, span: r.subject.head.span, lemma: r.subject.head.lemma }
            : null,
        }
      : null,
  }
}

export function comparisonBody(c: Comparison) {
  return {
    proposition: {
      shared: c.aligned,
      onlyFirst: c.onlyFirst,
      onlySecond: c.onlySecond,
      opposites: c.opposites,
      polarity: c.polarity,
      firstCoverage: c.firstCoverage,
      overlap: c.overlap,
    },
    scope: c.scope,
    strength: c.strength,
  }
}

/** The fit of two claims, symmetric: coverage is the smaller of the two sides' aligned shares. */
export function claimsSummary(c: Comparison, firstTerms: number, secondTerms: number) {
  const coverage = Math.min(c.firstCoverage, secondTerms === 0 ? 0 : c.aligned.length / secondTerms)
  const differences = [
    ...(c.polarity.differs
      ? [`Polarity differs: the first is ${c.polarity.first}, the second ${c.polarity.second}.`]
      : []),
    ...c.opposites.map(
      (o) => `"${o.first.text}" and "${o.second.text}" are opposites in the lexicon (${o.via}).`,
    ),
    ...c.scope.map((d) => d.explanation),
    ...c.strength.map((d) => d.explanation),
    ...(c.onlyFirst.length > 0
      ? [`Only in the first: ${c.onlyFirst.map((t) => `"${t.text}"`).join(', ')}.`]
      : []),
    ...(c.onlySecond.length > 0
      ? [`Only in the second: ${c.onlySecond.map((t) => `"${t.text}"`).join(', ')}.`]
      : []),
  ]
  return {
    fit: firstTerms === 0 && secondTerms === 0 ? ('no-overlap' as const) : classifyFit(c, coverage),
    differences,
    note: 'This compares how the two claims are worded. It does not judge whether either claim is accurate.',
  }
}
