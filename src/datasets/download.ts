/**
 * What a download answer needs beyond the bytes: the byte range asked for (RFC 9110 Range, one range;
 * anything else is served whole, as the RFC allows), the entity tag, the RFC 9530 `Repr-Digest`, and from
 * those the plan of the answer (not modified, range not satisfiable, or which bytes with which headers).
 */
import type { DatasetFile } from './schemas'

/** The request headers a download answer depends on. */
export type DownloadConditions = { range?: string; ifRange?: string; ifNoneMatch?: string }

export type DownloadPlan =
  | { kind: 'not-modified'; headers: Record<string, string> }
  | { kind: 'unsatisfiable'; size: number }
  | { kind: 'content'; status: 200 | 206; start: number; end: number; headers: Record<string, string> }

/** How to answer a download of `file` (records.jsonl, or records.parquet, of release `version` of `dataset`). */
export function planDownload(
  dataset: string,
  version: string,
  file: DatasetFile,
  conditions: DownloadConditions,
): DownloadPlan {
  const tag = entityTag(version)
  const extension = file.path.slice(file.path.lastIndexOf('.'))
  const headers: Record<string, string> = {
    'Content-Type': file.role === 'records' ? 'application/x-ndjson; charset=utf-8' : file.mediaType,
    'Content-Disposition': `attachment; filename="${dataset}-${version.slice(0, 12)}${extension}"`,
    ETag: tag,
    'Repr-Digest': reprDigest(file.sha256),
    'Accept-Ranges': 'bytes',
  }
  if (tagMatches(conditions.ifNoneMatch, tag)) return { kind: 'not-modified', headers }
  const range =
    conditions.ifRange === undefined || conditions.ifRange === tag
      ? parseRange(conditions.range, file.bytes)
      : { kind: 'full' as const }
  if (range.kind === 'unsatisfiable') return { kind: 'unsatisfiable', size: file.bytes }
  const { start, end } = range.kind === 'partial' ? range : { start: 0, end: file.bytes }
  headers['Content-Length'] = String(end - start)
  if (range.kind === 'partial') headers['Content-Range'] = `bytes ${start}-${end - 1}/${file.bytes}`
  return { kind: 'content', status: range.kind === 'partial' ? 206 : 200, start, end, headers }
}

export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' }

/** Interprets a Range header against a representation of `size` bytes; `end` is exclusive. */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'full' }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return { kind: 'full' }
  const [, first, last] = match as unknown as [string, string, string]
  if (first === '' && last === '') return { kind: 'full' }
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size }
  }
  const start = Number(first)
  const inclusiveEnd = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) return { kind: 'full' }
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'partial', start, end: inclusiveEnd + 1 }
}

export function entityTag(version: string): string {
  return `"${version}"`
}

/** Whether an If-None-Match or If-Range value names this entity tag (weak comparison for If-None-Match). */
export function tagMatches(header: string | undefined, tag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag)
}

/** `Repr-Digest: sha-256=:<base64>:` (RFC 9530) from a lowercase hex SHA-256. */
export function reprDigest(sha256: string): string {
  let binary = ''
  for (let i = 0; i < sha256.length; i += 2)
    binary += String.fromCharCode(parseInt(sha256.slice(i, i + 2), 16))
  return `sha-256=:${btoa(binary)}:`
}
