/**
 * Prefix search over lexicon words. Order: the exact word first, then by WordNet sense tag count (the
 * commoner word first), then the shorter, then code-unit order. Two- and three-character prefixes come
 * from a table the release builder writes; longer ones scan their (small) alphabetical range.
 */
import { baseForms } from './morphology'
import type { PrefixResult } from './schemas'
import { INFLECTED_LIMIT } from './schemas'
import { writtenForm } from './typed-form'
import { PARTS_OF_SPEECH, type PartOfSpeech } from './wordnet-format'
import {
  isLemma,
  lemmaRank,
  lemmaAt,
  lemmaPrefixRange,
  lemmaRankAt,
  normalizeLemma,
  shortPrefixTop,
  type Lexicon,
} from './lexicon'

export const PREFIX_RESULT_LIMIT = 20

export function searchPrefix(lexicon: Lexicon, rawPrefix: string, limit = PREFIX_RESULT_LIMIT): string[] {
  const prefix = normalizePrefix(rawPrefix)
  const exact = isLemma(lexicon, prefix) ? prefix : null
  const ranked = prefix.length <= 3 ? shortPrefixTop(lexicon, prefix) : scanRange(lexicon, prefix, limit + 1)
  const words = exact ? [exact] : []
  for (const lemma of ranked) {
    if (words.length >= limit) break
    if (lemma !== exact) words.push(lemma)
  }
  return words.map((word) => writtenForm(lexicon, word))
}

/** Lower case and underscores as spaces; inner spaces are kept, since `ice c` is a useful prefix. */
export function normalizePrefix(prefix: string): string {
  return prefix.toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trimStart()
}

/** The `keep` best-ranked lemmas starting with `prefix`, best first. */
function scanRange(lexicon: Lexicon, prefix: string, keep: number): string[] {
  const best: Array<[number, number]> = []
  const [start, end] = lemmaPrefixRange(lexicon, prefix)
  for (let i = start; i < end; i++) {
    const rank = lemmaRankAt(lexicon, i)
    if (best.length === keep && rank >= (best[keep - 1] as [number, number])[0]) continue
    let at = best.length
    while (at > 0 && (best[at - 1] as [number, number])[0] > rank) at--
    best.splice(at, 0, [rank, i])
    if (best.length > keep) best.pop()
  }
  return best.map(([, position]) => lemmaAt(lexicon, position))
}

export { normalizeLemma }

type Inflected = PrefixResult['inflected'][number]
type ExceptionForm = readonly [form: string, pos: PartOfSpeech, base: string]

/**
 * The exception lists' forms in code-unit order, per exception table. Built from the exception file alone,
 * which every runtime holds whole, so the memo never holds anything read from the paged files.
 */
const exceptionForms = new WeakMap<Lexicon['exceptions'], ExceptionForm[]>()

function sortedExceptionForms(lexicon: Lexicon): ExceptionForm[] {
  let forms = exceptionForms.get(lexicon.exceptions)
  if (forms === undefined) {
    forms = []
    for (const pos of PARTS_OF_SPEECH) {
      for (const [form, bases] of Object.entries(lexicon.exceptions[pos])) {
        for (const base of bases) forms.push([form, pos, base])
      }
    }
    forms.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    exceptionForms.set(lexicon.exceptions, forms)
  }
  return forms
}

/** How many exception forms a prefix reads at most before ranking them (a two-letter prefix has a few hundred). */
const EXCEPTION_SCAN = 400

/**
 * Inflected forms that start with the prefix, with their base forms that are lexicon words: the prefix
 * itself when it is an inflected form ("studies" → "study"), then the exception lists' forms ("gees" →
 * "geese" → "goose"), commoner base words first. So typing a form and opening it find the same word.
 */
export function inflectedForms(lexicon: Lexicon, rawPrefix: string, limit = INFLECTED_LIMIT): Inflected[] {
  const prefix = normalizePrefix(rawPrefix).trimEnd()
  const out: Inflected[] = []
  const seen = new Set<string>()
  const add = (form: string, word: string, partOfSpeech: PartOfSpeech) => {
    const key = `${form}\u0000${word}\u0000${partOfSpeech}`
    if (seen.has(key)) return
    seen.add(key)
    out.push({ form, word: writtenForm(lexicon, word), partOfSpeech })
  }
  for (const base of baseForms(lexicon, prefix)) add(prefix, base.word, base.partOfSpeech)
  const forms = sortedExceptionForms(lexicon)
  let lo = 0
  let hi = forms.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((forms[mid] as ExceptionForm)[0] < prefix) lo = mid + 1
    else hi = mid
  }
  const found: Array<[number, ExceptionForm]> = []
  for (let i = lo; i < forms.length && i < lo + EXCEPTION_SCAN; i++) {
    const entry = forms[i] as ExceptionForm
    if (!entry[0].startsWith(prefix)) break
    if (entry[0] === prefix || !isLemma(lexicon, entry[2], entry[1])) continue
    found.push([lemmaRank(lexicon, entry[2]), entry])
  }
  found.sort((a, b) => a[0] - b[0] || (a[1][0] < b[1][0] ? -1 : a[1][0] > b[1][0] ? 1 : 0))
  for (const [, [form, pos, base]] of found) {
    if (out.length >= limit) break
    add(form, base, pos)
  }
  return out.slice(0, limit)
}
