/**
 * The `GET /v1` capability document, assembled at the composition root from each feature's `V1Extension`:
 * its own two routes (`GET /v1`, `GET /v1/releases`), then every feature's routes in the order given.
 */
import type { ReleaseRecordBody, RouteDescriptionBody } from './discovery-schemas'

/** The discovery routes themselves, always listed first. */
export const V1_ROUTES: RouteDescriptionBody[] = [
  {
    method: 'GET',
    path: '/v1',
    summary: 'This capability document.',
    means: ['The routes, bounds and releases of the semantic interface as currently configured.'],
    doesNotMean: ['Not a guarantee that every release is available; see each release’s status.'],
    bounds: [],
    statuses: [{ status: 200, meaning: 'the document' }],
    authentication: 'none',
    reads: [],
  },
  {
    method: 'GET',
    path: '/v1/releases',
    summary: 'The release records the semantic routes rest on, with version hashes and attribution.',
    means: ['Which release version each route reads now, and under which attribution and license.'],
    doesNotMean: [
      'A hash proves integrity against the manifest only; it does not prove the source is correct.',
    ],
    bounds: [],
    statuses: [{ status: 200, meaning: 'the records (an unavailable release is listed with its reason)' }],
    authentication: 'none',
    reads: [],
  },
]

/**
 * The document: `routes` are every listed route, the discovery routes first; `maxBodyBytes` the largest JSON
 * body a `/v1` POST route takes.
 */
export function capabilities(
  interfaceVersion: string,
  maxBodyBytes: number,
  routes: RouteDescriptionBody[],
  releases: ReleaseRecordBody[],
) {
  return {
    interfaceVersion,
    prefix: '/v1' as const,
    requests: {
      contentType: 'application/json (UTF-8); anything else answers 415',
      maxBodyBytes,
      spans: 'Every span is a half-open range [start, end) of UTF-16 code units into the text it came from.',
    },
    principles: [
      'Deterministic: the same request and releases give the same answer.',
      'Explainable: answers carry the words, spans and meanings they rest on.',
      'Honest: the meaning routes abstain when the evidence does not separate meanings; no route says a claim is true or false.',
    ],
    routes,
    releases,
  }
}
