/**
 * The one cue reader of the service, over tokens of the one tokenizer: `/v1/claims/*`, `/v1/arguments/analyze`
 * and the local argument review read quantifiers, modality, hedges, certainty, intensifiers, negation, report
 * frames and sarcasm markers here, so the same words are read the same way by every route. Time phrases are
 * read before quantifiers (`at some point` is not the quantifier `some`); counted shares are quantifiers
 * (`only one of the four studies` is 0.25); a report frame (`critics claim`, `nobody said`) attributes or
 * denies what follows; a sarcasm marker (`yeah, right`, `oh great`, scare quotes) is marked and left alone.
 */
import { findPhrases, matchAt, phraseIndex, plainIndex, type PhraseIndex } from './cue-phrases'
import {
  CERTAINTY,
  type CueEntry,
  type CueWord,
  DENYING_SUBJECTS,
  HEDGES,
  INTENSIFIERS,
  MODALS,
  NEGATIONS,
  QUANTIFIERS,
  REPORTING_VERBS,
  SARCASM_ANYWHERE,
  SARCASM_MARKERS,
  TIME_PHRASES,
} from './cues'
import { functionClass } from './function-words'
import { NUMBER_WORD_VALUES, numeralValue } from './numbers'
import type { Span, Token } from './tokens'

export type CueKind = 'quantifier' | 'modal' | 'hedge' | 'certainty' | 'intensifier' | 'negation' | 'time'

export type ReadCue = {
  kind: CueKind
  /** The cue as listed (lower case), or the counted share as written in lower case. */
  phrase: string
  value: number
  span: Span
  firstToken: number
  endToken: number
}

const INDEXES: Array<[CueKind, PhraseIndex]> = [
  ['time', plainIndex(TIME_PHRASES)],
  ['certainty', phraseIndex(CERTAINTY)],
  ['hedge', phraseIndex(HEDGES)],
  ['quantifier', phraseIndex(QUANTIFIERS)],
  ['modal', phraseIndex(MODALS)],
  ['intensifier', phraseIndex(INTENSIFIERS)],
  ['negation', plainIndex(NEGATIONS)],
]

/** The largest number a count is read from as a word (`two of the ten`); numerals count whatever their size. */
const LARGEST_COUNT_WORD = 10
const COUNT_WORDS: ReadonlySet<string> = new Set(
  [...NUMBER_WORD_VALUES].filter(([, value]) => value <= LARGEST_COUNT_WORD).map(([word]) => word),
)
const EXCLUSIVE = new Set(['only', 'just', 'merely'])
const DEFINITE = new Set(['the', 'these', 'those'])

/** The value of a number written as a word up to ten or in digits (`1,000` included). */
export function countValue(lower: string): number | null {
  if (COUNT_WORDS.has(lower)) return NUMBER_WORD_VALUES.get(lower) as number
  return lower.includes('.') ? null : numeralValue(lower)
}

const spanOf = (tokens: readonly Token[], first: number, end: number): Span => ({
  start: (tokens[first] as Token).start,
  end: (tokens[end - 1] as Token).end,
})

/**
 * Counted shares: `n of (the) m [noun]` and `n out of m`, with `only`, `just` or `merely` before them
 * (value n / m). The noun after `m` is part of the cue when it is a content word.
 */
function countedShares(text: string, tokens: readonly Token[], from: number, to: number): ReadCue[] {
  const out: ReadCue[] = []
  for (let k = from; k < to; k++) {
    const n = countValue((tokens[k] as Token).lower)
    if (n === null) continue
    const first = k > from && EXCLUSIVE.has((tokens[k - 1] as Token).lower) ? k - 1 : k
    let j = k + 1
    const of =
      tokens[j]?.lower === 'of' ? 1 : tokens[j]?.lower === 'out' && tokens[j + 1]?.lower === 'of' ? 2 : 0
    if (of === 0) continue
    j += of
    if (j < to && DEFINITE.has((tokens[j] as Token).lower)) j++
    const m = j < to ? countValue((tokens[j] as Token).lower) : null
    if (m === null || m === 0) continue
    const end = j + 1 < to && functionClass((tokens[j + 1] as Token).lower) === undefined ? j + 2 : j + 1
    const span = spanOf(tokens, first, end)
    out.push({
      kind: 'quantifier',
      phrase: text.slice(span.start, span.end).toLowerCase(),
      value: Math.round((n / m) * 1000) / 1000,
      span,
      firstToken: first,
      endToken: end,
    })
    k = end - 1
  }
  return out
}

