/**
 * Pronouns and repeated statements read across the sentences of an excerpt, beyond the sentence-initial
 * subject `premises.ts` puts back: `they` after two joined clauses stands for both subjects and `them` for
 * what each introduced (`Smith took a machine, and Jones took a machine. They put them in the lobby.` reads
 * `Smith and Jones put two machines in the lobby`); a pronoun before a second object names the recipient of
 * the sentence before (`She delivered them an invoice` after `… to ITEL` reads `… an invoice to ITEL`); and
 * sentences that say the same of several things are gathered into one (`Smith delivered a report to ITEL.
 * Smith also delivered an invoice to ITEL.` reads `Smith delivered a report and an invoice to ITEL`).
 */
import { bare, type Implied } from './clauses'

/** A noun's plural, by the spelling rules of regular nouns. */
export function plural(noun: string): string {
  if (/(?:s|x|z|ch|sh)$/iu.test(noun)) return `${noun}es`
  if (/[^aeiou]y$/iu.test(noun)) return `${noun.slice(0, -1)}ies`
  return `${noun}s`
}

/** `Smith took a machine on Tuesday`: a name, a verb and the one thing the clause introduces. */
const INTRODUCING = /^(\p{Lu}[\p{L}\d_'-]*)\s+\p{L}+\s+(?:a|an|one)\s+(\p{L}+)\b/u

/**
 * `They` (and `them`) after a sentence of two clauses joined by `and`, each a name introducing one thing:
 * both names, and the things counted together (two of the same noun) or named one by one.
 */
export function groupReference(previous: string, sentence: string): Implied | null {
  const s = bare(sentence)
  if (!/^they\b/iu.test(s)) return null
  const clauses = bare(previous).split(/,?\s+and\s+/u)
  if (clauses.length !== 2) return null
  const [first, second] = clauses.map((c) => INTRODUCING.exec(c))
  if (!first || !second || first[1] === second[1]) return null
  const [a, b] = [first[2] as string, second[2] as string]
  const things = a.toLowerCase() === b.toLowerCase() ? `two ${plural(a)}` : `the ${a} and the ${b}`
  const text = s.replace(/^they\b/iu, `${first[1]} and ${second[1]}`).replace(/\bthem\b/iu, things)
  return {
    text,
    explanation: `"${sentence.trim()}" speaks of both ${first[1]} and ${second[1]}, and of what each of them introduced in the sentence before: read as "${text}".`,
  }
}

/** A pronoun right before a second object (`delivered them an invoice`): the recipient, said first. */
const DATIVE = /\b(?:them|him|her|it)\s+((?:a|an|the|one)\s+[^,;]+)$/iu
/** `… to ITEL`, `… to the council`: the recipient the sentence before names. */
const RECIPIENT = /\bto\s+((?:the\s+\p{L}+)|\p{Lu}[\p{L}\d_'-]*(?:\s+\p{Lu}[\p{L}\d_'-]*)*)/u

/** The sentence with a pronoun recipient put after its object as the recipient the sentence before names. */
export function datives(previous: string, text: string): string | null {
  const recipient = RECIPIENT.exec(bare(previous))
  if (!recipient || !DATIVE.test(text)) return null
  return text.replace(DATIVE, `$1 to ${recipient[1]}`)
}

const ADDITIVE = /\s+(?:also|too|as well)\b/giu
const DETERMINER = /^(?:a|an|the|one|some|two|three)\s/iu
const DENIAL = /\b(?:not|no|never|none|nobody|n't)\b/iu

/** `a, b and c`. */
const listed = (items: readonly string[]) =>
  items.length === 1
    ? (items[0] as string)
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`

/**
 * Sentences alike but for one noun phrase (`Smith delivered a report to ITEL`, `Smith also delivered an
 * invoice to ITEL`), gathered into one sentence that lists the phrases in the order they came. Only
 * affirmed sentences, and only noun phrases opening with a determiner: what each sentence says of one
 * thing, the gathered sentence says of each.
 */
export function gathered(sentences: readonly string[]): Implied[] {
  const words = sentences.map((s) => bare(s).replace(ADDITIVE, '').split(/\s+/u))
  const groups = new Map<string, Map<number, string>>()
  words.forEach((a, i) => {
    words.forEach((b, j) => {
      if (j <= i || DENIAL.test(a.join(' ')) || DENIAL.test(b.join(' '))) return
      let p = 0
      while (p < a.length && p < b.length && a[p] === b[p]) p++
      let q = 0
      // The phrases that differ keep their determiners (`a budget report` / `a staffing plan`).
      while (p > 0 && DETERMINER.test(`${a[p - 1]} `)) p--
      while (q < a.length - p && q < b.length - p && a[a.length - 1 - q] === b[b.length - 1 - q]) q++
      const [x, y] = [a.slice(p, a.length - q).join(' '), b.slice(p, b.length - q).join(' ')]
      if (p < 2 || !DETERMINER.test(`${x} `) || !DETERMINER.test(`${y} `)) return
      const key = `${a.slice(0, p).join(' ')}\u0000${a.slice(a.length - q).join(' ')}`
      const group = groups.get(key) ?? new Map<number, string>()
      group.set(i, x).set(j, y)
      groups.set(key, group)
    })
  })
  return [...groups].map(([key, group]) => {
    const [prefix, suffix] = key.split('\u0000') as [string, string]
    const phrases = [...group].sort((m, n) => m[0] - n[0]).map(([, phrase]) => phrase)
    const text = [prefix, listed(phrases), suffix].filter((part) => part !== '').join(' ')
    return {
      text,
      explanation: `The excerpt says the same of ${listed(phrases.map((p) => `"${p}"`))}: read together as "${text}".`,
    }
  })
}
