/** The datasets' part of `/v1` discovery: a release record for each public dataset. */
import { unavailableRecord, type ReleaseSource, type V1Extension } from '../v1/releases'
import { DATASET_NAMES, DATASET_VISIBILITY } from './release-input'
import type { DatasetReleases } from './releases'

/**
 * The public dataset releases (`literary-context`, `association-practice`), one record each. The private
 * dataset is left out: its version is shown only behind its key. No `/v1` route reads them yet.
 */
export function publicDatasetReleaseSources(releases: DatasetReleases): ReleaseSource[] {
  return DATASET_NAMES.filter((name) => DATASET_VISIBILITY[name] === 'public').map((name) => ({
    name,
    async describe() {
      const state = await releases.current(name)
      if (state.status !== 'ready') {
        return unavailableRecord(name, 'dataset', `${state.code}: ${state.reason}`)
      }
      const { version, sourceTerms } = state.release.manifest
      return {
        name,
        kind: 'dataset',
        status: 'available',
        version,
        reason: null,
        attribution: {
          source: sourceTerms.title,
          license: sourceTerms.license,
          url: null,
          citation: sourceTerms.attribution,
        },
        readBy: [],
      }
    },
  }))
}

export function datasetsV1Extension(releases: DatasetReleases): V1Extension {
  return { routes: [], releases: publicDatasetReleaseSources(releases) }
}
