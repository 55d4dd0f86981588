/**
 * Local review (`text-checks`): the argument compared sentence by sentence with the sources, its quotations,
 * numbers and cues checked, its vocabulary set against theirs, and, with a reply, the reply compared with the
 * argument. Deterministic: every list has a stated order, and nothing depends on time or on earlier requests.
 */
import type { Lexicon } from '../lexicon/lexicon'
import { buildIndex, rank, roundScore, targetSentence, type Ranking, type TargetIndex } from './compare'
import { compareCues } from './cue-checks'
import {
  analyzeField,
  createTermTable,
  rangesOf,
  type AnalyzedField,
  type AnalyzedSentence,
  type FieldRef,
  type TermTable,
} from './document'
import { MATCHES_PER_SENTENCE, PLACES_LISTED, UNUSED_TERMS_LISTED } from './limits'
import { meaningNotes, type MeaningCandidate } from './meaning-notes'
import { buildNumberIndex, checkNumbers } from './number-checks'
import { passage, type SideNames } from './passages'
import { checkQuotation, findQuotations, type QuoteTarget } from './quotes'
import type {
  ArgumentInput,
  Passage,
  Quotation,
  ReplyReview,
  SentenceReview,
  TermOccurrences,
  TextCheckReview,
  UnusedSourceTerm,
} from './schemas'

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
const REPLY_SIDES: SideNames = {
  sentence: 'reply sentence',
  match: 'argument sentence',
  targets: 'the argument',
}

export function reviewText(lexicon: Lexicon, input: ArgumentInput): TextCheckReview {
  const table = createTermTable()
  const text = analyzeField(lexicon, table, { field: 'text' }, input.text)
  const context =
    input.context === undefined ? null : analyzeField(lexicon, table, { field: 'context' }, input.context)
  const sources = input.sources.map((s) =>
    analyzeField(lexicon, table, { field: 'source', sourceId: s.id }, s.text),
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
  const quoteTargets = [...sources, ...(context ? [context] : [])]
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
    sentences: compared.reviews,
    quotations: checkQuotations(text, quoteTargets, describe),
    vocabulary: {
      unsourced: unsourcedTerms(argumentTerms, sourceIndex, context, table),
      ...unusedSourceTerms(sources, argumentTerms, compared.rankings, sourceIndex, table),
    },
    meaningNotes: notes.notes,
    meaningNotesTotal: notes.total,
    reply: reply ? reviewReply(reply, text, [text, ...quoteTargets], table, describe) : null,
  }
}

function fieldSize(field: AnalyzedField): { characters: number; sentences: number } {
  return { characters: field.text.length, sentences: field.sentences.length }
}

type Compared = { reviews: SentenceReview[]; rankings: Ranking[] }

/** Each sentence of `query` against the target index: ranked matches, shared terms, numbers and cues. */
function compareField(
  query: AnalyzedField,
  index: TargetIndex,
  table: TermTable,
  sides: SideNames,
  rankLimit: number,
): Compared {
  const numbers = buildNumberIndex(index)
  const rankings: Ranking[] = []
  const reviews = query.sentences.map((sentence, i): SentenceReview => {
    const ranking = rank(index, sentence, rankLimit)
    rankings.push(ranking)
    const listed = ranking.listed.slice(0, MATCHES_PER_SENTENCE)
    const matches = listed.map((m) => {
      const field = index.fields[index.fieldOf[m.id] as number] as AnalyzedField
      const target = targetSentence(index, m.id)
      const shared = [...m.shared].sort((a, b) => byWeight(index, table, a, b))
      return {
        passage: passage(field.ref, target),
        sentence: index.sentenceOf[m.id] as number,
        score: roundScore(m.score),
        sharedTerms: shared.map((term) => ({
          term: table.terms[term] as string,
          passages: rangesOf(field, target, term).map((r) => passage(field.ref, r)),
        })),
      }
    })
    const cues = listed.flatMap((m, k) =>
      compareCues(
        sentence,
        query.ref,
        targetSentence(index, m.id),
        (index.fields[index.fieldOf[m.id] as number] as AnalyzedField).ref,
        (matches[k] as SentenceReview['matches'][number]).sharedTerms.map((t) => t.term),
        sides,
      ),
    )
    return {
      index: i,
      passage: passage(query.ref, sentence),
      terms: sentenceTerms(query, sentence, table),
      matches,
      otherMatchingSentences: ranking.matchingCount - listed.length,
      numbers: checkNumbers(query, sentence.numbers, listed, index, numbers, sides),
      cues,
    }
  })
  return { reviews, rankings }
}

