/**
 * Release records for `/v1/releases` and `GET /v1`: what each semantic route reads, at which version, under
 * which attribution. A record comes from a `ReleaseSource`; the lexicon's and the usage release's are here,
 * and other features (public datasets, the consensus log) plug theirs in through `V1Extension`.
 */
import type { LexiconProvider } from '../lexicon/release'
import type { UsageProvider } from '../usage/release'
import type { ReleaseRecordBody, RouteDescriptionBody } from './discovery-schemas'

export type ReleaseRecord = ReleaseRecordBody

export interface ReleaseSource {
  /** Stable name, for example `lexicon` or `consensus-log`. */
  readonly name: string
  /** The current record; never throws: an unavailable release is a record with `status: unavailable`. */
  describe(): Promise<ReleaseRecord>
}

/** What another feature adds to the `/v1` discovery document and release list. */
export type V1Extension = { routes: RouteDescriptionBody[]; releases: ReleaseSource[] }

export function lexiconReleaseSource(provider: LexiconProvider, readBy: string[]): ReleaseSource {
  return {
    name: 'lexicon',
    async describe() {
      const state = await provider.current()
      if (state.status !== 'ready') {
        return {
          name: 'lexicon',
          kind: 'lexicon',
          status: 'unavailable',
          version: null,
          reason: state.reason,
          attribution: null,
          readBy,
        }
      }
      const { manifest } = state.lexicon
      return {
        name: 'lexicon',
        kind: 'lexicon',
        status: 'available',
        version: manifest.release,
        reason: null,
        attribution: {
          source: `${manifest.source.name} ${manifest.source.version}, ${manifest.source.publisher}`,
          license: manifest.source.license,
          url: manifest.source.url,
          citation: manifest.source.citation,
        },
        readBy,
      }
    },
  }
}

/**
 * The authored usage release. No `/v1` route reads it yet; it is listed because clients read meaning IDs
 * from both, and they must know which usage version pointed at which lexicon release.
 */
export function usageReleaseSource(provider: UsageProvider): ReleaseSource {
  return {
    name: 'usage',
    async describe() {
      const state = await provider.current()
      if (state.status !== 'ready') {
        return {
          name: 'usage',
          kind: 'usage',
          status: 'unavailable',
          version: null,
          reason: state.reason,
          attribution: null,
          readBy: [],
        }
      }
      const { source, version } = state.catalog.manifest
      return {
        name: 'usage',
        kind: 'usage',
        status: 'available',
        version,
        reason: null,
        attribution: {
          source: `${source.title}, ${source.authors}`,
          license: source.license.spdx,
          url: source.license.url,
          citation: source.attribution,
        },
        readBy: [],
      }
    },
  }
}

/** Every record, in registration order; a source that fails is reported unavailable, not dropped. */
export async function describeReleases(sources: readonly ReleaseSource[]): Promise<ReleaseRecord[]> {
  return Promise.all(
    sources.map(async (source) => {
      try {
        return await source.describe()
      } catch (err) {
        return {
          name: source.name,
          kind: 'unknown',
          status: 'unavailable' as const,
          version: null,
          reason: `could not be described: ${String(err)}`,
          attribution: null,
          readBy: [],
        }
      }
    }),
  )
}
