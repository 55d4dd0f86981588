/**
 * The lexicon compiler: turns WordNet's database text files into a lexicon release (the compact string and
 * table files of src/lexicon/compact.ts, the exception lists as JSON, the companion files other features ship
 * in the release (handed in, `LexiconBundle`), the block hashes, and a manifest). Pure and deterministic: the
 * same input texts give byte-identical files and the same release id.
 */
import { blockDigests } from '../storage/block-hashes'
import { canonicalJson } from '../storage/canonical-json'
import { sha256Hex } from '../storage/digest'
import {
  LEXICOGRAPHER_FILES,
  PARTS_OF_SPEECH,
  RELATION_TYPES,
  partOfSpeech,
  type PartOfSpeech,
  type PointerSymbol,
  type SynsetType,
} from './wordnet-format'
import type { LexiconManifest, ReleaseModel } from './schemas'
import {
  buildHashTable,
  encodeStrings,
  encodeTables,
  LEMMA_FIELDS,
  LEMMA_WIDTH,
  PREFIX_WIDTH,
  SENSE_WIDTH,
  SYNSET_TYPES,
  SYNSET_WIDTH,
} from './compact'

export const COMPILER_VERSION = 'lexicon-compiler/12'

/**
 * The lexicon's own files read in blocks where the release is not held whole (Workers), in the order of their
 * block hashes; the paged companion files follow them, in the order they are handed in.
 */
export const PAGED_FILES = ['strings.bin', 'tables.bin'] as const
/** The SHA-256 of every block of the paged files (src/storage/block-hashes.ts), listed in the manifest. */
export const BLOCK_HASHES_FILE = 'block-hashes.bin'
/**
 * The block size of the paged files: a word record reads rows and strings scattered over both files, so a
 * block much smaller than a dataset's 64 KiB keeps what one lookup brings into the cache small.
 */
export const LEXICON_BLOCK_BYTES = 4096

export type WordnetSources = {
  /** data.noun, data.verb, data.adj, data.adv */
  data: Record<'noun' | 'verb' | 'adj' | 'adv', string>
  indexSense: string
  /** noun.exc, verb.exc, adj.exc, adv.exc */
  exceptions: Record<'noun' | 'verb' | 'adj' | 'adv', string>
  wordnetPackage: { name: string; version: string }
  exceptionsPackage: { name: string; version: string; wordnetVersion: string }
}

/**
 * A file another feature ships in the lexicon release: its name, whether it is read in blocks where the
 * release is (`paged`, listed in the block hashes) or held whole on every runtime, and its bytes, given or
 * derived from the compiled synsets.
 */
export type CompanionSource = {
  name: string
  read: 'paged' | 'whole'
  bytes: Uint8Array | ((synsets: readonly SynsetRow[], wordnet: CompiledWordnet) => Uint8Array)
}

/** The compiled senses and pointers (a synset's pointers are its rows from its first pointer on). */
export type CompiledWordnet = { senses: readonly SenseRow[]; pointers: readonly PointerRow[] }

/**
 * What is composed with the lexicon into its release (src/releases/lexicon-release.ts): the companion files,
 * in the order the manifest lists them after the lexicon's own; the learned models the manifest names (part
 * of the release id); and the inputs they were built from, listed after WordNet's in the manifest.
 */
export type LexiconBundle = {
  companions: readonly CompanionSource[]
  models: ReleaseModel[]
  inputs: ReadonlyArray<{ name: string; bytes: Uint8Array }>
  /** The packages the companion files come from, with their licences, as the manifest lists them. */
  sources: LexiconManifest['sources']
}

/**
 * One synset as the accessors decode it: [id, type, lexicographer file number, definition, examples, sense
 * indices, first pointer, pointer count]. Pointers are read with `pointersOf`.
 */
