/**
 * Paging through the current release: where a page starts (the first record, the position a cursor names,
 * or the position `start` gives), its records as stored, and the cursor of the next page. A page at `start`
 * is the page a cursor at that position answers, so a client may jump and then follow cursors. A genuine
 * cursor of another release or of another dataset is stale (the client restarts from the manifest); one
 * that is not ours is invalid.
 */
import type { CursorCodec } from './cursor'
import type { DatasetName } from './release-input'
import type { ServedRelease } from './releases'
import type { DatasetRecord, Page } from './schemas'

/** Where the page asked for starts: the first page, after a cursor, or at a 0-based position. */
export type PageAt = { cursor?: string | undefined; start?: number | undefined }

export type PageOutcome =
  | { ok: true; page: Page }
  | { ok: false; problem: 'invalid_cursor'; reason: 'malformed' | 'forged' }
  | { ok: false; problem: 'stale_cursor'; issuedFor: string }
  | { ok: false; problem: 'cursor_with_start' }
  | {
      ok: false
      problem: 'page_out_of_range'
      from: 'cursor' | 'start'
      position: number
      total: number
    }

const decoder = new TextDecoder()

/** The stored JSONL lines as the text of one JSON array, parsed in one go. */
function linesAsJsonArray(lines: Uint8Array): string {
  const text = decoder.decode(lines)
  return `[${text.endsWith('\n') ? text.slice(0, -1).replaceAll('\n', ',') : text}]`
}

type PageStart =
  | { ok: true; position: number }
  | Extract<PageOutcome, { problem: 'invalid_cursor' | 'stale_cursor' | 'cursor_with_start' }>

/**
 * Where a page starts: 0 without a cursor or `start`, `start` when given, else the position the cursor
 * names, when it is a genuine cursor of this dataset, release and query (`query`: the digest of a search,
 * null for the records route).
 */
export async function pageStart(
  dataset: DatasetName,
  version: string,
  cursors: CursorCodec,
  at: PageAt,
  query: string | null,
): Promise<PageStart> {
  const { cursor, start } = at
  if (cursor !== undefined && start !== undefined) return { ok: false, problem: 'cursor_with_start' }
  if (cursor === undefined) return { ok: true, position: start ?? 0 }
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

/**
 * A page that starts past the last of `total` records, asked for by a cursor or by `start`; none for the
 * first page, which is empty when there is nothing to page.
 */
export function outOfRange(
  at: PageAt,
  position: number,
  total: number,
): Extract<PageOutcome, { problem: 'page_out_of_range' }> | null {
  if (position < total || (at.cursor === undefined && position === 0)) return null
  return {
    ok: false,
    problem: 'page_out_of_range',
    from: at.cursor === undefined ? 'start' : 'cursor',
    position,
    total,
  }
}

/** The page of at most `limit` records that starts where `at` says (the first page by default). */
export async function readPage(
  dataset: DatasetName,
  release: ServedRelease,
  cursors: CursorCodec,
  at: PageAt,
  limit: number,
): Promise<PageOutcome> {
  const { manifest } = release
  const total = manifest.recordCount
  const start = await pageStart(dataset, manifest.version, cursors, at, null)
  if (!start.ok) return start
  const { position } = start
  const outside = outOfRange(at, position, total)
  if (outside) return outside
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
