/**
 * Paging through the current release: where a page starts (the first record, or the position a cursor
 * names), its records as stored, and the cursor of the next page. A genuine cursor of another release or of
 * another dataset is stale (the client restarts from the manifest); one that is not ours is invalid.
 */
import type { CursorCodec } from './cursor'
import type { DatasetName } from './release-input'
import type { ServedRelease } from './releases'
import type { DatasetRecord, Page } from './schemas'

export type PageOutcome =
  | { ok: true; page: Page }
  | { ok: false; problem: 'invalid_cursor'; reason: 'malformed' | 'forged' }
  | { ok: false; problem: 'stale_cursor'; issuedFor: string }
  | { ok: false; problem: 'page_out_of_range'; position: number; total: number }

const decoder = new TextDecoder()

/** The stored JSONL lines as the text of one JSON array, parsed in one go. */
function linesAsJsonArray(lines: Uint8Array): string {
  const text = decoder.decode(lines)
  return `[${text.endsWith('\n') ? text.slice(0, -1).replaceAll('\n', ',') : text}]`
}

type CursorStart =
  { ok: true; position: number } | Extract<PageOutcome, { problem: 'invalid_cursor' | 'stale_cursor' }>

/**
 * Where a page starts: 0 without a cursor, else the position the cursor names, when it is a genuine cursor
 * of this dataset, release and query (`query`: the digest of a search, null for the records route).
 */
export async function cursorStart(
  dataset: DatasetName,
  version: string,
  cursors: CursorCodec,
  cursor: string | undefined,
  query: string | null,
): Promise<CursorStart> {
  if (cursor === undefined) return { ok: true, position: 0 }
  const decoded = await cursors.decode(dataset, cursor)
  if (!decoded.ok && decoded.reason === 'other-dataset') {
    return { ok: false, problem: 'stale_cursor', issuedFor: `the ${decoded.dataset} dataset` }
  }
  if (!decoded.ok) return { ok: false, problem: 'invalid_cursor', reason: decoded.reason }
  if (decoded.version !== version) {
    return { ok: false, problem: 'stale_cursor', issuedFor: `release ${decoded.version}` }
  }
  if (decoded.query !== query) {
    return {
      ok: false,
      problem: 'stale_cursor',
      issuedFor: decoded.query === null ? 'the records listing' : 'another search',
    }
  }
  return { ok: true, position: decoded.position }
}

/** The page of at most `limit` records that starts where `cursor` points (the first page without one). */
export async function readPage(
  dataset: DatasetName,
  release: ServedRelease,
  cursors: CursorCodec,
  cursor: string | undefined,
  limit: number,
): Promise<PageOutcome> {
  const { manifest } = release
  const total = manifest.recordCount
  const start = await cursorStart(dataset, manifest.version, cursors, cursor, null)
  if (!start.ok) return start
  const { position } = start
  if (cursor !== undefined && position >= total) {
    return { ok: false, problem: 'page_out_of_range', position, total }
  }
  const end = Math.min(total, position + limit)
  const lines = await release.lines(position, end)
  const nextCursor = end < total ? await cursors.encode(dataset, manifest.version, end) : null
  return {
    ok: true,
    page: {
      version: manifest.version,
      source: { releaseSource: manifest.releaseSource, sourceTerms: manifest.sourceTerms },
      total,
      count: end - position,
      nextCursor,
      records: JSON.parse(linesAsJsonArray(lines)) as DatasetRecord[],
    },
  }
}