export type SynsetRow = [string, SynsetType, number, string, string[], number[], number, number]
/** One pointer: [symbol, target synset index, source sense index or -1, target sense index or -1]. */
export type PointerRow = [PointerSymbol, number, number, number]
/** Pointers are Int32 quadruples [symbol code, target synset, source sense or -1, target sense or -1]. */
export const POINTER_SYMBOLS = Object.keys(RELATION_TYPES) as PointerSymbol[]
export const POINTER_WIDTH = 4
/** One sense as the accessors decode it: [sense key, lemma as written, synset index, sense number, tag count]. */
export type SenseRow = [string, string, number, number, number]
export type ExceptionTable = Record<PartOfSpeech, Record<string, string[]>>
/**
 * The lemma index: lower-case lemmas in code-unit order, each lemma's senses (nouns, verbs, adjectives,
 * adverbs, by sense number), and the alphabetical positions in suggestion order (most tagged first, then
 * shorter, then code-unit order). Computed here so that loading does no sorting.
 */
export type LemmaIndex = { lemmas: string[]; senses: number[][]; byRank: number[] }

export type CompiledFile = { path: string; bytes: Uint8Array }
export type CompiledLexicon = { files: CompiledFile[]; manifest: LexiconManifest }

const FILE_POS = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' } as const
const EXCEPTION_POS = { noun: 'noun', verb: 'verb', adj: 'adjective', adv: 'adverb' } as const

type SenseInfo = { key: string; senseNumber: number; tagCount: number }

/** index.sense keyed by `offset:filePos:lemma`, where filePos folds satellites into `a`. */
function readSenseIndex(text: string): Map<string, SenseInfo> {
  const index = new Map<string, SenseInfo>()
  for (const line of text.split('\n')) {
    if (!line) continue
    const [key, offset, senseNumber, tagCount] = line.split(' ')
    if (!key || !offset) continue
    const [lemma, rest] = key.split('%') as [string, string]
    const ssType = rest.slice(0, 1)
    const filePos = ssType === '1' ? 'n' : ssType === '2' ? 'v' : ssType === '4' ? 'r' : 'a'
    index.set(`${offset}:${filePos}:${lemma}`, {
      key,
      senseNumber: Number(senseNumber),
      tagCount: Number(tagCount),
    })
  }
  return index
}

/** Splits a gloss into its definition and its quoted examples. */
export function splitGloss(gloss: string): { definition: string; examples: string[] } {
  const examples: string[] = []
  const re = /"([^"]*)"/g
  for (let m = re.exec(gloss); m; m = re.exec(gloss)) {
    const example = (m[1] ?? '').trim()
    if (example) examples.push(example)
  }
  const firstQuote = gloss.indexOf('"')
  const definition = (firstQuote === -1 ? gloss : gloss.slice(0, firstQuote))
    .trim()
    .replace(/[;:,]\s*$/, '')
    .trim()
  return { definition, examples }
}

type RawPointer = { symbol: PointerSymbol; target: string; source: number; targetWord: number }

export function readLicense(dataNoun: string): string {
  const lines: string[] = []
  for (const line of dataNoun.split('\n')) {
    if (!line.startsWith('  ')) break
    lines.push(line.replace(/^\s+\d+ ?/, '').trimEnd())
  }
  return lines.join('\n').trim()
}

