/**
 * Verb-phrase ellipsis and its kin, restored by copying the antecedent's predicate: `So did Bill`, `Bill did
 * too`, `and so does Jones`, `but Bill didn't`, `The students have too`, `And Bill did at five o'clock`
 * (the new adjunct replaces the antecedent's of the same kind), `Bill owns one too` / `a blue one` (the
 * antecedent's noun), and fragments (`But only one woman.`, `And women.`) that replace the antecedent's
 * matching noun phrase. A possessive in the copied predicate is read both ways (`his company` for Jones:
 * Smith's, strict, or Jones's own, sloppy).
 */
import type { Lexicon } from '../../lexicon/lexicon'
import { bare, clauseOf, deniedPredicate, opensWithAuxiliary, type Clause, type Implied } from './clauses'
import { NUMBER_WORD_VALUES, numeralValue } from '../../text/numbers'
import { readClaim, type Term } from './reading'
import { isVerbToken } from './claim-parts'
import { excludeTerms, opposeTerms } from './relations'

const AUX = String.raw`(?:did|does|do|has|have|had|is|are|was|were|will|would|can|could|should)`
const NEG = String.raw`(?:n't|\s+not)`
const NP = String.raw`((?:the\s+|a\s+|an\s+)?[\p{L}\d_'-]+(?:\s+[\p{L}\d_'-]+){0,2}?)`
const TOO = String.raw`(?:\s+(?:too|also|as\s+well))?`
const ADJUNCT = String.raw`(?:\s+((?:at|on|in|by|before|after|during|with|for)\s+[^,;]+))?`

/** `So did Bill` / `so does Jones`. */
const SO_AUX = new RegExp(String.raw`^so\s+${AUX}\s+${NP}$`, 'iu')
/** `Bill did too`, `Bill didn't`, `The students have too`, `Bill did at five o'clock`. */
const NP_AUX = new RegExp(String.raw`^${NP}\s+(${AUX})(${NEG})?${TOO}${ADJUNCT}$`, 'iu')
/** A clause ending a sentence: `…, and so does Jones`, `… and Bill did too`, `…, but Bill didn't`. */
const TRAILING = new RegExp(
  String.raw`^(.+?)(?:,\s*|\s+)(?:and|but)\s+(so\s+${AUX}\s+[^,;]+?|[^,;]+?\s+${AUX}(?:${NEG})?${TOO}${ADJUNCT})$`,
  'iu',
)

const POSSESSIVE = /\b(his|her|their|its)\b/giu
const SUBJECT_PRONOUN = /\b(he|she|they)\b/giu

/** The predicate with the adjunct put in place of the antecedent's time or place words of the same kind. */
function withAdjunct(lexicon: Lexicon, antecedent: Clause, adjunct: string | undefined): string {
  if (!adjunct) return antecedent.predicate
  const kinds = readClaim(lexicon, adjunct).cues.filter((c) => c.kind === 'time' || c.kind === 'place')
  const kind = kinds[0]?.kind
  const offset = antecedent.text.length - antecedent.predicate.length
  const old = antecedent.reading.cues.find((c) => c.kind === kind && c.span.start >= offset)
  if (!old) return `${antecedent.predicate} ${adjunct}`
  const p = antecedent.predicate
  return `${p.slice(0, old.span.start - offset)}${adjunct}${p.slice(old.span.end - offset)}`.trim()
}

/** The predicate for a new subject: affirmed or denied, its auxiliary matched to the one the ellipsis uses. */
function predicateFor(
  antecedent: Clause,
  aux: string | undefined,
  denied: boolean,
  predicate: string,
): string {
  const c = { ...antecedent, predicate }
  if (denied) return deniedPredicate(c)
  if (aux && opensWithAuxiliary(c) && !/^(?:did|does|do)$/iu.test(aux))
    return `${aux} ${predicate.split(/\s+/u).slice(1).join(' ')}`
  return predicate
}

