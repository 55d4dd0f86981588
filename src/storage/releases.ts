/**
 * The release engine every kind of release shares (the lexicon, the authored usage, each dataset), knowing
 * none of them: a kind is described by its `ReleaseLayout` (where the pointer that names the current release
 * lives, whether it is the manifest itself or names a release folder holding the manifest, how a manifest
 * lists its files), and the engine reads the current manifest, verifies a release's files against it, gives
 * the change token, publishes a release into a store (every file, then the manifest, then the pointer, so the
 * pointer never names files that are not all in place), prunes the releases a new one supersedes, and copies
 * a verified current release from one store into another (a filesystem or an R2 bucket).
 */
import type { BlobStore } from './blob-store'
import { manifestToken, type OutcomeChanges } from './outcome-changes'
import { createParsedFiles, type ParsedFiles } from './parsed-files'
import { pruneReleases } from './prune'
import { createFileVerifier, type ExpectedFile, type FileProblem, type FileVerifier } from './verified-files'

/** Where a kind's releases live and how its manifest and pointer read and write. */
export type ReleaseLayout<M, F extends ExpectedFile = ExpectedFile> = {
  /** The kind's name in messages (`lexicon`, `usage`, `literary-context`). */
  name: string
  /** The object that makes a release current, written last when one is published. */
  pointerPath: string
  /** Where the release folders live, ending with `/`: a release's files are `{releasesPrefix}{id}/{file}`. */
  releasesPrefix: string
  /** The id of a manifest's release, the name of its folder. */
  id(manifest: M): string
  /** The files a manifest lists, by path within its release folder, with their lengths and SHA-256. */
  files(manifest: M): readonly F[]
  /**
   * A manifest, or why the bytes are not one (returned, or thrown where the kind's provider reports a
   * thrown problem its own way); `id` is the release the pointer names, for a separate manifest.
   */
  parseManifest(bytes: Uint8Array, id?: string): M | string
  /** The stored bytes of a manifest. */
  serializeManifest(manifest: M): string
  /**
   * Absent when the pointer is the manifest itself (lexicon, usage); otherwise the manifest is `file` in its
   * release folder and the pointer names the release (datasets).
   */
  separateManifest?: {
    file: string
    /** The release id the pointer's bytes name; throws when they do not name one. */
    parsePointer(bytes: Uint8Array): string
    serializePointer(manifest: M): string
  }
  /** Publishing removes the releases a new current one supersedes (they can always be built again). */
  prune: boolean
  /** Why a manifest's release must not be published (withdrawn, not reviewed), or null. */
  unpublishable?(manifest: M): string | null
}

/** A release to publish: its manifest and the bytes of every file it lists. */
export type ReleaseToPublish<M> = { manifest: M; files: ReadonlyArray<{ path: string; bytes: Uint8Array }> }

/** Where a release is published: a store that can at least write (a remote bucket through a command line). */
export type ReleaseTarget = Pick<BlobStore, 'write'> & Partial<Pick<BlobStore, 'list' | 'remove'>>

export function releaseFolder<M>(layout: ReleaseLayout<M>, id: string): string {
  return `${layout.releasesPrefix}${id}/`
}

/** Where the manifest of release `id` is stored. */
export function manifestPathOf<M>(layout: ReleaseLayout<M>, id: string): string {
  return layout.separateManifest
    ? `${releaseFolder(layout, id)}${layout.separateManifest.file}`
    : layout.pointerPath
}

/** The files a manifest lists, by their paths in the store. */
export function releaseFiles<M, F extends ExpectedFile>(layout: ReleaseLayout<M, F>, manifest: M): F[] {
  const folder = releaseFolder(layout, layout.id(manifest))
  return layout.files(manifest).map((f) => ({ ...f, path: `${folder}${f.path}` }))
}

/** The current manifest, or why there is none that reads (`missing` when no pointer is stored). */
export async function readCurrentManifest<M>(
  layout: ReleaseLayout<M>,
  store: BlobStore,
  missing: string,
): Promise<M | string> {
  const pointer = await store.read(layout.pointerPath)
  if (!pointer) return missing
  if (!layout.separateManifest) return layout.parseManifest(pointer)
  const id = layout.separateManifest.parsePointer(pointer)
  const path = manifestPathOf(layout, id)
  const bytes = await store.read(path)
  return bytes ? layout.parseManifest(bytes, id) : `${path} is missing`
}