export async function compileLexicon(
  sources: WordnetSources,
  bundle: LexiconBundle,
): Promise<CompiledLexicon> {
  const senseIndex = readSenseIndex(sources.indexSense)
  const synsets: SynsetRow[] = []
  const senses: SenseRow[] = []
  const synsetIndex = new Map<string, number>()
  const rawPointers: RawPointer[][] = []

  for (const file of ['noun', 'verb', 'adj', 'adv'] as const) {
    const filePos = FILE_POS[file]
    for (const line of sources.data[file].split('\n')) {
      if (!line || line.startsWith(' ')) continue
      const bar = line.indexOf(' | ')
      const fields = (bar === -1 ? line : line.slice(0, bar)).trim().split(' ')
      const gloss = bar === -1 ? '' : line.slice(bar + 3).trim()
      const offset = fields[0] as string
      const lexFile = Number(fields[1])
      const type = fields[2] as SynsetType
      const wordCount = parseInt(fields[3] as string, 16)
      let i = 4
      const synsetNumber = synsets.length
      const senseIds: number[] = []
      for (let w = 0; w < wordCount; w++, i += 2) {
        const written = (fields[i] as string).replace(/\([a-z]+\)$/, '')
        const info = senseIndex.get(`${offset}:${filePos}:${written.toLowerCase()}`)
        if (!info) throw new Error(`compileLexicon: no sense key for "${written}" in ${file} ${offset}`)
        senseIds.push(senses.length)
        senses.push([info.key, written.replace(/_/g, ' '), synsetNumber, info.senseNumber, info.tagCount])
      }
      const pointerCount = Number(fields[i])
      i += 1
      const pointers: RawPointer[] = []
      for (let p = 0; p < pointerCount; p++, i += 4) {
        const symbol = fields[i] as PointerSymbol
        if (!(symbol in RELATION_TYPES))
          throw new Error(`compileLexicon: unknown pointer ${symbol} in ${offset}`)
        const targetType = fields[i + 2] as SynsetType
        const sourceTarget = fields[i + 3] as string
        pointers.push({
          symbol,
          target: `${fields[i + 1]}:${targetType === 's' ? 'a' : targetType}`,
          source: parseInt(sourceTarget.slice(0, 2), 16),
          targetWord: parseInt(sourceTarget.slice(2), 16),
        })
      }
      const { definition, examples } = splitGloss(gloss)
      synsetIndex.set(`${offset}:${filePos}`, synsetNumber)
      rawPointers.push(pointers)
      synsets.push([
        `${offset}-${type === 's' ? 's' : filePos}`,
        type,
        lexFile,
        definition,
        examples,
        senseIds,
        0,
        0,
      ])
    }
  }

  const relationCounts: Record<string, number> = {}
  const pointerInts: number[] = []
  rawPointers.forEach((pointers, s) => {
    const synset = synsets[s] as SynsetRow
    synset[6] = pointerInts.length / POINTER_WIDTH
    synset[7] = pointers.length
    for (const pointer of pointers) {
      const target = synsetIndex.get(pointer.target)
      if (target === undefined) throw new Error(`compileLexicon: dangling pointer to ${pointer.target}`)
      const targetSynset = synsets[target] as SynsetRow
      const source = pointer.source === 0 ? -1 : (synset[5][pointer.source - 1] ?? -1)
      const targetSense = pointer.targetWord === 0 ? -1 : (targetSynset[5][pointer.targetWord - 1] ?? -1)
      pointerInts.push(POINTER_SYMBOLS.indexOf(pointer.symbol), target, source, targetSense)
      const name = RELATION_TYPES[pointer.symbol]
      relationCounts[name] = (relationCounts[name] ?? 0) + 1
    }
  })

  const exceptions = {} as ExceptionTable
  let exceptionCount = 0
  for (const file of ['noun', 'verb', 'adj', 'adv'] as const) {
    const table: Record<string, string[]> = {}
    for (const line of sources.exceptions[file].split('\n')) {
      const [inflected, ...bases] = line.trim().split(/\s+/)
      if (!inflected || bases.length === 0) continue
      const key = inflected.replace(/_/g, ' ')
      table[key] = [...new Set([...(table[key] ?? []), ...bases.map((b) => b.replace(/_/g, ' '))])]
      exceptionCount++
    }
    exceptions[EXCEPTION_POS[file]] = Object.fromEntries(
      Object.entries(table).sort(([a], [b]) => (a < b ? -1 : 1)),
    )
  }

  const lemmaIndex = indexLemmas(synsets, senses)
  const encoder = new TextEncoder()
  const compact = compactFiles(synsets, senses, pointerInts, lemmaIndex)
  const wordnet: CompiledWordnet = { senses, pointers: pointerRows(pointerInts) }
  const companions = bundle.companions.map((companion) => ({
    ...companion,
    bytes: typeof companion.bytes === 'function' ? companion.bytes(synsets, wordnet) : companion.bytes,
  }))
  const paged = companions.filter((companion) => companion.read === 'paged').map((c) => c.bytes)
  const files: CompiledFile[] = [
    { path: 'strings.bin', bytes: compact.strings },
    { path: 'tables.bin', bytes: compact.tables },
    { path: 'exceptions.json', bytes: encoder.encode(JSON.stringify(exceptions)) },
    ...companions.map(({ name, bytes }) => ({ path: name, bytes })),
    {
      path: BLOCK_HASHES_FILE,
      bytes: await blockDigests([compact.strings, compact.tables, ...paged], LEXICON_BLOCK_BYTES),
    },
  ]
  const fileEntries = await Promise.all(
    files.map(async (f) => ({ path: f.path, bytes: f.bytes.byteLength, sha256: await sha256Hex(f.bytes) })),
  )
  const inputs = await Promise.all(
    [
      ...Object.entries(sources.data).map(([k, v]) => [`data.${k}`, v] as const),
      ['index.sense', sources.indexSense] as const,
      ...Object.entries(sources.exceptions).map(([k, v]) => [`${k}.exc`, v] as const),
      ...bundle.inputs.map(({ name, bytes }) => [name, bytes] as const),
    ].map(async ([name, content]) => {
      const bytes = typeof content === 'string' ? encoder.encode(content) : content
      return { name, bytes: bytes.byteLength, sha256: await sha256Hex(bytes) }
    }),
  )

  const models = bundle.models
  const release = await sha256Hex(
    canonicalJson({ compiler: COMPILER_VERSION, files: fileEntries, models, sources: bundle.sources }),
  )
  const manifest: LexiconManifest = {
    release,
    name: 'lexicon',
    source: wordnetAttribution(sources, readLicense(sources.data.noun)),
    statistics: statistics(synsets, senses, relationCounts, exceptionCount),
    build: { compiler: COMPILER_VERSION, deterministic: true, inputs },
    files: fileEntries,
    models,
    sources: bundle.sources,
  }
  return { files, manifest }
}

