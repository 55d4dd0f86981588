/**
 * The learned evidence of meaning in context, read from the committed SemCor model: per lexicon word and
 * part of speech, how often each meaning was tagged, and the weight each context feature gives each meaning
 * (a per-word logistic-regression classifier, see `learned-train.ts`).
 * The model is a file of the lexicon release (`model-file.ts`), held once in shared memory with the other
 * release files: each word's entry is found through the file's index and parsed when first asked for, so
 * the service starts without paying for it. Its name, version and attribution are in `model-info.ts`.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import type { PartOfSpeech } from '../../lexicon/wordnet-format'
import { boundedCache, type BoundedCache } from '../../text/bounded-cache'
import { perLexicon } from '../../text/per-lexicon'
import { modelLine } from './model-file'

export type LearnedEntry = {
  /** Sense keys (meaning IDs) tagged for the word, with their counts. */
  senses: Map<string, number>
  total: number
  /** Per feature name: the weight it gives each meaning (by sense key); meanings not listed get 0. */
  features: Map<string, Map<string, number>>
}

/**
 * Parsed entries kept, the oldest parsed dropped first: the entries of common words are large, and keeping
 * every entry ever parsed would hold the whole model as Maps (117 MB with the earlier model).
 */
const PARSED_ENTRY_LIMIT = 1_000
const parsedEntries = perLexicon((): BoundedCache<string, LearnedEntry> =>
  boundedCache<string, LearnedEntry>(PARSED_ENTRY_LIMIT),
)

function parseEntry(line: string): LearnedEntry {
  const [, keyText = '', countText = '', featureText = ''] = line.split('\t')
  const senseKeys = keyText.split(' ')
  const counts = countText.split(' ').map(Number)
  const senses = new Map(senseKeys.map((key, i) => [key, counts[i] as number]))
  let total = 0
  for (const c of counts) total += c
  const byName = new Map<string, Map<string, number>>()
  const parts = featureText === '' ? [] : featureText.split('|')
  for (let f = 0; f + 1 < parts.length; f += 2) {
    const pairs = (parts[f + 1] as string).split(' ').map(Number)
    const bySense = new Map<string, number>()
    for (let i = 0; i < pairs.length; i += 2) {
      bySense.set(senseKeys[pairs[i] as number] as string, (pairs[i + 1] as number) / 100)
    }
    byName.set(parts[f] as string, bySense)
  }
  return { senses, total, features: byName }
}

/**
 * The learned entry of a lexicon word in a part of speech, from the model of that lexicon's release, or
 * null when the corpus never tagged it.
 */
export function learnedEntry(lexicon: Lexicon, word: string, pos: PartOfSpeech): LearnedEntry | null {
  const key = `${pos}:${word}`
  const parsed = parsedEntries(lexicon)
  let entry = parsed.get(key)
  if (entry) return entry
  const line = modelLine(lexicon.files.meaningModel, key)
  if (line === null) return null
  parsed.set(key, (entry = parseEntry(line)))
  return entry
}
