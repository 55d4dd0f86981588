/**
 * The usage catalog read by parts (Workers): the record index held whole, each scene or contrast read from
 * its byte range of `scenes.json` or `contrasts.json` through a bounded cache of checked blocks when it is
 * asked for, parsed and checked against its schema. Nothing parsed is kept: the bound of the cache is the
 * bound of what the release holds in the isolate.
 */
import type { z } from '@hono/zod-openapi'
import type { BlockCache } from '../storage/block-cache'
import { jsonOrUndefined } from '../storage/json-or-undefined'
import type { PagedBytes } from '../storage/paged-bytes'
import { ReleaseUnavailableError, type ReleaseName } from '../storage/release-unavailable'
import type { UsageCatalog } from './catalog'
import { CONTRASTS_FILE, SCENES_FILE, type RecordPlace, type UsageIndex } from './record-index'
import {
  UsageContrastSchema,
  UsageSceneSchema,
  type UsageChannel,
  type UsageContrast,
  type UsageManifest,
  type UsageScene,
} from './schemas'

/**
 * The catalog over `scenes.json` and `contrasts.json`, files 0 and 1 of `cache`; `release` names the release
 * in the 503 of a record that does not match its schema.
 */
export function pagedUsageCatalog(
  manifest: UsageManifest,
  index: UsageIndex,
  cache: BlockCache,
  release: ReleaseName,
): UsageCatalog {
  const [sceneBytes, contrastBytes] = cache.files as [PagedBytes, PagedBytes]

  /**
   * The records at these places. Every text is read before any is parsed, so that a discovery run (which
   * reads missing text as empty and fails at the first parse) finds the blocks of all of them at once.
   */
  function read<T>(bytes: PagedBytes, path: string, schema: z.ZodType<T>, places: readonly RecordPlace[]) {
    const texts = places.map((place) => bytes.text(place.start, place.end))
    return texts.map((text): T => {
      const parsed = schema.safeParse(jsonOrUndefined(text))
      if (!parsed.success) throw new ReleaseUnavailableError(release, [{ path, problem: 'schema-mismatch' }])
      return parsed.data
    })
  }
  const inChannel = <P extends RecordPlace>(places: readonly P[], channel: UsageChannel | undefined) =>
    channel ? places.filter((place) => place.channel === channel) : places
  const scenes = (places: readonly RecordPlace[]): UsageScene[] =>
    read(sceneBytes, SCENES_FILE, UsageSceneSchema, places)
  const contrasts = (places: readonly RecordPlace[]): UsageContrast[] =>
    read(contrastBytes, CONTRASTS_FILE, UsageContrastSchema, places)

  return {
    manifest,
    cache,
    scenes: (channel) => scenes(inChannel(index.scenes, channel)),
    scene: (id) => scenes(index.scenes.filter((place) => place.id === id))[0],
    contrasts: (channel) => contrasts(inChannel(index.contrasts, channel)),
    contrastsOfWord: (lemma) => contrasts(index.contrasts.filter((place) => place.words.includes(lemma))),
    contrastsOfMeaning: (meaningId) =>
      contrasts(index.contrasts.filter((place) => place.meanings.includes(meaningId))),
  }
}