function pointerRows(ints: readonly number[]): PointerRow[] {
  const rows: PointerRow[] = []
  for (let i = 0; i < ints.length; i += POINTER_WIDTH) {
    const at = (k: number) => ints[i + k] as number
    rows.push([POINTER_SYMBOLS[at(0)] as PointerSymbol, at(1), at(2), at(3)])
  }
  return rows
}

/** How many best-ranked lemmas are kept per short prefix: the 20 shown plus one that may be the exact match. */
const SHORT_PREFIX_KEEP = 21

/** The rows and indexes in the compact form (src/lexicon/compact.ts). */
function compactFiles(
  synsets: SynsetRow[],
  senses: SenseRow[],
  pointerInts: number[],
  index: LemmaIndex,
): { strings: Uint8Array; tables: Uint8Array } {
  const strings: string[] = []
  const add = (text: string) => strings.push(text) - 1
  const synsetRows = new Int32Array(synsets.length * SYNSET_WIDTH)
  synsets.forEach(([id, type, lexFile, definition, examples, senseIds, firstPointer, pointerCount], i) => {
    const firstSense = senseIds[0] ?? 0
    if (senseIds.some((s, k) => s !== firstSense + k))
      throw new Error(`compileLexicon: the senses of ${id} are not consecutive`)
    const idString = add(id)
    const definitionString = add(definition)
    const firstExample = strings.length
    examples.forEach(add)
    synsetRows.set(
      [
        idString,
        SYNSET_TYPES.indexOf(type),
        lexFile,
        definitionString,
        firstExample,
        examples.length,
        firstSense,
        senseIds.length,
        firstPointer,
        pointerCount,
      ],
      i * SYNSET_WIDTH,
    )
  })
  const senseRows = new Int32Array(senses.length * SENSE_WIDTH)
  const senseKeys = senses.map(([key, written, synset, senseNumber, tagCount], i) => {
    const keyString = add(key)
    senseRows.set([keyString, add(written), synset, senseNumber, tagCount], i * SENSE_WIDTH)
    return keyString
  })
  const lemmaRows = new Int32Array(index.lemmas.length * LEMMA_WIDTH)
  const lemmaSenses: number[] = []
  const lemmaStrings = index.lemmas.map((lemma, i) => {
    const list = index.senses[i] as number[]
    const lemmaString = add(lemma)
    const parts = list.reduce((mask, sense) => mask | (1 << posOrder(synsets, senses, sense)), 0)
    lemmaRows.set([lemmaString, lemmaSenses.length, list.length, 0, parts], i * LEMMA_WIDTH)
    lemmaSenses.push(...list)
    return lemmaString
  })
  const shortPrefixTop = new Map<string, number[]>()
  index.byRank.forEach((position, rank) => {
    lemmaRows[position * LEMMA_WIDTH + LEMMA_FIELDS.rank] = rank
    const lemma = index.lemmas[position] as string
    for (let length = 2; length <= 3 && length <= lemma.length; length++) {
      const prefix = lemma.slice(0, length)
      const top = shortPrefixTop.get(prefix)
      if (!top) shortPrefixTop.set(prefix, [position])
      else if (top.length < SHORT_PREFIX_KEEP) top.push(position)
    }
  })
  const prefixes = [...shortPrefixTop.keys()].sort(compareCodeUnits)
  const prefixRows = new Int32Array(prefixes.length * PREFIX_WIDTH)
  const prefixLemmas: number[] = []
  const prefixStrings = prefixes.map((prefix, i) => {
    const top = shortPrefixTop.get(prefix) as number[]
    const prefixString = add(prefix)
    prefixRows.set([prefixString, prefixLemmas.length, top.length], i * PREFIX_WIDTH)
    prefixLemmas.push(...top)
    return prefixString
  })
  const encoded = encodeStrings(strings)
  const tables = encodeTables({
    stringOffsets: encoded.offsets,
    synsets: synsetRows,
    senses: senseRows,
    pointers: Int32Array.from(pointerInts),
    lemmas: lemmaRows,
    lemmaSenses: Int32Array.from(lemmaSenses),
    lemmaHash: buildHashTable(encoded, lemmaStrings),
    senseKeyHash: buildHashTable(encoded, senseKeys),
    prefixes: prefixRows,
    prefixLemmas: Int32Array.from(prefixLemmas),
    prefixHash: buildHashTable(encoded, prefixStrings),
  })
  return { strings: encoded.bytes, tables }
}