/**
 * The cues of tokens [from, to), in text order, none overlapping another except a negative contraction
 * (`can't` is a modal and a negation). Counted shares are read before single quantifier words.
 */
export function readCues(text: string, tokens: readonly Token[], from = 0, to = tokens.length): ReadCue[] {
  const cues: ReadCue[] = []
  // Most tokens open no cue: the phrase lists are tried only where one may start.
  const starts: number[] = []
  for (let k = from; k < to; k++) if (mayOpenPhrase((tokens[k] as Token).lower)) starts.push(k)
  const counted = hasCount(tokens, from, to)
  if (starts.length === 0 && !counted) return cues
  const taken = new Uint8Array(tokens.length)
  for (const [kind, index] of INDEXES) {
    if (kind === 'quantifier' && counted) {
      for (const share of countedShares(text, tokens, from, to))
        if (isFree(taken, share.firstToken, share.endToken)) take(taken, cues, share)
    }
    let next = from
    for (const i of starts) {
      if (i < next) continue
      const match = matchAt(tokens, index, i, to)
      if (match === null) continue
      next = match.endToken
      // A negative contraction (`don't`) is both a token of another cue and a negation.
      const contraction = kind === 'negation' && match.phrase === "n't"
      if (!contraction && !isFree(taken, match.firstToken, match.endToken)) continue
      take(taken, cues, {
        kind,
        phrase: match.phrase,
        value: match.value,
        span: spanOf(tokens, match.firstToken, match.endToken),
        firstToken: match.firstToken,
        endToken: match.endToken,
      })
    }
  }
  return cues.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end)
}

function isFree(taken: Uint8Array, first: number, end: number): boolean {
  for (let k = first; k < end; k++) if (taken[k] === 1) return false
  return true
}

function take(taken: Uint8Array, cues: ReadCue[], cue: ReadCue): void {
  for (let k = cue.firstToken; k < cue.endToken; k++) taken[k] = 1
  cues.push(cue)
}

/** First words of every listed cue phrase. */
const PHRASE_STARTS: ReadonlySet<string> = new Set(INDEXES.flatMap(([, index]) => [...index.keys()]))

function mayOpenPhrase(lower: string): boolean {
  return PHRASE_STARTS.has(lower) || lower.endsWith("n't")
}

/** Whether tokens [from, to) hold a number, without which there is no counted share. */
function hasCount(tokens: readonly Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const lower = (tokens[k] as Token).lower
    const first = lower.charCodeAt(0)
    if ((first >= 0x30 && first <= 0x39) || COUNT_WORDS.has(lower)) return true
  }
  return false
}

export type ReportFrame = {
  kind: 'report' | 'denial'
  text: string
  span: Span
  /** Who the words are attributed to, as written (`Critics`, `Nobody`). */
  speaker: string
  /** The token after the reporting verb: what is reported starts there. */
  endToken: number
}

const REPORTING = new Set(REPORTING_VERBS)
const DENYING = plainIndex(DENYING_SUBJECTS)
/** How far into a clause a reporting verb may stand and still frame it (`the new study by the council found`). */
const FRAME_REACH = 5

/**
 * A report frame at the start of tokens [first, end): a few words, then a reporting verb (`critics say`,
 * `the study found`, `nobody said`). A denying word before the verb (`nobody`, `no one`, `did not`) makes it
 * a denial.
 */
export function reportFrame(
  text: string,
  tokens: readonly Token[],
  first: number,
  end: number,
): ReportFrame | null {
  const limit = Math.min(end - 1, first + FRAME_REACH)
  for (let k = first; k < limit; k++) {
    if (!REPORTING.has((tokens[k] as Token).lower)) continue
    if (k === first) return null
    const span = spanOf(tokens, first, k + 1)
    const denied = findPhrases(tokens, DENYING, first, k + 1).length > 0
    const speakerEnd = tokens.slice(first, k).findIndex((t) => {
      const cls = functionClass(t.lower)
      return cls === 'do' || cls === 'modal' || cls === 'have' || t.lower === 'never' || t.lower === 'not'
    })
    const speaker = spanOf(tokens, first, speakerEnd <= 0 ? k : first + speakerEnd)
    return {
      kind: denied ? 'denial' : 'report',
      text: text.slice(span.start, span.end),
      span,
      speaker: text.slice(speaker.start, speaker.end),
      endToken: k + 1,
    }
  }
  return null
}

