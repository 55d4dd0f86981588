/**
 * The deterministic usage build: authored files plus the current lexicon in, a release out (records,
 * manifest, file bytes). Every word the material contrasts must resolve to meanings of that word in the
 * lexicon; the build collects every problem, names its file and field, and fails if there is any. Beside
 * the record files it writes their index (src/usage/record-index.ts) and the hashes of their 4 KiB blocks, so
 * that Workers read the records by parts, each block checked (src/usage/paged-catalog.ts).
 */
import {
  isLemma,
  type Lexicon,
  normalizeLemma,
  senseAt,
  senseIndexOf,
  senseSynsetPos,
  synsetAt,
} from '../lexicon/lexicon'
import { blockDigests } from '../storage/block-hashes'
import { canonicalJson } from '../storage/canonical-json'
import { sha256Hex } from '../storage/digest'
import {
  AuthoredContrastSchema,
  AuthoredReleaseSchema,
  AuthoredSceneSchema,
  parseAuthored,
  UsageContentError,
  type AuthoredFile,
  type AuthoredPassage,
  type ContentProblem,
} from './authored'
import { CONTRASTS_FILE, indexedRecordFiles, SCENES_FILE, USAGE_INDEX_FILE } from './record-index'
import {
  SCENE_ID_PATTERN,
  USAGE_CHANNELS,
  USAGE_STATUS,
  type UsageChannel,
  type UsageContrast,
  type UsageHighlight,
  type UsageManifest,
  type UsageMeaning,
  type UsagePassage,
  type UsageScene,
  type UsageSource,
} from './schemas'

/** Bumped whenever the build's output changes for the same input, so existing releases count as stale. */
export const USAGE_FORMAT = 'usage-release/2'

/** Block size of the record files' block hashes: a scene or contrast spans one to three blocks. */
export const USAGE_BLOCK_BYTES = 4096
export const USAGE_BLOCK_HASHES_FILE = 'block-hashes.bin'

/** What the contract asks the material to hold (spec 1; issue 5). */
export const REQUIRED_CONTRASTS = 36
export const MINIMUM_SCENES = 32

export type AuthoredUsage = {
  /** The content folder as shown in problems, for example `content/usage`. */
  root: string
  release: AuthoredFile
  scenes: AuthoredFile[]
  contrasts: AuthoredFile[]
}

export type BuiltUsageRelease = {
  manifest: UsageManifest
  scenes: UsageScene[]
  contrasts: UsageContrast[]
  /** The release files, named as in the manifest. */
  files: { path: string; bytes: Uint8Array }[]
}

type Located = { file: string; field: string }

/** SHA-256 over the authored files (paths and digests): tells whether a release was built from them. */
export async function authoredDigest(content: AuthoredUsage): Promise<{ files: number; sha256: string }> {
  const all = [content.release, ...content.scenes, ...content.contrasts]
  const entries = await Promise.all(all.map(async (f) => ({ path: f.path, sha256: await sha256Hex(f.text) })))
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return {
    files: entries.length,
    sha256: await sha256Hex(canonicalJson({ format: USAGE_FORMAT, files: entries })),
  }
}

/** The record id of an authored file: its name without `.yaml`. */
function idOf(file: AuthoredFile): string {
  const name = file.path.slice(file.path.lastIndexOf('/') + 1)
  return name.replace(/\.yaml$/, '')
}