/** Heavier (rarer) terms first, then alphabetical. */
function byWeight(index: TargetIndex, table: TermTable, a: number, b: number): number {
  return (index.weights[b] as number) - (index.weights[a] as number) || compareTerms(table, a, b)
}

function compareTerms(table: TermTable, a: number, b: number): number {
  const x = table.terms[a] as string
  const y = table.terms[b] as string
  return x < y ? -1 : x > y ? 1 : 0
}

function sentenceTerms(
  field: AnalyzedField,
  sentence: AnalyzedSentence,
  table: TermTable,
): TermOccurrences[] {
  return toOccurrences(table, collectOccurrences(field, sentence.firstWord, sentence.endWord, new Map()))
}

/** Term id → its passages across the fields, in order of first appearance. */
function occurrencesByTerm(field: AnalyzedField): Map<number, Passage[]> {
  return collectOccurrences(field, 0, field.wordTerms.length, new Map())
}

function collectOccurrences(
  field: AnalyzedField,
  from: number,
  to: number,
  into: Map<number, Passage[]>,
): Map<number, Passage[]> {
  for (let w = from; w < to; w++) {
    const term = field.wordTerms[w] as number
    const at = passage(field.ref, { start: field.wordStarts[w] as number, end: field.wordEnds[w] as number })
    const list = into.get(term)
    if (list) list.push(at)
    else into.set(term, [at])
  }
  return into
}

function toOccurrences(table: TermTable, entries: Iterable<[number, Passage[]]>): TermOccurrences[] {
  return [...entries].map(([term, passages]) => ({ term: table.terms[term] as string, passages }))
}

function unsourcedTerms(
  argumentTerms: Map<number, Passage[]>,
  index: TargetIndex,
  context: AnalyzedField | null,
  table: TermTable,
): TermOccurrences[] {
  const inContext = new Set<number>()
  for (const sentence of context?.sentences ?? []) for (const term of sentence.terms) inContext.add(term)
  return toOccurrences(
    table,
    [...argumentTerms].filter(([term]) => index.postings[term] === undefined && !inContext.has(term)),
  )
}

/** Source terms the argument never uses: counted with arrays indexed by term id, the most frequent listed. */
function unusedSourceTerms(
  sources: AnalyzedField[],
  argumentTerms: Map<number, Passage[]>,
  rankings: Ranking[],
  index: TargetIndex,
  table: TermTable,
): { unusedSourceTerms: UnusedSourceTerm[]; unusedSourceTermsTotal: number } {
  const termCount = table.terms.length
  const counts = new Int32Array(termCount)
  const firstSource = new Int32Array(termCount)
  const firstWord = new Int32Array(termCount)
  const inSources = new Int32Array(termCount)
  const unused: number[] = []
  sources.forEach((source, s) => {
    const terms = source.wordTerms
    for (let w = 0; w < terms.length; w++) {
      const term = terms[w] as number
      if (counts[term] === 0) {
        if (argumentTerms.has(term)) {
          counts[term] = -1
          continue
        }
        unused.push(term)
        firstSource[term] = s
        firstWord[term] = w
      } else if (counts[term] === -1) continue
      counts[term] = (counts[term] as number) + 1
      inSources[term] = (inSources[term] as number) | (1 << s)
    }
  })
  const inMatched = new Uint8Array(termCount)
  for (const ranking of rankings) {
    for (const m of ranking.listed) for (const term of targetSentence(index, m.id).terms) inMatched[term] = 1
  }
  const listed = unused
    .sort((a, b) => (counts[b] as number) - (counts[a] as number) || a - b)
    .slice(0, UNUSED_TERMS_LISTED)
    .map((term) => {
      const source = sources[firstSource[term] as number] as AnalyzedField
      const w = firstWord[term] as number
      return {
        term: table.terms[term] as string,
        count: counts[term] as number,
        sources: sources
          .filter((_, s) => ((inSources[term] as number) & (1 << s)) !== 0)
          .map((f) => sourceIdOf(f)),
        first: passage(source.ref, {
          start: source.wordStarts[w] as number,
          end: source.wordEnds[w] as number,
        }),
        inMatchedSentences: inMatched[term] === 1,
      }
    })
  return { unusedSourceTerms: listed, unusedSourceTermsTotal: unused.length }
}

