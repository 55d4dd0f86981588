/**
 * Register: which meanings are offensive, vulgar, slang, old-fashioned, … and so need a label before a learner
 * uses them. Read off three kinds of evidence, all at release build time: WordNet's usage domains (`;u`
 * pointers to synsets such as "ethnic slur", "vulgarism", "slang", "archaism"), the wording of the definition
 * itself ("(ethnic slur) offensive term for …", "obscene terms for …", "(`crisp' is archaic)"), and an English
 * profanity list (its words mark every meaning they have as `sensitive`, unless WordNet says more). Pure logic.
 */
import { z } from '@hono/zod-openapi'

/** Register labels, the strongest first; a meaning carries them in this order. */
export const REGISTERS = [
  'offensive',
  'vulgar',
  'disparaging',
  'slang',
  'informal',
  'old-fashioned',
  'sensitive',
] as const
export type Register = (typeof REGISTERS)[number]

export const RegisterSchema = z.enum(REGISTERS).openapi('Register', {
  description:
    'How a meaning is marked: `offensive` (a slur or a term WordNet calls offensive), `vulgar` (obscene or vulgar), `disparaging` (belittling), `slang`, `informal`, `old-fashioned` (archaic, obsolete or dated), `sensitive` (the word is on the LDNOOBW English profanity list and WordNet marks this meaning no other way: it may offend or be filtered).',
})

export const RegisterListSchema = z.array(RegisterSchema).openapi({
  description:
    'The register labels of this meaning, strongest first (`offensive`, `vulgar`, `disparaging`, `slang`, `informal`, `old-fashioned`, `sensitive`); empty for a meaning WordNet and the profanity list mark no way.',
  example: ['vulgar', 'slang'],
})

/** What the usage-domain synsets of WordNet 3.1 mean as a register, by one of their words. */
export const USAGE_DOMAIN_REGISTERS: Readonly<Record<string, Register>> = {
  'ethnic slur': 'offensive',
  vulgarism: 'vulgar',
  disparagement: 'disparaging',
  slang: 'slang',
  'street name': 'slang',
  colloquialism: 'informal',
  archaism: 'old-fashioned',
}

const LEAD = String.raw`^(?:\([^)]*\)\s*)?(?:an?\s+|the\s+)?`
const TERM = String.raw`(?:terms?|words?|names?|expressions?|slang|reference|abbreviation|for|use)\b`

/** Whole-definition rules: a definition that names its own register, for every word of the meaning. */
const DEFINITION_RULES: ReadonlyArray<[RegExp, readonly Register[]]> = [
  [/\(ethnic slur\)/i, ['offensive']],
  [/\((?:sometimes |often )?offensive(?: British)?(?: slang)?\)|now considered offensive/i, ['offensive']],
  [new RegExp(`${LEAD}(?:offensive|insulting)(?: and (?:offensive|insulting))? ${TERM}`, 'i'), ['offensive']],
  [new RegExp(`${LEAD}(?:obscene|vulgar) ${TERM}`, 'i'), ['vulgar']],
  [/\((?:[\w-]+ )*(?:disparaging|derogatory)\b[^)]*\)/i, ['disparaging']],
  [
    new RegExp(`${LEAD}(?:[\\w-]+\\s+){0,2}(?:disparaging|derogatory|contemptuous) ${TERM}`, 'i'),
    ['disparaging'],
  ],
  [/\((?:[\w-]+ )*slang\b[^)]*\)/i, ['slang']],
  [new RegExp(`${LEAD}(?:[\\w-]+\\s+){0,2}slang(?:\\s+\\([^)]*\\))?\\s+${TERM}`, 'i'), ['slang']],
  [
    /\((?:[\w-]+ )*(?:informal|colloquial|colloquially)(?: [\w-]+)*\)|^(?:\([^)]*\)\s*)?(?:an?\s+)?(?:[\w-]+\s+)?(?:informal|colloquial)\s+(?:[A-Z]\w*\s+)?(?:for\b|form\b|abbreviation\b|(?:terms?|words?|names?|expressions?)(?:\s+(?:for|of|referring|used)\b|\s*$))/i,
    ['informal'],
  ],
  [
    /\((?:[\w-]+ )*(?:archaic|obsolete|old-fashioned|dated)[^)]*\)|^(?:\([^)]*\)\s*)?(?:an?\s+)?(?:archaic|obsolete|old-fashioned) (?:terms?|words?|names?|for|use)\b|\barchaic use\b/i,
    ['old-fashioned'],
  ],
]

