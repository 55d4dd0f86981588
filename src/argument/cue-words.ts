/**
 * The small closed word lists behind the polarity and strength cues: negation, hedges, boosters and
 * quantifiers. They are published in the capabilities document, since a reader must know what a cue means.
 */

export type CueClass = 'negation' | 'hedge' | 'booster' | 'quantifier'
export type Quantity = 'universal' | 'partial' | 'none'
export type CueWord = { cue: CueClass; quantity?: Quantity }

const NEGATION = ['not', 'nor', 'neither', 'without', 'cannot', 'non', 'nowhere', "n't"]
const HEDGES = [
  'may',
  'might',
  'could',
  'perhaps',
  'possibly',
  'possible',
  'probably',
  'probable',
  'likely',
  'unlikely',
  'suggest',
  'suggests',
  'suggested',
  'suggesting',
  'appear',
  'appears',
  'appeared',
  'seem',
  'seems',
  'seemed',
  'apparently',
  'arguably',
  'approximately',
  'roughly',
  'estimated',
  'potentially',
  'somewhat',
  'tend',
  'tends',
  'partly',
  'partially',
]
const BOOSTERS = [
  'certainly',
  'definitely',
  'clearly',
  'undoubtedly',
  'undeniably',
  'obviously',
  'conclusively',
  'proves',
  'prove',
  'proved',
  'proven',
  'demonstrates',
  'demonstrated',
  'establishes',
  'established',
  'must',
  'entirely',
  'completely',
]
const UNIVERSAL = ['all', 'every', 'each', 'everyone', 'everybody', 'everything', 'whole', 'always']
const PARTIAL = [
  'some',
  'many',
  'most',
  'several',
  'few',
  'often',
  'sometimes',
  'usually',
  'rarely',
  'seldom',
  'occasionally',
  'generally',
  'mostly',
  'majority',
  'minority',
]
const NONE = ['no', 'none', 'never', 'nobody', 'nothing', 'noone']

/** Lower-case word (apostrophes as U+0027) → its cue; each word is in one list only. */
export const CUE_WORDS: ReadonlyMap<string, CueWord> = new Map<string, CueWord>([
  ...NEGATION.map((w) => [w, { cue: 'negation' }] as const),
  ...HEDGES.map((w) => [w, { cue: 'hedge' }] as const),
  ...BOOSTERS.map((w) => [w, { cue: 'booster' }] as const),
  ...UNIVERSAL.map((w) => [w, { cue: 'quantifier', quantity: 'universal' }] as const),
  ...PARTIAL.map((w) => [w, { cue: 'quantifier', quantity: 'partial' }] as const),
  ...NONE.map((w) => [w, { cue: 'quantifier', quantity: 'none' }] as const),
])

const NEGATED_CONTRACTION: CueWord = { cue: 'negation' }

/** The cue of a lower-case word: listed words, and any contraction ending in n't (don't, isn't, can't). */
export function cueOf(lower: string): CueWord | undefined {
  return CUE_WORDS.get(lower) ?? (lower.endsWith("n't") ? NEGATED_CONTRACTION : undefined)
}

/** The word lists as published: cue class (and quantity) → words. */
export const CUE_WORD_LISTS = {
  negation: [...NEGATION, "any word ending in n't"],
  hedge: HEDGES,
  booster: BOOSTERS,
  quantifier: { universal: UNIVERSAL, partial: PARTIAL, none: NONE },
}
