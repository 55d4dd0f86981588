/**
 * The learned evidence of meaning in context, read from the committed SemCor model: per lexicon word and
 * part of speech, how often each meaning was tagged, and the weight each context feature gives each meaning
 * (a per-word logistic-regression classifier, see `tools/train/learned-train.ts`).
 * The model is a file of the lexicon release (`model-file.ts`), held once in shared memory with the other
 * release files: each word's entry is found through the file's index and parsed when first asked for, so
 * the service starts without paying for it. Its name, version and attribution are in `model-info.ts`.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import type { PartOfSpeech } from '../../lexicon/wordnet-format'
import { boundedCache, type BoundedCache } from '../../text/bounded-cache'
import { fnv1a } from '../../text/fnv1a'
import { perLexicon } from '../../text/per-lexicon'
import { meaningModelOf, modelLine } from './model-file'
import { decodeVectors, normalize } from './vectors'

/**
 * The weights one context feature gives the meanings of a word, by the meaning's index in the entry
 * (`senseIndex`); NaN for a meaning it gives none (which counts as 0).
 */
export type SenseWeights = Float64Array

export type LearnedEntry = {
  /** Sense keys (meaning IDs) tagged for the word, with their counts. */
  senses: Map<string, number>
  total: number
  /** A meaning's index in the entry, by sense key, or undefined when the corpus never tagged it. */
  senseIndex(senseKey: string): number | undefined
  /** Per feature name: the weight it gives each meaning; a feature the word was not learned with is absent. */
  features: { get(name: string): SenseWeights | undefined }
  /** A meaning's vector (length 1) for the similarity evidence (`vectors.ts`), or undefined. */
  senseVector(senseKey: string): Float32Array | undefined
}

/**
 * Parsed entries kept, the oldest parsed dropped first. An entry keeps its model line as one string with
 * the offsets of its features and a table of them by name (`featureTable`), not a map per feature: a
 * thousand entries of common words took 51 MB as nested Maps, about a tenth of that as lines.
 */
const PARSED_ENTRY_LIMIT = 1_000
/**
 * The same on Workers (a lexicon read in blocks): the lines of common words run to 600 KB, and a thousand of
 * them beside the blocks they were read from (pinned while the request runs) take the heaviest /v1/illuminate
 * past a 128 MB isolate (see also the signatures' bound in `signatures.ts`).
 */
const PAGED_PARSED_ENTRY_LIMIT = 30
const parsedEntries = perLexicon((lexicon): BoundedCache<string, LearnedEntry> =>
  boundedCache<string, LearnedEntry>(lexicon.pages ? PAGED_PARSED_ENTRY_LIMIT : PARSED_ENTRY_LIMIT),
)

const BAR = 124
const SPACE = 32
const MINUS = 45
const ZERO = 48

/** The feature name starting at `start` of the line (it ends at a `|`) is `name`. */
function nameAt(line: string, start: number, name: string): boolean {
  for (let i = 0; i < name.length; i++) if (line.charCodeAt(start + i) !== name.charCodeAt(i)) return false
  return line.charCodeAt(start + name.length) === BAR
}

/**
 * An open-addressing table of the features starting at `offsets` (each slot a feature's index plus one, 0
 * for empty), at least twice as many slots as features: a lookup reads one or two names where a binary
 * search over the sorted names read a dozen, and every context feature of every occurrence is looked up.
 */
function featureTable(line: string, offsets: Int32Array): Uint16Array | Uint32Array {
  let size = 2
  while (size < offsets.length * 2) size *= 2
  // Two bytes a slot where the indexes fit (every entry of the committed model), half the memory.
  const table = offsets.length < 0xffff ? new Uint16Array(size) : new Uint32Array(size)
  const mask = size - 1
  for (let i = 0; i < offsets.length; i++) {
    const start = offsets[i] as number
    let slot = fnv1a(line, start, line.indexOf('|', start)) & mask
    while (table[slot] !== 0) slot = (slot + 1) & mask
    table[slot] = i + 1
  }
  return table
}

/**
 * The weights `pairs` (`i w i w …`, meaning index and weight in hundredths, from `from` to `to` of the line)
 * give the entry's `senses` meanings, by meaning index.
 */
function weightsIn(line: string, from: number, to: number, senses: number): SenseWeights {
  const weights = new Float64Array(senses).fill(Number.NaN)
  let field = 0
  let value = 0
  let negative = false
  let index = -1
  for (let at = from; at <= to; at++) {
    const code = at === to ? SPACE : line.charCodeAt(at)
    if (code === MINUS) negative = true
    else if (code !== SPACE) value = value * 10 + (code - ZERO)
    else {
      const number = negative ? -value : value
      if (field % 2 === 0) index = number
      else if (Number.isNaN(weights[index])) weights[index] = number / 100
      field++
      value = 0
      negative = false
    }
  }
  return weights
}

/**
 * A model line `pos:word TAB senseKeys TAB counts TAB name|i w i w|name|… TAB vectors`, features in code-unit
 * order, vectors one per sense key (or none).
 */
function parseEntry(line: string): LearnedEntry {
  const keysAt = line.indexOf('\t') + 1
  const countsAt = line.indexOf('\t', keysAt) + 1
  const featuresAt = line.indexOf('\t', countsAt) + 1
  const vectorsTab = line.indexOf('\t', featuresAt)
  const featuresEnd = vectorsTab === -1 ? line.length : vectorsTab
  const senseKeys = line.slice(keysAt, countsAt - 1).split(' ')
  const counts = line
    .slice(countsAt, featuresAt - 1)
    .split(' ')
    .map(Number)
  const senses = new Map(senseKeys.map((key, i) => [key, counts[i] as number]))
  const senseIndex = new Map(senseKeys.map((key, i) => [key, i]))
  let total = 0
  for (const c of counts) total += c
  const starts: number[] = []
  for (let at = featuresAt; at < featuresEnd;) {
    starts.push(at)
    const next = line.indexOf('|', line.indexOf('|', at) + 1)
    at = next === -1 ? featuresEnd : next + 1
  }
  const offsets = Int32Array.from(starts)
  let table: Uint16Array | Uint32Array | undefined
  let vectors: Float32Array[] | null = null
  return {
    senses,
    total,
    senseIndex: (key) => senseIndex.get(key),
    senseVector(key) {
      if (vectors === null) {
        vectors = vectorsTab === -1 ? [] : decodeVectors(line.slice(vectorsTab + 1), 1)
        for (const vector of vectors) normalize(vector)
      }
      const sense = senseIndex.get(key)
      return sense === undefined ? undefined : vectors[sense]
    },
    features: {
      get(name) {
        table ??= featureTable(line, offsets)
        const mask = table.length - 1
        for (let slot = fnv1a(name) & mask; ; slot = (slot + 1) & mask) {
          const feature = (table[slot] as number) - 1
          if (feature < 0) return undefined
          const start = offsets[feature] as number
          if (!nameAt(line, start, name)) continue
          const from = line.indexOf('|', start) + 1
          const end = line.indexOf('|', from)
          return weightsIn(line, from, end === -1 ? featuresEnd : end, senseKeys.length)
        }
      },
    },
  }
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
  const line = modelLine(meaningModelOf(lexicon), key)
  if (line === null) return null
  parsed.set(key, (entry = parseEntry(line)))
  return entry
}
