/** The usage release's part of `/v1` discovery: its release record. */
import { unavailableRecord, type ReleaseSource, type V1Extension } from '../v1/releases'
import type { UsageProvider } from './release'

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
        return unavailableRecord('usage', 'usage', state.reason)
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

export function usageV1Extension(provider: UsageProvider): V1Extension {
  return { routes: [], releases: [usageReleaseSource(provider)] }
}
