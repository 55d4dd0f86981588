/**
 * What WordNet's database files mean: parts of speech, lexicographer files and pointer symbols, as described
 * in WordNet's wndb(5) and wninput(5) manual pages.
 */

/** Synset types as they appear in data files and sense keys. `s` is an adjective satellite. */
export type SynsetType = 'n' | 'v' | 'a' | 's' | 'r'

export const PARTS_OF_SPEECH = ['noun', 'verb', 'adjective', 'adverb'] as const
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number]

export function partOfSpeech(type: SynsetType): PartOfSpeech {
  switch (type) {
    case 'n':
      return 'noun'
    case 'v':
      return 'verb'
    case 'a':
    case 's':
      return 'adjective'
    case 'r':
      return 'adverb'
  }
}

/** The lexicographer files, indexed by their number (lexnames(5)). */
export const LEXICOGRAPHER_FILES = [
  'adj.all',
  'adj.pert',
  'adv.all',
  'noun.Tops',
  'noun.act',
  'noun.animal',
  'noun.artifact',
  'noun.attribute',
  'noun.body',
  'noun.cognition',
  'noun.communication',
  'noun.event',
  'noun.feeling',
  'noun.food',
  'noun.group',
  'noun.location',
  'noun.motive',
  'noun.object',
  'noun.person',
  'noun.phenomenon',
  'noun.plant',
  'noun.possession',
  'noun.process',
  'noun.quantity',
  'noun.relation',
  'noun.shape',
  'noun.state',
  'noun.substance',
  'noun.time',
  'verb.body',
  'verb.change',
  'verb.cognition',
  'verb.communication',
  'verb.competition',
  'verb.consumption',
  'verb.contact',
  'verb.creation',
  'verb.emotion',
  'verb.motion',
  'verb.perception',
  'verb.possession',
  'verb.social',
  'verb.stative',
  'verb.weather',
  'adj.ppl',
] as const

/** Pointer symbols and the relation names this service gives them. */
export const RELATION_TYPES = {
  '!': 'antonym',
  '@': 'hypernym',
  '@i': 'instanceHypernym',
  '~': 'hyponym',
  '~i': 'instanceHyponym',
  '#m': 'memberHolonym',
  '#s': 'substanceHolonym',
  '#p': 'partHolonym',
  '%m': 'memberMeronym',
  '%s': 'substanceMeronym',
  '%p': 'partMeronym',
  '=': 'attribute',
  '+': 'derivation',
  ';c': 'topicDomain',
  '-c': 'topicMember',
  ';r': 'regionDomain',
  '-r': 'regionMember',
  ';u': 'usageDomain',
  '-u': 'usageMember',
  '*': 'entailment',
  '>': 'cause',
  '^': 'alsoSee',
  $: 'verbGroup',
  '&': 'similarTo',
  '<': 'participle',
  '\\': 'pertainym',
} as const

export type PointerSymbol = keyof typeof RELATION_TYPES
export type RelationType = (typeof RELATION_TYPES)[PointerSymbol]
export const RELATION_NAMES = [...new Set(Object.values(RELATION_TYPES))] as RelationType[]
