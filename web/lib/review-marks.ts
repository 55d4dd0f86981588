/**
 * A cloud review turned into what the page draws over the submitted text: one mark per central claim,
 * coloured by its judgement and named by it in words, and one side note per claim with its explanation and
 * the source passages it cites.
 */
import type { Mark } from './highlight'
import type { CloudReview, Passage } from './types'

export type Judgment = CloudReview['claims'][number]['judgment']

export type SideNote = {
  id: string
  judgment: Judgment
  /** The words of the text the note is about. */
  passage: Passage
  title: string
  body: string
  /** Source passages the claim cites. */
  sources: Passage[]
}

export const JUDGMENT_LABELS: Record<Judgment, string> = {
  supported: 'Supported by the sources',
  contradicted: 'Contradicted by the sources',
  mixed: 'Mixed: some passages support it, others contradict it',
  'not-addressed': 'Not addressed by the sources',
}

/** The judgement in a word or two, for the legend and the badges. */
export const JUDGMENT_SHORT: Record<Judgment, string> = {
  supported: 'Supported',
  contradicted: 'Contradicted',
  mixed: 'Mixed',
  'not-addressed': 'Not addressed',
}

export function cloudNotes(review: CloudReview): SideNote[] {
  return review.claims.map((c, k) => ({
    id: `claim${k}`,
    judgment: c.judgment,
    passage: c.passage,
    title: c.claim,
    body: c.explanation,
    sources: c.citations.map((x) => x.passage),
  }))
}

export function marksOf(notes: SideNote[]): Mark[] {
  return notes.map((n) => ({
    start: n.passage.start,
    end: n.passage.end,
    id: n.id,
    kind: `claim-${n.judgment}`,
    label: `Claim, ${JUDGMENT_SHORT[n.judgment].toLowerCase()}`,
  }))
}
