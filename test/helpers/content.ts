/**
 * The content pipelines run on the real installed sources, once per test process, for the dataset tests.
 */
import type { DatasetReleaseInput } from '../../src/datasets/release-input'
import { buildLiteraryContext } from '../../src/releases/datasets/literary-context/build'
import { loadLiteraryContextSources } from '../../src/releases/datasets/literary-context/node'
import { testLexicon } from './lexicon'

let building: Promise<DatasetReleaseInput> | null = null

export const literaryContextSources = loadLiteraryContextSources

export function literaryContextInput(): Promise<DatasetReleaseInput> {
  building ??= (async () => buildLiteraryContext(loadLiteraryContextSources(), await testLexicon()))()
  return building
}
