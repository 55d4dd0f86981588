/**
 * Hash routes of the page (`#/word/goose?sense=…`): the view and its parameters, so every view has an
 * address that can be bookmarked and the service only ever serves one page. Hashes that do not start with
 * `#/` (the skip link's `#main`) are not routes.
 */

export type Route = { view: string; parts: string[]; query: URLSearchParams }

export function parseRoute(hash: string): Route | null {
  if (hash !== '' && hash !== '#' && !hash.startsWith('#/')) return null
  const body = hash.replace(/^#\/?/, '')
  const q = body.indexOf('?')
  const path = q < 0 ? body : body.slice(0, q)
  const parts = path
    .split('/')
    .filter((p) => p !== '')
    .map(decodeURIComponent)
  return {
    view: parts[0] ?? 'lookup',
    parts: parts.slice(1),
    query: new URLSearchParams(q < 0 ? '' : body.slice(q + 1)),
  }
}

export function wordHref(word: string, sense?: string): string {
  return `#/word/${encodeURIComponent(word)}${sense ? `?sense=${encodeURIComponent(sense)}` : ''}`
}

/** The word of a meaning ID (`ice_cream%1:13:00::` → `ice cream`). */
export function wordOfMeaning(id: string): string {
  return (id.split('%')[0] ?? id).replace(/_/g, ' ')
}
