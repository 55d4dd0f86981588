/**
 * Local review (`text-checks`): the argument compared sentence by sentence with the sources, its quotations,
 * numbers and cues checked, its vocabulary set against theirs, and, with a reply, the reply compared with the
 * argument. Deterministic: every list has a stated order, and nothing depends on time or on earlier requests.
 */
import type { Lexicon } from '../lexicon/lexicon'
import { buildIndex, type Ranking, type TargetIndex } from './compare'
import { analyzeField, createTermTable, type AnalyzedField, type TermTable } from './document'
import type { FieldRef } from './field-ref'
import { MATCHES_PER_SENTENCE } from './limits'
import { meaningNotes, type MeaningCandidate } from './meaning-notes'
import type { SideNames } from './passages'
import { checkQuotations, settleScareQuotes } from './quotation-checks'
import { reviewReply } from './reply-review'
import type {
  ArgumentInput,
  MeaningNote,
  Passage,
  SentenceReview,
  TermOccurrences,
  TextCheckReview,
} from './schemas'
import { compareField } from './sentence-review'
import { occurrencesByTerm, unsourcedTerms, unusedSourceTerms } from './vocabulary'

export const REVIEW_NOTICES = [
  'Text checks compare vocabulary. They are not entailment: a shared word does not mean that a source supports, implies or contradicts a sentence.',
  'They are not fact-checking: nothing is verified against the world or against anything beyond the texts of this request, and source URLs are never fetched.',
  'An absent match is not a negative factual judgment: a sentence with no matching source sentence may still be true, and a source may say the same thing in other words.',
  'Cues, number checks, quotation checks and meaning notes are observations for a human reader, never verdicts.',
  'Every passage is a half-open range of UTF-16 code units into the submitted field it names.',
] as const

const NO_SOURCES_NOTICE =
  'No sources were supplied, so no sentence has a match and every argument term is listed as unsourced.'

const SOURCE_SIDES: SideNames = {
  sentence: 'argument sentence',
  match: 'source sentence',
  targets: 'the sources',
}

export function reviewText(lexicon: Lexicon, input: ArgumentInput): TextCheckReview {
  const table = createTermTable()
  const text = analyzeField(lexicon, table, { field: 'text' }, input.text, input.sentences?.text)
  const context =
    input.context === undefined ? null : analyzeField(lexicon, table, { field: 'context' }, input.context)
  const sources = input.sources.map((s, i) =>
    analyzeField(lexicon, table, { field: 'source', sourceId: s.id }, s.text, input.sentences?.sources[i]),
  )
  const reply =
    input.reply === undefined ? null : analyzeField(lexicon, table, { field: 'reply' }, input.reply)
  const labels = new Map(input.sources.map((s) => [s.id, s.label]))
  const describe = (ref: FieldRef) =>
    ref.field === 'source' ? `source "${labels.get(ref.sourceId)}"` : `the ${ref.field}`

  const sourceIndex = buildIndex(sources, table.terms.length)
  const compared = compareField(text, sourceIndex, table, SOURCE_SIDES, MATCHES_PER_SENTENCE)
  const argumentTerms = occurrencesByTerm(text)

  const notes = meaningNotes(lexicon, meaningCandidates(compared.rankings, sourceIndex, table, argumentTerms))
  const unsourced = unsourcedTerms(argumentTerms, sourceIndex, context, table)
  const quoteTargets = [...sources, ...(context ? [context] : [])]
  const quotations = checkQuotations(text, quoteTargets, describe)
  return {
    mode: 'local',
    method: 'text-checks',
    notices: sources.length === 0 ? [...REVIEW_NOTICES, NO_SOURCES_NOTICE] : [...REVIEW_NOTICES],
    lexicon: { release: lexicon.manifest.release },
    fields: {
      text: fieldSize(text),
      context: context ? fieldSize(context) : null,
      reply: reply ? fieldSize(reply) : null,
      sources: input.sources.map((s, i) => ({
        id: s.id,
        label: s.label,
        ...(s.url === undefined ? {} : { url: s.url }),
        characters: s.text.length,
        sentences: (sources[i] as AnalyzedField).sentences.length,
      })),
    },
    sentences: foldExtras(settleScareQuotes(compared.reviews, quotations, text.text), unsourced, notes.notes),
    quotations,
    vocabulary: {
      unsourced,
      ...unusedSourceTerms(sources, argumentTerms, compared.rankings, sourceIndex, table),
    },
    meaningNotes: notes.notes,
    meaningNotesTotal: notes.total,
    reply: reply ? reviewReply(reply, text, [text, ...quoteTargets], table, describe) : null,
  }
}

/**
 * Each sentence's vocabulary observations in one folded group: its terms no source uses and its shared terms
 * with a meaning note, instead of one note per word.
 */
function foldExtras(
  sentences: SentenceReview[],
  unsourced: readonly TermOccurrences[],
  notes: readonly MeaningNote[],
): SentenceReview[] {
  const isUnsourced = new Set(unsourced.map((t) => t.term))
  const hasNote = new Set(notes.map((n) => n.term))
  return sentences.map((s) => {
    const shared = new Set(s.matches.flatMap((m) => m.sharedTerms.map((t) => t.term)))
    const own = s.terms.filter((t) => isUnsourced.has(t.term))
    const meanings = s.terms.filter((t) => hasNote.has(t.term) && shared.has(t.term))
    if (own.length === 0 && meanings.length === 0) return s
    const list = (terms: TermOccurrences[]) => terms.map((t) => `"${t.term}"`).join(', ')
    const parts = [
      own.length > 0
        ? `${own.length === 1 ? 'a term' : `${own.length} terms`} no source uses (${list(own)})`
        : null,
      meanings.length > 0
        ? `${meanings.length === 1 ? 'a shared term' : `${meanings.length} shared terms`} with meanings in several domains (${list(meanings)})`
        : null,
    ].filter((p) => p !== null)
    return { ...s, extras: { unsourced: own, meanings, summary: `Folded: ${parts.join('; ')}.` } }
  })
}

function fieldSize(field: AnalyzedField): { characters: number; sentences: number } {
  return { characters: field.text.length, sentences: field.sentences.length }
}

function meaningCandidates(
  rankings: Ranking[],
  index: TargetIndex,
  table: TermTable,
  argumentTerms: Map<number, Passage[]>,
): MeaningCandidate[] {
  const sentencesByTerm = new Map<number, number>()
  for (const ranking of rankings) {
    const shared = new Set<number>()
    for (const m of ranking.listed) for (const term of m.shared) shared.add(term)
    for (const term of shared) sentencesByTerm.set(term, (sentencesByTerm.get(term) ?? 0) + 1)
  }
  return [...sentencesByTerm].map(([term, sharedInSentences]) => ({
    term: table.terms[term] as string,
    weight: index.weights[term] as number,
    sharedInSentences,
    passages: argumentTerms.get(term) ?? [],
  }))
}
