/**
 * A page of a search of the current release: the records that match the query's filters and, with `q`,
 * hold one of its terms, in BM25 order (ties in release order), or in release order without `q`. One term
 * or one filter value alone is a slice of its postings, read a page at a time; several are read whole and
 * combined. So a page far into the result costs what the first page costs: a slice read at its position,
 * or the same whole reads (and, for several terms or a term with filters, the same full ranking). The
 * records of a page are read in runs of nearby lines, each run checked like any read.
 */
import { RECORDS_FILE } from './build'
import type { CursorCodec } from './cursor'
import { outOfRange, pageStart, type PageAt, type PageOutcome } from './paging'
import { decodeOffsets } from './release-index'
import type { DatasetName } from './release-input'
import type { ServedRelease } from './releases'
import type { DatasetRecord } from './schemas'
import {
  filterKey,
  postingsOf,
  readPostings,
  SEARCH_KEYS_FILE,
  SEARCH_POSTINGS_FILE,
  termKey,
} from './search-index'
import type { SearchQuery } from './search-query'

/** Lines closer than this are read in one run: a run reads whole 64 KiB blocks anyway. */
const RUN_GAP_BYTES = 64 * 1024
const decoder = new TextDecoder()

type Matches = { total: number; page: (start: number, end: number) => Promise<ArrayLike<number>> }

function searchReads(release: ServedRelease) {
  const index = release.manifest.indexes.search
  const keys = (start: number, end: number) => release.read(SEARCH_KEYS_FILE, start, end)
  const postings = (start: number, end: number) => release.read(SEARCH_POSTINGS_FILE, start, end)
  return {
    range: (key: string) => postingsOf(keys, postings, index.keys.buckets, key),
    entries: (from: number, to: number) => readPostings(postings, index.keys.count, from, to),
  }
}

/** The ordinals of every record with any of `keys`, sorted. */
async function unionOf(reads: ReturnType<typeof searchReads>, keys: string[]): Promise<Uint32Array> {
  const lists: Uint32Array[] = []
  for (const key of keys) {
    const range = await reads.range(key)
    if (range) lists.push((await reads.entries(range.from, range.to)).ordinals)
  }
  if (lists.length === 1) return lists[0] as Uint32Array
  const all = new Uint32Array(lists.reduce((sum, list) => sum + list.length, 0))
  let at = 0
  for (const list of lists) {
    all.set(list, at)
    at += list.length
  }
  all.sort()
  return all.filter((value, i) => i === 0 || value !== all[i - 1])
}

function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out: number[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const x = a[i] as number
    const y = b[j] as number
    if (x === y) {
      out.push(x)
      i++
      j++
    } else if (x < y) i++
    else j++
  }
  return Uint32Array.from(out)
}

async function matchesOf(release: ServedRelease, query: SearchQuery): Promise<Matches> {
  const reads = searchReads(release)
  const filterKeys = [...query.filters].map(([name, values]) => values.map((v) => filterKey(name, v)))
  const single =
    query.terms.length === 1 && filterKeys.length === 0
      ? termKey(query.terms[0] as string)
      : query.terms.length === 0 && filterKeys.length === 1 && filterKeys[0]?.length === 1
        ? filterKeys[0][0]
        : undefined
  if (single !== undefined) {
    const range = await reads.range(single)
    const from = range?.from ?? 0
    return {
      total: range ? range.to - range.from : 0,
      page: async (start, end) => (await reads.entries(from + start, from + end)).ordinals,
    }
  }
  let allowed: Uint32Array | null = null
  for (const keys of filterKeys) {
    const union = await unionOf(reads, keys)
    allowed = allowed === null ? union : intersect(allowed, union)
  }
  let ordered: ArrayLike<number>
  if (query.terms.length === 0) {
    ordered = allowed ?? new Uint32Array(0)
  } else {
    const permitted = allowed ? new Set(allowed) : null
    const scores = new Map<number, number>()
    for (const term of query.terms) {
      const range = await reads.range(termKey(term))
      if (!range) continue
      const { ordinals, scores: termScores } = await reads.entries(range.from, range.to)
      for (let i = 0; i < ordinals.length; i++) {
        const ordinal = ordinals[i] as number
        if (permitted && !permitted.has(ordinal)) continue
        scores.set(ordinal, (scores.get(ordinal) ?? 0) + (termScores[i] as number))
      }
    }
    ordered = [...scores.keys()].sort(
      (a, b) => (scores.get(b) as number) - (scores.get(a) as number) || a - b,
    )
  }
  return {
    total: ordered.length,
    page: async (start, end) => Array.prototype.slice.call(ordered, start, end),
  }
}

/** The records at `ordinals`, in that order, read in runs of nearby lines. */
async function recordsAt(release: ServedRelease, ordinals: ArrayLike<number>): Promise<DatasetRecord[]> {
  const offsetsFile = release.manifest.indexes.lineOffsets.file
  const lines: Array<{ at: number; start: number; end: number }> = []
  for (let at = 0; at < ordinals.length; at++) {
    const ordinal = ordinals[at] as number
    const [start, end] = decodeOffsets(await release.read(offsetsFile, ordinal * 8, (ordinal + 2) * 8)) as [
      number,
      number,
    ]
    lines.push({ at, start, end })
  }
  lines.sort((a, b) => a.start - b.start)
  const out = new Array<DatasetRecord>(lines.length)
  for (let first = 0; first < lines.length;) {
    let last = first
    while (
      last + 1 < lines.length &&
      (lines[last + 1] as { start: number }).start - (lines[last] as { end: number }).end <= RUN_GAP_BYTES
    )
      last++
    const runStart = (lines[first] as { start: number }).start
    const bytes = await release.read(RECORDS_FILE, runStart, (lines[last] as { end: number }).end)
    for (let i = first; i <= last; i++) {
      const line = lines[i] as { at: number; start: number; end: number }
      out[line.at] = JSON.parse(
        decoder.decode(bytes.subarray(line.start - runStart, line.end - runStart)),
      ) as DatasetRecord
    }
    first = last + 1
  }
  return out
}

export async function readSearchPage(
  dataset: DatasetName,
  release: ServedRelease,
  cursors: CursorCodec,
  query: SearchQuery,
  at: PageAt,
  limit: number,
): Promise<PageOutcome> {
  const { manifest } = release
  const start = await pageStart(dataset, manifest.version, cursors, at, query.digest)
  if (!start.ok) return start
  const { position } = start
  const matches = await matchesOf(release, query)
  const outside = outOfRange(at, position, matches.total)
  if (outside) return outside
  const end = Math.min(matches.total, position + limit)
  const records = await recordsAt(release, await matches.page(position, end))
  const nextCursor =
    end < matches.total ? await cursors.encode(dataset, manifest.version, end, query.digest) : null
  return {
    ok: true,
    page: {
      version: manifest.version,
      source: { releaseSource: manifest.releaseSource, sourceTerms: manifest.sourceTerms },
      total: matches.total,
      count: end - position,
      nextCursor,
      records,
    },
  }
}