/**
 * Checks a release's files without loading them: lengths and SHA-256 through `verifier` (hashing only
 * files whose state changed), or with `hashes: false` only that every file is there with its length.
 */
export async function verifyRelease<M>(
  layout: ReleaseLayout<M>,
  store: BlobStore,
  manifest: M,
  options: { hashes?: boolean; verifier?: FileVerifier } = {},
): Promise<FileProblem[]> {
  const files = releaseFiles(layout, manifest)
  if (options.hashes !== false) return (options.verifier ?? createFileVerifier(store)).verify(files)
  const problems: FileProblem[] = []
  for (const file of files) {
    const stat = await store.stat(file.path)
    if (!stat) problems.push({ path: file.path, problem: 'missing' })
    else if (stat.size !== file.bytes) problems.push({ path: file.path, problem: 'length-mismatch' })
  }
  return problems
}

/**
 * One store's current release of one kind, as a provider checks it on every request: the manifest parsed
 * again only when the pointer's (and manifest's) state changes, files hashed only when theirs does.
 */
export type ReleaseReader<M> = {
  readonly verifier: FileVerifier
  /** The current manifest, or why there is none (`missing` when no pointer is stored); throws as the layout's parsers do. */
  current(): Promise<M | string>
  /** The problems of the files of a manifest's release (none: every file is as the manifest says). */
  verify(manifest: M): Promise<FileProblem[]>
  /**
   * The change token of a provider served from this release: the count of changes its checks have seen and
   * the state of every file behind an answer (the pointer, the manifest it names, each file the manifest
   * lists), so that a file written in place, its timestamps put back or not, changes the token. Answered
   * at once where the store can stat at once.
   */
  changeToken(changes: OutcomeChanges): string | Promise<string>
  /** The part of a token for this release alone: `|{pointer state}[|{manifest state}]|{file state}...`. */
  stateToken(): Promise<string>
}

export function createReleaseReader<M>(
  layout: ReleaseLayout<M>,
  store: BlobStore,
  options: { missing: string; readParsed?: ParsedFiles; verifier?: FileVerifier },
): ReleaseReader<M> {
  const readParsed = options.readParsed ?? createParsedFiles()
  const verifier = options.verifier ?? createFileVerifier(store)
  const separate = layout.separateManifest
  // The paths of the files of the manifest last read, and that manifest: a token lists their states. A
  // token made from an older list is still safe, as the manifest's own state in it has changed too.
  let listed: { manifest: M | null; paths: string[] } = { manifest: null, paths: [] }

  /** The id the current pointer names, parsed once per pointer state (a separate manifest only). */
  const pointerOf = (parsePointer: (bytes: Uint8Array) => string) =>
    readParsed(store, layout.pointerPath, parsePointer)

  /** The current manifest, or why none reads, with the states of the pointer and manifest it was read at. */
  async function parsed(): Promise<{ value: M | string; states: string }> {
    if (!separate) {
      const read = await readParsed(store, layout.pointerPath, (bytes) => layout.parseManifest(bytes))
      return { value: read?.value ?? options.missing, states: `|${read?.state}` }
    }
    const pointer = await pointerOf(separate.parsePointer)
    if (pointer === null) return { value: options.missing, states: '|undefined|undefined' }
    const path = manifestPathOf(layout, pointer.value)
    const read = await readParsed(store, path, (bytes) => layout.parseManifest(bytes, pointer.value))
    return { value: read?.value ?? `${path} is missing`, states: `|${pointer.state}|${read?.state}` }
  }

  function filesOf(manifest: M | string): string[] {
    if (typeof manifest === 'string') return []
    if (listed.manifest !== manifest) {
      listed = { manifest, paths: releaseFiles(layout, manifest).map((file) => file.path) }
    }
    return listed.paths
  }

  /** `|{state}` of each file listed, at once where the store can stat at once. */
  function fileStates(paths: readonly string[]): string | Promise<string> {
    const statNow = store.statNow
    if (statNow) return paths.map((path) => `|${statNow(path)?.state}`).join('')
    return Promise.all(paths.map((path) => store.stat(path))).then((stats) =>
      stats.map((stat) => `|${stat?.state}`).join(''),
    )
  }

  async function stateToken(): Promise<string> {
    const current = await parsed().catch(() => null)
    if (current === null) return '|unreadable'
    return current.states + (await fileStates(filesOf(current.value)))
  }

  return {
    verifier,
    async current() {
      const { value } = await parsed()
      filesOf(value)
      return value
    },
    verify: (manifest) => verifier.verify(releaseFiles(layout, manifest)),
    changeToken(changes) {
      if (separate || !store.statNow) return stateToken().then((state) => `${changes.count()}${state}`)
      // Not async where the store stats at once: a stored answer is then found without a promise.
      const head = manifestToken(store, layout.pointerPath, changes)
      return `${head}${fileStates(listed.paths) as string}`
    },
    stateToken,
  }
}

