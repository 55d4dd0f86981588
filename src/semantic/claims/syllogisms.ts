/**
 * Universal premises applied to the other sentences of an excerpt, as a syllogism does: `All APCOM managers
 * have company cars` with `Jones is an APCOM manager` gives `Jones have company cars`; `No student used her
 * workstation` with `Mary is a student` gives `Mary did not use her workstation`; `Every Swede is a
 * Scandinavian` turns `A Swede won` into `A Scandinavian won` (upward) and `All Scandinavians …` would
 * not be turned, while `Every Canadian resident is a resident of the continent` turns `All residents of the
 * continent can …` into `All Canadian residents can …` (the restrictor of `all` is downward); `Every person
 * who has the right to live in Europe can travel freely` gives, for whatever `has the right to live in
 * Europe` and is a person, that it `can travel freely`.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import { bare, clauseOf, deniedPredicate, type Implied } from './clauses'
import { isVerbToken, lowerAt, termAt } from './claim-parts'
import { readClaim, type ClaimReading } from './reading'

type Universal = {
  text: string
  quantifier: 'all' | 'no'
  restrictor: string
  /** The relative clause's predicate (`has the right to live in Europe`), or null. */
  relative: string | null
  predicate: string
  /** For `all A are (a) B`: B. */
  category: string | null
}

const UNIVERSAL = new Set(['all', 'every', 'each', 'no'])
/** `Everyone who …`, `anyone who …`: a universal over persons. */
const EVERYONE = new Set(['everyone', 'everybody', 'anyone', 'anybody'])
const RELATIVE = new Set(['who', 'that', 'which'])
const COPULA = /^(?:is|are|was|were)\s+(?:(?:a|an)\s+)?(.+)$/iu
/** Nouns that any person is: `every individual who …` applies to whoever is said to do it. */
const ANYONE = new Set(['person', 'individual', 'people', 'one', 'human', 'anyone', 'someone'])

const slice = (r: ClaimReading, from: number, to: number) =>
  r.text.slice((r.tokens[from] as { start: number }).start, (r.tokens[to - 1] as { end: number }).end)

/** The main verb after a relative clause: a verb right after a noun, adjective or name, not after `to`. */
function mainVerbAfter(r: ClaimReading, from: number): number {
  for (let k = from + 1; k < r.tokens.length; k++) {
    if (!isVerbToken(r, k) || lowerAt(r, k - 1) === 'to') continue
    const before = termAt(r, k - 1)
    if (before && before.partOfSpeech !== 'verb' && before.partOfSpeech !== 'adverb') return k
  }
  return -1
}

function universalOf(lexicon: Lexicon, sentence: string): Universal | null {
  const text = bare(sentence)
  const allOf = /^(?:the\s+)?(.+?)\s+(are|were)\s+all\s+(.+)$/iu.exec(text)
  if (allOf && !UNIVERSAL.has((allOf[1] as string).split(/\s+/u)[0]?.toLowerCase() ?? '')) {
    return {
      text,
      quantifier: 'all',
      restrictor: allOf[1] as string,
      relative: null,
      predicate: `${allOf[2]} ${allOf[3]}`,
      category: null,
    }
  }
  const r = readClaim(lexicon, text)
  const q = lowerAt(r, 0)
  const everyone = EVERYONE.has(q)
  if ((!UNIVERSAL.has(q) && !everyone) || r.tokens.length < 3) return null
  const rel = r.tokens.findIndex((t, k) => k > (everyone ? 0 : 1) && RELATIVE.has(t.lower))
  const verb =
    rel !== -1 ? mainVerbAfter(r, rel + 1) : r.tokens.findIndex((_, k) => k > 1 && isVerbToken(r, k))
  if (verb === -1 || (rel !== -1 && verb <= rel + 1)) return null
  const predicate = slice(r, verb, r.tokens.length)
  const copula = rel === -1 ? COPULA.exec(predicate) : null
  return {
    text,
    quantifier: q === 'no' ? 'no' : 'all',
    restrictor: everyone ? 'person' : slice(r, 1, rel === -1 ? verb : rel),
    relative: rel === -1 ? null : slice(r, rel + 1, verb),
    predicate,
    category: copula && !/\b(?:not|from|in|at)\b/iu.test(copula[1] as string) ? (copula[1] as string) : null,
  }
}

const lemmas = (lexicon: Lexicon, phrase: string): string[] =>
  readClaim(lexicon, phrase).terms.map((t) => t.lemma)

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x))
const within = (a: readonly string[], b: readonly string[]) => a.length > 0 && a.every((x) => b.includes(x))

/** `X is a/an … A`: the name and the noun phrase. */
const MEMBER = /^(\p{Lu}[\p{L}\d_'-]*(?:\s+\p{Lu}[\p{L}\d_'-]*)*)\s+(?:is|was)\s+(?:a|an)\s+(.+)$/u

