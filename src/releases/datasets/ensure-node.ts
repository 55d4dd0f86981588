/**
 * Keeps the three dataset releases in DATA_DIR in step with their sources (Node only). A release stays when
 * it verifies and was built from the same inputs: the same source editions, lexicon release, annotation
 * files and pipeline code, as recorded beside its pointer in `datasets/{dataset}/built-from.json`. Otherwise
 * the pipeline runs and the engine's `ensureDatasetRelease` publishes the result (files, manifest, then
 * pointer) unless that version is already current. While a dataset is withdrawn nothing is built or published
 * here, not even a new version: putting a withdrawn dataset back takes an explicit `npm run cli -- publish`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { projectRoot } from '../../storage/project-root'
import type { Lexicon } from '../../lexicon/lexicon'
import { canonicalJson } from '../../storage/canonical-json'
import { sha256Hex } from '../../storage/digest'
import { buildDatasetRelease } from '../../datasets/build'
import { ensureDatasetRelease } from '../../datasets/ensure'
import { DATASET_NAMES, type DatasetName, type DatasetReleaseInput } from '../../datasets/release-input'
import { createDatasetReleases, type DatasetReleases } from '../../datasets/releases'
import { storeFor, type DatasetStores } from '../../datasets/storage'
import { buildAssociationPractice } from './association-practice/build'
import { MissingSourceError } from './installed'
import { buildLiteraryContext, type LiteraryContextSources } from './literary-context/build'
import { literaryContextEditions, loadLiteraryContextSources } from './literary-context/node'
import type { LiteraryContextRecord } from './literary-context/schema'
import { buildObservedLanguage } from './observed-language/build'
import { ANNOTATIONS_DIR, loadObservedLanguageSources, speechesEdition } from './observed-language/node'

/** The pipelines' own code, part of what a release is built from (read from the sources, also when bundled). */
const PIPELINE_DIR = join(projectRoot(), 'src/releases/datasets')

export type EnsureDatasetsOptions = {
  /** The release id of the lexicon the meaning IDs come from. */
  lexiconRelease: string
  /** Loads that lexicon; called only when a build is needed. */
  lexicon: () => Promise<Lexicon>
  force?: boolean
  log?: (line: string) => void
  /** The releases the service serves from, so what is hashed here is not hashed again; absent, new ones. */
  releases?: DatasetReleases
}

export type EnsureDatasetsReport = { built: DatasetName[]; failed: DatasetName[] }

export function builtFromPath(dataset: DatasetName): string {
  return `datasets/${dataset}/built-from.json`
}

function filesDigest(dir: string, keep: (name: string) => boolean): Promise<string> {
  const names = (readdirSync(dir, { recursive: true }) as string[]).filter(keep).sort()
  return sha256Hex(canonicalJson(names.map((name) => [name, readFileSync(join(dir, name), 'utf8')])))
}

/**
 * What a dataset is built from, as one digest: change any input and it is rebuilt. Throws
 * MissingSourceError when a source is not installed.
 */
async function inputDigest(dataset: DatasetName, lexiconRelease: string, code: string): Promise<string> {
  if (dataset === 'observed-language') {
    const annotations = await filesDigest(ANNOTATIONS_DIR, (name) => name.endsWith('.json'))
    return sha256Hex(canonicalJson({ code, annotations, edition: speechesEdition() }))
  }
  return sha256Hex(canonicalJson({ dataset, code, lexiconRelease, editions: literaryContextEditions() }))
}

/**
 * Runs each dataset's pipeline at most once (association-practice draws on the literary-context input and
 * names the literary-context release version it was built against).
 */
export function inputBuilders(
  lexicon: () => Promise<Lexicon>,
): Record<DatasetName, () => Promise<DatasetReleaseInput>> {
  let sources: LiteraryContextSources | null = null
  const literarySources = () => (sources ??= loadLiteraryContextSources())
  let literary: Promise<DatasetReleaseInput> | null = null
  const literaryContext = () =>
    (literary ??= (async () => buildLiteraryContext(literarySources(), await lexicon()))())
  return {
    'literary-context': literaryContext,
    'association-practice': async () => {
      const excerpts = await literaryContext()
      const { version } = await buildDatasetRelease(excerpts)
      return buildAssociationPractice(
        {
          literaryContext: {
            records: excerpts.records as unknown as LiteraryContextRecord[],
            sourceWork: {
              name: `literary-context release ${version}`,
              license: excerpts.sourceTerms.license,
              notes: 'Cues are its target words; "seen together" evidence names its record IDs.',
            },
          },
          stopwords: literarySources().stopwords,
        },
        await lexicon(),
      )
    },
    'observed-language': async () => buildObservedLanguage(loadObservedLanguageSources()),
  }
}

async function readBuiltFrom(stores: DatasetStores, dataset: DatasetName): Promise<unknown> {
  const bytes = await storeFor(stores, dataset).read(builtFromPath(dataset))
  try {
    return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as unknown) : null
  } catch {
    return null
  }
}

export async function ensureDatasetReleases(
  stores: DatasetStores,
  options: EnsureDatasetsOptions,
): Promise<EnsureDatasetsReport> {
  const log = options.log ?? (() => {})
  const report: EnsureDatasetsReport = { built: [], failed: [] }
  const releases = options.releases ?? createDatasetReleases(stores)
  const builders = inputBuilders(options.lexicon)
  // Every dataset's inputs name the same pipeline code: read once, not once a dataset, at start-up.
  let code: Promise<string> | null = null
  const pipelineCode = () => (code ??= filesDigest(PIPELINE_DIR, (name) => name.endsWith('.ts')))
  for (const dataset of DATASET_NAMES) {
    const state = await releases.current(dataset)
    if (state.status === 'unavailable' && state.code === 'release_withdrawn') {
      log(`${dataset}: withdrawn by the operator; left as it is (publish a new release with the CLI)`)
      continue
    }
    let inputs: string
    try {
      inputs = await inputDigest(dataset, options.lexiconRelease, await pipelineCode())
    } catch (err) {
      if (!(err instanceof MissingSourceError)) throw err
      log(`${dataset}: cannot build: ${err.message}`)
      report.failed.push(dataset)
      continue
    }
    const recorded = (await readBuiltFrom(stores, dataset)) as { version?: string; inputs?: string } | null
    if (
      !options.force &&
      state.status === 'ready' &&
      recorded?.inputs === inputs &&
      recorded.version === state.release.manifest.version &&
      // A release built before the Parquet form existed is rebuilt once to gain it.
      state.release.downloadable('parquet') !== null
    ) {
      log(`${dataset}: release ${state.release.manifest.version.slice(0, 12)} verified`)
      continue
    }
    const why = state.status === 'ready' ? 'its sources changed' : state.reason.replace(/\.$/, '')
    log(`${dataset}: ${options.force ? 'rebuilding on request' : `${why}; building`}`)
    const started = performance.now()
    let input: DatasetReleaseInput
    try {
      input = await builders[dataset]()
    } catch (err) {
      log(`${dataset}: cannot build: ${(err as Error).message}`)
      report.failed.push(dataset)
      continue
    }
    const { version, outcome } = await ensureDatasetRelease(stores, input)
    await storeFor(stores, dataset).write(builtFromPath(dataset), `${JSON.stringify({ version, inputs })}\n`)
    if (outcome === 'published') report.built.push(dataset)
    log(
      `${dataset}: release ${version.slice(0, 12)} (${input.records.length} records) ${outcome} ` +
        `in ${Math.round(performance.now() - started)} ms`,
    )
  }
  return report
}
