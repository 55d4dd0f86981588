/**
 * One field's sentences compared with an indexed set of target sentences: for each sentence its content
 * terms, its best matches with their shared terms, its numbers against the matches, and its cue observations.
 * Used for the argument against the sources and for a reply against the argument.
 */
import { rank, roundScore, targetSentence, type Ranking, type TargetIndex } from './compare'
import { findContrasts, type ContrastSide } from './contrasts'
import { compareCues } from './cue-checks'
import { passagesOf, type AnalyzedField, type AnalyzedSentence, type TermTable } from './document'
import { MATCHES_PER_SENTENCE } from './limits'
import { buildNumberIndex, checkNumbers } from './number-checks'
import { passage, type SideNames } from './passages'
import type { SentenceReview, TermOccurrences } from './schemas'
import { collectOccurrences, toOccurrences } from './vocabulary'

export type Compared = { reviews: SentenceReview[]; rankings: Ranking[] }

/** Each sentence of `query` against the target index: ranked matches, shared terms, numbers and cues. */
export function compareField(
  query: AnalyzedField,
  index: TargetIndex,
  table: TermTable,
  sides: SideNames,
  rankLimit: number,
): Compared {
  const numbers = buildNumberIndex(index)
  const rankings: Ranking[] = []
  let everyTarget: ContrastSide[] | undefined
  const reviews = query.sentences.map((sentence, i): SentenceReview => {
    const ranking = rank(index, query, sentence, rankLimit)
    rankings.push(ranking)
    const listed = ranking.listed.slice(0, MATCHES_PER_SENTENCE)
    const matches = listed.map((m) => {
      const field = index.fields[index.fieldOf[m.id] as number] as AnalyzedField
      const target = targetSentence(index, m.id)
      // Every later use of `shared` is order-free, so it is put in the order shown here once.
      const shared = sortByWeight(index, table, m.shared)
      return {
        passage: passage(field.ref, target),
        sentence: index.sentenceOf[m.id] as number,
        score: roundScore(m.score),
        sharedTerms: shared.map((term) => ({
          term: table.terms[term] as string,
          passages: passagesOf(field, target, term),
        })),
      }
    })
    // Cues are compared once per sentence, with its best match that is not a title or heading: the other
    // matches share fewer words, and a difference with them is rarely the one a reader needs.
    const best = listed.findIndex((m) => !isHeading(index, m.id))
    const bestMatch = listed[best]
    const cues: SentenceReview['cues'] =
      bestMatch === undefined
        ? []
        : compareCues(
            { text: query.text, ref: query.ref, sentence },
            {
              text: (index.fields[index.fieldOf[bestMatch.id] as number] as AnalyzedField).text,
              ref: (index.fields[index.fieldOf[bestMatch.id] as number] as AnalyzedField).ref,
              sentence: targetSentence(index, bestMatch.id),
            },
            (matches[best] as SentenceReview['matches'][number]).sharedTerms,
            sides,
          )
    const contrasts = findContrasts(
      { text: query.text, ref: query.ref, sentence },
      listed
        .filter((m) => !isHeading(index, m.id))
        .map((m) => {
          const field = index.fields[index.fieldOf[m.id] as number] as AnalyzedField
          return { text: field.text, ref: field.ref, sentence: targetSentence(index, m.id) }
        }),
      sides,
      () => (everyTarget ??= targetSides(index)),
    )
    return {
      index: i,
      passage: passage(query.ref, sentence),
      terms: sentenceTerms(query, sentence, table),
      matches,
      otherMatchingSentences: ranking.matchingCount - listed.length,
      numbers: checkNumbers(query, sentence, listed, index, numbers, sides),
      cues,
      contrasts,
      extras: null,
      framing: sentence.framing.map((f) => ({ kind: f.kind, passage: passage(query.ref, f), text: f.text })),
    }
  })
  return { reviews, rankings }
}

/** Every target sentence that is not a heading, as a side of a contrast. */
function targetSides(index: TargetIndex): ContrastSide[] {
  const out: ContrastSide[] = []
  for (let id = 0; id < index.fieldOf.length; id++) {
    if (isHeading(index, id)) continue
    const field = index.fields[index.fieldOf[id] as number] as AnalyzedField
    out.push({ text: field.text, ref: field.ref, sentence: targetSentence(index, id) })
  }
  return out
}

/** A title or heading: a target sentence that ends without closing punctuation (`Miller Street Bridge`). */
function isHeading(index: TargetIndex, id: number): boolean {
  const field = index.fields[index.fieldOf[id] as number] as AnalyzedField
  const sentence = targetSentence(index, id)
  return !/[.!?…"'”’)\]]$/.test(field.text.slice(sentence.start, sentence.end))
}

/** Sorts a few terms in place by `byWeight`: insertion, since a match shares only a handful of terms. */
function sortByWeight(index: TargetIndex, table: TermTable, terms: number[]): number[] {
  for (let i = 1; i < terms.length; i++) {
    const term = terms[i] as number
    let at = i
    while (at > 0 && byWeight(index, table, terms[at - 1] as number, term) > 0) {
      terms[at] = terms[at - 1] as number
      at--
    }
    terms[at] = term
  }
  return terms
}

/** Heavier (rarer) terms first, then alphabetical. */
export function byWeight(index: TargetIndex, table: TermTable, a: number, b: number): number {
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
