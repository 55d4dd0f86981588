/**
 * A reply compared with the argument: each reply sentence against the argument sentences, which argument
 * sentences and terms the reply takes up and which it leaves aside, and the reply's quotations checked.
 */
import { buildIndex, roundScore } from './compare'
import type { AnalyzedField, AnalyzedSentence, TermTable } from './document'
import type { FieldRef } from './field-ref'
import { passage, type SideNames } from './passages'
import { checkQuotations } from './quotation-checks'
import type { ReplyReview } from './schemas'
import { byWeight, compareField } from './sentence-review'
import { occurrencesByTerm, toOccurrences } from './vocabulary'

const REPLY_SIDES: SideNames = {
  sentence: 'reply sentence',
  match: 'argument sentence',
  targets: 'the argument',
}

export function reviewReply(
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
    leavesAside: text.sentences
      .map((sentence, id) => ({ sentence: id, passage: passage(text.ref, sentence) }))
      .filter(({ sentence }) => !byArgumentSentence.has(sentence)),
    terms: {
      takenUp: toOccurrences(table, replyTerms, (term) => argumentTerms.has(term)),
      leftAside: toOccurrences(table, argumentTerms, (term) => !replyTerms.has(term)),
      newInReply: toOccurrences(table, replyTerms, (term) => !argumentTerms.has(term)),
    },
  }
}
