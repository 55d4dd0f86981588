/**
 * Closed-class English words (determiners, pronouns, prepositions, conjunctions, auxiliaries, modals,
 * particles). They carry grammar, not lexicon meanings: the tagger reads them as cues and the meaning
 * routes never resolve them as content words.
 */

export type FunctionClass =
  | 'determiner'
  | 'possessive'
  | 'subject-pronoun'
  | 'pronoun'
  | 'preposition'
  | 'to'
  | 'conjunction'
  | 'be'
  | 'have'
  | 'do'
  | 'modal'
  | 'negation'
  | 'wh-word'
  | 'other'

const CLASSES: Record<FunctionClass, string> = {
  determiner:
    'a an the this that these those each every some any no all both either neither another such what whatever which whichever many much more most few fewer less least several enough',
  possessive: "my your his her its our their one's whose",
  'subject-pronoun': 'i you he she it we they',
  pronoun:
    'me him us them myself yourself himself herself itself ourselves yourselves themselves mine yours hers ours theirs someone somebody something anyone anybody anything everyone everybody everything nobody nothing none one ones',
  preposition:
    'of in on at by for with about against between into through during before after above below from up down out off over under again further than upon within without along across behind beyond toward towards among amongst around near onto per via despite since until unlike throughout beside besides inside outside underneath',
  to: 'to',
  conjunction: 'and or but nor so yet because although though while whereas unless if whether then also as',
  be: "be am is are was were been being isn't aren't wasn't weren't 's 're 'm",
  have: "have has had having haven't hasn't hadn't 've 'd",
  do: "do does did doing done don't doesn't didn't",
  modal:
    "will would shall should can could may might must ought won't wouldn't shan't shouldn't can't cannot couldn't mightn't mustn't 'll",
  negation: 'not never',
  'wh-word': 'who whom when where why how',
  other: "there here just very too only even really quite rather also not's let's",
}

const BY_WORD = new Map<string, FunctionClass>()
for (const [cls, words] of Object.entries(CLASSES) as Array<[FunctionClass, string]>) {
  for (const word of words.split(' ')) if (!BY_WORD.has(word)) BY_WORD.set(word, cls)
}

/**
 * The closed class of a lower-case word, or undefined for an open-class (content) word. A contraction
 * (`it's`, `we'll`) takes the class of its first part when that part is a function word.
 */
export function functionClass(lower: string): FunctionClass | undefined {
  const direct = BY_WORD.get(lower)
  if (direct) return direct
  const apostrophe = lower.indexOf("'")
  return apostrophe > 0 ? BY_WORD.get(lower.slice(0, apostrophe)) : undefined
}

/** Forms of be, have and do, which are auxiliaries far more often than content verbs. */
export function isAuxiliaryForm(lower: string): boolean {
  const cls = BY_WORD.get(lower)
  return cls === 'be' || cls === 'do' || cls === 'modal'
}
