/**
 * Observation entries: what one contribution puts in the log, checked against the lexicon, and its leaf
 * bytes (RFC 8785 canonical JSON, so that the same contribution always gives the same leaf and a
 * duplicate is recognised by its leaf hash).
 */
import { type Lexicon, normalizeLemma, senseIndexOf, senseKey, sensesOf } from '../lexicon/lexicon'
import { baseForms } from '../lexicon/morphology'
import { canonicalJson } from '../storage/canonical-json'
import { ENTRY_FORMAT, ObservationEntrySchema, type ObservationEntry, type ObservationInput } from './schemas'

export type EntryProblem = { code: string; path: string; message: string; hint?: string }

/** The lemmas an expression can stand for: itself when it is a lexicon word, and its base forms. */
export function expressionLemmas(lexicon: Lexicon, expression: string): string[] {
  const asked = normalizeLemma(expression)
  const lemmas = sensesOf(lexicon, asked).length > 0 ? [asked] : []
  for (const form of baseForms(lexicon, asked)) if (!lemmas.includes(form.word)) lemmas.push(form.word)
  return lemmas
}

/** Checks that a span is a half-open UTF-16 range of the passage holding the expression. */
export function spanProblem(
  passage: string,
  span: { start: number; end: number },
  expression: string,
  path: string,
): EntryProblem | null {
  if (span.end <= span.start || span.end > passage.length) {
    return {
      code: 'span_out_of_range',
      path,
      message: `The span [${span.start}, ${span.end}) must be a non-empty range within the passage's ${passage.length} UTF-16 code units.`,
    }
  }
  const quoted = passage.slice(span.start, span.end)
  if (normalizeLemma(quoted) !== normalizeLemma(expression)) {
    return {
      code: 'span_mismatch',
      path,
      message: `The span [${span.start}, ${span.end}) holds ${JSON.stringify(quoted)}, not the expression ${JSON.stringify(expression)}.`,
    }
  }
  return null
}

/** The entry for a contribution, or the first problem with it. */
export function observationEntry(
  lexicon: Lexicon,
  input: ObservationInput,
  contributor: string,
): ObservationEntry | EntryProblem {
  const span = spanProblem(input.source.passage, input.source.span, input.expression, 'source.span')
  if (span) return span
  const lemmas = expressionLemmas(lexicon, input.expression)
  if (lemmas.length === 0) {
    return {
      code: 'expression_not_found',
      path: 'expression',
      message: `${JSON.stringify(input.expression)} is not a lexicon word or an inflected form of one.`,
    }
  }
  const sense = senseIndexOf(lexicon, input.meaning)
  if (sense === undefined) {
    return {
      code: 'meaning_not_found',
      path: 'meaning',
      message: `No meaning ${JSON.stringify(input.meaning)}.`,
    }
  }
  const lemma = lemmas.find((l) => sensesOf(lexicon, l).includes(sense))
  if (lemma === undefined) {
    return {
      code: 'meaning_not_of_expression',
      path: 'meaning',
      message: `${input.meaning} is not a meaning of ${JSON.stringify(input.expression)} (${lemmas.join(', ')}).`,
      hint: `GET /api/lexicon/words/${encodeURIComponent(lemmas[0] as string)} lists its meaning IDs.`,
    }
  }
  const { label, url, passage } = input.source
  return {
    format: ENTRY_FORMAT,
    expression: input.expression,
    lemma,
    meaning: senseKey(lexicon, sense),
    source: { label, ...(url === undefined ? {} : { url }), passage, span: { ...input.source.span } },
    contributor,
    mayShare: true,
  }
}

export function isEntryProblem(value: ObservationEntry | EntryProblem): value is EntryProblem {
  return 'code' in value
}

const encoder = new TextEncoder()
const decoder = new TextDecoder('utf-8', { fatal: true })

export function entryLeaf(entry: ObservationEntry): Uint8Array {
  return encoder.encode(canonicalJson(entry))
}

/** The entry a leaf holds, when it is the canonical encoding of a well-formed entry; otherwise null. */
export function readEntry(leaf: Uint8Array | string): ObservationEntry | null {
  let text: string
  let value: unknown
  try {
    text = typeof leaf === 'string' ? leaf : decoder.decode(leaf)
    value = JSON.parse(text)
  } catch {
    return null
  }
  const parsed = ObservationEntrySchema.safeParse(value)
  // Parsing drops unknown members, so a leaf with any is not canonical and is refused here.
  if (!parsed.success || canonicalJson(parsed.data) !== text) return null
  return parsed.data
}

/**
 * The consensus group of a leaf: the lemma of its meaning. Used when the log is reopened, on leaves this
 * service checked before appending and whose checksums the store has just verified, so it reads only the
 * lemma instead of re-validating each entry.
 */
export function entryGroup(leaf: Uint8Array): string | null {
  try {
    const lemma = (JSON.parse(decoder.decode(leaf)) as { lemma?: unknown }).lemma
    return typeof lemma === 'string' ? lemma : null
  } catch {
    return null
  }
}
