/**
 * The recorded links between a cue word and other words, by evidence category: WordNet relations of the
 * cue's meanings (same meaning, broader, narrower, part or whole, opposite, derived form), words of the cue's
 * definitions, and words seen in the same literary-context excerpts. Each link carries its evidence: the
 * meaning IDs or excerpt IDs it rests on.
 */
import type { SenseRow, SynsetRow } from '../../../lexicon/compile'
import { pointersOf, type Lexicon } from '../../../lexicon/lexicon'
import type { PartOfSpeech, PointerSymbol } from '../../../lexicon/wordnet-format'
import { commonSenses, readingsOf } from '../readings'
import { words } from '../text'

export const LINKED_CATEGORIES = [
  'same-meaning',
  'opposite',
  'broader',
  'narrower',
  'part-or-whole',
  'derived-form',
  'in-definition',
  'seen-together',
] as const
export type LinkedCategory = (typeof LINKED_CATEGORIES)[number]
export type Category = LinkedCategory | 'no-recorded-link'

export type Evidence = {
  /** The WordNet relation behind a lexicon link. */
  relation?: string
  /** Meaning IDs the link rests on: the cue's meaning first, then the response's, where there is one. */
  meaningIds: string[]
  /** literary-context record IDs whose excerpts hold both words. */
  excerptIds: string[]
}

export type Link = { word: string; category: LinkedCategory; evidence: Evidence }

const CATEGORY_OF_POINTER: Partial<Record<PointerSymbol, LinkedCategory>> = {
  '!': 'opposite',
  '@': 'broader',
  '@i': 'broader',
  '~': 'narrower',
  '~i': 'narrower',
  '#m': 'part-or-whole',
  '#s': 'part-or-whole',
  '#p': 'part-or-whole',
  '%m': 'part-or-whole',
  '%s': 'part-or-whole',
  '%p': 'part-or-whole',
  '+': 'derived-form',
  '\\': 'derived-form',
  '<': 'derived-form',
}

const RELATION_NAMES: Record<string, string> = {
  '!': 'antonym',
  '@': 'hypernym',
  '@i': 'instance hypernym',
  '~': 'hyponym',
  '~i': 'instance hyponym',
  '#m': 'member holonym',
  '#s': 'substance holonym',
  '#p': 'part holonym',
  '%m': 'member meronym',
  '%s': 'substance meronym',
  '%p': 'part meronym',
  '+': 'derivationally related form',
  '\\': 'pertainym',
  '<': 'participle',
}

/** A response is one lower-case word of letters (hyphens allowed), as a practice answer is. */
export function isResponseWord(word: string): boolean {
  return /^\p{Ll}+(?:-\p{Ll}+)*$/u.test(word)
}

function senseKey(lexicon: Lexicon, sense: number): string {
  return (lexicon.senses[sense] as SenseRow)[0]
}

function senseWord(lexicon: Lexicon, sense: number): string {
  return (lexicon.senses[sense] as SenseRow)[1]
}

/** Every lexicon pointer leaving a sense: [symbol, target sense] pairs, synset-wide pointers expanded. */
export function pointersFrom(lexicon: Lexicon, sense: number): Array<[PointerSymbol, number]> {
  const out: Array<[PointerSymbol, number]> = []
  for (const [symbol, target, source, targetSense] of pointersOf(
    lexicon,
    (lexicon.senses[sense] as SenseRow)[2],
  )) {
    if (source !== -1 && source !== sense) continue
    const targets = targetSense === -1 ? (lexicon.synsets[target] as SynsetRow)[5] : [targetSense]
    for (const t of targets) out.push([symbol, t])
  }
  return out
}

/** The content words of a text as lexicon lemmas: single-lemma readings, not stop words. */
export function contentLemmas(lexicon: Lexicon, text: string, stopwords: ReadonlySet<string>): Set<string> {
  const out = new Set<string>()
  for (const token of words(text)) {
    const form = token.text.toLowerCase()
    if (form.length < 3 || stopwords.has(form) || token.text !== form) continue
    const lemmas = new Set(readingsOf(lexicon, form).map((r) => r.lemma))
    if (lemmas.size === 1) out.add([...lemmas][0] as string)
  }
  return out
}

/** Which content lemmas each literary-context excerpt holds, and the reverse (record IDs in release order). */
export type CooccurrenceIndex = {
  excerptsOf: Map<string, string[]>
  lemmasOf: Map<string, Set<string>>
}

