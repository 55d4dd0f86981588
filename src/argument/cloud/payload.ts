/**
 * What the provider receives for a cloud review, and nothing else (spec 4.4, cloud rule 1): the submitted
 * text, context, reply and sources with their attribution, at most eight dictionary terms of the text with
 * at most eight candidate meanings each, and the editorial notes of the usage material on words the text
 * uses. Both selections follow the rules published below and in `GET /api/argument`.
 */
import { type Lexicon, senseAt, sensesOf, senseSynsetPos, synsetDefinition } from '../../lexicon/lexicon'
import { contrastsInvolving, type UsageCatalog } from '../../usage/catalog'
import type { UsageContrast } from '../../usage/schemas'
import { analyzeField, createTermTable } from '../document'
import { CLOUD_LIMITS } from '../limits'
import type { ArgumentInput } from '../schemas'
import type { CandidateMeaning, DictionaryTerm } from './schemas'

/** Editorial notes sent at most, in order of the first word of the text they speak about. */
export const EDITORIAL_NOTES_SENT = 8

export const TERM_SELECTION_RULE = `Dictionary terms are the content terms of \`text\` (read as in the text checks: lemmatized with the lexicon's morphology, stop words and cue words left out) that the lexicon knows with at least two meanings. They are ordered by whether an editorial contrast involves the term, then whether a supplied source uses it, then by occurrences in the text (most first), then by first occurrence; the first ${CLOUD_LIMITS.maxDictionaryTerms} are sent, each with its first ${CLOUD_LIMITS.maxCandidateSensesPerTerm} meanings in WordNet order (commonest first) and the number of meanings it has.`

export const EDITORIAL_NOTE_RULE = `An editorial note is a contrast of the authored usage material (status editorial-preview, unreviewed) that involves a word of \`text\`: a content term or a cue word such as "all", "most" or "some". Notes are taken in the order of the first such word in the text, at most ${EDITORIAL_NOTES_SENT}, each with its id, title, question, words and their gists, the difference and the takeaway (not its examples).`

export type EditorialNote = {
  id: string
  title: string
  question: string
  words: { word: string; gist: string }[]
  difference: string
  takeaway: string
}

export type ReviewPayload = {
  text: string
  context?: string
  reply?: string
  sources: { id: string; label: string; url?: string; text: string }[]
  dictionaryTerms: DictionaryTerm[]
  editorialNotes: EditorialNote[]
}

export function buildPayload(lexicon: Lexicon, catalog: UsageCatalog, input: ArgumentInput): ReviewPayload {
  const table = createTermTable()
  const text = analyzeField(lexicon, table, { field: 'text' }, input.text)
  const inSources = new Set<number>()
  for (const source of input.sources) {
    const field = analyzeField(lexicon, table, { field: 'source', sourceId: source.id }, source.text)
    for (const term of field.wordTerms) inSources.add(term)
  }

  const seen = new Map<number, { count: number; first: number }>()
  text.wordTerms.forEach((term, index) => {
    const entry = seen.get(term)
    if (entry) entry.count++
    else seen.set(term, { count: 1, first: index })
  })
  const dictionaryTerms = [...seen]
    .map(([id, { count, first }]) => {
      const term = table.terms[id] as string
      return {
        term,
        count,
        first,
        senses: sensesOf(lexicon, term),
        contrasted: contrastsInvolving(catalog, term).length > 0,
        sourced: inSources.has(id),
      }
    })
    .filter((t) => t.senses.length >= 2)
    .sort(
      (a, b) =>
        Number(b.contrasted) - Number(a.contrasted) ||
        Number(b.sourced) - Number(a.sourced) ||
        b.count - a.count ||
        a.first - b.first,
    )
    .slice(0, CLOUD_LIMITS.maxDictionaryTerms)
    .map((t): DictionaryTerm => ({
      term: t.term,
      occurrences: t.count,
      meanings: t.senses
        .slice(0, CLOUD_LIMITS.maxCandidateSensesPerTerm)
        .map((s) => candidateMeaning(lexicon, s)),
      meaningsTotal: t.senses.length,
    }))

  // The words of the text in order: content terms and cue words, each at its start offset.
  const words = Array.from(text.wordTerms, (term, index) => ({
    start: text.wordStarts[index] as number,
    word: table.terms[term] as string,
  }))
  for (const sentence of text.sentences)
    for (const cue of sentence.cues) words.push({ start: cue.start, word: cue.word })
  words.sort((a, b) => a.start - b.start)
  const notes = new Map<string, UsageContrast>()
  for (const { word } of words) {
    if (notes.size >= EDITORIAL_NOTES_SENT) break
    for (const contrast of contrastsInvolving(catalog, word)) {
      if (notes.size < EDITORIAL_NOTES_SENT && !notes.has(contrast.id)) notes.set(contrast.id, contrast)
    }
  }

  return {
    text: input.text,
    ...(input.context !== undefined && { context: input.context }),
    ...(input.reply !== undefined && { reply: input.reply }),
    sources: input.sources.map((s) => ({
      id: s.id,
      label: s.label,
      ...(s.url !== undefined && { url: s.url }),
      text: s.text,
    })),
    dictionaryTerms,
    editorialNotes: [...notes.values()].map((c) => ({
      id: c.id,
      title: c.title,
      question: c.summary,
      words: c.terms.map((t) => ({ word: t.word, gist: t.gist })),
      difference: c.difference,
      takeaway: c.takeaway,
    })),
  }
}

export function candidateMeaning(lexicon: Lexicon, sense: number): CandidateMeaning {
  const row = senseAt(lexicon, sense)
  return {
    id: row[0],
    partOfSpeech: senseSynsetPos(lexicon, sense),
    definition: synsetDefinition(lexicon, row[2]),
  }
}
