/**
 * The dataset catalogue: every dataset with its routes, access rule, source terms and whether a release is
 * servable now. A private dataset's version and size are not told to callers without its key.
 */
import { DATASET_NAMES, DATASET_VISIBILITY } from './release-input'
import type { DatasetReleases } from './releases'
import type { Catalogue } from './schemas'

export async function datasetCatalogue(releases: DatasetReleases): Promise<Catalogue> {
  const datasets: Catalogue['datasets'] = []
  for (const dataset of DATASET_NAMES) {
    const state = await releases.current(dataset)
    const isPrivate = DATASET_VISIBILITY[dataset] === 'private'
    const manifest = state.status === 'ready' ? state.release.manifest : null
    const base = `/api/datasets/${dataset}`
    datasets.push({
      dataset,
      visibility: DATASET_VISIBILITY[dataset],
      access: { key: isPrivate, scope: isPrivate ? dataset : null },
      available: manifest !== null,
      unavailableReason: state.status === 'unavailable' ? state.code : null,
      version: manifest && !isPrivate ? manifest.version : null,
      recordCount: manifest && !isPrivate ? manifest.recordCount : null,
      status: manifest?.status ?? null,
      sourceTerms: manifest?.sourceTerms ?? null,
      routes: {
        manifest: base,
        records: `${base}/records`,
        record: `${base}/records/{id}`,
        download: `${base}/download`,
        search: `${base}/search`,
        statistics: `${base}/statistics`,
      },
    })
  }
  return { datasets }
}
