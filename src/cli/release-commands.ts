/**
 * Operator commands for releases: build a dataset release from a records file and source terms, publish a
 * built dataset release or the current release of any kind (lexicon, usage, each dataset) into a data
 * directory or an R2 bucket (files, then manifest, then pointer, through the release engine,
 * src/storage/releases.ts), show and verify the current dataset releases, and withdraw one.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { privateRoot, publicRoot } from '../storage/data-roots'
import { loadConfig, type ServiceConfig } from '../config'
import {
  buildDatasetRelease,
  PRIVATE_RELEASE_STATUS,
  ReleaseInputError,
  serializeManifest,
} from '../datasets/build'
import { DATASET_NAMES, type DatasetName, type DatasetRecord } from '../datasets/release-input'
import { createDatasetReleases } from '../datasets/releases'
import { DatasetManifestSchema, VERSION_PATTERN } from '../datasets/schemas'
import {
  datasetLayout,
  publishRelease,
  readPointer,
  removePointer,
  revokeCurrentRelease,
  storeFor,
  writeRelease,
  type DatasetStores,
} from '../datasets/storage'
import { isReleaseKind, RELEASE_KINDS, releaseKind, type ReleaseKind } from '../releases/kinds'
import { createFsStore, PRIVATE_MODES } from '../storage/fs-store'
import type { ReleaseTarget } from '../storage/releases'
import { createFileVerifier } from '../storage/verified-files'
import {
  CliError,
  DATA_DIR_HELP,
  DATA_DIR_OPTION,
  dataConfig,
  onePositional,
  requiredOption,
  stringOption,
  usageError,
  type Command,
  type ParsedArgs,
} from './command'
import { wranglerR2Writer } from './wrangler'

const MANIFEST_FILE = 'manifest.json'

/** Used when the operator gives no schema: what every record has at least. */
const MINIMAL_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 250 } },
}

export function datasetStores(config: ServiceConfig): DatasetStores {
  return { public: rootStore(config, 'public'), private: rootStore(config, 'private') }
}

function datasetArgument(raw: string): DatasetName {
  if ((DATASET_NAMES as readonly string[]).includes(raw)) return raw as DatasetName
  throw usageError(`unknown dataset "${raw}"; one of ${DATASET_NAMES.join(', ')}`)
}

