/**
 * The learned evidence of meaning in context, read from the committed SemCor model: per lexicon word and
 * part of speech, how often each meaning was tagged, and the weight each context feature gives each meaning
 * (a per-word logistic-regression classifier, see `learned-train.ts`).
 * The model text is indexed on first use and each word's entry is parsed when first asked for, so the
 * service starts without paying for it. Its name, version and attribution are in `model-info.ts`.
 */
import type { PartOfSpeech } from '../../lexicon/wordnet-format'
import { boundedCache } from '../../text/bounded-cache'
import { SEMCOR_MODEL } from './model/semcor-wsd'

export type LearnedEntry = {
  /** Sense keys (meaning IDs) tagged for the word, with their counts. */
  senses: Map<string, number>
  total: number
  /** Per feature name: the weight it gives each meaning (by sense key); meanings not listed get 0. */
  features: Map<string, Map<string, number>>
}

type ModelIndex = Map<string, string>

let index: ModelIndex | null = null
/**
 * Parsed entries kept, the oldest parsed dropped first: the entries of common words are large, and keeping
 * every entry ever parsed would hold the whole model as Maps (117 MB with the earlier model).
 */
const PARSED_ENTRY_LIMIT = 1_000
const parsedEntries = boundedCache<string, LearnedEntry>(PARSED_ENTRY_LIMIT)

function modelIndex(): ModelIndex {
  if (index) return index
  const built: ModelIndex = new Map()
  for (const line of SEMCOR_MODEL.split('\n')) built.set(line.slice(0, line.indexOf('\t')), line)
  index = built
  return built
}

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

/** The learned entry of a lexicon word in a part of speech, or null when the corpus never tagged it. */
export function learnedEntry(word: string, pos: PartOfSpeech): LearnedEntry | null {
  const key = `${pos}:${word}`
  const line = modelIndex().get(key)
  if (line === undefined) return null
  let entry = parsedEntries.get(key)
  if (!entry) parsedEntries.set(key, (entry = parseEntry(line)))
  return entry
}
