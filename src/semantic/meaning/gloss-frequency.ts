/**
 * Document frequency of gloss words: in how many documents (synset glosses) each word occurs, the words being
 * what `/[a-z]+(?:'[a-z]+)?/g` finds in the lower-case text. Counting the 1.5 million words of every gloss
 * with a string and a map entry per word took most of a route thread's first request; here each word is
 * hashed (FNV-1a) while it is read and kept once, as bytes, in an open-addressing table of typed arrays.
 */

export type DocumentFrequency = {
  /** Counts the words of `text` for document `doc`; a document's texts are added one after another. */
  add(doc: number, text: string): void
  /** How many documents hold `word` (0 for a word never seen). */
  countOf(word: string): number
  /** Each word counted, in the order first seen: its letters (a view, valid during the call) and count. */
  forEachWord(use: (letters: Uint8Array, count: number) => void): void
}

const APOSTROPHE = 39
const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

/** The lower-case letter a-z of a code, or 0: A-Z fold as `toLowerCase` folds them in an ASCII text. */
function letterOf(code: number): number {
  if (code >= 97 && code <= 122) return code
  if (code >= 65 && code <= 90) return code + 32
  return 0
}

export function createDocumentFrequency(): DocumentFrequency {
  let bytes = new Uint8Array(1 << 16)
  let used = 0
  let entries = 0
  let starts = new Uint32Array(1 << 12)
  let lengths = new Uint32Array(1 << 12)
  let hashes = new Uint32Array(1 << 12)
  let counts = new Int32Array(1 << 12)
  /** The document (plus one) that last counted the entry, so a word counts once per document. */
  let stamps = new Int32Array(1 << 12)
  let slots = new Int32Array(1 << 13)

  const grow = <T extends Uint32Array | Int32Array>(array: T, size: number): T => {
    const bigger = new (array.constructor as new (n: number) => T)(size)
    bigger.set(array)
    return bigger
  }

  function place(entry: number): void {
    const mask = slots.length - 1
    let slot = (hashes[entry] as number) & mask
    while (slots[slot] !== 0) slot = (slot + 1) & mask
    slots[slot] = entry + 1
  }

  /** The entry of the word whose `length` letters, already folded, are `letters` from `start`; -1 if none. */
  function find(hash: number, letters: Uint8Array, start: number, length: number): number {
    const mask = slots.length - 1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = slots[slot] as number
      if (held === 0) return -1
      const entry = held - 1
      if (hashes[entry] === hash && lengths[entry] === length) {
        const at = starts[entry] as number
        let same = true
        for (let i = 0; i < length && same; i++) same = bytes[at + i] === letters[start + i]
        if (same) return entry
      }
    }
  }

  function insert(hash: number, length: number): number {
    if (entries === starts.length) {
      const size = entries * 2
      starts = grow(starts, size)
      lengths = grow(lengths, size)
      hashes = grow(hashes, size)
      counts = grow(counts, size)
      stamps = grow(stamps, size)
    }
    const entry = entries++
    starts[entry] = used
    lengths[entry] = length
    hashes[entry] = hash
    used += length
    if (entries * 2 > slots.length) {
      slots = new Int32Array(slots.length * 2)
      for (let e = 0; e < entries; e++) place(e)
    } else {
      place(entry)
    }
    return entry
  }

  function add(doc: number, text: string): void {
    // toLowerCase can turn a character outside ASCII into letters a-z (the dotted İ into i and a dot).
    const lower = /[^\0-\x7f]/.test(text) ? text.toLowerCase() : text
    const length = lower.length
    // A word's letters go after the bytes held so far: kept there if it is new, overwritten if not.
    if (used + length > bytes.length) {
      const bigger = new Uint8Array(Math.max(bytes.length * 2, used + length))
      bigger.set(bytes)
      bytes = bigger
    }
    const pool = bytes
    for (let at = 0; at < length;) {
      let letter = letterOf(lower.charCodeAt(at))
      if (letter === 0) {
        at++
        continue
      }
      let hash = FNV_OFFSET
      let size = 0
      for (let apostrophe = true; ;) {
        do {
          pool[used + size++] = letter
          hash = Math.imul(hash ^ letter, FNV_PRIME)
          letter = ++at < length ? letterOf(lower.charCodeAt(at)) : 0
        } while (letter !== 0)
        if (!apostrophe || at + 1 >= length || lower.charCodeAt(at) !== APOSTROPHE) break
        letter = letterOf(lower.charCodeAt(at + 1))
        if (letter === 0) break
        pool[used + size++] = APOSTROPHE
        hash = Math.imul(hash ^ APOSTROPHE, FNV_PRIME)
        at++
        apostrophe = false
      }
      hash >>>= 0
      let entry = find(hash, pool, used, size)
      if (entry === -1) entry = insert(hash, size)
      if (stamps[entry] !== doc + 1) {
        stamps[entry] = doc + 1
        counts[entry] = (counts[entry] as number) + 1
      }
    }
  }

  let query = new Uint8Array(256)

  function countOf(word: string): number {
    if (word.length > query.length) query = new Uint8Array(word.length)
    let wordHash = FNV_OFFSET
    for (let i = 0; i < word.length; i++) {
      const code = word.charCodeAt(i)
      if (!((code >= 97 && code <= 122) || code === APOSTROPHE)) return 0
      query[i] = code
      wordHash = Math.imul(wordHash ^ code, FNV_PRIME)
    }
    const entry = find(wordHash >>> 0, query, 0, word.length)
    return entry === -1 ? 0 : (counts[entry] as number)
  }

  function forEachWord(use: (letters: Uint8Array, count: number) => void): void {
    for (let entry = 0; entry < entries; entry++) {
      const at = starts[entry] as number
      use(bytes.subarray(at, at + (lengths[entry] as number)), counts[entry] as number)
    }
  }

  return { add, countOf, forEachWord }
}