/**
 * Publishes a release: every file, then its manifest, then the pointer that makes it current (for a
 * manifest that is its own pointer, the manifest last); then, where the layout prunes and the target can
 * list, removes the releases it supersedes. A failure at any step leaves the previous release current.
 * Returns the id now current.
 */
export async function publishRelease<M>(
  layout: ReleaseLayout<M>,
  target: ReleaseTarget,
  release: ReleaseToPublish<M>,
): Promise<string> {
  const id = layout.id(release.manifest)
  const folder = releaseFolder(layout, id)
  for (const file of release.files) await target.write(`${folder}${file.path}`, file.bytes)
  const manifest = layout.serializeManifest(release.manifest)
  await writeCurrent(
    layout,
    target,
    id,
    manifest,
    layout.separateManifest?.serializePointer(release.manifest),
  )
  return id
}

async function writeCurrent<M>(
  layout: ReleaseLayout<M>,
  target: ReleaseTarget,
  id: string,
  manifest: Uint8Array | string,
  pointer: Uint8Array | string | undefined,
): Promise<void> {
  if (pointer !== undefined) await target.write(manifestPathOf(layout, id), manifest)
  await target.write(layout.pointerPath, pointer ?? manifest)
  if (layout.prune && target.list && target.remove) {
    await pruneReleases(target as Required<ReleaseTarget>, layout.releasesPrefix, id)
  }
}

export type CopiedRelease = { id: string; files: number; bytes: number }

/**
 * Copies the current release of `from` into `to`, byte for byte (the pointer and manifest as stored): every
 * file read and checked against the manifest first, so that nothing is written unless the whole release
 * verifies; then published in the engine's order. Returns what was copied, or why nothing was.
 */
export async function copyCurrentRelease<M>(
  layout: ReleaseLayout<M>,
  from: BlobStore,
  to: ReleaseTarget,
): Promise<CopiedRelease | { problem: string }> {
  const pointer = await from.read(layout.pointerPath)
  if (!pointer) return { problem: `no ${layout.name} release is current (${layout.pointerPath} is missing)` }
  let id: string | undefined
  let manifestBytes: Uint8Array | null = pointer
  let manifest: M | string
  try {
    if (layout.separateManifest) {
      id = layout.separateManifest.parsePointer(pointer)
      manifestBytes = await from.read(manifestPathOf(layout, id))
      if (!manifestBytes) return { problem: `${manifestPathOf(layout, id)} is missing` }
    }
    manifest = layout.parseManifest(manifestBytes, id)
  } catch (err) {
    return { problem: err instanceof Error ? err.message : String(err) }
  }
  if (typeof manifest === 'string') return { problem: manifest }
  const refused = layout.unpublishable?.(manifest)
  if (refused) return { problem: refused }
  const verifier = createFileVerifier(from)
  const files: { path: string; bytes: Uint8Array }[] = []
  for (const file of releaseFiles(layout, manifest)) {
    const bytes = await verifier.read(file)
    if (!(bytes instanceof Uint8Array)) return { problem: `${bytes.path} is ${bytes.problem}` }
    files.push({ path: file.path, bytes })
  }
  const current = layout.id(manifest)
  for (const file of files) await to.write(file.path, file.bytes)
  await writeCurrent(layout, to, current, manifestBytes, layout.separateManifest ? pointer : undefined)
  return { id: current, files: files.length, bytes: files.reduce((n, f) => n + f.bytes.byteLength, 0) }
}
