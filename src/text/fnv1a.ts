/** FNV-1a, 32 bits, over UTF-16 code units: a fast hash of short strings for tables and bit sets. */
export function fnv1a(text: string, start = 0, end = text.length): number {
  let hash = 0x811c9dc5
  for (let i = start; i < end; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}
