/**
 * The English profanity list the register marks words from (`naughty-words`, the LDNOOBW list, CC-BY-4.0),
 * read from the installed package on Node when the lexicon release is built: its words by register key, its
 * bytes as a build input and the package as a source the manifest names.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { LexiconManifest } from '../lexicon/schemas'
import { registerKey } from '../lexicon/register'
import { installedPackage, packageFolder } from './word-list-build'

const PACKAGE = 'naughty-words'

export type ProfanityList = {
  words: ReadonlySet<string>
  input: { name: string; bytes: Uint8Array }
  source: LexiconManifest['sources'][number]
}

export async function profanityList(): Promise<ProfanityList> {
  const bytes = await readFile(join(await packageFolder(PACKAGE), 'en.json'))
  const list = JSON.parse(new TextDecoder().decode(bytes)) as string[]
  return {
    words: new Set(list.map(registerKey)),
    input: { name: `${PACKAGE}/en.json`, bytes },
    source: {
      ...(await installedPackage(PACKAGE)),
      role: 'List of Dirty, Naughty, Obscene and Otherwise Bad Words (English): words whose meanings the register marks as sensitive',
    },
  }
}
