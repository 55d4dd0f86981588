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
  let position = 0
  if (cursor !== undefined) {
    const decoded = await cursors.decode(dataset, cursor)
    if (!decoded.ok && decoded.reason === 'other-dataset') {
      return { ok: false, problem: 'stale_cursor', issuedFor: `the ${decoded.dataset} dataset` }
    }
    if (!decoded.ok) return { ok: false, problem: 'invalid_cursor', reason: decoded.reason }
    if (decoded.version !== manifest.version) {
      return { ok: false, problem: 'stale_cursor', issuedFor: `release ${decoded.version}` }
    }
    if (decoded.position >= total) {
      return { ok: false, problem: 'page_out_of_range', position: decoded.position, total }
    }
    position = decoded.position
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
