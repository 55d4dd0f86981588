/**
 * The spelling index of the lexicon release (`spelling-index.bin`, a paged companion): for every word of the
 * English word list (src/lexicon/word-list-file.ts), the keys a misspelling of it is likely to share, so that
 * "did you mean" looks up a few dozen keys instead of scoring every word. A word's keys are the word, the word
 * with any one letter deleted (a symmetric-deletion index: a typed word with up to two letters deleted meets
 * every word one slip away, and most two slips away), its sound key (doubled letters, vowels and spellings of
 * one sound collapsed, which meets "acommodate" and "accommodate") and, for a sound key of four or more, the
 * key with any one sound deleted (which meets "enviorment" and "environment"). Built with the release, never at a
 * request. Layout, little-endian Int32 values: the bucket count B (a power of two) and the entry count E, B + 1
 * offsets of the buckets' entries, then E entries, each a word's line (low 18 bits) and 14 more bits of its
 * key's hash, so unrelated keys of one bucket rarely reach the scoring. A key is FNV-1a over its code units.
 */
import type { Lexicon } from './lexicon'
import type { PagedBytes } from '../storage/paged-bytes'

export const SPELLING_INDEX_FILE = 'spelling-index.bin'

const HEADER = 2
const LINE_BITS = 18
const LINE_MASK = (1 << LINE_BITS) - 1
/** The longest word whose deletions are indexed (longer words are met by their sound key only). */
const INDEXED_LENGTH = 24
/** How many letters a typed word may lose to meet a word's key. */
const TYPED_DELETIONS = 2
const SOUND_MARK = '#'
/** The shortest sound key whose deletions are keys (shorter ones would meet too many words). */
const SOUND_DELETED_FROM = 5

/** A rough key of how a word sounds: its first letter, then its consonant sounds, doubles collapsed. */
export function soundKey(word: string): string {
  const s = word
    .replace(/[^a-z]/g, '')
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/[cq]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/z/g, 's')
    .replace(/gh/g, '')
    .replace(/^(?:wr|kn)/, (m) => m.slice(1))
  const rest = s.slice(1).replace(/[aeiouyhw]/g, '')
  return (s[0] ?? '') + rest.replace(/(.)\1+/g, '$1')
}

function keyHash(key: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

/** The word with up to `depth` letters deleted, each variant once (the word itself included). */
function deletions(word: string, depth: number): Set<string> {
  const out = new Set([word])
  let level = [word]
  for (let d = 0; d < depth; d++) {
    const next: string[] = []
    for (const w of level)
      for (let i = 0; i < w.length; i++) {
        const shorter = w.slice(0, i) + w.slice(i + 1)
        if (shorter && !out.has(shorter)) {
          out.add(shorter)
          next.push(shorter)
        }
      }
    level = next
  }
  return out
}

/** A sound key, and where it is long enough, the key with any one sound deleted. */
function soundKeys(word: string): string[] {
  const key = soundKey(word)
  const keys = key.length >= SOUND_DELETED_FROM ? [...deletions(key, 1)] : [key]
  return keys.map((k) => SOUND_MARK + k)
}

function wordKeys(word: string): string[] {
  const spelled = word.length <= INDEXED_LENGTH ? [...deletions(word, 1)] : [word]
  return [...spelled, ...soundKeys(word)]
}

/** The release file over the word list's words, in its line order. */
export function encodeSpellingIndex(words: readonly string[]): Uint8Array {
  if (words.length > LINE_MASK) throw new Error(`the spelling index holds at most ${LINE_MASK} words`)
  const hashes: number[] = []
  const lines: number[] = []
  words.forEach((word, line) => {
    for (const key of wordKeys(word)) {
      hashes.push(keyHash(key))
      lines.push(line)
    }
  })
  let buckets = 1
  while (buckets * 4 < hashes.length) buckets *= 2
  const counts = new Int32Array(buckets + 1)
  for (const hash of hashes)
    counts[(hash & (buckets - 1)) + 1] = (counts[(hash & (buckets - 1)) + 1] ?? 0) + 1
  for (let b = 0; b < buckets; b++) counts[b + 1] = (counts[b + 1] as number) + (counts[b] as number)
  const out = new Int32Array(HEADER + buckets + 1 + hashes.length)
  out[0] = buckets
  out[1] = hashes.length
  out.set(counts, HEADER)
  const filled = counts.slice(0, buckets)
  hashes.forEach((hash, i) => {
    const bucket = hash & (buckets - 1)
    const at = filled[bucket] as number
    filled[bucket] = at + 1
    out[HEADER + buckets + 1 + at] = (lines[i] as number) | (fingerprint(hash, buckets) << LINE_BITS)
  })
  return new Uint8Array(out.buffer)
}

const fingerprint = (hash: number, buckets: number) => (hash >>> Math.log2(buckets)) & 0x3fff

/** Why the file cannot be read, or null (the loader's check, reading only its first block). */
export function spellingIndexProblem(bytes: PagedBytes): string | null {
  if (bytes.byteLength < HEADER * 4) return `${SPELLING_INDEX_FILE} is shorter than its header`
  const buckets = bytes.int32(0)
  const entries = bytes.int32(1)
  if (buckets <= 0 || (buckets & (buckets - 1)) !== 0)
    return `${SPELLING_INDEX_FILE} has no power-of-two buckets`
  if (bytes.byteLength !== 4 * (HEADER + buckets + 1 + entries))
    return `${SPELLING_INDEX_FILE} is not as long as its header says`
  return null
}

/**
 * The lines of the words that share a key with what was typed (lower case): its deletions up to two letters
 * and its sound keys. A superset (keys may collide); the caller scores each.
 */
export function spellingCandidates(lexicon: Lexicon, typed: string): Set<number> {
  const index = lexicon.companions[SPELLING_INDEX_FILE] as PagedBytes
  const buckets = index.int32(0)
  const entries = HEADER + buckets + 1
  const out = new Set<number>()
  const depth = typed.length <= INDEXED_LENGTH ? TYPED_DELETIONS : 0
  for (const key of [...deletions(typed, depth), ...soundKeys(typed)]) {
    const hash = keyHash(key)
    const bucket = hash & (buckets - 1)
    const print = fingerprint(hash, buckets)
    for (let i = index.int32(HEADER + bucket), end = index.int32(HEADER + bucket + 1); i < end; i++) {
      const entry = index.int32(entries + i)
      if (entry >>> LINE_BITS === print) out.add(entry & LINE_MASK)
    }
  }
  return out
}
