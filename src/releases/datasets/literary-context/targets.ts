/**
 * Which words of an excerpt can be its target: a lexicon word with one reading (one lemma in one part of
 * speech) and more than one meaning, so the excerpt is context that tells its meanings apart. Function words,
 * names and forms the lexicon reads more than one way are not targets. A dictionary quotation's only target
 * is the word it illustrates, read in the entry's part of speech.
 */
import type { Lexicon } from '../../../lexicon/lexicon'
import type { PartOfSpeech } from '../../../lexicon/wordnet-format'
import { readingsOf, wordPart } from '../readings'
import { words } from '../text'
import type { CandidateExcerpt } from './works'

export type Target = {
  lemma: string
  partOfSpeech: PartOfSpeech
  senses: number[]
  /** The word as written in the excerpt, and its half-open UTF-16 span there. */
  form: string
  start: number
  end: number
}

/**
 * Early Modern English function words the modern stop-word list lacks; several are spelled like unrelated
 * lexicon words ("art" in "thou art", "wilt", "hast").
 */
export const ARCHAIC_FUNCTION_WORDS = [
  'am',
  'art',
  'aye',
  'canst',
  'couldst',
  'didst',
  'doth',
  'dost',
  'ere',
  'hast',
  'hath',
  'mayst',
  'nay',
  'oft',
  'shalt',
  'thee',
  'thou',
  'thy',
  'thine',
  'tis',
  'twas',
  'whilst',
  'wilt',
  'wouldst',
  'ye',
  'yea',
] as const

/** At least this many meanings, so that context has something to decide. */
export const MIN_CANDIDATE_MEANINGS = 2

/** Whether a capitalized word sits where any word is capitalized: the excerpt's start or a verse line's. */
function atCapitalPosition(excerpt: CandidateExcerpt, start: number): boolean {
  const lead = (from: number) => /^["'(]?$/.test(excerpt.text.slice(from, start))
  return lead(0) || excerpt.lineStarts.some((line) => line <= start && lead(line))
}

export function eligibleTargets(
  excerpt: CandidateExcerpt,
  lexicon: Lexicon,
  stopwords: ReadonlySet<string>,
): Target[] {
  const out: Target[] = []
  for (const token of words(excerpt.text)) {
    const form = wordPart(token.text)
    if (form.length < 3 || /['’]/.test(form)) continue
    const lower = form.toLowerCase()
    if (form !== lower) {
      if (form === form.toUpperCase() || !atCapitalPosition(excerpt, token.start)) continue
      if (form.slice(1) !== lower.slice(1)) continue
    }
    if (stopwords.has(lower)) continue
    // A word in quotation marks of its own is mentioned, not used ("in \"obsequious\" at the present").
    if (excerpt.text[token.start - 1] === '"' && excerpt.text[token.end] === '"') continue
    const readings = readingsOf(lexicon, lower)
    const illustrated = excerpt.illustrates
    const reading = illustrated
      ? readings.find((r) => r.lemma === illustrated.lemma && r.partOfSpeech === illustrated.partOfSpeech)
      : readings.length === 1
        ? readings[0]
        : undefined
    if (!reading || reading.senses.length < MIN_CANDIDATE_MEANINGS) continue
    out.push({
      lemma: reading.lemma,
      partOfSpeech: reading.partOfSpeech,
      senses: reading.senses,
      form,
      start: token.start,
      end: token.start + form.length,
    })
  }
  return out
}
