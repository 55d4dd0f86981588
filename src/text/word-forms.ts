/**
 * From a written word to the lexicon words it can be: the word itself when it is a lemma, and its base
 * forms through WordNet's exception lists and suffix rules (`geese` → goose, `gave up` → give up). Results
 * are memoized per lexicon because every passage asks about the same few thousand words.
 */
import { lemmaPartsOfSpeech, type Lexicon } from '../lexicon/lexicon'
import { baseForms } from '../lexicon/morphology'
import type { PartOfSpeech } from '../lexicon/wordnet-format'
import { boundedCache, type BoundedCache } from './bounded-cache'
import { perLexicon } from './per-lexicon'

export type FormReading = {
  /** The lexicon word. */
  word: string
  partOfSpeech: PartOfSpeech
  /** How the written form reaches it. */
  via: 'exact' | 'exception-list' | 'suffix-rule'
}

/**
 * Memo entries kept per table, the oldest dropped first so arbitrary input cannot grow memory without end
 * (readings about 250 bytes each, keys 140; the heaviest requests of every route read 29,000 and 25,000).
 */
const MEMO_LIMIT = 50_000

const caches = perLexicon(() => ({
  readings: boundedCache<string, FormReading[]>(MEMO_LIMIT),
  keys: boundedCache<string, string[]>(MEMO_LIMIT),
}))

function remember<T>(cache: BoundedCache<string, T>, key: string, value: T): T {
  cache.set(key, value)
  return value
}

/** `dog's` → `dog`, `dogs'` → `dogs`. */
export function stripPossessive(lower: string): string {
  if (lower.endsWith("'s")) return lower.slice(0, -2)
  if (lower.endsWith("'")) return lower.slice(0, -1)
  return lower
}

/** Every (lexicon word, part of speech) a lower-case word or phrase can be, the exact word first. */
export function formReadings(lexicon: Lexicon, lower: string): readonly FormReading[] {
  const cache = caches(lexicon).readings
  const cached = cache.get(lower)
  if (cached) return cached
  const readings: FormReading[] = []
  const seen = new Set<string>()
  const add = (word: string, partOfSpeech: PartOfSpeech, via: FormReading['via']) => {
    const key = `${partOfSpeech}:${word}`
    if (seen.has(key)) return
    seen.add(key)
    readings.push({ word, partOfSpeech, via })
  }
  for (const candidate of lower.includes("'") ? [lower, stripPossessive(lower)] : [lower]) {
    for (const pos of lemmaPartsOfSpeech(lexicon, candidate)) add(candidate, pos, 'exact')
    for (const base of baseForms(lexicon, candidate)) add(base.word, base.partOfSpeech, base.rule)
  }
  return remember(cache, lower, readings)
}

/**
 * The keys a word matches on in overlap counting: the word itself and every base form, so `banks` in a
 * passage meets `bank` in a definition, and `ran` meets `running` (both reach `run`).
 */
export function matchKeys(lexicon: Lexicon, lower: string): readonly string[] {
  const cache = caches(lexicon).keys
  const cached = cache.get(lower)
  if (cached) return cached
  const plain = stripPossessive(lower)
  const keys = [plain]
  for (const reading of formReadings(lexicon, plain))
    if (!keys.includes(reading.word)) keys.push(reading.word)
  return remember(cache, lower, keys)
}