function compareIds(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** Resolves the meaning IDs of one word against the lexicon, reporting those that do not belong to it. */
function resolveMeanings(
  lexicon: Lexicon,
  word: string,
  ids: readonly string[],
  at: Located,
  problems: ContentProblem[],
): UsageMeaning[] {
  const release = lexicon.manifest.release.slice(0, 12)
  if (!isLemma(lexicon, word)) {
    problems.push({ ...at, message: `"${word}" is not a word in lexicon release ${release}` })
    return []
  }
  const meanings: UsageMeaning[] = []
  ids.forEach((id, i) => {
    const field = `${at.field}.meanings[${i}]`
    const sense = senseIndexOf(lexicon, id)
    if (sense === undefined) {
      problems.push({
        file: at.file,
        field,
        message: `"${id}" does not resolve in lexicon release ${release}`,
      })
      return
    }
    const row = senseAt(lexicon, sense)
    const lemma = normalizeLemma(row[1])
    if (lemma !== word) {
      problems.push({ file: at.file, field, message: `"${id}" is a meaning of "${lemma}", not of "${word}"` })
      return
    }
    if (ids.indexOf(id) !== i) {
      problems.push({ file: at.file, field, message: `"${id}" is listed twice` })
      return
    }
    const synset = synsetAt(lexicon, row[2])
    meanings.push({ id, partOfSpeech: senseSynsetPos(lexicon, sense), definition: synset[3] })
  })
  return meanings
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u

/** Start offsets (UTF-16) where `phrase` appears in `text` as whole words. */
function wholeWordMatches(text: string, phrase: string): number[] {
  const found: number[] = []
  for (let at = text.indexOf(phrase); at !== -1; at = text.indexOf(phrase, at + 1)) {
    const before = text[at - 1] ?? ''
    const after = text[at + phrase.length] ?? ''
    if (!WORD_CHARACTER.test(before) && !WORD_CHARACTER.test(after)) found.push(at)
  }
  return found
}

/** A passage with its highlights turned into ordered, non-overlapping UTF-16 spans with meanings. */
function buildPassage(
  lexicon: Lexicon,
  passage: AuthoredPassage,
  at: Located,
  problems: ContentProblem[],
): UsagePassage {
  const highlights: UsageHighlight[] = []
  passage.highlights.forEach((h, i) => {
    const field = `${at.field}.highlights[${i}]`
    const matches = wholeWordMatches(passage.text, h.text)
    if (matches.length === 0) {
      problems.push({
        file: at.file,
        field: `${field}.text`,
        message: `"${h.text}" is not a whole phrase of the text`,
      })
      return
    }
    if (h.occurrence === undefined && matches.length > 1) {
      problems.push({
        file: at.file,
        field: `${field}.text`,
        message: `"${h.text}" appears ${matches.length} times in the text; say which with occurrence`,
      })
      return
    }
    const start = matches[(h.occurrence ?? 1) - 1]
    if (start === undefined) {
      problems.push({
        file: at.file,
        field: `${field}.occurrence`,
        message: `"${h.text}" appears only ${matches.length} time${matches.length === 1 ? '' : 's'}`,
      })
      return
    }
    const word = normalizeLemma(h.word ?? h.text)
    const meanings = resolveMeanings(lexicon, word, h.meanings, { file: at.file, field }, problems)
    highlights.push({ start, end: start + h.text.length, text: h.text, word, meanings })
  })
  highlights.sort((a, b) => a.start - b.start)
  for (let i = 1; i < highlights.length; i++) {
    const previous = highlights[i - 1] as UsageHighlight
    const current = highlights[i] as UsageHighlight
    if (current.start < previous.end) {
      problems.push({
        file: at.file,
        field: `${at.field}.highlights`,
        message: `"${previous.text}" and "${current.text}" overlap`,
      })
    }
  }
  return { text: passage.text, highlights, note: passage.note }
}

function buildScene(
  lexicon: Lexicon,
  file: AuthoredFile,
  contrastIds: ReadonlySet<string>,
  problems: ContentProblem[],
): UsageScene | null {
  const authored = parseAuthored(file, AuthoredSceneSchema, problems)
  if (!authored) return null
  const versions = authored.versions.map((v, i) => ({
    label: v.label,
    ...buildPassage(lexicon, v, { file: file.path, field: `versions[${i}]` }, problems),
  }))
  authored.versions.forEach((v, i) => {
    const first = authored.versions.findIndex((other) => other.text === v.text)
    if (first !== i) {
      problems.push({
        file: file.path,
        field: `versions[${i}].text`,
        message: `repeats versions[${first}].text`,
      })
    }
    if (authored.versions.findIndex((other) => other.label === v.label) !== i) {
      problems.push({ file: file.path, field: `versions[${i}].label`, message: `"${v.label}" is used twice` })
    }
  })
  authored.related.forEach((id, i) => {
    if (!contrastIds.has(id)) {
      problems.push({
        file: file.path,
        field: `related[${i}]`,
        message: `no contrast "${id}" (contrasts/${id}.yaml)`,
      })
    }
  })
  return {
    id: idOf(file),
    channel: authored.channel,
    title: authored.title,
    situation: authored.situation,
    versions,
    takeaway: authored.takeaway,
    relatedContrasts: [...new Set(authored.related)].sort(),
  }
}

function buildContrast(
  lexicon: Lexicon,
  file: AuthoredFile,
  problems: ContentProblem[],
): UsageContrast | null {
  const authored = parseAuthored(file, AuthoredContrastSchema, problems)
  if (!authored) return null
  const terms = authored.terms.map((t, i) => {
    const word = normalizeLemma(t.word)
    const meanings = resolveMeanings(
      lexicon,
      word,
      t.meanings,
      { file: file.path, field: `terms[${i}]` },
      problems,
    )
    return { word, gist: t.gist, meanings }
  })
  terms.forEach((t, i) => {
    if (terms.findIndex((other) => other.word === t.word) !== i) {
      problems.push({ file: file.path, field: `terms[${i}].word`, message: `"${t.word}" is listed twice` })
    }
  })
  const examples = authored.examples.map((e, i) =>
    buildPassage(lexicon, e, { file: file.path, field: `examples[${i}]` }, problems),
  )
  const shown = new Set<string>()
  authored.examples.forEach((e, i) =>
    e.highlights.forEach((h, j) => {
      const field = `examples[${i}].highlights[${j}]`
      const word = normalizeLemma(h.word ?? h.text)
      const term = terms.find((t) => t.word === word)
      if (!term) {
        problems.push({ file: file.path, field, message: `"${word}" is not one of the terms` })
        return
      }
      shown.add(word)
      for (const id of h.meanings) {
        if (!term.meanings.some((m) => m.id === id)) {
          problems.push({
            file: file.path,
            field,
            message: `"${id}" is not among the meanings of term "${word}"`,
          })
        }
      }
    }),
  )
  terms.forEach((t, i) => {
    if (!shown.has(t.word)) {
      problems.push({
        file: file.path,
        field: `terms[${i}]`,
        message: `"${t.word}" is not highlighted in any example`,
      })
    }
  })
  return {
    id: idOf(file),
    channel: authored.channel,
    title: authored.title,
    summary: authored.summary,
    terms,
    difference: authored.difference,
    examples,
    takeaway: authored.takeaway,
  }
}

function countByChannel(records: readonly { channel: UsageChannel }[]): Record<UsageChannel, number> {
  const counts = { caption: 0, message: 0, claim: 0, community: 0 }
  for (const r of records) counts[r.channel]++
  return counts
}

function checkCoverage(
  root: string,
  scenes: readonly UsageScene[],
  contrasts: readonly UsageContrast[],
  problems: ContentProblem[],
): void {
  if (contrasts.length !== REQUIRED_CONTRASTS) {
    problems.push({
      file: `${root}/contrasts`,
      field: '(folder)',
      message: `holds ${contrasts.length} contrasts; the release holds exactly ${REQUIRED_CONTRASTS}`,
    })
  }
  if (scenes.length < MINIMUM_SCENES) {
    problems.push({
      file: `${root}/scenes`,
      field: '(folder)',
      message: `holds ${scenes.length} scenes; the release needs at least ${MINIMUM_SCENES}`,
    })
  }
  for (const [kind, counts] of [
    ['scenes', countByChannel(scenes)],
    ['contrasts', countByChannel(contrasts)],
  ] as const) {
    for (const channel of USAGE_CHANNELS) {
      if (counts[channel] === 0) {
        problems.push({
          file: `${root}/${kind}`,
          field: 'channel',
          message: `no ${kind} in channel "${channel}"`,
        })
      }
    }
  }
}

function checkFileNames(files: readonly AuthoredFile[], problems: ContentProblem[]): void {
  for (const file of files) {
    if (!file.path.endsWith('.yaml') || !SCENE_ID_PATTERN.test(idOf(file))) {
      problems.push({
        file: file.path,
        field: '(file name)',
        message: 'the id is the file name: lowercase words joined by single hyphens, ending in .yaml',
      })
    }
  }
}

function distinctMeaningIds(scenes: readonly UsageScene[], contrasts: readonly UsageContrast[]): number {
  const ids = new Set<string>()
  const add = (meanings: readonly UsageMeaning[]) => meanings.forEach((m) => ids.add(m.id))
  for (const s of scenes) for (const v of s.versions) for (const h of v.highlights) add(h.meanings)
  for (const c of contrasts) for (const t of c.terms) add(t.meanings)
  return ids.size
}

/** Builds the release; throws UsageContentError naming every file and field that is wrong. */
export async function buildUsageRelease(
  content: AuthoredUsage,
  lexicon: Lexicon,
): Promise<BuiltUsageRelease> {
  const problems: ContentProblem[] = []
  checkFileNames([...content.scenes, ...content.contrasts], problems)
  const meta = parseAuthored(content.release, AuthoredReleaseSchema, problems)
  const contrasts = content.contrasts
    .map((f) => buildContrast(lexicon, f, problems))
    .filter((c): c is UsageContrast => c !== null)
    .sort(compareIds)
  const contrastIds = new Set(content.contrasts.map(idOf))
  const scenes = content.scenes
    .map((f) => buildScene(lexicon, f, contrastIds, problems))
    .filter((s): s is UsageScene => s !== null)
    .sort(compareIds)
  checkCoverage(content.root, scenes, contrasts, problems)
  if (problems.length > 0 || !meta) throw new UsageContentError(problems)

  const lexiconSource = lexicon.manifest.source
  const source: UsageSource = {
    title: meta.title,
    authors: meta.authors,
    written: meta.written,
    license: meta.license,
    review: meta.review,
    attribution: meta.attribution,
    definitions: {
      source: `${lexiconSource.name} ${lexiconSource.version}, ${lexiconSource.publisher}`,
      license: lexiconSource.license,
      url: lexiconSource.url,
      lexiconRelease: lexicon.manifest.release,
    },
  }
  const limitations = meta.limitations
  const version = await sha256Hex(
    canonicalJson({ format: USAGE_FORMAT, status: USAGE_STATUS, source, limitations, scenes, contrasts }),
  )
  const records = indexedRecordFiles(scenes, contrasts)
  const files = [
    { path: SCENES_FILE, bytes: records.scenes },
    { path: CONTRASTS_FILE, bytes: records.contrasts },
    { path: USAGE_INDEX_FILE, bytes: new TextEncoder().encode(JSON.stringify(records.index) + '\n') },
    {
      path: USAGE_BLOCK_HASHES_FILE,
      bytes: await blockDigests([records.scenes, records.contrasts], USAGE_BLOCK_BYTES),
    },
  ]
  const manifest: UsageManifest = {
    version,
    name: 'usage',
    status: USAGE_STATUS,
    source,
    coverage: {
      channels: [...USAGE_CHANNELS],
      scenes: { total: scenes.length, byChannel: countByChannel(scenes) },
      contrasts: { total: contrasts.length, byChannel: countByChannel(contrasts) },
      meaningIds: distinctMeaningIds(scenes, contrasts),
    },
    limitations,
    files: await Promise.all(
      files.map(async (f) => ({ path: f.path, bytes: f.bytes.byteLength, sha256: await sha256Hex(f.bytes) })),
    ),
    build: { format: USAGE_FORMAT, deterministic: true, inputs: await authoredDigest(content) },
  }
  return { manifest, scenes, contrasts, files }
}
