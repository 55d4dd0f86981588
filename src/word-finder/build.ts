/**
 * Building the word finder's release file (src/word-finder/finder-file.ts) when the lexicon release is
 * built: from the word list's lines and Zipf values, CMUdict's first pronunciation of each, the compiled
 * WordNet (parts of speech of its single words, the definitions' terms) and the words to keep out of
 * classroom-safe answers.
 */
import type { CompiledWordnet, SynsetRow } from '../lexicon/compile'
import { partOfSpeech, PARTS_OF_SPEECH } from '../lexicon/wordnet-format'
import { encodeFinderFile, groupByKey, POS_SHIFT, UNSAFE_BIT } from './finder-file'
import { rhymeKeys, soundKey, syllableCount } from './sound-keys'
import { meaningTerms } from './terms'

export type FinderSource = {
  /** The word list's words in line order, with their Zipf values times 100 (0: not in SUBTLEX-US). */
  words: readonly string[]
  zipf100: readonly number[]
  cmudict: Readonly<Record<string, string>>
  /** Lower-case words with an offensive, vulgar or profanity-list meaning. */
  unsafe: ReadonlySet<string>
}

export function finderFile(
  source: FinderSource,
  synsets: readonly SynsetRow[],
  wordnet: CompiledWordnet,
): Uint8Array {
  const { words, zipf100, cmudict, unsafe } = source
  const posMasks = new Map<string, number>()
  for (const [, written, synset] of wordnet.senses) {
    const word = written.toLowerCase()
    const bit = 1 << PARTS_OF_SPEECH.indexOf(partOfSpeech((synsets[synset] as SynsetRow)[1]))
    posMasks.set(word, (posMasks.get(word) ?? 0) | bit)
  }
  const arpabet = words.map((w) => cmudict[w]?.trim() ?? null)
  const info = Int32Array.from(words, (word, line) => {
    const sound = arpabet[line]
    const syllables = sound ? Math.min(syllableCount(sound), 31) : 0
    return syllables | ((posMasks.get(word) ?? 0) << POS_SHIFT) | (unsafe.has(word) ? UNSAFE_BIT : 0)
  })
  const byFrequency = Int32Array.from(words.keys()).sort(
    (a, b) => (zipf100[b] as number) - (zipf100[a] as number) || a - b,
  )
  const rhymes = arpabet.map((a) => (a ? rhymeKeys(a) : null))
  const synsetTerms = synsets.map(([, , , definition]) => meaningTerms(definition))
  const postings = new Map<number, string[]>(synsetTerms.map((terms, s) => [s, terms]))
  return encodeFinderFile({
    info,
    byFrequency,
    perfect: groupByKey(byFrequency, (line) => rhymes[line]?.perfect ?? null),
    near: groupByKey(byFrequency, (line) => rhymes[line]?.near ?? null),
    sound: groupByKey(byFrequency, (line) => soundKey(words[line] as string) || null),
    terms: termGroups(postings),
    synsetTerms: Int32Array.from(synsetTerms, (terms) => terms.length),
  })
}

/** The synsets of each term, in synset order. */
function termGroups(terms: ReadonlyMap<number, readonly string[]>) {
  const bySynset = new Map<string, number[]>()
  for (const [synset, list] of terms)
    for (const term of list) {
      const held = bySynset.get(term)
      if (held) held.push(synset)
      else bySynset.set(term, [synset])
    }
  const keys = [...bySynset.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return { keys, members: keys.map((k) => bySynset.get(k) as number[]) }
}
