/**
 * What the datasets page is showing, kept in its address (`#/datasets/NAME?q=…&filter=work:moby-dick&page=3
 * &fields=id,excerpt`) so a search, its filters, the page and the chosen table columns can be bookmarked and
 * shared. The page number is where to go, not a cursor: the page asks the service for the page that starts
 * at its first record's position.
 */

export type DatasetAddress = {
  dataset: string
  q: string
  /** `name:value`, as the search route takes them. */
  filters: string[]
  page: number
  /** Empty: the list of records; else the table of these fields. */
  fields: string[]
}

export function readDatasetAddress(dataset: string, query: URLSearchParams): DatasetAddress {
  const page = Number(query.get('page') ?? '1')
  return {
    dataset,
    q: query.get('q')?.trim() ?? '',
    filters: query.getAll('filter').filter((f) => /^[^:]+:.+$/.test(f)),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    fields: (query.get('fields') ?? '').split(',').filter((f) => f !== ''),
  }
}

export function datasetHref(address: DatasetAddress): string {
  const query = new URLSearchParams()
  if (address.q) query.set('q', address.q)
  for (const f of address.filters) query.append('filter', f)
  if (address.page > 1) query.set('page', String(address.page))
  if (address.fields.length > 0) query.set('fields', address.fields.join(','))
  const rest = query.toString()
  return `#/datasets/${encodeURIComponent(address.dataset)}${rest ? `?${rest}` : ''}`
}

/**
 * The API address of the page whose first record is at `start` (0-based): the search route when something
 * is asked, else the contract's records route.
 */
export function pageUrl(address: DatasetAddress, version: string, start: number): string {
  const query = new URLSearchParams({ version })
  if (start > 0) query.set('start', String(start))
  const asked = address.q !== '' || address.filters.length > 0
  if (address.q) query.set('q', address.q)
  for (const f of address.filters) query.append('filter', f)
  return `/api/datasets/${encodeURIComponent(address.dataset)}/${asked ? 'search' : 'records'}?${query}`
}

/** A record's value at a dot path, array steps (`responses.word`) giving every element's value. */
export function valueAt(record: unknown, path: string): unknown {
  let values: unknown[] = [record]
  for (const step of path.split('.')) {
    values = values.flatMap((v) => {
      const inner = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[step] : undefined
      return Array.isArray(inner) ? inner : inner === undefined ? [] : [inner]
    })
  }
  return values.length === 1 ? values[0] : values
}
