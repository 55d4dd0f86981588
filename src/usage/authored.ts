/**
 * The authored usage source files (`content/usage`, YAML): what each file may hold, and parsing that
 * reports every problem with the file and the field it is in, so an editor can go straight to it.
 * Checks that need the lexicon or other files (meaning IDs, spans, coverage) are in ./build.ts.
 */
import { parseDocument } from 'yaml'
import { z } from 'zod'
import { SCENE_ID_PATTERN, USAGE_CHANNELS } from './schemas'

/** One authored file: its path as shown in problems (relative to the repository) and its text. */
export type AuthoredFile = { path: string; text: string }

export type ContentProblem = { file: string; field: string; message: string }

export class UsageContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(
      `The authored usage material does not build (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((p) => `  - ${p.file}: ${p.field}: ${p.message}`).join('\n'),
    )
    this.name = 'UsageContentError'
  }
}

const prose = z.string().trim().min(1, 'must not be empty')
// Unquoted in YAML, a sense key's colons read as a mapping, hence the advice to quote it.
const meaningId = z
  .string({ error: "must be a meaning ID in quotes, such as 'imply%2:32:00::'" })
  .regex(
    /^[^%\s]+%[1-5]:\d{2}:\d{2}:[^:\s]*:\d{0,2}$/,
    'must be a meaning ID (WordNet sense key), such as imply%2:32:00::',
  )
const meaningIds = z.array(meaningId).min(1, 'must name at least one meaning ID')
const channel = z.enum(USAGE_CHANNELS, { error: `must be one of ${USAGE_CHANNELS.join(', ')}` })

const AuthoredHighlightSchema = z.strictObject({
  /** The words exactly as they appear in the passage. */
  text: prose,
  /** The lexicon word they are a form of; defaults to `text` in lower case. */
  word: prose.optional(),
  /** Which appearance of `text` is meant (1 = first); needed when it appears more than once. */
  occurrence: z.number().int().min(1).optional(),
  meanings: meaningIds,
})

const AuthoredPassageSchema = z.strictObject({
  text: prose,
  highlights: z.array(AuthoredHighlightSchema).min(1, 'must highlight at least one word'),
  note: prose,
})

export const AuthoredSceneSchema = z.strictObject({
  channel,
  title: prose,
  situation: prose,
  versions: z
    .array(AuthoredPassageSchema.extend({ label: prose }))
    .length(3, 'must hold exactly three versions'),
  takeaway: prose,
  related: z.array(z.string().regex(SCENE_ID_PATTERN, 'must be a contrast id')).default([]),
})

export const AuthoredContrastSchema = z.strictObject({
  channel,
  title: prose,
  summary: prose,
  terms: z
    .array(z.strictObject({ word: prose, gist: prose, meanings: meaningIds }))
    .min(2, 'must set at least two words side by side')
    .max(4, 'must hold at most four words'),
  difference: prose,
  examples: z
    .array(AuthoredPassageSchema)
    .min(2, 'must show at least two examples')
    .max(6, 'must hold at most six'),
  takeaway: prose,
})

export const AuthoredReleaseSchema = z.strictObject({
  title: prose,
  authors: prose,
  written: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be an ISO date such as 2026-11-22'),
  license: z.strictObject({ name: prose, spdx: prose, url: prose }),
  review: z.strictObject({
    status: z.literal('unreviewed', { error: 'must be unreviewed: the material is an editorial preview' }),
    note: prose,
  }),
  attribution: prose,
  limitations: z.array(prose).min(1, 'must state at least one limitation'),
})

export type AuthoredHighlight = z.infer<typeof AuthoredHighlightSchema>
export type AuthoredPassage = z.infer<typeof AuthoredPassageSchema>
export type AuthoredScene = z.infer<typeof AuthoredSceneSchema>
export type AuthoredContrast = z.infer<typeof AuthoredContrastSchema>
export type AuthoredRelease = z.infer<typeof AuthoredReleaseSchema>

/** `versions[1].highlights[0].meanings` from a path of keys and indices. */
export function fieldName(path: readonly PropertyKey[]): string {
  let out = ''
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`
  return out || '(whole file)'
}

/** Parses one YAML file against a schema; on failure adds its problems and returns null. */
export function parseAuthored<S extends z.ZodType>(
  file: AuthoredFile,
  schema: S,
  problems: ContentProblem[],
): z.output<S> | null {
  const doc = parseDocument(file.text, { prettyErrors: true })
  if (doc.errors.length > 0) {
    for (const error of doc.errors) {
      const at = error.linePos?.[0]
      problems.push({
        file: file.path,
        field: at ? `(line ${at.line}, column ${at.col})` : '(whole file)',
        message: `not valid YAML: ${error.message.split(' at line ')[0]}`,
      })
    }
    return null
  }
  const parsed = schema.safeParse(doc.toJS())
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        problems.push({
          file: file.path,
          field: fieldName([...issue.path, key]),
          message: 'is not a known field',
        })
      }
    } else {
      problems.push({ file: file.path, field: fieldName(issue.path), message: issue.message })
    }
  }
  return null
}
