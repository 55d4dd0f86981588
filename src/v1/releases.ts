/**
 * Release records for `/v1/releases` and `GET /v1`: what each semantic route reads, at which version, under
 * which attribution. A record comes from a `ReleaseSource`; the lexicon's, the inference model's, the usage
 * release's and the public datasets' are here, and other features (the consensus log) plug theirs in through `V1Extension`.
 */
import type { LexiconProvider } from '../lexicon/release'
import type { UsageProvider } from '../usage/release'
import { DATASET_NAMES, DATASET_VISIBILITY } from '../datasets/release-input'
import type { DatasetReleases } from '../datasets/releases'
import { sha256Hex } from '../storage/digest'
import { INFERENCE_MODEL } from '../../models/claims/inference-model'
import type { ReleaseRecordBody, RouteDescriptionBody } from './discovery-schemas'
import { SEMCOR_MODEL_INFO } from '../semantic/meaning/model-info'

export type ReleaseRecord = ReleaseRecordBody

export interface ReleaseSource {
  /** Stable name, for example `lexicon` or `consensus-log`. */
  readonly name: string
  /** The current record; never throws: an unavailable release is a record with `status: unavailable`. */
  describe(): Promise<ReleaseRecord>
}

/** What another feature adds to the `/v1` discovery document and release list. */
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

export function lexiconReleaseSource(provider: LexiconProvider, readBy: string[]): ReleaseSource {
  return {
    name: 'lexicon',
    async describe() {
      const state = await provider.current()
      if (state.status !== 'ready') {
        return unavailableRecord('lexicon', 'lexicon', state.reason, readBy)
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
 * The fitted parameters of the claim/excerpt inference combiner, versioned by the SHA-256 of their JSON and
 * attributed to SICK, the pairs they were fitted on (its license travels with the parameters).
 */
export function inferenceModelReleaseSource(readBy: string[]): ReleaseSource {
  return {
    name: 'inference-model',
    async describe() {
      const { provenance } = INFERENCE_MODEL
      return {
        name: 'inference-model',
        kind: 'model',
        status: 'available',
        version: await sha256Hex(JSON.stringify(INFERENCE_MODEL)),
        reason: null,
        attribution: {
          source: `Parameters fitted on ${provenance.data} (${provenance.pairs} pairs); no sentence of it is stored`,
          license: provenance.license,
          url: null,
          citation: provenance.citation,
        },
        readBy,
      }
    },
  }
}

/**
 * The learned model of meaning in context (counts derived from SemCor, committed with the code): its
 * version is the SHA-256 of the model text, its attribution SemCor's, under the WordNet licence.
 */
export function semcorModelReleaseSource(readBy: string[]): ReleaseSource {
  return {
    name: SEMCOR_MODEL_INFO.name,
    async describe() {
      return {
        name: SEMCOR_MODEL_INFO.name,
        kind: 'model',
        status: 'available',
        version: SEMCOR_MODEL_INFO.version,
        reason: null,
        attribution: {
          source: `${SEMCOR_MODEL_INFO.source}. ${SEMCOR_MODEL_INFO.derived} ${SEMCOR_MODEL_INFO.instances} tagged instances.`,
          license: SEMCOR_MODEL_INFO.license,
          url: SEMCOR_MODEL_INFO.url,
          citation: SEMCOR_MODEL_INFO.citation,
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
