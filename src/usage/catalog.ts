/**
 * A loaded usage release with the indexes its readers need, each lookup one map access: scenes by id,
 * records by channel, and the contrasts that involve a word or a meaning ID. Other features (the argument
 * review's editorial notes) ask `contrastsInvolving` which contrasts speak about a word they met.
 */
import { normalizeLemma } from '../lexicon/lexicon'
import {
  USAGE_CHANNELS,
  type UsageChannel,
  type UsageContrast,
  type UsageManifest,
  type UsageScene,
} from './schemas'

export type UsageCatalog = {
  manifest: UsageManifest
  scenes: readonly UsageScene[]
  contrasts: readonly UsageContrast[]
  sceneById: ReadonlyMap<string, UsageScene>
  scenesByChannel: ReadonlyMap<UsageChannel, readonly UsageScene[]>
  contrastsByChannel: ReadonlyMap<UsageChannel, readonly UsageContrast[]>
  /** Lemma (lower case, spaces) → contrasts that set it against other words. */
  contrastsByWord: ReadonlyMap<string, readonly UsageContrast[]>
  /** Meaning ID → contrasts that name it among a term's meanings. */
  contrastsByMeaning: ReadonlyMap<string, readonly UsageContrast[]>
}

function byChannel<T extends { channel: UsageChannel }>(records: readonly T[]): Map<UsageChannel, T[]> {
  return new Map(USAGE_CHANNELS.map((channel) => [channel, records.filter((r) => r.channel === channel)]))
}

function addTo<K, V>(index: Map<K, V[]>, key: K, value: V): void {
  const list = index.get(key)
  if (!list) index.set(key, [value])
  else if (!list.includes(value)) list.push(value)
}

export function catalogUsage(
  manifest: UsageManifest,
  scenes: readonly UsageScene[],
  contrasts: readonly UsageContrast[],
): UsageCatalog {
  const contrastsByWord = new Map<string, UsageContrast[]>()
  const contrastsByMeaning = new Map<string, UsageContrast[]>()
  for (const contrast of contrasts) {
    for (const term of contrast.terms) {
      addTo(contrastsByWord, term.word, contrast)
      for (const meaning of term.meanings) addTo(contrastsByMeaning, meaning.id, contrast)
    }
  }
  return {
    manifest,
    scenes,
    contrasts,
    sceneById: new Map(scenes.map((s) => [s.id, s])),
    scenesByChannel: byChannel(scenes),
    contrastsByChannel: byChannel(contrasts),
    contrastsByWord,
    contrastsByMeaning,
  }
}

/**
 * The contrasts that involve a word (a lemma, any case, spaces or underscores) or a meaning ID (a WordNet
 * sense key, which always holds `%`), in id order; empty when none does.
 */
export function contrastsInvolving(
  catalog: UsageCatalog,
  lemmaOrMeaningId: string,
): readonly UsageContrast[] {
  if (lemmaOrMeaningId.includes('%')) return catalog.contrastsByMeaning.get(lemmaOrMeaningId) ?? []
  return catalog.contrastsByWord.get(normalizeLemma(lemmaOrMeaningId)) ?? []
}
