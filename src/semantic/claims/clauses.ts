/**
 * A clause split into subject and predicate for rewriting (`John` / `spoke to Mary at four`), with the
 * reading it came from. The rewrites of `ellipsis.ts` and `premises.ts` build new sentences from these
 * parts; they are plain strings because what they build is read again as a sentence.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import { functionClass } from '../../text/function-words'
import type { Token } from '../../text/tokens'
import { readClaim, type ClaimReading } from './reading'

/** A sentence an excerpt implies, and how, in words a writer understands. */
export type Implied = { text: string; explanation: string }

export type Clause = { text: string; reading: ClaimReading; subject: string; predicate: string }

/** Connectives a clause may open with that belong to no part of it. */
const OPENERS = new Set(['and', 'but', 'then'])

/** The clause without its final punctuation and opening connective. */
export function bare(text: string): string {
  let s = text.trim().replace(/[.!?;,]+$/u, '')
  for (;;) {
    const m = /^(\w+)[,]?\s+/u.exec(s)
    if (!m || !OPENERS.has((m[1] as string).toLowerCase())) break
    s = s.slice(m[0].length)
  }
  return s
}

/** Subject and predicate of a clause: the subject is what precedes its first verb. */
export function clauseOf(lexicon: Lexicon, text: string): Clause | null {
  const t = bare(text)
  if (t === '') return null
  const reading = readClaim(lexicon, t)
  const subject = reading.subject
  if (!subject || subject.span.start !== 0) return null
  const predicate = t.slice(subject.span.end).trim()
  if (predicate === '') return null
  return { text: t, reading, subject: subject.text, predicate }
}

const AUXILIARY = new Set(['be', 'have', 'do', 'modal'])

/** Whether the predicate opens with an auxiliary (`has spoken`, `can travel`, `is`). */
export function opensWithAuxiliary(c: Clause): boolean {
  const first = c.predicate.split(/\s+/u)[0]?.toLowerCase() ?? ''
  const cls = functionClass(first)
  return cls !== undefined && AUXILIARY.has(cls)
}

/**
 * The predicate denied: `has spoken to Mary` → `has not spoken to Mary`; `spoke to Mary` → `did not speak
 * to Mary` (the verb's base form from the lexicon).
 */
export function deniedPredicate(c: Clause): string {
  const words = c.predicate.split(/\s+/u)
  if (opensWithAuxiliary(c)) return [words[0], 'not', ...words.slice(1)].join(' ')
  const firstToken = c.reading.tokens.findIndex((t: Token) => t.start >= (c.reading.subject?.span.end ?? 0))
  const verb = c.reading.terms.find((t) => t.token === firstToken)
  const base = verb?.partOfSpeech === 'verb' ? verb.lemma : words[0]
  return ['did not', base, ...words.slice(1)].join(' ')
}
