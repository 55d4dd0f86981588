/**
 * The local review regrouped by argument sentence, as the review page shows it: each sentence with its
 * closest source sentence, the differences a reader should weigh (numbers, dates, quantifiers, hedges and
 * emphasis, negation, attribution, quotations) marked in both, and the extras (words no source uses, words
 * with several meanings, shared words) folded into one group. Everything is placed by its passage: a note
 * belongs to the sentence whose range holds it, whichever list of the answer it came from.
 */
import type { Mark } from './highlight'
import type { LocalReview, MeaningNote, Passage } from './types'

type SentenceReview = LocalReview['sentences'][number]
type NumberCheck = SentenceReview['numbers'][number]
type CueObservation = SentenceReview['cues'][number]
type Quotation = LocalReview['quotations'][number]
type Framing = SentenceReview['framing'][number]
type Contrast = SentenceReview['contrasts'][number]

export type DifferenceKind =
  'number' | 'date' | Contrast['kind'] | 'quantifier' | 'modality' | 'negation' | 'attribution' | 'quote'

export const DIFFERENCE_LABELS: Record<DifferenceKind, string> = {
  number: 'Number',
  date: 'Date',
  vote: 'Vote',
  change: 'Change',
  duration: 'Duration',
  opposite: 'Direction',
  quantifier: 'Quantifier',
  modality: 'Hedge or emphasis',
  negation: 'Negation',
  attribution: 'Attribution',
  quote: 'Quotation',
}

/** A place a difference is marked: its range, and the words a screen reader hears before it. */
export type Spot = { passage: Passage; label: string }

export type Difference = {
  id: string
  kind: DifferenceKind
  /** One line saying what differs, with both values when there are two. */
  title: string
  /** The service's observation, in full. */
  detail: string
  /** Where it is in the argument sentence. */
  inText: Spot[]
  /** Where its counterpart is in the shown source sentences. */
  inSources: Spot[]
  /** Passages it points to that are outside the shown source sentences (a quotation found elsewhere). */
  elsewhere: Passage[]
}

export type ShownSource = { passage: Passage; best: boolean; score: number }

export type Extras = {
  /** Words of the sentence that no source and not the context uses, as written. */
  unsourced: string[]
  /** Words the sentence shares with the sources that have several meanings in the lexicon. */
  meanings: MeaningNote[]
  /** Words the sentence shares with its closest source sentence. */
  shared: string[]
  /** Numbers and dates of the sentence that a matched source sentence gives too. */
  sameNumbers: string[]
  /** How many more source sentences share some word with it without being listed. */
  otherMatching: number
}

export type SentenceView = {
  index: number
  passage: Passage
  /** The closest source sentence first, then any other listed match a difference points into. */
  sources: ShownSource[]
  differences: Difference[]
  extras: Extras
}

const within = (outer: Passage, inner: Passage): boolean =>
  outer.field === inner.field &&
  outer.sourceId === inner.sourceId &&
  inner.start >= outer.start &&
  inner.end <= outer.end

const quoted = (words: string[]): string => words.map((w) => `“${w}”`).join(', ')

/**
 * A number or date the matched sentences give another value for, or none of its kind. Only the figure of
 * the same slot is its counterpart: a figure said of something else is neither a confirmation nor the
 * other value.
 */
function numberDifference(n: NumberCheck, id: string): Difference {
  const kind: DifferenceKind = n.kind === 'date' ? 'date' : 'number'
  const counterparts = n.inMatches.filter((m) => m.sameSlot)
  const others = [...new Set(counterparts.filter((m) => !m.sameValue).map((m) => m.text))]
  const title =
    others.length > 0
      ? `${n.text} here, ${others.join(' or ')} in the source`
      : `${n.text} here; no ${kind} for the same thing in the closest source sentences`
  const counterpart = `${n.text} in your sentence`
  return {
    id,
    kind,
    title,
    detail: n.observation,
    inText: [{ passage: n.passage, label: `${DIFFERENCE_LABELS[kind]}: ${title}` }],
    inSources: counterparts.map((m) => ({
      passage: m.passage,
      label: `${DIFFERENCE_LABELS[kind]} in the source, ${counterpart}`,
    })),
    elsewhere: [],
  }
}

