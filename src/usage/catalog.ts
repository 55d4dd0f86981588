/**
 * A loaded usage release as its readers see it: the manifest, scenes and contrasts by channel, one scene by
 * id, and the contrasts that involve a word or a meaning ID. Held whole (Node: the records parsed at load,
 * each lookup one map access) or read by parts (Workers: src/usage/paged-catalog.ts, each record read through
 * a bounded cache of checked blocks when asked for). Other features (the argument review's editorial notes)
 * ask `contrastsInvolving` which contrasts speak about a word they met.
 */
import { normalizeLemma } from '../lexicon/lexicon'
import type { BlockCache } from '../storage/block-cache'
import { runOverBlocks } from '../storage/paged-run'
import {
  USAGE_CHANNELS,
  type UsageChannel,
  type UsageContrast,
  type UsageManifest,
  type UsageScene,
} from './schemas'

/**
 * Where the catalog reads by parts, its reads are synchronous and throw `BlockMissError` for a block not
 * resident: call them inside `readUsage` (or `readLexicon` naming `cache`), which fetches and runs again.
 */
export type UsageCatalog = {
  manifest: UsageManifest
  /** The cache the records are read through, where they are read by parts. */
  cache?: BlockCache
  /** The scenes, of one channel or all, in id order. */
  scenes(channel?: UsageChannel): readonly UsageScene[]
  scene(id: string): UsageScene | undefined
  /** The contrasts, of one channel or all, in id order. */
  contrasts(channel?: UsageChannel): readonly UsageContrast[]
  /** The contrasts whose terms include this lemma (lower case, spaces), in id order. */
  contrastsOfWord(lemma: string): readonly UsageContrast[]
  /** The contrasts that name this meaning ID among a term's meanings, in id order. */
  contrastsOfMeaning(meaningId: string): readonly UsageContrast[]
}

function byChannel<T extends { channel: UsageChannel }>(records: readonly T[]): Map<UsageChannel, T[]> {
  return new Map(USAGE_CHANNELS.map((channel) => [channel, records.filter((r) => r.channel === channel)]))
}

function addTo<K, V>(index: Map<K, V[]>, key: K, value: V): void {
  const list = index.get(key)
  if (!list) index.set(key, [value])
  else if (!list.includes(value)) list.push(value)
}

/** The catalog of records held whole, with a map for each lookup. */
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
  const sceneById = new Map(scenes.map((s) => [s.id, s]))
  const scenesByChannel = byChannel(scenes)
  const contrastsByChannel = byChannel(contrasts)
  return {
    manifest,
    scenes: (channel) => (channel ? (scenesByChannel.get(channel) ?? []) : scenes),
    scene: (id) => sceneById.get(id),
    contrasts: (channel) => (channel ? (contrastsByChannel.get(channel) ?? []) : contrasts),
    contrastsOfWord: (lemma) => contrastsByWord.get(lemma) ?? [],
    contrastsOfMeaning: (meaningId) => contrastsByMeaning.get(meaningId) ?? [],
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
  if (lemmaOrMeaningId.includes('%')) return catalog.contrastsOfMeaning(lemmaOrMeaningId)
  return catalog.contrastsOfWord(normalizeLemma(lemmaOrMeaningId))
}

/** `compute` over the catalog, once every block it reads is resident (a plain call where it is held whole). */
export function readUsage<T>(catalog: UsageCatalog, compute: (catalog: UsageCatalog) => T): Promise<T> {
  return runOverBlocks(catalog.cache ? [catalog.cache] : [], () => compute(catalog))
}
