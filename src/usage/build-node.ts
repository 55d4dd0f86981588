/**
 * The usage build on Node: reads the authored files from `content/usage` and keeps the published release
 * in step with them and with the current lexicon, rebuilding when the release is missing, fails
 * verification, or was built from other files or another lexicon release.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Lexicon } from '../lexicon/lexicon'
import { projectRoot } from '../storage/project-root'
import type { BlobStore } from '../storage/blob-store'
import { createFileVerifier } from '../storage/verified-files'
import type { AuthoredFile } from './authored'
import { authoredDigest, buildUsageRelease, type AuthoredUsage } from './build'
import { publishUsage, readUsageManifest, usageReleaseFiles } from './release'
import type { UsageManifest } from './schemas'

export const USAGE_CONTENT_DIR = join(projectRoot(), 'content/usage')

async function readYamlFiles(dir: string, shownAs: string): Promise<AuthoredFile[]> {
  // Every visible file is read, so one misnamed (`.yml`, `.json`) fails the build instead of vanishing.
  const names = (await readdir(dir)).filter((n) => !n.startsWith('.')).sort()
  return Promise.all(
    names.map(async (name) => ({
      path: `${shownAs}/${name}`,
      text: await readFile(join(dir, name), 'utf8'),
    })),
  )
}

/**
 * Reads the authored material from a content folder laid out as `release.yaml`, `scenes/*.yaml` and
 * `contrasts/*.yaml`. Problems name files as `{shownAs}/...`, the folder's place in the repository.
 */
export async function readAuthoredUsage(
  dir: string = USAGE_CONTENT_DIR,
  shownAs = 'content/usage',
): Promise<AuthoredUsage> {
  return {
    root: shownAs,
    release: { path: `${shownAs}/release.yaml`, text: await readFile(join(dir, 'release.yaml'), 'utf8') },
    scenes: await readYamlFiles(join(dir, 'scenes'), `${shownAs}/scenes`),
    contrasts: await readYamlFiles(join(dir, 'contrasts'), `${shownAs}/contrasts`),
  }
}

export type EnsureUsageOptions = {
  /** The release id of the lexicon the meaning IDs must resolve in. */
  lexiconRelease: string
  /** Loads that lexicon; called only when a build is needed. */
  lexicon: () => Promise<Lexicon>
  contentDir?: string
  force?: boolean
  log?: (line: string) => void
}

/** The published manifest when it is current and verifies, otherwise why it cannot stay. */
async function currentOrStale(
  store: BlobStore,
  content: AuthoredUsage,
  lexiconRelease: string,
): Promise<UsageManifest | string> {
  const manifest = await readUsageManifest(store)
  if (typeof manifest === 'string') return manifest
  if (manifest.source.definitions.lexiconRelease !== lexiconRelease)
    return 'built against another lexicon release'
  if (manifest.build.inputs.sha256 !== (await authoredDigest(content)).sha256)
    return 'the authored files changed'
  const problems = await createFileVerifier(store).verify(usageReleaseFiles(manifest))
  const first = problems[0]
  return first ? `${first.path} is ${first.problem}` : manifest
}

/** Makes the published release match the authored files; returns whether it had to build. */
export async function ensureUsageRelease(
  store: BlobStore,
  options: EnsureUsageOptions,
): Promise<'verified' | 'built'> {
  const log = options.log ?? (() => {})
  const content = await readAuthoredUsage(options.contentDir)
  const current = options.force
    ? 'rebuild asked for'
    : await currentOrStale(store, content, options.lexiconRelease)
  if (typeof current !== 'string') {
    log(`usage: release ${current.version.slice(0, 12)} verified`)
    return 'verified'
  }
  log(`usage: ${current}; building`)
  const built = await buildUsageRelease(content, await options.lexicon())
  await publishUsage(store, built)
  const { scenes, contrasts } = built.manifest.coverage
  log(
    `usage: built release ${built.manifest.version.slice(0, 12)} (${scenes.total} scenes, ${contrasts.total} contrasts)`,
  )
  return 'built'
}
