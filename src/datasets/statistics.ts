/**
 * Per-field statistics of a release, computed when it is built and stored as its `statistics.json`: for
 * every leaf field of the records (dot paths, `[]` where the path goes through an array, whose elements
 * each count): how many records have it and how many not, its distinct values, the most frequent ones,
 * and, as its values are numbers or text, min/max/mean with a ten-bin histogram or the text lengths.
 */
import { z } from '@hono/zod-openapi'

export const STATISTICS_FILE = 'statistics.json'
const TOP_VALUES = 10
const HISTOGRAM_BINS = 10

const NumberSummarySchema = z.object({
  min: z.number(),
  max: z.number(),
  mean: z.number(),
})

export const FieldStatisticsSchema = z
  .object({
    path: z.string().openapi({ example: 'target.partOfSpeech', description: '`[]` marks an array step.' }),
    types: z.array(z.enum(['string', 'number', 'boolean', 'null'])),
    records: z.number().int().nonnegative().openapi({ description: 'Records with at least one value.' }),
    nulls: z
      .number()
      .int()
      .nonnegative()
      .openapi({ description: 'Records where it is missing, null or empty.' }),
    values: z.number().int().nonnegative().openapi({ description: 'Values counted (array elements each).' }),
    distinct: z.number().int().nonnegative(),
    top: z
      .array(z.object({ value: z.union([z.string(), z.number(), z.boolean()]), count: z.number().int() }))
      .openapi({ description: 'The ten most frequent values, most frequent first (ties in value order).' }),
    numbers: NumberSummarySchema.extend({
      histogram: z
        .array(z.object({ from: z.number(), to: z.number(), count: z.number().int().nonnegative() }))
        .openapi({ description: 'Ten equal-width bins from min to max; the last includes max.' }),
    })
      .nullable()
      .openapi({ description: 'Over its number values; null when it has none.' }),
    textLength: NumberSummarySchema.nullable().openapi({
      description: 'Length in UTF-16 code units of its text values; null when it has none.',
    }),
  })
  .openapi('DatasetFieldStatistics')

export const DatasetStatisticsSchema = z
  .object({
    dataset: z.string(),
    version: z.string(),
    records: z.number().int().nonnegative(),
    fields: z.array(FieldStatisticsSchema),
  })
  .openapi('DatasetStatistics', {
    description: 'Per-field statistics of the current release, built with it (`releaseSource` left out).',
  })

export type DatasetStatistics = z.infer<typeof DatasetStatisticsSchema>
type FieldStatistics = z.infer<typeof FieldStatisticsSchema>
type Scalar = string | number | boolean

type Accumulator = {
  types: Set<FieldStatistics['types'][number]>
  records: number
  values: number
  counts: Map<Scalar, number>
  numbers: number[]
  lengths: { min: number; max: number; sum: number; n: number }
  lastRecord: number
}

function newAccumulator(): Accumulator {
  return {
    types: new Set(),
    records: 0,
    values: 0,
    counts: new Map(),
    numbers: [],
    lengths: { min: Infinity, max: -Infinity, sum: 0, n: 0 },
    lastRecord: -1,
  }
}

/** Walks one record, calling `visit` with every leaf path and value. */
function walk(value: unknown, path: string, visit: (path: string, value: unknown) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, `${path}[]`, visit)
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key, visit)
  } else {
    visit(path, value)
  }
}

const byValue = (a: Scalar, b: Scalar) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0)

function summarize(path: string, acc: Accumulator, recordCount: number): FieldStatistics {
  const top = [...acc.counts]
    .sort((a, b) => b[1] - a[1] || byValue(a[0], b[0]))
    .slice(0, TOP_VALUES)
    .map(([value, count]) => ({ value, count }))
  let numbers: FieldStatistics['numbers'] = null
  if (acc.numbers.length > 0) {
    let min = Infinity
    let max = -Infinity
    let sum = 0
    for (const n of acc.numbers) {
      if (n < min) min = n
      if (n > max) max = n
      sum += n
    }
    const width = (max - min) / HISTOGRAM_BINS
    const histogram = Array.from({ length: HISTOGRAM_BINS }, (_, i) => ({
      from: min + i * width,
      to: i === HISTOGRAM_BINS - 1 ? max : min + (i + 1) * width,
      count: 0,
    }))
    for (const n of acc.numbers) {
      const bin = width > 0 ? Math.min(HISTOGRAM_BINS - 1, Math.floor((n - min) / width)) : 0
      ;(histogram[bin] as { count: number }).count++
    }
    numbers = {
      min,
      max,
      mean: sum / acc.numbers.length,
      histogram: width > 0 ? histogram : histogram.slice(0, 1),
    }
  }
  const { lengths } = acc
  return {
    path,
    types: [...acc.types].sort(),
    records: acc.records,
    nulls: recordCount - acc.records,
    values: acc.values,
    distinct: acc.counts.size,
    top,
    numbers,
    textLength: lengths.n > 0 ? { min: lengths.min, max: lengths.max, mean: lengths.sum / lengths.n } : null,
  }
}

/** The statistics of every field of `records` (without `releaseSource`, which is the same in each). */
export function fieldStatistics(
  dataset: string,
  version: string,
  records: ReadonlyArray<Record<string, unknown>>,
): DatasetStatistics {
  const fields = new Map<string, Accumulator>()
  records.forEach((record, ordinal) => {
    walk(record, '', (path, value) => {
      let acc = fields.get(path)
      if (!acc) fields.set(path, (acc = newAccumulator()))
      if (value === null || value === undefined) {
        acc.types.add('null')
        return
      }
      if (acc.lastRecord !== ordinal) {
        acc.lastRecord = ordinal
        acc.records++
      }
      acc.values++
      const scalar = value as Scalar
      acc.types.add(typeof scalar as 'string' | 'number' | 'boolean')
      acc.counts.set(scalar, (acc.counts.get(scalar) ?? 0) + 1)
      if (typeof scalar === 'number') acc.numbers.push(scalar)
      if (typeof scalar === 'string') {
        const { lengths } = acc
        lengths.min = Math.min(lengths.min, scalar.length)
        lengths.max = Math.max(lengths.max, scalar.length)
        lengths.sum += scalar.length
        lengths.n++
      }
    })
  })
  const paths = [...fields.keys()].sort()
  return {
    dataset,
    version,
    records: records.length,
    fields: paths.map((path) => summarize(path, fields.get(path) as Accumulator, records.length)),
  }
}
