/**
 * Base forms of inflected words, after WordNet's morphy: the exception lists first (geese → goose,
 * ran → run, better → good), then the detachment rules of each part of speech. Only forms that are lexicon
 * words in that part of speech are returned.
 */
import { isLemma, type Lexicon } from './lexicon'
import { PARTS_OF_SPEECH, type PartOfSpeech } from './wordnet-format'

export type BaseForm = { word: string; partOfSpeech: PartOfSpeech; rule: 'exception-list' | 'suffix-rule' }

const DETACHMENT_RULES: Record<PartOfSpeech, ReadonlyArray<readonly [string, string]>> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adjective: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adverb: [],
}

function detach(word: string, pos: PartOfSpeech): string[] {
  // morphy leaves nouns in -ss alone (glass is not the plural of glas).
  if (pos === 'noun' && word.endsWith('ss')) return []
  const out: string[] = []
  for (const [suffix, ending] of DETACHMENT_RULES[pos]) {
    if (word.length > suffix.length && word.endsWith(suffix)) out.push(word.slice(0, -suffix.length) + ending)
  }
  return out
}

/** Exception-list bases of a word; own keys only, so `constructor` is not read from Object.prototype. */
function exceptionBases(lexicon: Lexicon, pos: PartOfSpeech, word: string): readonly string[] {
  const table = lexicon.exceptions[pos]
  return Object.hasOwn(table, word) ? (table[word] as string[]) : []
}

/** Candidate base forms of one (normalized) word or phrase in one part of speech, before the lexicon check. */
function candidates(word: string, pos: PartOfSpeech, lexicon: Lexicon): Array<[string, BaseForm['rule']]> {
  const out: Array<[string, BaseForm['rule']]> = []
  for (const base of exceptionBases(lexicon, pos, word)) out.push([base, 'exception-list'])
  for (const base of detach(word, pos)) out.push([base, 'suffix-rule'])
  const words = word.split(' ')
  if (words.length > 1) {
    // Phrases inflect on one word: the head verb of a phrasal verb, the last word of a compound noun.
    const index = pos === 'verb' ? 0 : words.length - 1
    const inner = words[index] as string
    for (const [base, rule] of [
      ...exceptionBases(lexicon, pos, inner).map((b) => [b, 'exception-list'] as const),
      ...detach(inner, pos).map((b) => [b, 'suffix-rule'] as const),
    ]) {
      const phrase = [...words]
      phrase[index] = base
      out.push([phrase.join(' '), rule])
    }
  }
  return out
}

/** Every base form of `word` (normalized) other than itself, in part-of-speech order, each once. */
export function baseForms(lexicon: Lexicon, word: string, only?: PartOfSpeech): BaseForm[] {
  const seen = new Set<string>()
  const out: BaseForm[] = []
  for (const pos of only ? [only] : PARTS_OF_SPEECH) {
    for (const [base, rule] of candidates(word, pos, lexicon)) {
      const key = `${pos}:${base}`
      if (base === word || seen.has(key) || !isLemma(lexicon, base, pos)) continue
      seen.add(key)
      out.push({ word: base, partOfSpeech: pos, rule })
    }
  }
  return out
}

/** Verbs whose past participle is the base form itself, so an irregular form of theirs is the past tense. */
const PARTICIPLE_IS_BASE = /^\w*(?:run|come)$/

/** What an inflected form is of its base, in words a learner reads ("plural", "past tense", "comparative"). */
export function inflectionName(form: string, base: BaseForm): string {
  const last = form.split(' ').at(base.partOfSpeech === 'verb' ? 0 : -1) ?? form
  switch (base.partOfSpeech) {
    case 'noun':
      return 'plural'
    case 'adjective':
    case 'adverb':
      return last.endsWith('st') ? 'superlative' : 'comparative'
    case 'verb':
      if (last.endsWith('ing')) return 'present participle (-ing form)'
      if (last.endsWith('s') && !last.endsWith('ss')) return 'present tense (he, she, it)'
      if (base.rule === 'suffix-rule') return 'past tense and past participle'
      if (PARTICIPLE_IS_BASE.test(base.word.split(' ')[0] ?? '')) return 'past tense'
      if (/(?:en|wn|ne|un)$/.test(last)) return 'past participle'
      return 'past tense or past participle'
  }
}
