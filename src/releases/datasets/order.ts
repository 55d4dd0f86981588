/**
 * Deterministic order and evaluation splits for the content pipelines. Selection walks candidates in a
 * scrambled but fixed order (so a quota takes a spread from the whole work, not its first chapters); a split
 * depends on the variant-group key alone, so a group can never straddle two splits.
 */
import { sha256Hex } from '../../storage/digest'

/** FNV-1a (32 bit) over UTF-16 code units: a fixed scramble of keys, not a security property. */
export function scramble(key: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** Sorts by scrambled key, ties by the key itself. */
export function scrambledOrder<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, key: keyOf(item) }))
    .map((entry) => ({ ...entry, rank: scramble(entry.key) }))
    .sort((a, b) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((entry) => entry.item)
}

export type EvaluationSplit = 'train' | 'validation' | 'test'

export const SPLIT_RULE =
  'split = the first 8 hex digits of SHA-256 over the UTF-8 group key, read as an unsigned integer, modulo 10: ' +
  '0-7 train, 8 validation, 9 test. Every record of a group has the same group key, so a group is never ' +
  'divided between splits; any other split must likewise assign whole groups.'

/** The split of a group, as SPLIT_RULE states it. */
export async function evaluationSplit(group: string): Promise<EvaluationSplit> {
  const bucket = parseInt((await sha256Hex(group)).slice(0, 8), 16) % 10
  return bucket < 8 ? 'train' : bucket === 8 ? 'validation' : 'test'
}