/** Both readings of a copied predicate's possessives and pronouns: as written (sloppy) and the antecedent's (strict). */
function readings(subject: string, antecedent: Clause, predicate: string): string[] {
  const out = [`${subject} ${predicate}`]
  if (POSSESSIVE.test(predicate) || SUBJECT_PRONOUN.test(predicate)) {
    const owner = antecedent.subject
    out.push(`${subject} ${predicate.replace(POSSESSIVE, `${owner}'s`).replace(SUBJECT_PRONOUN, owner)}`)
  }
  POSSESSIVE.lastIndex = 0
  SUBJECT_PRONOUN.lastIndex = 0
  return out
}

function restore(lexicon: Lexicon, antecedentText: string, ellipsis: string): Implied[] {
  const e = bare(ellipsis)
  const so = SO_AUX.exec(e)
  const m = so ? null : NP_AUX.exec(e)
  if (!so && !m) return []
  const antecedent = clauseOf(lexicon, antecedentText)
  if (!antecedent) return []
  const subject = (so ? so[1] : m?.[1]) as string
  const aux = m?.[2]
  const denied = m?.[3] !== undefined
  const predicate = predicateFor(antecedent, aux, denied, withAdjunct(lexicon, antecedent, m?.[4]))
  return readings(subject, antecedent, predicate).map((text) => ({
    text,
    explanation: `"${ellipsis.trim()}" repeats what "${antecedent.text}" says of ${antecedent.subject}: read as "${text}".`,
  }))
}

/** `one` standing for the antecedent's noun (`Bill owns one too`, `a blue one`). */
function oneAnaphora(lexicon: Lexicon, antecedentText: string, sentence: string): Implied[] {
  const s = bare(sentence)
  const r = readClaim(lexicon, s)
  const at = r.tokens.findIndex((t) => t.lower === 'one')
  if (at <= 0 || r.tokens[at + 1]?.lower === 'of') return []
  const antecedent = readClaim(lexicon, bare(antecedentText))
  const subjectEnd = antecedent.subject?.span.end ?? 0
  const noun = antecedent.terms.find((t) => t.span.start >= subjectEnd && t.partOfSpeech === 'noun')
  if (!noun) return []
  const before = r.tokens[at - 1] as { lower: string }
  const modified =
    ['a', 'an', 'the'].includes(before.lower) ||
    r.terms.some((t) => t.token === at - 1 && t.partOfSpeech !== 'verb')
  const one = r.tokens[at] as { start: number; end: number }
  const text = `${s.slice(0, one.start)}${modified ? noun.text : `a ${noun.text}`}${s.slice(one.end)}`
  return [
    {
      text,
      explanation: `"one" in "${sentence.trim()}" stands for "${noun.text}" of the sentence before: read as "${text}".`,
    },
  ]
}

/**
 * A verbless fragment (`But only one woman.`, `And women.`) put in place of the antecedent's noun phrase of
 * the same sort: the noun it excludes (`men` / `women`), else the subject.
 */
function fragment(lexicon: Lexicon, antecedentText: string, sentence: string): Implied[] {
  const f = bare(sentence)
  const reading = readClaim(lexicon, f)
  if (reading.terms.length === 0 || reading.tokens.some((_, k) => isVerbToken(reading, k))) return []
  if (reading.cues.some((c) => c.kind === 'time' || c.kind === 'place')) return []
  const head = reading.terms[reading.terms.length - 1]
  const antecedent = readClaim(lexicon, bare(antecedentText))
  if (!head || !antecedent.subject) return []
  const counted = (t: Term) => numeralOrNumber(antecedent.tokens[t.token - 1]?.lower)
  const target =
    antecedent.terms.find(
      (t) =>
        t.partOfSpeech === 'noun' &&
        (excludeTerms(lexicon, head, t) !== null || opposeTerms(lexicon, head, t) !== null),
    ) ??
    (numeralOrNumber(reading.tokens.find((t) => t.lower !== 'only' && t.lower !== 'just')?.lower)
      ? antecedent.terms.find((t) => t.partOfSpeech === 'noun' && counted(t))
      : undefined)
  const a = antecedent.text
  let text: string
  if (target) {
    const start = nounPhraseStart(
      antecedent.tokens.map((t) => t.lower),
      target.token,
    )
    text = `${a.slice(0, (antecedent.tokens[start] as { start: number }).start)}${f}${a.slice(target.span.end)}`
  } else {
    text = `${f}${a.slice(antecedent.subject.span.end)}`
  }
  return [{ text, explanation: `"${sentence.trim()}" stands in for part of "${a}": read as "${text}".` }]
}

const numeralOrNumber = (w: string | undefined): boolean =>
  w !== undefined && (NUMBER_WORD_VALUES.has(w) || numeralValue(w) !== null)

const NP_WORDS = new Set(['the', 'a', 'an', 'many', 'some', 'few', 'several', 'all', 'no'])

/** Where the noun phrase ending at `head` starts: back over determiners, numbers and modifiers. */
function nounPhraseStart(words: readonly string[], head: number): number {
  let k = head
  while (
    k > 0 &&
    (NP_WORDS.has(words[k - 1] as string) ||
      /^\d|^(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty)$/u.test(words[k - 1] as string))
  )
    k--
  return k
}

/** A question word ending a sentence (`Bill doesn't know why.`) asks about the sentence before. */
function sluice(previous: string, sentence: string): Implied[] {
  const s = bare(sentence)
  if (!/\b(?:why|how|when|where|who|what|whether)$/iu.test(s)) return []
  const p = bare(previous)
  const text = `${s} ${p.charAt(0).toLowerCase() === p.charAt(0) ? p : /^\p{Lu}\p{Ll}+\b/u.test(p) && !/^(?:The|A|An)\b/u.test(p) ? p : p.charAt(0).toLowerCase() + p.slice(1)}`
  return [{ text, explanation: `"${sentence.trim()}" asks about "${p}": read as "${text}".` }]
}

/** What the sentence restores from the sentence before it (`previous`), and clause-final ellipses of its own. */
export function restoreEllipsis(lexicon: Lexicon, previous: string | null, sentence: string): Implied[] {
  const own = TRAILING.exec(bare(sentence))
  if (own) return restore(lexicon, own[1] as string, own[2] as string)
  if (!previous) return []
  const whole = restore(lexicon, previous, sentence)
  if (whole.length > 0) return whole
  const question = sluice(previous, sentence)
  if (question.length > 0) return question
  const one = oneAnaphora(lexicon, previous, sentence)
  if (one.length > 0) return one
  return fragment(lexicon, previous, sentence)
}
