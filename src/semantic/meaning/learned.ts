/**
 * The learned evidence of meaning in context, read from the committed SemCor model: per lexicon word and
 * part of speech, how often each meaning was tagged, and how often each context feature occurred with it.
 * The model text is indexed on first use and each word's entry is parsed when first asked for, so the
 * service starts without paying for it.
 */
import type { PartOfSpeech } from '../../lexicon/wordnet-format'
import { boundedCache } from '../../text/bounded-cache'
import type { FeatureKind } from './features'
import { SEMCOR_MODEL, SEMCOR_MODEL_INSTANCES, SEMCOR_MODEL_VERSION } from './model/semcor-wsd'

/**
 * Features seen fewer times than this with a word are not kept in the model: surrounding words are many
 * and each says little, so only the frequent ones are kept (this keeps the model to a few megabytes).
 */
export const MIN_FEATURE_COUNT: Record<FeatureKind, number> = { word: 4, collocation: 2, class: 2 }

export type LearnedEntry = {
  /** Sense keys (meaning IDs) tagged for the word, with their counts. */
  senses: Map<string, number>
  total: number
  /** Per feature name: its count with each meaning (by sense key), and in all. */
  features: Map<string, { bySense: Map<string, number>; total: number }>
}

export const SEMCOR_MODEL_INFO = {
  name: 'semcor-wsd',
  version: SEMCOR_MODEL_VERSION,
  instances: SEMCOR_MODEL_INSTANCES,
  source:
    'SemCor 3.0 (352 Brown Corpus texts, Princeton), automatically mapped to WordNet 3.0 by Rada Mihalcea; NAF conversion by Ruben Izquierdo and Marten Postma (rubenIzquierdo/wsd_corpora); sense keys in WordNet 3.1',
  license: 'WordNet License',
  url: 'https://wordnet.princeton.edu/license-and-commercial-use',
  citation:
    'Miller, G. A., Leacock, C., Tengi, R. and Bunker, R. T. (1993). A semantic concordance. Proceedings of the ARPA Workshop on Human Language Technology, 303-308.',
  derived:
    'Sense counts and context-feature counts per lexicon word (surrounding words, local collocations, neighbouring word classes); no sentences.',
} as const

type ModelIndex = Map<string, string>

let index: ModelIndex | null = null
/**
 * Parsed entries kept, the oldest parsed dropped first: the entries of common words are large (the 783 the
 * heaviest requests of every route read average 41 KB; all 22,000 parsed took 117 MB).
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
  const byName = new Map<string, { bySense: Map<string, number>; total: number }>()
  const parts = featureText === '' ? [] : featureText.split('|')
  for (let f = 0; f + 1 < parts.length; f += 2) {
    const name = parts[f] as string
    const pairs = (parts[f + 1] as string).split(' ').map(Number)
    const bySense = new Map<string, number>()
    let sum = 0
    for (let i = 0; i < pairs.length; i += 2) {
      bySense.set(senseKeys[pairs[i] as number] as string, pairs[i + 1] as number)
      sum += pairs[i + 1] as number
    }
    byName.set(name, { bySense, total: sum })
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
