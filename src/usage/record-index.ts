/**
 * The usage release's record index (`usage-index.json`), so that the records can be read by parts (Workers:
 * through a bounded cache of checked blocks): where each scene and contrast lies in `scenes.json` and
 * `contrasts.json` (each file a JSON array of records in id order, so every record is one byte range), its
 * id and channel, and for a contrast the words and meaning IDs it involves. The builder writes the files
 * and the index together, so the ranges always name the records of the same release.
 */
import { z } from 'zod'
import { USAGE_CHANNELS, type UsageContrast, type UsageScene } from './schemas'

export const USAGE_INDEX_FILE = 'usage-index.json'
export const SCENES_FILE = 'scenes.json'
export const CONTRASTS_FILE = 'contrasts.json'

const RecordPlaceSchema = z.object({
  id: z.string(),
  channel: z.enum(USAGE_CHANNELS),
  /** Bytes [start, end) of the record in its file. */
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
})

export const UsageIndexSchema = z.object({
  scenes: z.array(RecordPlaceSchema),
  contrasts: z.array(
    RecordPlaceSchema.extend({
      /** The terms' lemmas (lower case, spaces), as `contrastsInvolving` looks them up. */
      words: z.array(z.string()),
      meanings: z.array(z.string()),
    }),
  ),
})
export type UsageIndex = z.infer<typeof UsageIndexSchema>
export type RecordPlace = z.infer<typeof RecordPlaceSchema>

type Placed<T> = { bytes: Uint8Array; places: Array<T & RecordPlace> }

/**
 * A JSON array of the records, byte for byte what `JSON.stringify(records)` gives, with each record's byte
 * range and the fields `describe` adds to its place.
 */
function placeRecords<R extends { id: string; channel: RecordPlace['channel'] }, T extends object>(
  records: readonly R[],
  describe: (record: R) => T,
): Placed<T> {
  const encoder = new TextEncoder()
  const parts = records.map((record) => encoder.encode(JSON.stringify(record)))
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength + 1, 1) + 1)
  const places: Array<T & RecordPlace> = []
  let at = 0
  bytes[at++] = 0x5b // [
  parts.forEach((part, i) => {
    if (i > 0) bytes[at++] = 0x2c // ,
    bytes.set(part, at)
    const record = records[i] as R
    places.push({
      ...describe(record),
      id: record.id,
      channel: record.channel,
      start: at,
      end: at + part.length,
    })
    at += part.byteLength
  })
  bytes[at++] = 0x5d // ]
  bytes[at++] = 0x0a // newline
  return { bytes: bytes.subarray(0, at), places }
}

/** The two record files and their index. */
export function indexedRecordFiles(
  scenes: readonly UsageScene[],
  contrasts: readonly UsageContrast[],
): { scenes: Uint8Array; contrasts: Uint8Array; index: UsageIndex } {
  const placedScenes = placeRecords(scenes, () => ({}))
  const placedContrasts = placeRecords(contrasts, (contrast) => ({
    words: [...new Set(contrast.terms.map((term) => term.word))],
    meanings: [...new Set(contrast.terms.flatMap((term) => term.meanings.map((meaning) => meaning.id)))],
  }))
  return {
    scenes: placedScenes.bytes,
    contrasts: placedContrasts.bytes,
    index: { scenes: placedScenes.places, contrasts: placedContrasts.places },
  }
}