export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function bytesBefore(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length && i < b.length; i++)
    if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number)
  return a.length < b.length
}

const POS_ORDER: Record<PartOfSpeech, number> = { noun: 0, verb: 1, adjective: 2, adverb: 3 }

/** A sense's part of speech as its place in PARTS_OF_SPEECH. */
const posOrder = (synsets: readonly SynsetRow[], senses: readonly SenseRow[], sense: number) =>
  POS_ORDER[partOfSpeech((synsets[(senses[sense] as SenseRow)[2]] as SynsetRow)[1])]

function indexLemmas(synsets: SynsetRow[], senses: SenseRow[]): LemmaIndex {
  const byLemma = new Map<string, number[]>()
  const weight = new Map<string, number>()
  senses.forEach((sense, index) => {
    const lemma = sense[1].toLowerCase()
    const list = byLemma.get(lemma)
    if (list) list.push(index)
    else byLemma.set(lemma, [index])
    weight.set(lemma, (weight.get(lemma) ?? 0) + sense[4])
  })
  const posOf = (sense: number) => posOrder(synsets, senses, sense)
  for (const list of byLemma.values()) {
    list.sort(
      (a, b) => posOf(a) - posOf(b) || (senses[a] as SenseRow)[3] - (senses[b] as SenseRow)[3] || a - b,
    )
  }
  const lemmas = [...byLemma.keys()].sort(compareCodeUnits)
  // Prefix ranges are found by comparing UTF-8 bytes, whose order differs from code units' only for
  // characters from U+E000 beside ones outside the Basic Multilingual Plane.
  const encoder = new TextEncoder()
  const bytes = lemmas.map((lemma) => encoder.encode(lemma))
  lemmas.forEach((lemma, i) => {
    if (i > 0 && !bytesBefore(bytes[i - 1] as Uint8Array, bytes[i] as Uint8Array))
      throw new Error(
        `compileLexicon: lemmas ${lemmas[i - 1]} and ${lemma} differ in byte and code-unit order`,
      )
  })
  const byRank = lemmas
    .map((_, index) => index)
    .sort((a, b) => {
      const la = lemmas[a] as string
      const lb = lemmas[b] as string
      return (
        (weight.get(lb) ?? 0) - (weight.get(la) ?? 0) || la.length - lb.length || compareCodeUnits(la, lb)
      )
    })
  return { lemmas, senses: lemmas.map((lemma) => byLemma.get(lemma) as number[]), byRank }
}

