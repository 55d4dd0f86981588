/**
 * A claim read for comparison: its cues (quantifiers, modality, hedges, certainty, intensifiers, negation,
 * time and place qualifiers), its content terms with lexicon lemmas, its grammatical subject, its polarity
 * and the commitment its wording expresses. Every span is a half-open UTF-16 range into the claim's text.
 */
import { type Lexicon, sensesOf, senseSynset, senseSynsetPos, synsetAt } from '../../lexicon/lexicon'
import type { PartOfSpeech } from '../../lexicon/wordnet-format'
import { functionClass } from '../../text/function-words'
import { tagTokens } from '../../text/tagger'
import { tokenize, type Span, type Token } from '../../text/tokens'
import { formReadings, matchKeys } from '../../text/word-forms'
import { readCues, sarcasmMarks, type CueKind as ReadCueKind } from '../../text/cue-reader'
import { readParaphrases } from './paraphrase'
import { PLACE_PREPOSITIONS, PLACE_WORDS, TIME_NOUNS, TIME_PREPOSITIONS, TIME_WORDS } from '../../text/cues'

export type CueKind = ReadCueKind | 'place' | 'sarcasm'

export type Cue = {
  kind: CueKind
  text: string
  phrase: string
  span: Span
  value: number
  firstToken: number
  endToken: number
}

export type Term = {
  text: string
  span: Span
  token: number
  /** The lexicon word it reads as, or the lower-case word when the lexicon does not know it. */
  lemma: string
  keys: readonly string[]
  partOfSpeech: PartOfSpeech | null
}

export type ClaimReading = {
  text: string
  tokens: Token[]
  cues: Cue[]
  terms: Term[]
  subject: { span: Span; text: string; head: Term | null; modifiers: Term[] } | null
  polarity: 'affirmative' | 'negative'
  /** Commitment expressed by modality, hedges and certainty markers (0..1); a bare assertion is 0.8. */
  certainty: number
  /** Product of the intensifiers' factors; 1 without any. */
  degree: number
}

const TIME_WORD = new Set(TIME_WORDS)
const TIME_NOUN = new Set(TIME_NOUNS)
const TIME_PREPOSITION = new Set(TIME_PREPOSITIONS)
const PLACE_WORD = new Set(PLACE_WORDS)
const PLACE_PREPOSITION = new Set(PLACE_PREPOSITIONS)
const YEAR = /^(?:1[5-9]|20)\d\d(?:s)?$/
const BARE_ASSERTION = 0.8

/** Whether a word names a place: capitalized, or a noun with a meaning in noun.location. */
function isPlaceWord(lexicon: Lexicon, token: Token): boolean {
  for (const reading of formReadings(lexicon, token.lower)) {
    if (reading.partOfSpeech !== 'noun') continue
    for (const sense of sensesOf(lexicon, reading.word)) {
      const synset = synsetAt(lexicon, senseSynset(lexicon, sense))
      if (senseSynsetPos(lexicon, sense) === 'noun' && synset[2] === 15) return true
    }
  }
  return false
}

function qualifierCues(lexicon: Lexicon, text: string, tokens: readonly Token[], taken: Set<number>): Cue[] {
  const cues: Cue[] = []
  const push = (kind: CueKind, i: number, j: number) => {
    for (let k = i; k < j; k++) taken.add(k)
    const span = { start: (tokens[i] as Token).start, end: (tokens[j - 1] as Token).end }
    const phrase = text.slice(span.start, span.end)
    cues.push({
      kind,
      text: phrase,
      phrase: phrase.toLowerCase(),
      span,
      value: 1,
      firstToken: i,
      endToken: j,
    })
  }
  for (let i = 0; i < tokens.length; i++) {
    if (taken.has(i)) continue
    const t = tokens[i] as Token
    if (TIME_WORD.has(t.lower) || YEAR.test(t.lower)) {
      push('time', i, i + 1)
      continue
    }
    if (PLACE_WORD.has(t.lower)) {
      push('place', i, i + 1)
      continue
    }
    const limit = Math.min(tokens.length, i + 5)
    if (TIME_PREPOSITION.has(t.lower)) {
      const end = findEnd(tokens, i, limit, (u) => TIME_NOUN.has(u.lower) || YEAR.test(u.lower))
      if (end !== -1) {
        push('time', i, end + 1)
        i = end
        continue
      }
    }
    if (PLACE_PREPOSITION.has(t.lower)) {
      const end = findEnd(tokens, i, limit, (u) => /^\p{Lu}/u.test(u.text) || isPlaceWord(lexicon, u))
      if (end !== -1) {
        let last = end
        while (
          last + 1 < tokens.length &&
          /^\p{Lu}/u.test((tokens[last + 1] as Token).text) &&
          /^ $/.test((tokens[last] as Token).gapAfter)
        )
          last++
        push('place', i, last + 1)
        i = last
      }
    }
  }
  return cues
}