function sourceIdOf(field: AnalyzedField): string {
  return field.ref.field === 'source' ? field.ref.sourceId : field.ref.field
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

function checkQuotations(
  field: AnalyzedField,
  targets: AnalyzedField[],
  describe: (ref: FieldRef) => string,
): Quotation[] {
  const quoteTargets: QuoteTarget<FieldRef>[] = targets.map((t) => ({ ref: t.ref, text: t.text }))
  return findQuotations(field.text).map((range) => {
    const quote = field.text.slice(range.start, range.end)
    const check = checkQuotation(quote, quoteTargets, PLACES_LISTED)
    const places = check.places.map((p) => passage(p.ref, p))
    const where = [...new Set(check.places.map((p) => describe(p.ref)))].join(', ')
    const searched =
      [...new Set(targets.map((t) => describe(t.ref)))].join(', ') || 'no text (none was supplied)'
    const observation = {
      verbatim: `Found verbatim in ${where} (${check.placesTotal} place${check.placesTotal === 1 ? '' : 's'}).`,
      normalized: `Found in ${where} once letter case, spacing, quote marks or dashes are set aside; not verbatim.`,
      'in-parts': `Its parts around the ellipsis appear in order in ${where}; read the omitted words there.`,
      'not-found': `Not found in ${searched}. That is not a finding that the quotation is false or misattributed: it may come from elsewhere.`,
    }[check.status]
    return {
      passage: passage(field.ref, range),
      quote,
      status: check.status,
      places,
      placesTotal: check.placesTotal,
      observation,
    }
  })
}

function reviewReply(
  reply: AnalyzedField,
  text: AnalyzedField,
  quoteTargets: AnalyzedField[],
  table: TermTable,
  describe: (ref: FieldRef) => string,
): ReplyReview {
  const index = buildIndex([text], table.terms.length)
  const compared = compareField(reply, index, table, REPLY_SIDES, Math.max(1, text.sentences.length))
  const byArgumentSentence = new Map<
    number,
    { best: number; replySentences: number[]; shared: Set<number> }
  >()
  compared.rankings.forEach((ranking, r) => {
    for (const m of ranking.listed) {
      const entry = byArgumentSentence.get(m.id)
      if (!entry)
        byArgumentSentence.set(m.id, { best: m.score, replySentences: [r], shared: new Set(m.shared) })
      else {
        entry.best = Math.max(entry.best, m.score)
        entry.replySentences.push(r)
        for (const term of m.shared) entry.shared.add(term)
      }
    }
  })
  const argumentTerms = occurrencesByTerm(text)
  const replyTerms = occurrencesByTerm(reply)
  return {
    sentences: compared.reviews,
    quotations: checkQuotations(reply, quoteTargets, describe),
    takesUp: [...byArgumentSentence]
      .sort(([a], [b]) => a - b)
      .map(([id, entry]) => ({
        sentence: id,
        passage: passage(text.ref, text.sentences[id] as AnalyzedSentence),
        bestScore: roundScore(entry.best),
        replySentences: entry.replySentences,
        sharedTerms: [...entry.shared]
          .sort((a, b) => byWeight(index, table, a, b))
          .map((t) => table.terms[t] as string),
      })),
    leavesAside: text.sentences.flatMap((sentence, id) =>
      byArgumentSentence.has(id) ? [] : [{ sentence: id, passage: passage(text.ref, sentence) }],
    ),
    terms: {
      takenUp: toOccurrences(
        table,
        [...replyTerms].filter(([term]) => argumentTerms.has(term)),
      ),
      leftAside: toOccurrences(
        table,
        [...argumentTerms].filter(([term]) => !replyTerms.has(term)),
      ),
      newInReply: toOccurrences(
        table,
        [...replyTerms].filter(([term]) => !argumentTerms.has(term)),
      ),
    },
  }
}