function wordnetAttribution(sources: WordnetSources, license: string): LexiconManifest['source'] {
  return {
    name: 'WordNet',
    version: '3.1',
    publisher: 'Princeton University',
    url: 'https://wordnet.princeton.edu/',
    citation: 'Princeton University "About WordNet." WordNet. Princeton University. 2010.',
    license: 'WordNet 3.1 license (permissive, BSD-style)',
    licenseText: license,
    packages: [
      {
        ...sources.wordnetPackage,
        role: 'WordNet 3.1 database files (synsets, index.sense with sense tag counts)',
      },
      {
        name: sources.exceptionsPackage.name,
        version: sources.exceptionsPackage.version,
        role: `morphological exception lists (from WordNet ${sources.exceptionsPackage.wordnetVersion})`,
      },
    ],
  }
}

function statistics(
  synsets: SynsetRow[],
  senses: SenseRow[],
  relationCounts: Record<string, number>,
  exceptionCount: number,
): LexiconManifest['statistics'] {
  const lemmas = new Set<string>()
  const byPos = Object.fromEntries(
    PARTS_OF_SPEECH.map((pos) => [pos, { lemmas: new Set<string>(), senses: 0, synsets: 0 }]),
  ) as Record<PartOfSpeech, { lemmas: Set<string>; senses: number; synsets: number }>
  for (const synset of synsets) byPos[partOfSpeech(synset[1])].synsets++
  for (const sense of senses) {
    const pos = partOfSpeech((synsets[sense[2]] as SynsetRow)[1])
    const lemma = sense[1].toLowerCase()
    lemmas.add(lemma)
    byPos[pos].lemmas.add(lemma)
    byPos[pos].senses++
  }
  return {
    lemmas: lemmas.size,
    senses: senses.length,
    synsets: synsets.length,
    exceptions: exceptionCount,
    byPartOfSpeech: Object.fromEntries(
      PARTS_OF_SPEECH.map((pos) => [
        pos,
        { lemmas: byPos[pos].lemmas.size, senses: byPos[pos].senses, synsets: byPos[pos].synsets },
      ]),
    ) as LexiconManifest['statistics']['byPartOfSpeech'],
    relations: Object.fromEntries(Object.entries(relationCounts).sort(([a], [b]) => (a < b ? -1 : 1))),
    lexicographerFiles: LEXICOGRAPHER_FILES.length,
  }
}
