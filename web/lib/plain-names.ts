/**
 * What a person reads for the lexicon's technical names: WordNet relations in plain words (the WordNet name
 * goes on hover), and register labels ("vulgar slang", "old-fashioned", "may offend").
 */

const RELATION_WORDS: Record<string, string> = {
  antonym: 'opposite',
  hypernym: 'broader',
  instanceHypernym: 'instance of',
  hyponym: 'narrower',
  instanceHyponym: 'instances',
  memberHolonym: 'member of',
  substanceHolonym: 'substance of',
  partHolonym: 'part of',
  memberMeronym: 'has member',
  substanceMeronym: 'made of',
  partMeronym: 'has part',
  attribute: 'quality',
  derivation: 'related form',
  topicDomain: 'topic',
  topicMember: 'in this topic',
  regionDomain: 'region',
  regionMember: 'used in this region',
  usageDomain: 'kind of usage',
  usageMember: 'examples of this usage',
  entailment: 'implies',
  cause: 'causes',
  alsoSee: 'see also',
  verbGroup: 'similar',
  similarTo: 'similar',
  participle: 'participle of',
  pertainym: 'derived from',
}

/** WordNet's name of a relation type, as a linguist reads it: `memberHolonym` → "member holonym". */
export function technicalRelationName(type: string): string {
  return type.replace(/([A-Z])/g, ' $1').toLowerCase()
}

/** A relation type in plain words. */
export function plainRelationName(type: string): string {
  return RELATION_WORDS[type] ?? technicalRelationName(type)
}

const REGISTER_WORDS: Record<string, string> = {
  offensive: 'offensive',
  vulgar: 'vulgar',
  disparaging: 'disparaging',
  slang: 'slang',
  informal: 'informal',
  'old-fashioned': 'old-fashioned',
  sensitive: 'may offend',
}

/**
 * Register labels as one phrase, strongest first: "slang" closes the phrase it qualifies ("vulgar slang",
 * "offensive, disparaging slang"), the others are listed.
 */
export function registerPhrase(register: readonly string[]): string {
  const words = register.filter((r) => r !== 'slang').map((r) => REGISTER_WORDS[r] ?? r)
  if (!register.includes('slang')) return words.join(', ')
  return words.length === 0 ? 'slang' : `${words.join(', ')} slang`
}

/** What a register label rests on, for the hover text. */
export function registerSource(register: readonly string[]): string {
  const marked = register.filter((r) => r !== 'sensitive')
  const parts: string[] = []
  if (marked.length > 0) parts.push(`WordNet marks this meaning ${marked.join(', ')}`)
  if (register.includes('sensitive')) parts.push('the word is on a common English profanity list')
  return parts.join('; ')
}