async function readText(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8')
  } catch (err) {
    throw new CliError(
      `cannot read the ${what} ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    )
  }
}

async function readJson(path: string, what: string): Promise<unknown> {
  const text = await readText(path, what)
  try {
    return JSON.parse(text)
  } catch (err) {
    throw new CliError(`the ${what} ${path} is not valid JSON: ${(err as Error).message}`)
  }
}

async function readRecords(path: string): Promise<DatasetRecord[]> {
  const lines = (await readText(path, 'records file')).split('\n')
  const records: DatasetRecord[] = []
  lines.forEach((line, i) => {
    if (line.trim() === '') return
    try {
      records.push(JSON.parse(line) as DatasetRecord)
    } catch (err) {
      throw new CliError(`${path} line ${i + 1} is not valid JSON: ${(err as Error).message}`)
    }
  })
  return records
}

export const buildCommand: Command = {
  name: 'build',
  options: {
    dataset: { type: 'string' },
    records: { type: 'string' },
    terms: { type: 'string' },
    status: { type: 'string' },
    schema: { type: 'string' },
    'group-key': { type: 'string' },
    'group-rule': { type: 'string' },
    statistics: { type: 'string' },
    out: { type: 'string' },
  },
  help: `Usage: npm run cli -- build --dataset NAME --records FILE.jsonl --terms TERMS.json --status STATUS --out DIR [options]

Builds a versioned release: records.jsonl (each record with releaseSource), line-offsets.bin, id-index.bin
and manifest.json, written into DIR. The version is the SHA-256 over the canonical JSON of the records,
source terms, schema and status: the same input always gives the same version and the same bytes.

  --dataset NAME          ${DATASET_NAMES.join(', ')}
  --records FILE.jsonl    one JSON record a line, each with a unique "id" of 1 to 250 characters
  --terms FILE.json       source terms: {title, summary, license, attribution, sources, limitations}
  --status STATUS         release status, e.g. public-domain-excerpts; "${PRIVATE_RELEASE_STATUS}" for private datasets
  --out DIR               where to write the release (created if missing)
  --schema FILE.json      JSON Schema of one record (default: an object with a string id)
  --group-key FIELD       the record field holding the variant-group key (with --group-rule)
  --group-rule TEXT       how to keep groups together when splitting for evaluation
  --statistics FILE.json  spread of the data to show in the manifest`,
  async run(args) {
    const dataset = datasetArgument(requiredOption(args, 'dataset'))
    const out = requiredOption(args, 'out')
    const groupKey = stringOption(args, 'group-key')
    const groupRule = stringOption(args, 'group-rule')
    if ((groupKey === undefined) !== (groupRule === undefined)) {
      throw usageError('--group-key and --group-rule go together')
    }
    const schemaFile = stringOption(args, 'schema')
    const statisticsFile = stringOption(args, 'statistics')
    const input = {
      dataset,
      status: requiredOption(args, 'status'),
      records: await readRecords(requiredOption(args, 'records')),
      sourceTerms: (await readJson(requiredOption(args, 'terms'), 'source terms')) as never,
      schema: schemaFile
        ? ((await readJson(schemaFile, 'schema')) as Record<string, unknown>)
        : MINIMAL_SCHEMA,
      grouping: groupKey && groupRule ? { key: groupKey, rule: groupRule } : null,
      statistics: statisticsFile
        ? ((await readJson(statisticsFile, 'statistics')) as Record<string, unknown>)
        : undefined,
    }
    let built
    try {
      built = await buildDatasetRelease(input)
    } catch (err) {
      if (err instanceof ReleaseInputError) throw new CliError(err.message)
      throw err
    }
    await mkdir(out, { recursive: true })
    for (const file of built.files) await writeFile(join(out, file.path), file.bytes)
    await writeFile(join(out, MANIFEST_FILE), serializeManifest(built.manifest))
    console.log(`built ${dataset} release ${built.version}`)
    console.log(`  ${built.manifest.recordCount} records into ${out}`)
    for (const file of built.manifest.files)
      console.log(`  ${file.path}  ${file.bytes} bytes  sha256 ${file.sha256}`)
  },
}

/** The storage root of `root` in the data directory of `config`. */
function rootStore(config: ServiceConfig, root: 'public' | 'private') {
  return root === 'private'
    ? createFsStore(privateRoot(config), PRIVATE_MODES)
    : createFsStore(publicRoot(config))
}

/** Where `publish` writes: an R2 bucket through wrangler, another data directory, or none given. */
function publishTarget(args: ParsedArgs): { r2: string } | { dataDir: string } | null {
  const to = stringOption(args, 'to')
  const bucket = stringOption(args, 'bucket')
  const dataDir = stringOption(args, 'to-data-dir')
  if (to !== undefined && to !== 'r2') throw usageError(`--to must be r2 (got "${to}")`)
  if ((to === undefined) !== (bucket === undefined)) {
    throw usageError(to === undefined ? '--bucket goes with --to r2' : '--bucket is required')
  }
  if (to !== undefined && dataDir !== undefined)
    throw usageError('--to r2 and --to-data-dir exclude each other')
  if (to !== undefined) return { r2: bucket as string }
  return dataDir !== undefined ? { dataDir } : null
}

/** The release in a directory `build` wrote, each file read and checked against the manifest. */
async function builtRelease(dir: string) {
  const parsed = DatasetManifestSchema.safeParse(await readJson(join(dir, MANIFEST_FILE), 'manifest'))
  if (!parsed.success) throw new CliError(`${join(dir, MANIFEST_FILE)} is not a dataset release manifest`)
  const manifest = parsed.data
  const refused = datasetLayout(manifest.dataset).unpublishable?.(manifest)
  if (refused) throw new CliError(refused)
  const verifier = createFileVerifier(createFsStore(dir))
  const files = []
  for (const entry of manifest.files) {
    const bytes = await verifier.read(entry)
    if (bytes instanceof Uint8Array) {
      files.push({ path: entry.path, bytes })
      continue
    }
    throw new CliError(
      bytes.problem === 'missing'
        ? `${entry.path} is missing from ${dir}`
        : `${entry.path} does not match its manifest entry (length or SHA-256)`,
    )
  }
  return { version: manifest.version, manifest, files }
}

/** `publish DIR`: a release `build` wrote, into the data directory or an R2 bucket. */
async function publishBuilt(dir: string, args: ParsedArgs): Promise<void> {
  const release = await builtRelease(dir)
  const target = publishTarget(args)
  if (target && 'dataDir' in target) {
    throw usageError('--to-data-dir goes with a release kind, not a directory')
  }
  const { manifest } = release
  if (target) {
    await writeRelease(wranglerR2Writer(target.r2), release)
    console.log(`published ${manifest.dataset} release ${manifest.version} to R2 bucket ${target.r2}`)
    return
  }
  const stores = datasetStores(dataConfig(args))
  const previous = await readPointer(storeFor(stores, manifest.dataset), manifest.dataset).catch(() => null)
  await publishRelease(stores, release)
  console.log(`published ${manifest.dataset} release ${manifest.version}`)
  console.log(`  previous: ${previous ?? 'none'}`)
}

/** `publish KIND`: the verified current release of the data directory, into an R2 bucket or another data directory. */
async function publishKind(kind: ReleaseKind, args: ParsedArgs): Promise<void> {
  const target = publishTarget(args)
  if (!target) {
    throw usageError(
      `publish ${kind} copies the current release: give --to r2 --bucket NAME or --to-data-dir DIR`,
    )
  }
  const { root, copy } = releaseKind(kind)
  const from = rootStore(dataConfig(args), root)
  const to: ReleaseTarget =
    'r2' in target
      ? wranglerR2Writer(target.r2)
      : rootStore(loadConfig({ ...process.env, DATA_DIR: target.dataDir }), root)
  const copied = await copy(from, to)
  if ('problem' in copied)
    throw new CliError(`the current ${kind} release cannot be published: ${copied.problem}`)
  const where = 'r2' in target ? `R2 bucket ${target.r2}` : target.dataDir
  console.log(`published ${kind} release ${copied.id} to ${where}`)
  console.log(`  ${copied.files} files (${copied.bytes} bytes), then what makes it current`)
}

export const publishCommand: Command = {
  name: 'publish',
  options: {
    ...DATA_DIR_OPTION,
    to: { type: 'string' },
    bucket: { type: 'string' },
    'to-data-dir': { type: 'string' },
  },
  help: `Usage: npm run cli -- publish DIR [--data-dir DIR | --to r2 --bucket NAME]
       npm run cli -- publish KIND [--data-dir DIR] (--to r2 --bucket NAME | --to-data-dir DIR)

With DIR, a release \`build\` wrote: checks every file against its manifest, then writes the files, then the
manifest, then the current pointer into the dataset's storage root (public, or private for
observed-language). If anything fails on the way, the previous release stays current.

With KIND, one of ${RELEASE_KINDS.join(', ')}: the current release of that kind in the
data directory, every file checked against its manifest first, is copied byte for byte in the same order
(files, then manifest, then pointer) into an R2 bucket or another data directory; there the lexicon and
usage releases it supersedes are removed (not in R2, where wrangler cannot list them). Name a release
directory called like a kind as ./KIND.

  --to r2            publish into a Cloudflare R2 bucket instead, through \`wrangler r2 object put\`
                     ($WRANGLER, default "npx wrangler", logged in to the account), in the same order
  --bucket NAME      the R2 bucket: the one bound as PUBLIC_RELEASES, or PRIVATE_RELEASES for observed-language
  --to-data-dir DIR  (with KIND) the data directory to publish into
${DATA_DIR_HELP}`,
  async run(args) {
    const what = onePositional(args, 'release directory or release kind')
    if (isReleaseKind(what)) return publishKind(what, args)
    return publishBuilt(what, args)
  },
}

export const currentCommand: Command = {
  name: 'current',
  options: { ...DATA_DIR_OPTION },
  help: `Usage: npm run cli -- current [DATASET] [--data-dir DIR]

Shows the current release, its status and whether it is served, hashing every file against the manifest.
Exits 1 when a published release fails verification or cannot be read.

${DATA_DIR_HELP}`,
  async run(args) {
    if (args.positionals.length > 1) throw usageError('expected at most one dataset')
    const names =
      args.positionals.length === 1 ? [datasetArgument(args.positionals[0] as string)] : DATASET_NAMES
    const releases = createDatasetReleases(datasetStores(dataConfig(args)))
    let failed = false
    for (const dataset of names) {
      const state = await releases.current(dataset)
      if (state.status === 'ready') {
        const { manifest } = state.release
        console.log(`${dataset}: served, release ${manifest.version}`)
        console.log(`  status ${manifest.status}, ${manifest.recordCount} records, ${manifest.visibility}`)
        for (const file of manifest.files)
          console.log(`  ok  ${file.path}  ${file.bytes} bytes  sha256 ${file.sha256}`)
        continue
      }
      console.log(`${dataset}: not served (${state.code})`)
      console.log(`  ${state.reason}`)
      for (const problem of state.problems ?? []) console.log(`  FAIL  ${problem.path}: ${problem.problem}`)
      if (state.code === 'integrity_failure' || state.code === 'storage_error') failed = true
    }
    if (failed) throw new CliError('verification failed')
  },
}

export const revokeCommand: Command = {
  name: 'revoke',
  options: { ...DATA_DIR_OPTION, version: { type: 'string' }, 'remove-pointer': { type: 'boolean' } },
  help: `Usage: npm run cli -- revoke DATASET [--version VERSION] [--remove-pointer] [--data-dir DIR]

Withdraws the current release: sets "revoked": true in its manifest (or, with --remove-pointer, removes
the current pointer). Every route of the dataset then answers 503. Copies already downloaded are not
erased by this; purging source material also means purging captures, exports and backups.

  --version VERSION   withdraw only if this is the current release
  --remove-pointer    remove the current pointer instead of marking the manifest
${DATA_DIR_HELP}`,
  async run(args) {
    const dataset = datasetArgument(onePositional(args, 'dataset'))
    const expected = stringOption(args, 'version')
    if (expected !== undefined && !VERSION_PATTERN.test(expected)) {
      throw usageError('--version must be 64 lowercase hex characters')
    }
    const stores = datasetStores(dataConfig(args))
    try {
      if (args.values['remove-pointer']) {
        const current = await readPointer(storeFor(stores, dataset), dataset)
        if (!current) throw new Error(`${dataset} has no current release`)
        if (expected && expected !== current)
          throw new Error(`the current release of ${dataset} is ${current}`)
        await removePointer(stores, dataset)
        console.log(`withdrew ${dataset} release ${current}: current pointer removed`)
        return
      }
      const manifest = await revokeCurrentRelease(stores, dataset, expected)
      console.log(`withdrew ${dataset} release ${manifest.version}: manifest marked revoked`)
    } catch (err) {
      throw new CliError((err as Error).message)
    }
  },
}
