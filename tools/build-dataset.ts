/**
 * Builds one dataset release from its sources into a directory, for an operator to inspect and then publish
 * with `npm run cli -- publish DIR`: `npm run datasets:build -- DATASET --out DIR`.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { publicRoot } from '../src/storage/data-roots'
import { loadConfig } from '../src/config'
import { buildDatasetRelease, serializeManifest } from '../src/datasets/build'
import { DATASET_NAMES, type DatasetName } from '../src/datasets/release-input'
import { inputBuilders } from '../src/releases/datasets/ensure-node'
import { loadLexicon } from '../src/lexicon/release'
import { createFsStore } from '../src/storage/fs-store'
import { LEXICON_COMPANIONS } from '../src/releases/lexicon-release'

const { positionals, values } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } })
const dataset = positionals[0] as DatasetName | undefined
if (!dataset || !(DATASET_NAMES as readonly string[]).includes(dataset) || !values.out) {
  console.error(`Usage: npm run datasets:build -- ${DATASET_NAMES.join('|')} --out DIR`)
  process.exit(2)
}
const builders = inputBuilders(async () => {
  const state = await loadLexicon(createFsStore(publicRoot(loadConfig(process.env))), LEXICON_COMPANIONS)
  if (state.status !== 'ready')
    throw new Error(`the lexicon is not available: ${state.reason} (run npm run build:releases)`)
  return state.lexicon
})
const release = await buildDatasetRelease(await builders[dataset]())
await mkdir(values.out, { recursive: true })
for (const file of release.files) await writeFile(join(values.out, file.path), file.bytes)
await writeFile(join(values.out, 'manifest.json'), serializeManifest(release.manifest))
console.log(
  `built ${dataset} release ${release.version} (${release.manifest.recordCount} records) into ${values.out}`,
)
console.log(`publish it with: npm run cli -- publish ${values.out}`)
