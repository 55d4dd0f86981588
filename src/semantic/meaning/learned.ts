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
import { perLexicon } from '../../text/per-lexicon'
import { meaningModelOf, modelLine } from './model-file'
import { decodeVectors, normalize } from './vectors'

/**
 * The weights one context feature gives the meanings of a word, by the meaning's index in the entry
 * (`senseIndex`); a meaning not listed gets 0.
 */
export type SenseWeights = ReadonlyMap<number, number>

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
 * the offsets of its features, not a map per feature: a thousand entries of common words took 51 MB as
 * nested Maps, about a tenth of that as lines.
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

/** The feature name starting at `start` of the line (it ends at a `|`) against `name`, in code-unit order. */
function compareNameAt(line: string, start: number, name: string): number {
  for (let i = 0; ; i++) {
    const code = line.charCodeAt(start + i)
    if (i === name.length) return code === BAR ? 0 : 1
    if (code === BAR) return -1
    const difference = code - name.charCodeAt(i)
    if (difference !== 0) return difference
  }
}

/** The feature names starting at `a` and `b` of the line, in code-unit order. */
function compareNames(line: string, a: number, b: number): number {
  for (let i = 0; ; i++) {
    const x = line.charCodeAt(a + i)
    const y = line.charCodeAt(b + i)
    if (x === BAR || y === BAR) return (x === BAR ? 0 : 1) - (y === BAR ? 0 : 1)
    if (x !== y) return x - y
  }
}

/**
 * The weights `pairs` (`i w i w …`, meaning index and weight in hundredths, from `from` to `to` of the line)
 * give the meanings, by meaning index.
 */
function weightsIn(line: string, from: number, to: number): Map<number, number> {
  const weights = new Map<number, number>()
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
      else if (!weights.has(index)) weights.set(index, number / 100)
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
  // Training writes the features sorted; a line that is not is sorted here rather than searched wrongly.
  if (starts.some((at, i) => i > 0 && compareNames(line, starts[i - 1] as number, at) > 0)) {
    starts.sort((a, b) => compareNames(line, a, b))
  }
  const offsets = Int32Array.from(starts)
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
        let lo = 0
        let hi = offsets.length
        while (lo < hi) {
          const mid = (lo + hi) >>> 1
          const order = compareNameAt(line, offsets[mid] as number, name)
          if (order === 0) {
            const from = line.indexOf('|', offsets[mid] as number) + 1
            const end = line.indexOf('|', from)
            return weightsIn(line, from, end === -1 ? featuresEnd : end)
          }
          if (order < 0) lo = mid + 1
          else hi = mid
        }
        return undefined
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
