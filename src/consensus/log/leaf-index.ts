/**
 * Leaf hash → entry index for the log's deduplication, as one open-addressing table of 32-bit slots over
 * the hashes the Merkle tree already holds: about 8 bytes per entry, where a Map keyed by 32-character
 * strings costs some 100, so reopening a large log does not hold its hashes twice.
 */
import { equalBytes } from './merkle'

export type LeafIndex = {
  /** The index of the entry whose leaf hash this is, if any. */
  get(hash: Uint8Array): number | undefined
  /** Records that entry `index` has leaf hash `hash` (not already present). */
  add(hash: Uint8Array, index: number): void
}

/** SHA-256 output is uniform, so its first four bytes are as good a slot number as any hash of them. */
const slotOf = (hash: Uint8Array, mask: number): number =>
  (((hash[0] as number) << 24) |
    ((hash[1] as number) << 16) |
    ((hash[2] as number) << 8) |
    (hash[3] as number)) &
  mask

/** `hashAt(i)` must answer the leaf hash of every entry `add`ed, for as long as the index is used. */
export function createLeafIndex(hashAt: (index: number) => Uint8Array): LeafIndex {
  // Slot value: entry index + 1; 0 is an empty slot. Kept at most half full, so probes stay short.
  let slots = new Uint32Array(1 << 10)
  let count = 0

  function place(table: Uint32Array, hash: Uint8Array, value: number): void {
    const mask = table.length - 1
    let slot = slotOf(hash, mask)
    while (table[slot] !== 0) slot = (slot + 1) & mask
    table[slot] = value
  }

  return {
    get(hash) {
      const mask = slots.length - 1
      for (let slot = slotOf(hash, mask); ; slot = (slot + 1) & mask) {
        const value = slots[slot] as number
        if (value === 0) return undefined
        if (equalBytes(hashAt(value - 1), hash)) return value - 1
      }
    },
    add(hash, index) {
      if ((count + 1) * 2 > slots.length) {
        const grown = new Uint32Array(slots.length * 2)
        for (const value of slots) if (value !== 0) place(grown, hashAt(value - 1), value)
        slots = grown
      }
      place(slots, hash, index + 1)
      count++
    },
  }
}