/** How far before the first token and after the last the reader looks for quote marks. */
const GAP_LOOK = 3

function hasOpeningQuote(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i)
    if (code === 0x22 || code === 0x201c) return true
  }
  return false
}

export type SarcasmMark = {
  kind: 'marker' | 'scare-quotes'
  text: string
  span: Span
  firstToken: number
  endToken: number
}

const SARCASM = plainIndex(SARCASM_MARKERS)
const SARCASM_ALWAYS = plainIndex(SARCASM_ANYWHERE)
/** Scare quotes hold a word or two of the sentence's own, not a quotation. */
const SCARE_QUOTE_WORDS = 3
const OPENING_QUOTE = /["“]\s*$/
const CLOSING_QUOTE = /^\s*["”]/

/**
 * Sarcasm markers in tokens [from, to): listed interjections followed by punctuation or the end of the
 * sentence, `so-called`, and scare quotes (one to three words in double quotes, not opened after a
 * reporting verb, a colon or a comma, and without sentence punctuation inside).
 */
export function sarcasmMarks(
  text: string,
  tokens: readonly Token[],
  from = 0,
  to = tokens.length,
): SarcasmMark[] {
  const out: SarcasmMark[] = []
  for (const match of findPhrases(tokens, SARCASM, from, to)) {
    const last = tokens[match.endToken - 1] as Token
    const next = tokens[match.endToken]
    const closes =
      match.endToken >= to || next?.sentence !== last.sentence || /[,.!?;:…—–-]/.test(last.gapAfter)
    if (closes) out.push(markOf(text, tokens, 'marker', match.firstToken, match.endToken))
  }
  for (const match of findPhrases(tokens, SARCASM_ALWAYS, from, to))
    out.push(markOf(text, tokens, 'marker', match.firstToken, match.endToken))
  if (to > from && hasOpeningQuote(text, gapStart(tokens, from), (tokens[to - 1] as Token).end)) {
    for (let k = from; k < to; k++) {
      const before = text.slice(gapStart(tokens, k), (tokens[k] as Token).start)
      if (!OPENING_QUOTE.test(before) || /[:,]\s*["“]\s*$/.test(before)) continue
      if (k > 0 && REPORTING.has((tokens[k - 1] as Token).lower)) continue
      let end = k
      while (end < to && end - k < SCARE_QUOTE_WORDS && /^[\s-]*$/.test(gapAfter(text, tokens, end))) end++
      if (end < to && end - k < SCARE_QUOTE_WORDS && CLOSING_QUOTE.test(gapAfter(text, tokens, end))) {
        out.push(markOf(text, tokens, 'scare-quotes', k, end + 1))
        k = end
      }
    }
  }
  return out.sort((a, b) => a.span.start - b.span.start)
}

function markOf(
  text: string,
  tokens: readonly Token[],
  kind: SarcasmMark['kind'],
  first: number,
  end: number,
): SarcasmMark {
  const span = spanOf(tokens, first, end)
  return { kind, text: text.slice(span.start, span.end), span, firstToken: first, endToken: end }
}

/** Where the gap before token k starts: a few characters before the first token show what opens it. */
function gapStart(tokens: readonly Token[], k: number): number {
  return k > 0 ? (tokens[k - 1] as Token).end : Math.max(0, (tokens[0] as Token).start - GAP_LOOK)
}

/** The gap after token k: a few characters after the last token show a closing quote. */
function gapAfter(text: string, tokens: readonly Token[], k: number): string {
  const token = tokens[k] as Token
  return k + 1 < tokens.length ? token.gapAfter : text.slice(token.end, token.end + GAP_LOOK)
}

/** Modals at or below this commitment hedge (`may`, `might`, `could`); at or above `BOOSTING`, they boost. */
export const HEDGING_MODAL = 0.45
export const BOOSTING_MODAL = 0.95
/** Intensifiers of this factor say "completely" (`entirely`, `totally`): boosters in the review. */
export const COMPLETE_DEGREE = 2

const quantityOf = (value: number): NonNullable<CueWord['quantity']> =>
  value >= 1 ? 'universal' : value <= 0 ? 'none' : 'partial'

/**
 * The review's class of a read cue: quantifiers with their reach, negations, hedges (and weak modals),
 * boosters (certainty markers, strong modals, completeness intensifiers); null for the rest (time phrases,
 * other modals and intensifiers, and a negative contraction's modal reading: `can't` is a negation).
 */
export function reviewClassOf(cue: ReadCue): CueWord | null {
  switch (cue.kind) {
    case 'quantifier':
      return { cue: 'quantifier', quantity: quantityOf(cue.value) }
    case 'negation':
      return { cue: 'negation' }
    case 'hedge':
      return { cue: 'hedge' }
    case 'certainty':
      return { cue: 'booster' }
    case 'modal':
      if (cue.phrase.includes("'")) return null
      return cue.value <= HEDGING_MODAL
        ? { cue: 'hedge' }
        : cue.value >= BOOSTING_MODAL
          ? { cue: 'booster' }
          : null
    case 'intensifier':
      return cue.value >= COMPLETE_DEGREE ? { cue: 'booster' } : null
    case 'time':
      return null
  }
}

/** The longest word of each phrase of more than one word: a phrase cannot occur without any of its words. */
const phraseKeys = (phrases: readonly string[]) =>
  phrases
    .filter((p) => p.includes(' '))
    .map((p) => p.split(' ').reduce((longest, w) => (w.length >= longest.length ? w : longest)))

/**
 * Words without which no phrase cue, counted share, report frame or sarcasm marker can occur. A sentence
 * without any of them (and without a double quote) reads as its one-word cues (`CUE_WORDS`) alone, which is
 * what the reader would find in it.
 */
const TRIGGERS: ReadonlySet<string> = new Set([
  ...[QUANTIFIERS, MODALS, HEDGES, CERTAINTY, INTENSIFIERS].flatMap((list) =>
    phraseKeys(list.map((e) => e.phrase)),
  ),
  ...phraseKeys(NEGATIONS),
  ...phraseKeys(TIME_PHRASES),
  ...phraseKeys(SARCASM_MARKERS),
  ...SARCASM_ANYWHERE.flatMap((p) => p.split(' ')),
  ...REPORTING_VERBS,
  ...COUNT_WORDS,
])

/** Whether a lower-case word may be part of a phrase cue, a counted share, a report frame or a sarcasm marker. */
export function opensCue(lower: string): boolean {
  const first = lower.charCodeAt(0)
  return (first >= 0x30 && first <= 0x39) || TRIGGERS.has(lower)
}

/**
 * One-word cues for the review's word reader, classed as the reader classes them (a quantifier's share gives
 * its reach); each word is in the first class that lists it, in the reader's order.
 */
export const CUE_WORDS: ReadonlyMap<string, CueWord> = (() => {
  const out = new Map<string, CueWord>()
  // The order in which `readCues` takes them, so a word alone is classed as the reader classes it.
  const lists: Array<[CueKind, readonly CueEntry[]]> = [
    ['certainty', CERTAINTY],
    ['hedge', HEDGES],
    ['quantifier', QUANTIFIERS],
    ['modal', MODALS],
    ['intensifier', INTENSIFIERS],
    ['negation', NEGATIONS.map((phrase) => ({ phrase, value: 1 }))],
  ]
  for (const [kind, list] of lists) {
    for (const { phrase, value } of list) {
      if (phrase.includes(' ') || out.has(phrase)) continue
      const cue = reviewClassOf({
        kind,
        phrase,
        value,
        span: { start: 0, end: 0 },
        firstToken: 0,
        endToken: 0,
      })
      if (cue) out.set(phrase, cue)
    }
  }
  return out
})()

const NEGATED_CONTRACTION: CueWord = { cue: 'negation' }

/** The review's cue of a lower-case word: listed words, and any contraction ending in n't (don't, isn't). */
export function cueClassOf(lower: string): CueWord | undefined {
  return CUE_WORDS.get(lower) ?? (lower.endsWith("n't") ? NEGATED_CONTRACTION : undefined)
}

function wordsOf(cue: CueWord['cue'], quantity?: CueWord['quantity']): string[] {
  return [...CUE_WORDS].filter(([, c]) => c.cue === cue && c.quantity === quantity).map(([w]) => w)
}

/** The review's word lists as published: cue class (and quantity) → words. */
export const CUE_WORD_LISTS = {
  negation: [...wordsOf('negation'), "any word ending in n't"],
  hedge: wordsOf('hedge'),
  booster: wordsOf('booster'),
  quantifier: {
    universal: wordsOf('quantifier', 'universal'),
    partial: wordsOf('quantifier', 'partial'),
    none: wordsOf('quantifier', 'none'),
  },
}
