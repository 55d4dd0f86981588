/**
 * The quotations of a field checked against the texts they may quote, each with where it was found and an
 * observation that never treats "not found" as "false". A quotation found in no form names the closest
 * passage of the texts (the sentence sharing most of its words, cut to the shared stretch) and how it
 * differs, word by word.
 */
import type { AnalyzedField } from './document'
import type { FieldRef } from './field-ref'
import { PLACES_LISTED } from './limits'
import { oneByte } from './one-byte'
import { passage } from './passages'
import { checkQuotation, findQuotations, type QuoteTarget } from './quotes'
import type { Quotation, SentenceReview } from './schemas'
import { tokensIn } from '../text/tokens'

export function checkQuotations(
  field: AnalyzedField,
  targets: AnalyzedField[],
  describe: (ref: FieldRef) => string,
): Quotation[] {
  const quoteTargets: QuoteTarget<FieldRef>[] = targets.map((t) => ({ ref: t.ref, text: t.text }))
  return findQuotations(field.text).map((range) => {
    const quote = oneByte(field.text.slice(range.start, range.end))
    const check = checkQuotation(quote, quoteTargets, PLACES_LISTED)
    const places = check.places.map((p) => passage(p.ref, p))
    const where = [...new Set(check.places.map((p) => describe(p.ref)))].join(', ')
    const searched =
      [...new Set(targets.map((t) => describe(t.ref)))].join(', ') || 'no text (none was supplied)'
    const closest = check.status === 'not-found' ? closestPassage(quote, targets) : null
    const observation = {
      verbatim: `Found verbatim in ${where} (${check.placesTotal} place${check.placesTotal === 1 ? '' : 's'}).`,
      normalized: `Found in ${where} once letter case, spacing, quote marks or dashes are set aside; not verbatim.`,
      'in-parts': `Its parts around the ellipsis appear in order in ${where}; read the omitted words there.`,
      'not-found': `Not found in ${searched}. That is not a finding that the quotation is false or misattributed: it may come from elsewhere.${closest ? ` ${describeClosest(closest, describe)}` : ''}`,
    }[check.status]
    return {
      passage: passage(field.ref, range),
      quote,
      status: check.status,
      places,
      placesTotal: check.placesTotal,
      closest: closest
        ? {
            passage: passage(closest.ref, closest),
            text: closest.text,
            sharedShare: closest.sharedShare,
            onlyInQuote: closest.onlyInQuote,
            onlyInPassage: closest.onlyInPassage,
          }
        : null,
      observation,
    }
  })
}

/** Words after which quoted words are what someone said or wrote, not the writer's scare quotes. */
const NAMING =
  /\b(?:calls?|called|dubbed|termed|labell?ed|branded|described|known)\b(?:\s+[\p{L}'’-]+){0,3}?\s*$/iu

/**
 * Scare quotes are words the writer distances from, not words quoted from a text: quoted words found in the
 * searched texts, or after a naming verb (`called the plan "unaffordable"`), are quotations, and the
 * sentence's `scare-quotes` framing for them is dropped.
 */
export function settleScareQuotes(
  sentences: SentenceReview[],
  quotations: readonly Quotation[],
  text: string,
): SentenceReview[] {
  return sentences.map((s) => {
    const framing = s.framing.filter(
      (f) =>
        f.kind !== 'scare-quotes' ||
        !quotations.some(
          (q) =>
            f.passage.start <= q.passage.start &&
            q.passage.end <= f.passage.end &&
            (q.status !== 'not-found' ||
              NAMING.test(
                text.slice(Math.max(0, q.passage.start - 40), q.passage.start).replace(/["“”']\s*$/, ''),
              )),
        ),
    )
    return framing.length === s.framing.length ? s : { ...s, framing }
  })
}

/** A passage must share at least this share of the quotation's words to be named as the closest. */
const CLOSEST_MIN_SHARE = 0.5

type Closest = {
  ref: FieldRef
  start: number
  end: number
  text: string
  sharedShare: number
  onlyInQuote: string[]
  onlyInPassage: string[]
}

/** Words (tokens of the one tokenizer) with a matching key that sets a plural or possessive `s` aside (`investments` meets `investment`). */
function wordsOf(text: string, offset = 0): Array<{ word: string; key: string; start: number; end: number }> {
  return tokensIn(text, 0, text.length).map((t) => ({
    word: t.lower,
    key: t.lower.length > 3 ? t.lower.replace(/(?:'s|s)$/, '') : t.lower,
    start: offset + t.start,
    end: offset + t.end,
  }))
}

/** The target sentence sharing the largest share of the quotation's words, cut to the stretch they span. */
function closestPassage(quote: string, targets: readonly AnalyzedField[]): Closest | null {
  const quoteWords = wordsOf(quote)
  const wanted = new Set(quoteWords.map((w) => w.key))
  if (wanted.size === 0) return null
  let best: { field: AnalyzedField; start: number; end: number; share: number } | null = null
  for (const field of targets) {
    for (const sentence of field.sentences) {
      const words = wordsOf(field.text.slice(sentence.start, sentence.end), sentence.start)
      const inside = words.filter((w) => wanted.has(w.key))
      const share = new Set(inside.map((w) => w.key)).size / wanted.size
      if (inside.length === 0 || share < CLOSEST_MIN_SHARE || (best && share <= best.share)) continue
      best = { field, ...shortestCover(inside), share }
    }
  }
  if (!best) return null
  const text = best.field.text.slice(best.start, best.end)
  const passageWords = wordsOf(text)
  const inPassage = new Set(passageWords.map((w) => w.key))
  return {
    ref: best.field.ref,
    start: best.start,
    end: best.end,
    text: oneByte(text),
    sharedShare: Math.round(best.share * 1000) / 1000,
    onlyInQuote: [...new Set(quoteWords.filter((w) => !inPassage.has(w.key)).map((w) => w.word))],
    onlyInPassage: [...new Set(passageWords.filter((w) => !wanted.has(w.key)).map((w) => w.word))],
  }
}

/** The shortest stretch of `words` (in text order) that holds every distinct key they have, in one pass. */
function shortestCover(words: ReadonlyArray<{ key: string; start: number; end: number }>): {
  start: number
  end: number
} {
  type W = (typeof words)[number]
  const need = new Set(words.map((w) => w.key)).size
  const counts = new Map<string, number>()
  let best = { start: (words[0] as W).start, end: (words[words.length - 1] as W).end }
  let left = 0
  for (let right = 0; right < words.length; right++) {
    const r = words[right] as W
    counts.set(r.key, (counts.get(r.key) ?? 0) + 1)
    while (counts.size === need) {
      const l = words[left] as W
      if (r.end - l.start < best.end - best.start) best = { start: l.start, end: r.end }
      const leftCount = (counts.get(l.key) as number) - 1
      if (leftCount === 0) counts.delete(l.key)
      else counts.set(l.key, leftCount)
      left++
    }
  }
  return best
}

function describeClosest(c: Closest, describe: (ref: FieldRef) => string): string {
  const list = (words: string[]) => words.map((w) => `"${w}"`).join(', ')
  const differences = [
    c.onlyInQuote.length > 0 ? `the quotation has ${list(c.onlyInQuote)}, which it lacks` : null,
    c.onlyInPassage.length > 0 ? `it has ${list(c.onlyInPassage)}, which the quotation lacks` : null,
  ].filter((d) => d !== null)
  return `The closest passage, in ${describe(c.ref)}, is "${c.text}": ${differences.length > 0 ? differences.join('; ') : 'the same words in another order'}.`
}