/** A vote, change, duration or direction written in words that the matched sentence writes otherwise. */
function contrastDifference(c: Contrast, id: string): Difference {
  const kind: DifferenceKind = c.kind
  const title = `“${c.text}” here, “${c.matchText}” in the source`
  return {
    id,
    kind,
    title,
    detail: c.observation,
    inText: [{ passage: c.passage, label: `${DIFFERENCE_LABELS[kind]}: ${title}` }],
    inSources: [
      {
        passage: c.matchPassage,
        label: `${DIFFERENCE_LABELS[kind]} in the source, “${c.text}” in your sentence`,
      },
    ],
    elsewhere: [],
  }
}

const CUE_KINDS: Record<CueObservation['cue'], DifferenceKind> = {
  quantifier: 'quantifier',
  hedge: 'modality',
  booster: 'modality',
  negation: 'negation',
}

/** One note for the cues of one kind the sentence and one matched sentence differ in (hedge and emphasis are one kind). */
function cueDifference(cues: CueObservation[], kind: DifferenceKind, id: string): Difference {
  const words = cues.flatMap((c) => c.words)
  const matchWords = cues.flatMap((c) => c.matchWords)
  const here = words.length > 0 ? quoted([...new Set(words.map((w) => w.word))]) : 'none'
  const there =
    matchWords.length > 0
      ? `${quoted([...new Set(matchWords.map((w) => w.word))])} in the source`
      : 'none in the source'
  const title = `${here} here, ${there}`
  return {
    id,
    kind,
    title,
    detail: cues.map((c) => c.observation).join(' '),
    inText: words.map((w) => ({ passage: w.passage, label: `${DIFFERENCE_LABELS[kind]}: ${title}` })),
    inSources: matchWords.map((w) => ({
      passage: w.passage,
      label: `${DIFFERENCE_LABELS[kind]} in the source, ${here} in your sentence`,
    })),
    elsewhere: [],
  }
}

const FRAMING_TITLES: Record<Framing['kind'], string> = {
  report: 'reports what someone else says',
  denial: 'reports a denial',
  sarcasm: 'reads as sarcasm: its words may mean the opposite',
  'scare-quotes': 'puts words in scare quotes',
}

function framingDifference(f: Framing, id: string): Difference {
  const title = `“${f.text}”: the sentence ${FRAMING_TITLES[f.kind]}`
  return {
    id,
    kind: 'attribution',
    title,
    detail:
      'The text checks read how the sentence presents what it says; they do not read the same in the source. Compare the two sentences to see whether the source says it as its own claim.',
    inText: [{ passage: f.passage, label: `${DIFFERENCE_LABELS.attribution}: ${title}` }],
    inSources: [],
    elsewhere: [],
  }
}

const QUOTE_TITLES: Record<Quotation['status'], string> = {
  verbatim: 'found word for word in a source',
  normalized: 'found in a source once letter case, spacing and quote marks are set aside',
  'in-parts': 'found only in parts, not as one passage',
  'not-found': 'not found in the sources',
}

function quoteDifference(q: Quotation, id: string, shown: Passage[]): Difference {
  const title = `“${q.quote}” ${QUOTE_TITLES[q.status]}`
  const places = q.status === 'not-found' && q.closest ? [q.closest.passage] : q.places
  return {
    id,
    kind: 'quote',
    title,
    detail: q.observation,
    inText: [{ passage: q.passage, label: `${DIFFERENCE_LABELS.quote}, ${QUOTE_TITLES[q.status]}` }],
    inSources: places
      .filter((p) => shown.some((s) => within(s, p)))
      .map((p) => ({
        passage: p,
        label: q.status === 'not-found' ? 'Closest passage to the quotation' : 'Where the quotation is found',
      })),
    elsewhere: places.filter((p) => !shown.some((s) => within(s, p))),
  }
}

/**
 * The cue observations of a sentence grouped by kind of note, each kind against the closest matched sentence
 * that has one: the same argument words compared with each listed match would say the same thing again.
 */
