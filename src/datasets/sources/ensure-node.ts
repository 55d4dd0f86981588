/**
 * Keeps the three dataset releases in DATA_DIR in step with their sources (Node only). A release stays when
 * it verifies and was built from the same inputs: the same source editions, lexicon release, annotation
 * files and pipeline code, as recorded beside its pointer in `datasets/{dataset}/built-from.json`. Otherwise
 * the pipeline runs, the engine builds the release, and it is published (files, manifest, then pointer).
 * A release the operator withdrew is never republished here: that takes an explicit `npm run cli -- publish`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { projectRoot } from '../../build/project-root'
import type { Lexicon } from '../../lexicon/lexicon'
import { canonicalJson } from '../../storage/canonical-json'
import { sha256Hex } from '../../storage/digest'
import { buildDatasetRelease, type BuiltRelease } from '../build'
import { DATASET_NAMES, type DatasetName, type DatasetReleaseInput } from '../release-input'
import { createDatasetReleases } from '../releases'
import { publishRelease, storeFor, type DatasetStores } from '../storage'
import { buildAssociationPractice } from './association-practice/build'
import { MissingSourceError } from './installed'
import { buildLiteraryContext, type LiteraryContextSources } from './literary-context/build'
import { literaryContextEditions, loadLiteraryContextSources } from './literary-context/node'
import type { LiteraryContextRecord } from './literary-context/schema'
import { buildObservedLanguage } from './observed-language/build'
import { ANNOTATIONS_DIR, loadObservedLanguageSources, speechesEdition } from './observed-language/node'

/** The pipelines' own code, part of what a release is built from (read from the sources, also when bundled). */
const PIPELINE_DIR = join(projectRoot(), 'src/datasets/sources')

export type EnsureDatasetsOptions = {
  /** The release id of the lexicon the meaning IDs come from. */
  lexiconRelease: string
  /** Loads that lexicon; called only when a build is needed. */
  lexicon: () => Promise<Lexicon>
  force?: boolean
  log?: (line: string) => void
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
async function inputDigest(dataset: DatasetName, lexiconRelease: string): Promise<string> {
  const code = await filesDigest(PIPELINE_DIR, (name) => name.endsWith('.ts'))
  if (dataset === 'observed-language') {
    const annotations = await filesDigest(ANNOTATIONS_DIR, (name) => name.endsWith('.json'))
    return sha256Hex(canonicalJson({ code, annotations, edition: speechesEdition() }))
  }
  return sha256Hex(canonicalJson({ dataset, code, lexiconRelease, editions: literaryContextEditions() }))
}

/**
 * Builds each dataset's release from its sources, each at most once (association-practice names the
 * literary-context release it draws on, so that one is built first when both are needed).
 */
export function releaseBuilders(
  lexicon: () => Promise<Lexicon>,
): Record<DatasetName, () => Promise<BuiltRelease>> {
  let sources: LiteraryContextSources | null = null
  const literarySources = () => (sources ??= loadLiteraryContextSources())
  let literaryInput: Promise<DatasetReleaseInput> | null = null
  const literaryContext = () =>
    (literaryInput ??= (async () => buildLiteraryContext(literarySources(), await lexicon()))())
  let literaryRelease: Promise<BuiltRelease> | null = null
  const literary = () => (literaryRelease ??= (async () => buildDatasetRelease(await literaryContext()))())
  return {
    'literary-context': literary,
    'association-practice': async () => {
      const excerpts = await literaryContext()
      const input = await buildAssociationPractice(
        {
          literaryContext: {
            records: excerpts.records as unknown as LiteraryContextRecord[],
            sourceWork: {
              name: `literary-context release ${(await literary()).version}`,
              license: excerpts.sourceTerms.license,
              notes: 'Cues are its target words; "seen together" evidence names its record IDs.',
            },
          },
          stopwords: literarySources().stopwords,
        },
        await lexicon(),
      )
      return buildDatasetRelease(input)
    },
    'observed-language': async () =>
      buildDatasetRelease(await buildObservedLanguage(loadObservedLanguageSources())),
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
  const releases = createDatasetReleases(stores)
  const builders = releaseBuilders(options.lexicon)
  for (const dataset of DATASET_NAMES) {
    const state = await releases.current(dataset)
    if (state.status === 'unavailable' && state.code === 'release_withdrawn') {
      log(`${dataset}: withdrawn by the operator; left as it is (publish a new release with the CLI)`)
      continue
    }
    let inputs: string
    try {
      inputs = await inputDigest(dataset, options.lexiconRelease)
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
      recorded.version === state.release.manifest.version
    ) {
      log(`${dataset}: release ${state.release.manifest.version.slice(0, 12)} verified`)
      continue
    }
    const why = state.status === 'ready' ? 'its sources changed' : state.reason.replace(/\.$/, '')
    log(`${dataset}: ${options.force ? 'rebuilding on request' : `${why}; building`}`)
    const started = performance.now()
    let release: BuiltRelease
    try {
      release = await builders[dataset]()
    } catch (err) {
      log(`${dataset}: cannot build: ${(err as Error).message}`)
      report.failed.push(dataset)
      continue
    }
    await publishRelease(stores, release)
    await storeFor(stores, dataset).write(
      builtFromPath(dataset),
      `${JSON.stringify({ version: release.version, inputs })}\n`,
    )
    report.built.push(dataset)
    log(
      `${dataset}: published release ${release.version.slice(0, 12)} (${release.manifest.recordCount} records) ` +
        `in ${Math.round(performance.now() - started)} ms`,
    )
  }
  return report
}
