/**
 * The recorded links between a cue word and other words, by evidence category: WordNet relations of the
 * cue's meanings (same meaning, broader, narrower, part or whole, opposite, derived form), words of the cue's
 * definitions, and words seen in two or more of the same literary-context excerpts. Each link carries its evidence: the
 * meaning IDs or excerpt IDs it rests on. Links come best first within each category, by how informative
 * they are: through the cue's common meanings (WordNet tag counts) to a common meaning of the response, the
 * rarer definition word before the generic one, and the co-occurrence with the highest pointwise mutual
 * information; words generic across definitions or excerpts are not offered from those two sources.
 */
import {
  allSynsets,
  type Lexicon,
  pointersOf,
  senseAt,
  senseKey,
  senseNumber,
  sensesOf,
  senseSynset,
  senseSynsetPos,
  senseTagCount,
  senseWritten,
  synsetAt,
  synsetCount,
  synsetSenses,
} from '../../../lexicon/lexicon'
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

function senseWord(lexicon: Lexicon, sense: number): string {
  return senseWritten(lexicon, sense)
}

/** Every lexicon pointer leaving a sense: [symbol, target sense] pairs, synset-wide pointers expanded. */
export function pointersFrom(lexicon: Lexicon, sense: number): Array<[PointerSymbol, number]> {
  const out: Array<[PointerSymbol, number]> = []
  for (const [symbol, target, source, targetSense] of pointersOf(lexicon, senseSynset(lexicon, sense))) {
    if (source !== -1 && source !== sense) continue
    const targets = targetSense === -1 ? synsetSenses(lexicon, target) : [targetSense]
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

/**
 * A word in more than this share of all definitions, or of all excerpts, says little about any one cue
 * ("make", "person", "man", "time"): it is not offered as an in-definition or seen-together response.
 */
export const GENERIC_SHARE = { definitions: 0.002, excerpts: 0.01 } as const
/** The fewest excerpts a seen-together link rests on: a word shared with the cue in one excerpt is chance. */
export const MIN_SHARED_EXCERPTS = 2
/** A cue meaning with less than this share of the cue's tag counts is a rare meaning, linked from last. */
export const COMMON_MEANING_SHARE = 0.1

/** In how many definitions each lower-case word form occurs: the generality of a definition word. */
export type DefinitionFrequency = { counts: Map<string, number>; definitions: number }

export function definitionFrequency(lexicon: Lexicon): DefinitionFrequency {
  const counts = new Map<string, number>()
  for (const synset of allSynsets(lexicon)) {
    for (const form of new Set(synset[3].toLowerCase().match(/\p{L}+(?:-\p{L}+)*/gu) ?? [])) {
      counts.set(form, (counts.get(form) ?? 0) + 1)
    }
  }
  return { counts, definitions: synsetCount(lexicon) }
}

/**
 * How familiar a response is in the meaning a link reaches: its tag count in that meaning, on a log scale,
 * so "travel" (34 tags) comes before "locomote" (none) and "man" the adult male before "man" humankind.
 */
function familiarity(lexicon: Lexicon, sense: number): number {
  return Math.log(2 + senseTagCount(lexicon, sense))
}

/**
 * A word a learner may know: some meaning of it was tagged at least once in the semantic concordances.
 * "agnathan" and "locomote" never were; such words make a practice answer a riddle, and come last.
 */
function isFamiliar(lexicon: Lexicon, word: string): boolean {
  return sensesOf(lexicon, word).some((sense) => senseTagCount(lexicon, sense) > 0)
}

/** A sense's share of the tag counts of its word in its part of speech, add-one smoothed. */
function senseShare(lexicon: Lexicon, sense: number): number {
  const row = senseAt(lexicon, sense)
  const pos = senseSynsetPos(lexicon, sense)
  let total = 0
  for (const other of sensesOf(lexicon, row[1].toLowerCase())) {
    if (senseSynsetPos(lexicon, other) === pos) total += senseTagCount(lexicon, other) + 1
  }
  return (row[4] + 1) / Math.max(total, 1)
}

/**
 * The cue's common senses, commonest first (tag count, then WordNet's sense number), with the weight a link
 * through each carries: its share of the cue's tag counts, and a tenth of that for a rare meaning.
 */
function weightedCueSenses(lexicon: Lexicon, word: string, pos: PartOfSpeech): Array<[number, number]> {
  return commonSenses(lexicon, word, pos)
    .map((sense): [number, number] => {
      const share = senseShare(lexicon, sense)
      return [sense, share < COMMON_MEANING_SHARE ? share / 10 : share]
    })
    .sort((a, b) => b[1] - a[1] || senseNumber(lexicon, a[0]) - senseNumber(lexicon, b[0]))
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
 * category of LINKED_CATEGORIES that links it; within a category, the most informative link first.
 */
export function linksOf(
  lexicon: Lexicon,
  cue: { word: string; partOfSpeech: PartOfSpeech },
  index: CooccurrenceIndex,
  stopwords: ReadonlySet<string>,
  definitions: DefinitionFrequency,
): Link[] {
  type Offer = { link: Link; familiar: boolean; weight: number }
  const found = new Map<string, Offer>()
  const rank = (c: LinkedCategory) => LINKED_CATEGORIES.indexOf(c)
  // Within a category: familiar words first, then the more informative link.
  const order = (a: Offer, b: Offer) =>
    rank(a.link.category) - rank(b.link.category) ||
    Number(b.familiar) - Number(a.familiar) ||
    b.weight - a.weight ||
    (a.link.word < b.link.word ? -1 : a.link.word > b.link.word ? 1 : 0)
  const offer = (link: Link, weight: number) => {
    if (link.word === cue.word || !isResponseWord(link.word) || stopwords.has(link.word)) return
    const candidate = { link, familiar: isFamiliar(lexicon, link.word), weight }
    const held = found.get(link.word)
    if (!held || order(candidate, held) < 0) found.set(link.word, candidate)
  }
  const genericInDefinitions = (word: string) =>
    (definitions.counts.get(word) ?? 0) > GENERIC_SHARE.definitions * definitions.definitions
  for (const [sense, cueWeight] of weightedCueSenses(lexicon, cue.word, cue.partOfSpeech)) {
    const synset = synsetAt(lexicon, senseSynset(lexicon, sense))
    for (const other of synset[5]) {
      if (other === sense) continue
      offer(
        {
          word: senseWord(lexicon, other),
          category: 'same-meaning',
          evidence: {
            relation: 'synonym',
            meaningIds: [senseKey(lexicon, sense), senseKey(lexicon, other)],
            excerptIds: [],
          },
        },
        cueWeight * familiarity(lexicon, other),
      )
    }
    for (const [symbol, target] of pointersFrom(lexicon, sense)) {
      const category = CATEGORY_OF_POINTER[symbol]
      if (!category) continue
      offer(
        {
          word: senseWord(lexicon, target),
          category,
          evidence: {
            relation: RELATION_NAMES[symbol] as string,
            meaningIds: [senseKey(lexicon, sense), senseKey(lexicon, target)],
            excerptIds: [],
          },
        },
        cueWeight * familiarity(lexicon, target),
      )
    }
    for (const lemma of contentLemmas(lexicon, synset[3], stopwords)) {
      if (genericInDefinitions(lemma)) continue
      // Inverse definition frequency: the rarer a word is across all definitions, the more it tells.
      const idf = Math.log(definitions.definitions / (1 + (definitions.counts.get(lemma) ?? 0)))
      offer(
        {
          word: lemma,
          category: 'in-definition',
          evidence: { meaningIds: [senseKey(lexicon, sense)], excerptIds: [] },
        },
        cueWeight * idf,
      )
    }
  }
  const together = new Map<string, string[]>()
  const cueExcerpts = index.excerptsOf.get(cue.word) ?? []
  for (const id of cueExcerpts) {
    for (const lemma of index.lemmasOf.get(id) ?? []) {
      const list = together.get(lemma)
      if (list) list.push(id)
      else together.set(lemma, [id])
    }
  }
  const excerpts = index.lemmasOf.size
  for (const [lemma, ids] of together) {
    const withWord = index.excerptsOf.get(lemma)?.length ?? 0
    // A word shared in one excerpt only is chance; one in a great many excerpts is generic.
    if (ids.length < MIN_SHARED_EXCERPTS || withWord > GENERIC_SHARE.excerpts * excerpts) continue
    const pmi = Math.log((ids.length * excerpts) / (cueExcerpts.length * withWord))
    offer({ word: lemma, category: 'seen-together', evidence: { meaningIds: [], excerptIds: ids } }, pmi)
  }
  return [...found.values()].sort(order).map((entry) => entry.link)
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
      const synset = synsetAt(lexicon, senseSynset(lexicon, sense))
      if (synset[5].some((s) => senseWord(lexicon, s).toLowerCase() === to)) return true
      if (pointersFrom(lexicon, sense).some(([, t]) => senseWord(lexicon, t).toLowerCase() === to))
        return true
      return contentLemmas(lexicon, synset[3], stopwords).has(to)
    })
  if (related(a, b) || related(b, a)) return true
  const withA = new Set(index.excerptsOf.get(a) ?? [])
  return (index.excerptsOf.get(b) ?? []).some((id) => withA.has(id))
}