/** What the universals among `sentences` give when applied to the others. */
export function applyUniversals(lexicon: Lexicon, sentences: readonly string[]): Implied[] {
  const universals = sentences.flatMap((s) => universalOf(lexicon, s) ?? [])
  if (universals.length === 0) return []
  const out: Implied[] = []
  const said = (text: string, u: Universal, how: string) =>
    out.push({ text, explanation: `"${u.text}" ${how}: read as "${text}".` })
  for (const sentence of sentences) {
    const s = bare(sentence)
    const member = MEMBER.exec(s)
    const clause = clauseOf(lexicon, s)
    for (const u of universals) {
      if (u.text === s) continue
      const restrictor = lemmas(lexicon, u.restrictor)
      if (member && u.relative === null && within(restrictor, lemmas(lexicon, member[2] as string))) {
        const name = member[1] as string
        const affirmed = `${name} ${u.predicate}`
        const c = u.quantifier === 'no' ? clauseOf(lexicon, affirmed) : null
        said(c ? `${name} ${deniedPredicate(c)}` : affirmed, u, `applies to ${name}, who is one of them`)
        continue
      }
      const each = member && u.quantifier === 'all' ? eachOfMany(lexicon, u, member) : null
      if (each) {
        said(each, u, `applies to each of the things the other sentence counts for ${member?.[1]}`)
        continue
      }
      if (u.category !== null && u.quantifier === 'all') {
        const replaced = substitute(lexicon, s, u)
        if (replaced) said(replaced, u, 'puts one kind for the other where the other sentence allows it')
      }
      if (u.relative !== null && u.quantifier === 'all' && clause) {
        const doing = lemmas(lexicon, clause.predicate)
        if (!sameSet(doing, lemmas(lexicon, u.relative))) continue
        if (!isKind(lexicon, clause.subject, restrictor, universals)) continue
        said(
          `${clause.subject} ${u.predicate}`,
          u,
          `applies to ${clause.subject}, of whom the excerpt says that much`,
        )
      }
    }
  }
  return out
}

/** `owns a computer`, `rents a parking space`: a verb and the one thing it introduces (its head noun last). */
const ONE_THING = /^(\p{L}+)\s+(?:a|an)\s+(?:\p{L}+\s+)*?(\p{L}+)$/u
/** `customer that owns several computers`: the kind, a verb, and many things. */
const MANY_THINGS =
  /^(.+?)\s+(?:that|who|which)\s+(\p{L}+)\s+(?:several|some|many|a\s+few|two|three|four|five|\d+)\s+(\p{L}+)$/u
/** Verbs of having, whose object is also said with a possessive (`owns computers` / `its computers`). */
const HAVING = new Set(['own', 'have', 'possess'])

/**
 * `Every customer who owns a computer has a service contract for it` with `MFI is a customer that owns several
 * computers`: the pronoun stands for each computer in turn, so MFI has a service contract for all of them
 * (`all MFI's computers`, where the verb is one of having).
 */
function eachOfMany(lexicon: Lexicon, u: Universal, member: RegExpExecArray): string | null {
  const one = u.relative === null ? null : ONE_THING.exec(u.relative)
  const many = MANY_THINGS.exec(member[2] as string)
  if (!one || !many || !/\bit\b/iu.test(u.predicate)) return null
  if (!within(lemmas(lexicon, u.restrictor), lemmas(lexicon, many[1] as string))) return null
  const [verb, noun] = [lemmas(lexicon, one[1] as string), lemmas(lexicon, one[2] as string)]
  if (
    !sameSet(verb, lemmas(lexicon, many[2] as string)) ||
    !sameSet(noun, lemmas(lexicon, many[3] as string))
  )
    return null
  const name = member[1] as string
  const all = HAVING.has(verb[0] ?? '')
    ? `all ${name}'s ${many[3]}`
    : `every ${one[2]} that ${name} ${many[2]}`
  return `${name} ${u.predicate.replace(/\bit\b/iu, all)}`
}

/** Whether what `subject` names is one of `restrictor`: the same noun, a kind any person is, or a premise says so. */
function isKind(
  lexicon: Lexicon,
  subject: string,
  restrictor: readonly string[],
  universals: readonly Universal[],
): boolean {
  const own = lemmas(lexicon, subject)
  const head = restrictor[restrictor.length - 1] ?? ''
  if (ANYONE.has(head) || own.includes(head)) return true
  return universals.some(
    (u) =>
      u.category !== null &&
      within(lemmas(lexicon, u.restrictor), own) &&
      lemmas(lexicon, u.category).includes(head),
  )
}

/**
 * `All A are B` applied to another sentence: A put up to B where it is upward (not under a universal or a
 * negation), B put down to A in the restrictor of `all`/`every`/`each`.
 */
function substitute(lexicon: Lexicon, s: string, u: Universal): string | null {
  const r = readClaim(lexicon, s)
  const q = lowerAt(r, 0)
  if (r.cues.some((c) => c.kind === 'negation') || q === 'no') return null
  const category = u.category as string
  const [from, to] = UNIVERSAL.has(q) ? [category, u.restrictor] : [u.restrictor, category]
  const want = lemmas(lexicon, from)
  const terms = r.terms
  for (let i = 0; i + want.length <= terms.length; i++) {
    const run = terms.slice(i, i + want.length)
    if (!run.every((t, k) => t.lemma === want[k])) continue
    if (
      UNIVERSAL.has(q) &&
      (r.subject === null || (run[0] as { span: { start: number } }).span.start >= r.subject.span.end)
    )
      return null
    const start = (run[0] as { span: { start: number } }).span.start
    const end = (run[run.length - 1] as { span: { end: number } }).span.end
    return `${s.slice(0, start)}${to}${s.slice(end)}`
  }
  return null
}
