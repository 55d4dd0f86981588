/**
 * Editorial meaning notes: for shared terms that carry a match and have several lexicon meanings in different
 * domains, the candidate meanings (IDs and definitions), because the argument and the source may use the
 * word in different meanings. The service lists candidates; it does not choose one.
 */
import {
  type Lexicon,
  senseAt,
  sensesOf,
  senseSynset,
  senseSynsetPos,
  synsetDefinition,
  synsetLexFile,
} from '../lexicon/lexicon'
import { MEANING_NOTES_MAX, MEANINGS_PER_NOTE } from './limits'
import type { MeaningNote, Passage } from './schemas'

export const MEANING_NOTE_RULE = `A meaning note is written for a term that is shared between an argument sentence and one of its listed matches and that has meanings in at least two WordNet lexicographer files (for example a financial institution and a river bank). Notes are ordered by the number of argument sentences in which the term is shared, then by its weight, then alphabetically; at most ${MEANING_NOTES_MAX} are listed with at most ${MEANINGS_PER_NOTE} candidate meanings each, in WordNet order (commonest first), and the totals say how many there are.`

export type MeaningCandidate = {
  term: string
  weight: number
  sharedInSentences: number
  passages: Passage[]
}

export function meaningNotes(
  lexicon: Lexicon,
  candidates: MeaningCandidate[],
): { notes: MeaningNote[]; total: number } {
  const qualified = candidates
    .map((candidate) => ({ candidate, senses: sensesOf(lexicon, candidate.term) }))
    .filter(({ senses }) => spansDomains(lexicon, senses))
    .sort(
      (a, b) =>
        b.candidate.sharedInSentences - a.candidate.sharedInSentences ||
        b.candidate.weight - a.candidate.weight ||
        (a.candidate.term < b.candidate.term ? -1 : a.candidate.term > b.candidate.term ? 1 : 0),
    )
  const notes = qualified.slice(0, MEANING_NOTES_MAX).map(({ candidate, senses }) => ({
    term: candidate.term,
    passages: candidate.passages,
    sharedInSentences: candidate.sharedInSentences,
    meanings: senses.slice(0, MEANINGS_PER_NOTE).map((sense) => {
      const row = senseAt(lexicon, sense)
      return {
        id: row[0],
        partOfSpeech: senseSynsetPos(lexicon, sense),
        definition: synsetDefinition(lexicon, row[2]),
      }
    }),
    meaningsTotal: senses.length,
    note: `"${candidate.term}" has ${senses.length} meanings in the lexicon, in different domains. The argument and the sources may use it in different meanings; the service does not choose one: read each use in its sentence.`,
  }))
  return { notes, total: qualified.length }
}

/** Whether the senses fall in at least two lexicographer files (domains such as noun.group, noun.object). */
function spansDomains(lexicon: Lexicon, senses: readonly number[]): boolean {
  let first = -1
  for (const sense of senses) {
    const file = synsetLexFile(lexicon, senseSynset(lexicon, sense))
    if (first === -1) first = file
    else if (file !== first) return true
  }
  return false
}
