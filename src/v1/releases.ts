/**
 * Release records for `/v1/releases` and `GET /v1`: what each route reads, at which version, under which
 * attribution. A record comes from a `ReleaseSource`; each feature hands its sources (and its routes'
 * descriptions) to the composition root as a `V1Extension`, and the root assembles them in order.
 */
import type { ReleaseRecordBody, RouteDescriptionBody } from './discovery-schemas'
import { V1_ROUTES } from './discovery'

export type ReleaseRecord = ReleaseRecordBody

export interface ReleaseSource {
  /** Stable name, for example `lexicon` or `consensus-log`. */
  readonly name: string
  /** The current record; never throws: an unavailable release is a record with `status: unavailable`. */
  describe(): Promise<ReleaseRecord>
}

/** What a feature adds to the `/v1` discovery document and release list. */
export type V1Extension = { routes: RouteDescriptionBody[]; releases: ReleaseSource[] }

/** The record of a release that cannot be served now, with the reason. */
export function unavailableRecord(
  name: string,
  kind: string,
  reason: string,
  readBy: string[] = [],
): ReleaseRecord {
  return { name, kind, status: 'unavailable', version: null, reason, attribution: null, readBy }
}

/** Every record, in registration order; a source that fails is reported unavailable, not dropped. */
export async function describeReleases(sources: readonly ReleaseSource[]): Promise<ReleaseRecord[]> {
  return Promise.all(
    sources.map(async (source) => {
      try {
        return await source.describe()
      } catch (err) {
        return unavailableRecord(source.name, 'unknown', `could not be described: ${String(err)}`)
      }
    }),
  )
}

/** The paths of the routes that read the release `name`. */
export function readersOf(routes: readonly RouteDescriptionBody[], name: string): string[] {
  return routes.filter((r) => r.reads.includes(name)).map((r) => r.path)
}

/**
 * The routes and release sources of `/v1` from the features' extensions: the discovery routes first, then
 * each extension's routes and releases in the order the extensions are given.
 */
export function assembleV1(extensions: readonly V1Extension[]): {
  routes: RouteDescriptionBody[]
  releases: ReleaseSource[]
} {
  return {
    routes: [...V1_ROUTES, ...extensions.flatMap((e) => e.routes)],
    releases: extensions.flatMap((e) => e.releases),
  }
}