/** The first token after `i` (same sentence, plain spacing) that satisfies `test`, or -1. */
function findEnd(tokens: readonly Token[], i: number, limit: number, test: (t: Token) => boolean): number {
  for (let k = i + 1; k < limit; k++) {
    const prev = tokens[k - 1] as Token
    if (!/^\s+$/.test(prev.gapAfter)) return -1
    const t = tokens[k] as Token
    if (test(t)) return k
    if (
      ![
        'the',
        'a',
        'an',
        'this',
        'that',
        'last',
        'next',
        'early',
        'late',
        'recent',
        'past',
        'coming',
      ].includes(t.lower) &&
      !/^\d+$/.test(t.lower)
    )
      return -1
  }
  return -1
}

export function readClaim(lexicon: Lexicon, text: string): ClaimReading {
  const { tokens } = tokenize(text)
  const tags = tagTokens(lexicon, tokens)
  const taken = new Set<number>()
  const asCue = (
    kind: CueKind,
    phrase: string,
    value: number,
    span: Span,
    first: number,
    end: number,
  ): Cue => {
    for (let k = first; k < end; k++) taken.add(k)
    return {
      kind,
      text: text.slice(span.start, span.end),
      phrase,
      span,
      value,
      firstToken: first,
      endToken: end,
    }
  }
  // Sarcasm markers are marked and left alone: their words are neither content nor another cue.
  const cues: Cue[] = sarcasmMarks(text, tokens)
    .filter((m) => m.kind === 'marker')
    .map((m) => asCue('sarcasm', m.text.toLowerCase(), 1, m.span, m.firstToken, m.endToken))
  for (const cue of readCues(text, tokens)) {
    let free = true
    for (let k = cue.firstToken; k < cue.endToken; k++) if (taken.has(k)) free = false
    if (free || (cue.kind === 'negation' && cue.phrase === "n't"))
      cues.push(asCue(cue.kind, cue.phrase, cue.value, cue.span, cue.firstToken, cue.endToken))
  }
  cues.push(...qualifierCues(lexicon, text, tokens, taken))
  cues.sort((a, b) => a.span.start - b.span.start)

  const terms: Term[] = []
  tokens.forEach((token, i) => {
    if (taken.has(i) || functionClass(token.lower) !== undefined) return
    const tag = tags[i]
    const readings = formReadings(lexicon, token.lower)
    const reading = readings.find((r) => r.partOfSpeech === tag?.best) ?? readings[0]
    terms.push({
      text: token.text,
      span: { start: token.start, end: token.end },
      token: i,
      lemma: reading?.word ?? token.lower,
      keys: matchKeys(lexicon, token.lower),
      partOfSpeech: tag?.best ?? null,
    })
  })

  const paraphrased = readParaphrases(lexicon, tokens, terms)

  const negationCount = cues.filter(
    (c) => c.kind === 'negation' || (c.kind === 'quantifier' && c.value === 0),
  ).length
  let certainty = BARE_ASSERTION
  for (const cue of cues) {
    if (cue.kind === 'modal') certainty = Math.min(certainty, cue.value)
  }
  for (const cue of cues) {
    if (cue.kind === 'hedge') certainty *= cue.value / BARE_ASSERTION
    if (cue.kind === 'certainty') certainty = Math.max(certainty, cue.value)
  }
  const degree = cues.filter((c) => c.kind === 'intensifier').reduce((d, c) => d * c.value, 1)

  return {
    text,
    tokens,
    cues,
    terms: paraphrased,
    subject: subjectOf(text, tokens, tags, paraphrased),
    polarity: negationCount % 2 === 1 ? 'negative' : 'affirmative',
    certainty: Math.round(Math.min(1, certainty) * 1000) / 1000,
    degree,
  }
}

/** The words before the first verb of the first sentence: the head is the last content term there. */
function subjectOf(
  text: string,
  tokens: readonly Token[],
  tags: ReturnType<typeof tagTokens>,
  terms: readonly Term[],
): ClaimReading['subject'] {
  let verb = tokens.findIndex((t, i) => {
    const cls = functionClass(t.lower)
    return (
      t.sentence === 0 &&
      (cls === 'be' || cls === 'modal' || cls === 'do' || cls === 'have' || tags[i]?.best === 'verb')
    )
  })
  if (verb <= 0) return null
  while (verb > 0 && functionClass((tokens[verb - 1] as Token).lower) === 'negation') verb--
  // An opening phrase set off by a comma ("In the trial, coffee …") is not part of the subject.
  let first = 0
  for (let k = 0; k < verb - 1; k++) if (/[,;:]/.test((tokens[k] as Token).gapAfter)) first = k + 1
  const inside = terms.filter((t) => t.token >= first && t.token < verb)
  if (inside.length === 0) return null
  const start = (tokens[first] as Token).start
  const end = (tokens[verb - 1] as Token).end
  return {
    span: { start, end },
    text: text.slice(start, end),
    head: inside[inside.length - 1] ?? null,
    modifiers: inside.slice(0, -1),
  }
}
