/**
 * Scoring of a three-way entailment judgement on sentence pairs in the SICK JSON Lines format: accuracy,
 * per-class precision and recall, the confusion matrix, and the majority-class baseline of the same pairs.
 * Pure functions over labels; reading the files and running the route's code is the caller's.
 */
import { z } from 'zod'

export const NLI_LABELS = ['entailment', 'contradiction', 'neutral'] as const
export type NliLabel = (typeof NLI_LABELS)[number]

export const NliPairSchema = z.object({
  id: z.string(),
  premise: z.string().min(1),
  hypothesis: z.string().min(1),
  label: z.enum(NLI_LABELS),
  /** The phenomenon a pair tests (FraCaS's sections), when the file names one. */
  section: z.string().optional(),
})
export type NliPair = z.infer<typeof NliPairSchema>

/** The pairs of one JSON Lines text; blank lines are skipped, a malformed line names its number. */
export function parseNliPairs(jsonl: string, name: string): NliPair[] {
  const pairs: NliPair[] = []
  jsonl.split('\n').forEach((line, i) => {
    if (line.trim() === '') return
    const parsed = NliPairSchema.safeParse(JSON.parse(line))
    if (!parsed.success) throw new Error(`${name}:${i + 1}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
    pairs.push(parsed.data)
  })
  return pairs
}

export type ClassScore = {
  predicted: number
  gold: number
  correct: number
  precision: number
  recall: number
}

export type NliScore = {
  pairs: number
  accuracy: number
  perClass: Record<NliLabel, ClassScore>
  /** `confusion[gold][predicted]`. */
  confusion: Record<NliLabel, Record<NliLabel, number>>
  majority: { label: NliLabel; accuracy: number }
}

const ratio = (n: number, d: number) => (d === 0 ? 0 : n / d)

export function scoreNli(gold: readonly NliLabel[], predicted: readonly NliLabel[]): NliScore {
  if (gold.length !== predicted.length) throw new Error('gold and predicted labels differ in number')
  const zeros = () => ({ entailment: 0, contradiction: 0, neutral: 0 })
  const confusion = { entailment: zeros(), contradiction: zeros(), neutral: zeros() }
  gold.forEach((g, i) => confusion[g][predicted[i] as NliLabel]++)
  const goldCount = (l: NliLabel) => NLI_LABELS.reduce((s, p) => s + confusion[l][p], 0)
  const predictedCount = (l: NliLabel) => NLI_LABELS.reduce((s, g) => s + confusion[g][l], 0)
  const perClass = Object.fromEntries(
    NLI_LABELS.map((l) => {
      const correct = confusion[l][l]
      return [
        l,
        {
          predicted: predictedCount(l),
          gold: goldCount(l),
          correct,
          precision: ratio(correct, predictedCount(l)),
          recall: ratio(correct, goldCount(l)),
        },
      ]
    }),
  ) as Record<NliLabel, ClassScore>
  const majorityLabel = [...NLI_LABELS].sort((a, b) => goldCount(b) - goldCount(a))[0] as NliLabel
  const correct = NLI_LABELS.reduce((s, l) => s + confusion[l][l], 0)
  return {
    pairs: gold.length,
    accuracy: ratio(correct, gold.length),
    perClass,
    confusion,
    majority: { label: majorityLabel, accuracy: ratio(goldCount(majorityLabel), gold.length) },
  }
}
