/**
 * A search request made exact: `q` as its distinct terms (the index's own rule), the filters grouped by
 * name (values of one name: any of them; different names: all of them), and a digest naming the query,
 * which a search cursor carries so that it pages only the query it came from. Equivalent requests
 * (`whales` and `Whale`, filters in another order) are the same query.
 */
import { canonicalJson } from '../storage/canonical-json'
import { sha256Hex } from '../storage/digest'
import { QUERY_BYTES } from './cursor'
import type { SearchIndexManifest } from './search-manifest'
import { termsOf } from './search-terms'

export const MAX_QUERY_LENGTH = 200
export const MAX_QUERY_TERMS = 8
export const MAX_FILTERS = 10
/** A filter name, the colon and a value (filter values longer than 250 characters are not indexed). */
export const MAX_FILTER_LENGTH = 300

export type SearchQuery = {
  terms: string[]
  /** Filter name → the values asked for, each list sorted. */
  filters: Map<string, string[]>
  digest: string
}

export type QueryProblem =
  | { problem: 'no_terms' }
  | { problem: 'too_many_terms'; terms: number }
  | { problem: 'malformed_filter'; filter: string }
  | { problem: 'unknown_filter'; name: string; known: string[] }
  | { problem: 'nothing_asked' }

export async function parseSearchQuery(
  index: SearchIndexManifest,
  q: string | undefined,
  filters: readonly string[],
): Promise<{ ok: true; query: SearchQuery } | ({ ok: false } & QueryProblem)> {
  const terms = q === undefined ? [] : [...new Set(termsOf(q))].sort()
  if (q !== undefined && terms.length === 0) return { ok: false, problem: 'no_terms' }
  if (terms.length > MAX_QUERY_TERMS) return { ok: false, problem: 'too_many_terms', terms: terms.length }
  const grouped = new Map<string, Set<string>>()
  for (const filter of filters) {
    const colon = filter.indexOf(':')
    if (colon <= 0 || colon === filter.length - 1) return { ok: false, problem: 'malformed_filter', filter }
    const name = filter.slice(0, colon)
    if (!Object.hasOwn(index.filters, name)) {
      return { ok: false, problem: 'unknown_filter', name, known: Object.keys(index.filters) }
    }
    let values = grouped.get(name)
    if (!values) grouped.set(name, (values = new Set()))
    values.add(filter.slice(colon + 1))
  }
  if (terms.length === 0 && grouped.size === 0) return { ok: false, problem: 'nothing_asked' }
  const sorted = new Map(
    [...grouped].sort(([a], [b]) => (a < b ? -1 : 1)).map(([n, v]) => [n, [...v].sort()]),
  )
  const digest = (await sha256Hex(canonicalJson({ terms, filters: [...sorted] }))).slice(0, QUERY_BYTES * 2)
  return { ok: true, query: { terms, filters: sorted, digest } }
}
