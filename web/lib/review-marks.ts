/**
 * A local or cloud review turned into what the page draws over the submitted text: marks at the returned
 * UTF-16 ranges (numbers, quotations, cues, terms no source uses, meaning notes, claims) and one side note
 * per mark with the source passages it points to.
 */
import type { Mark } from './highlight'
import type { CloudReview, LocalReview, MeaningNote, Passage } from './types'

export type NoteKind = 'number' | 'quote' | 'cue' | 'term' | 'meaning' | 'claim'

export type SideNote = {
  id: string
  kind: NoteKind
  /** The words of the text the note is about. */
  passage: Passage
  title: string
  body: string
  /** Source passages the note points to (matched sentences, found quotations, citations). */
  sources: Passage[]
  /** Candidate meanings, for a meaning note. */
  meanings?: MeaningNote['meanings']
}

export const KIND_LABELS: Record<NoteKind, string> = {
  number: 'Number',
  quote: 'Quotation',
  cue: 'Cue',
  term: 'Term no source uses',
  meaning: 'Meaning note',
  claim: 'Claim',
}

export function localNotes(review: LocalReview): SideNote[] {
  const notes: SideNote[] = []
  for (const s of review.sentences) {
    s.numbers.forEach((n, k) =>
      notes.push({
        id: `n${s.index}-${k}`,
        kind: 'number',
        passage: n.passage,
        title: `${n.text} (${n.status.replace(/-/g, ' ')})`,
        body: n.observation,
        sources: n.inMatches.map((m) => m.passage),
      }),
    )
    s.cues.forEach((c, k) =>
      c.words.forEach((w, j) =>
        notes.push({
          id: `c${s.index}-${k}-${j}`,
          kind: 'cue',
          passage: w.passage,
          title: `${c.cue}: “${w.word}”`,
          body: c.observation,
          sources: [c.match],
        }),
      ),
    )
  }
  review.quotations.forEach((q, k) =>
    notes.push({
      id: `q${k}`,
      kind: 'quote',
      passage: q.passage,
      title: `“${q.quote}” (${q.status.replace(/-/g, ' ')})`,
      body: q.observation,
      sources: q.places,
    }),
  )
  review.vocabulary.unsourced.forEach((t, k) =>
    t.passages.forEach((p, j) =>
      notes.push({
        id: `t${k}-${j}`,
        kind: 'term',
        passage: p,
        title: `“${t.term}”`,
        body: 'No source and not the context uses this term. That is not a finding that the sentence is wrong.',
        sources: [],
      }),
    ),
  )
  review.meaningNotes.forEach((m, k) =>
    m.passages.forEach((p, j) =>
      notes.push({
        id: `m${k}-${j}`,
        kind: 'meaning',
        passage: p,
        title: `“${m.term}” has several meanings`,
        body: 'The text and the sources share this word; it has these meanings in the lexicon:',
        sources: [],
        meanings: m.meanings,
      }),
    ),
  )
  return notes.filter((n) => n.passage.field === 'text')
}

export function cloudNotes(review: CloudReview): SideNote[] {
  return review.claims.map((c, k) => ({
    id: `claim${k}`,
    kind: 'claim',
    passage: c.passage,
    title: `${c.judgment.replace(/-/g, ' ')}: ${c.claim}`,
    body: c.explanation,
    sources: c.citations.map((x) => x.passage),
  }))
}

export function marksOf(notes: SideNote[]): Mark[] {
  return notes.map((n) => ({ start: n.passage.start, end: n.passage.end, id: n.id, kind: n.kind }))
}
