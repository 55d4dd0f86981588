/** The lexicon as a source of a dataset: WordNet's attribution and the exact lexicon release used. */
import type { Lexicon } from '../../lexicon/lexicon'
import type { SourceWork } from '../../datasets/release-input'

export function lexiconSourceWork(lexicon: Lexicon, role: string): SourceWork {
  const source = lexicon.manifest.source
  const wordnet = source.packages[0]
  return {
    name: `${source.name} ${source.version}, ${source.publisher}`,
    ...(wordnet
      ? { package: { registry: 'npm' as const, name: wordnet.name, version: wordnet.version } }
      : {}),
    license: source.license,
    url: source.url,
    notes: `${role} Lexicon release ${lexicon.manifest.release}. The WordNet license, which travels with copies:\n${source.licenseText}`,
  }
}