export function cooccurrenceIndex(
  lexicon: Lexicon,
  excerpts: ReadonlyArray<{ id: string; excerpt: string; target: { word: string } }>,
  stopwords: ReadonlySet<string>,
): CooccurrenceIndex {
  const excerptsOf = new Map<string, string[]>()
  const lemmasOf = new Map<string, Set<string>>()
  for (const record of excerpts) {
    const lemmas = contentLemmas(lexicon, record.excerpt, stopwords)
    lemmas.add(record.target.word)
    lemmasOf.set(record.id, lemmas)
    for (const lemma of lemmas) {
      const list = excerptsOf.get(lemma)
      if (list) list.push(record.id)
      else excerptsOf.set(lemma, [record.id])
    }
  }
  return { excerptsOf, lemmasOf }
}

/**
 * Every recorded link of a cue (one lemma in one part of speech), each response word once, under the first
 * category of LINKED_CATEGORIES that links it.
 */
export function linksOf(
  lexicon: Lexicon,
  cue: { word: string; partOfSpeech: PartOfSpeech },
  index: CooccurrenceIndex,
  stopwords: ReadonlySet<string>,
): Link[] {
  const found = new Map<string, Link>()
  const rank = (c: LinkedCategory) => LINKED_CATEGORIES.indexOf(c)
  const offer = (link: Link) => {
    if (link.word === cue.word || !isResponseWord(link.word) || stopwords.has(link.word)) return
    const held = found.get(link.word)
    if (!held || rank(link.category) < rank(held.category)) found.set(link.word, link)
  }
  for (const sense of commonSenses(lexicon, cue.word, cue.partOfSpeech)) {
    const synset = lexicon.synsets[(lexicon.senses[sense] as SenseRow)[2]] as SynsetRow
    for (const other of synset[5]) {
      if (other === sense) continue
      offer({
        word: senseWord(lexicon, other),
        category: 'same-meaning',
        evidence: {
          relation: 'synonym',
          meaningIds: [senseKey(lexicon, sense), senseKey(lexicon, other)],
          excerptIds: [],
        },
      })
    }
    for (const [symbol, target] of pointersFrom(lexicon, sense)) {
      const category = CATEGORY_OF_POINTER[symbol]
      if (!category) continue
      offer({
        word: senseWord(lexicon, target),
        category,
        evidence: {
          relation: RELATION_NAMES[symbol] as string,
          meaningIds: [senseKey(lexicon, sense), senseKey(lexicon, target)],
          excerptIds: [],
        },
      })
    }
    for (const lemma of contentLemmas(lexicon, synset[3], stopwords)) {
      offer({
        word: lemma,
        category: 'in-definition',
        evidence: { meaningIds: [senseKey(lexicon, sense)], excerptIds: [] },
      })
    }
  }
  const together = new Map<string, string[]>()
  for (const id of index.excerptsOf.get(cue.word) ?? []) {
    for (const lemma of index.lemmasOf.get(id) ?? []) {
      const list = together.get(lemma)
      if (list) list.push(id)
      else together.set(lemma, [id])
    }
  }
  for (const [lemma, ids] of together) {
    offer({ word: lemma, category: 'seen-together', evidence: { meaningIds: [], excerptIds: ids } })
  }
  return [...found.values()]
}

/**
 * Whether two words have any recorded link at all: any lexicon relation between any of their meanings (in
 * either direction, of any kind), a shared meaning, either in the other's definitions, or a shared excerpt.
 */
export function anyLink(
  lexicon: Lexicon,
  a: string,
  b: string,
  index: CooccurrenceIndex,
  stopwords: ReadonlySet<string>,
): boolean {
  const related = (from: string, to: string) =>
    commonSenses(lexicon, from).some((sense) => {
      const synset = lexicon.synsets[(lexicon.senses[sense] as SenseRow)[2]] as SynsetRow
      if (synset[5].some((s) => senseWord(lexicon, s).toLowerCase() === to)) return true
      if (pointersFrom(lexicon, sense).some(([, t]) => senseWord(lexicon, t).toLowerCase() === to))
        return true
      return contentLemmas(lexicon, synset[3], stopwords).has(to)
    })
  if (related(a, b) || related(b, a)) return true
  const withA = new Set(index.excerptsOf.get(a) ?? [])
  return (index.excerptsOf.get(b) ?? []).some((id) => withA.has(id))
}
