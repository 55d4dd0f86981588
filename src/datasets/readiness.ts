/**
 * The readiness check of the datasets: not ready while a published release fails its integrity check or
 * its storage cannot be read. Unpublished and withdrawn datasets are states, not faults. Run before the
 * Node server listens, it also hashes every release file once, so the first request does not pay for it.
 */
import { DATASET_NAMES } from './release-input'
import type { DatasetService } from './service'

/** A check of `/readyz` (src/http/health.ts), which the composition root hands to the health routes. */
export type DatasetReadiness = { name: string; check: () => Promise<{ ready: boolean; detail: string }> }

export function datasetReadiness(service: DatasetService): DatasetReadiness {
  return {
    name: 'datasets',
    check: async () => {
      let ready = true
      const details: string[] = []
      for (const dataset of DATASET_NAMES) {
        const state = await service.releases.current(dataset)
        if (state.status === 'ready') {
          details.push(`${dataset}: release ${state.release.manifest.version.slice(0, 12)}`)
          continue
        }
        if (state.code === 'integrity_failure' || state.code === 'storage_error') ready = false
        details.push(`${dataset}: ${state.code}`)
      }
      return { ready, detail: details.join('; ') }
    },
  }
}