/** Notes on single words of a meaning: "(`crisp' is archaic)", "`kisser' and `mug' are informal terms". */
const WORD_NOTE =
  /((?:`[^`']+',?\s+(?:and|or)\s+)*`[^`']+')\s+(?:is|are)\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}?(archaic|obsolete|old-fashioned|dated|informal|colloquial|colloquially|slang)\b/gi

const NOTE_REGISTER: Readonly<Record<string, Register>> = {
  archaic: 'old-fashioned',
  obsolete: 'old-fashioned',
  'old-fashioned': 'old-fashioned',
  dated: 'old-fashioned',
  informal: 'informal',
  colloquial: 'informal',
  colloquially: 'informal',
  slang: 'slang',
}

/** How a word is compared with the profanity list and the notes: lower case, one space between words. */
export function registerKey(word: string): string {
  return word
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim()
}

/**
 * The registers a definition gives its meaning: `all` for every word of the meaning, `words` for the words a
 * note names (by `registerKey`).
 */
export function definitionRegisters(definition: string): {
  all: Register[]
  words: Map<string, Register[]>
} {
  const words = new Map<string, Register[]>()
  let rest = definition
  for (const match of definition.matchAll(WORD_NOTE)) {
    const register = NOTE_REGISTER[(match[2] as string).toLowerCase()] as Register
    for (const quoted of (match[1] as string).matchAll(/`([^`']+)'/g)) {
      const key = registerKey(quoted[1] as string)
      words.set(key, [...(words.get(key) ?? []), register])
    }
    rest = rest.replace(match[0], '')
  }
  const all = DEFINITION_RULES.filter(([rule]) => rule.test(rest)).flatMap(([, registers]) => registers)
  return { all, words }
}

/** Distinct registers, strongest first; `sensitive` only where nothing stronger marks the meaning as rude. */
export function orderRegisters(registers: Iterable<Register>): Register[] {
  const set = new Set(registers)
  if (set.has('offensive') || set.has('vulgar')) set.delete('sensitive')
  return REGISTERS.filter((r) => set.has(r))
}

/** One meaning of the compiled lexicon as the register reads it. */
export type RegisterSynset = {
  definition: string
  /** The meaning's senses: sense key and the word as written. */
  senses: ReadonlyArray<{ key: string; written: string }>
  /** Usage-domain pointers: the words of the domain synset, and the sense the pointer leaves (or all). */
  usageDomains: ReadonlyArray<{ domainWords: readonly string[]; sourceKey: string | null }>
}

/**
 * Every marked sense's registers, by sense key, in sense-key order. `profanity` holds the list's words by
 * `registerKey`.
 */
export function computeRegisters(
  synsets: Iterable<RegisterSynset>,
  profanity: ReadonlySet<string>,
): Map<string, Register[]> {
  const out = new Map<string, Register[]>()
  for (const synset of synsets) {
    const { all, words } = definitionRegisters(synset.definition)
    // A usage domain on the whole meaning whose register a note gives single words ("`crisp' is archaic")
    // is read as the note's: for those words only.
    const noted = new Set([...words.values()].flat())
    for (const { key, written } of synset.senses) {
      const own = words.get(registerKey(written)) ?? []
      const found: Register[] = [...all, ...own]
      for (const domain of synset.usageDomains) {
        if (domain.sourceKey !== null && domain.sourceKey !== key) continue
        for (const word of domain.domainWords) {
          const register = USAGE_DOMAIN_REGISTERS[registerKey(word)]
          if (!register) continue
          if (domain.sourceKey === null && noted.has(register) && !own.includes(register)) continue
          found.push(register)
        }
      }
      if (profanity.has(registerKey(written))) found.push('sensitive')
      const registers = orderRegisters(found)
      if (registers.length > 0) out.set(key, registers)
    }
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
