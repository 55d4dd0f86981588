/** An observation of `bank` in the river sense, or with the fields given: the consensus tests' and tools' one. */
export function observation(overrides: Record<string, unknown> = {}, source: Record<string, unknown> = {}) {
  return {
    expression: 'bank',
    meaning: 'bank%1:17:01::',
    source: {
      label: 'A walk by the river',
      passage: 'We sat on the bank of the river and watched the water.',
      span: { start: 14, end: 18 },
      ...source,
    },
    mayShare: true,
    ...overrides,
  }
}
