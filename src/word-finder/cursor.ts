/**
 * Cursors of the word search: opaque to clients, bound to the lexicon release and the query (its kind, what
 * it asks and its filters) and holding the offset of the next page. The lexicon is public and the offset is
 * all a cursor carries, so it needs no secret: base64url of `offset.release.query`, the release by its first
 * 12 hex digits, the query by an FNV-1a digest of its canonical text.
 */

export type CursorRead = { ok: true; offset: number } | { ok: false; reason: 'malformed' | 'stale' }

const SHAPE = /^(\d{1,4})\.([0-9a-f]{12})\.([0-9a-f]{8})$/

/** A digest of the query's canonical text, the part of a cursor that ties it to its query. */
export function queryDigest(canonical: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < canonical.length; i++) hash = Math.imul(hash ^ canonical.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(16).padStart(8, '0')
}

export function encodeCursor(offset: number, release: string, query: string): string {
  return btoa(`${offset}.${release.slice(0, 12)}.${query}`)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

export function decodeCursor(cursor: string, release: string, query: string): CursorRead {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return { ok: false, reason: 'malformed' }
  let text: string
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  const match = SHAPE.exec(text)
  if (!match) return { ok: false, reason: 'malformed' }
  if (match[2] !== release.slice(0, 12) || match[3] !== query) return { ok: false, reason: 'stale' }
  return { ok: true, offset: Number(match[1]) }
}
