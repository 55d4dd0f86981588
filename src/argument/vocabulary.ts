/**
 * Vocabulary across fields: where each term occurs, the argument terms that no source or context uses, and
 * the source terms the argument never uses.
 */
import { targetsUse, type Ranking, type TargetIndex } from './compare'
import type { AnalyzedField, TermTable } from './document'
import { UNUSED_TERMS_LISTED } from './limits'
import { passage } from './passages'
import type { Passage, TermOccurrences, UnusedSourceTerm } from './schemas'

/** Term id → its passages across the fields, in order of first appearance. */
export function occurrencesByTerm(field: AnalyzedField): Map<number, Passage[]> {
  return collectOccurrences(field, 0, field.wordTerms.length, new Map())
}

export function collectOccurrences(
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
  // Lists grown by push keep spare room, and these go into the answer: copy them to their exact size.
  into.forEach((list, term) => {
    if (list.length > 1) into.set(term, list.slice())
  })
  return into
}

/** The terms of an occurrence map (those `keep` accepts, when given) with their passages, in map order. */
export function toOccurrences(
  table: TermTable,
  occurrences: Map<number, Passage[]>,
  keep?: (term: number) => boolean,
): TermOccurrences[] {
  const out: TermOccurrences[] = []
  occurrences.forEach((passages, term) => {
    if (keep === undefined || keep(term)) out.push({ term: table.terms[term] as string, passages })
  })
  return out
}

export function unsourcedTerms(
  argumentTerms: Map<number, Passage[]>,
  index: TargetIndex,
  context: AnalyzedField | null,
  table: TermTable,
): TermOccurrences[] {
  const inContext = new Set<number>()
  for (const term of context?.terms ?? []) inContext.add(term)
  return toOccurrences(table, argumentTerms, (term) => !targetsUse(index, term) && !inContext.has(term))
}

/** Source terms the argument never uses: counted with arrays indexed by term id, the most frequent listed. */
export function unusedSourceTerms(
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
    for (const m of ranking.listed) {
      const end = index.termFrom[m.id + 1] as number
      for (let k = index.termFrom[m.id] as number; k < end; k++) inMatched[index.terms[k] as number] = 1
    }
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