function cuesByKind(cues: CueObservation[], order: Passage[]): Array<[DifferenceKind, CueObservation[]]> {
  const rank = (c: CueObservation) => {
    const at = order.findIndex((p) => within(p, c.match))
    return at < 0 ? order.length : at
  }
  const kinds = new Map<DifferenceKind, CueObservation[]>()
  for (const c of cues) {
    const kind = CUE_KINDS[c.cue]
    const held = kinds.get(kind)
    const best = held?.[0]
    if (!best || rank(c) < rank(best)) kinds.set(kind, [c])
    else if (rank(c) === rank(best)) held.push(c)
  }
  return [...kinds]
}

/** The local review as one view per argument sentence, in text order. */
export function sentenceViews(review: LocalReview, text: string): SentenceView[] {
  return review.sentences.map((s) => {
    const order = s.matches.map((m) => m.passage)
    const cues = cuesByKind(s.cues, order)
    // A number the matched sentences also give is no difference: it goes with the extras.
    const numbers = s.numbers.filter((n) => n.status !== 'same-value-in-match')
    const pointedAt = [
      ...numbers.flatMap((n) => n.inMatches.filter((m) => m.sameSlot).map((m) => m.passage)),
      ...s.contrasts.map((c) => c.matchPassage),
      ...cues.flatMap(([, group]) => group.map((c) => c.match)),
      ...review.quotations.filter((q) => within(s.passage, q.passage)).flatMap((q) => q.places),
    ]
    const sources: ShownSource[] = s.matches
      .filter((m, k) => k === 0 || pointedAt.some((p) => within(m.passage, p)))
      .map((m, k) => ({ passage: m.passage, best: k === 0, score: m.score }))
    const shown = sources.map((x) => x.passage)
    const differences: Difference[] = [
      ...numbers.map((n, k) => numberDifference(n, `d${s.index}-n${k}`)),
      ...s.contrasts.map((c, k) => contrastDifference(c, `d${s.index}-v${k}`)),
      ...cues.map(([kind, group], k) => cueDifference(group, kind, `d${s.index}-c${k}`)),
      ...s.framing.map((f, k) => framingDifference(f, `d${s.index}-f${k}`)),
      ...review.quotations.flatMap((q, k) =>
        within(s.passage, q.passage) ? [quoteDifference(q, `d${s.index}-q${k}`, shown)] : [],
      ),
    ].sort((a, b) => (a.inText[0]?.passage.start ?? 0) - (b.inText[0]?.passage.start ?? 0))
    return {
      index: s.index,
      passage: s.passage,
      sources,
      differences,
      extras: {
        unsourced: wordsOf(s.extras?.unsourced ?? [], text),
        meanings: review.meaningNotes.filter((m) => s.extras?.meanings.some((t) => t.term === m.term)),
        shared: s.matches[0]?.sharedTerms.map((t) => t.term) ?? [],
        sameNumbers: s.numbers.filter((n) => n.status === 'same-value-in-match').map((n) => n.text),
        otherMatching: s.otherMatchingSentences,
      },
    }
  })
}

/** The words as written of the sentence's terms, each once, in text order. */
function wordsOf(terms: { passages: Passage[] }[], text: string): string[] {
  const found = terms
    .flatMap((t) => t.passages)
    .sort((a, b) => a.start - b.start)
    .map((p) => text.slice(p.start, p.end))
  return [...new Set(found)]
}

/** How many extras a sentence has, for the folded group's summary. */
export function extrasCount(extras: Extras): number {
  return extras.unsourced.length + extras.meanings.length
}

/** The marks a difference list draws over one field passage (the sentence, or a shown source sentence). */
export function marksWithin(differences: Difference[], range: Passage, side: 'text' | 'sources'): Mark[] {
  return differences.flatMap((d) =>
    (side === 'text' ? d.inText : d.inSources)
      .filter((spot) => within(range, spot.passage))
      .map((spot, k) => ({
        start: spot.passage.start,
        end: spot.passage.end,
        id: `${d.id}:${side}:${k}`,
        kind: d.kind,
        // The note is read in full at its first mark; its other marks are named by their kind alone.
        label: k === 0 ? spot.label : DIFFERENCE_LABELS[d.kind],
      })),
  )
}

/** The difference a mark drawn by `marksWithin` belongs to. */
export function differenceOf(markId: string): string {
  return markId.split(':')[0] as string
}
