/**
 * Every contract limit of a review request and of an audio upload, checked in the browser before anything
 * is sent, with messages that name the limit and the size found. The numbers and the sentence rule are the
 * service's own modules, so the page and the service cannot disagree.
 */
import { ARGUMENT_LIMITS, TRANSCRIPTION_LIMITS } from '../../src/argument/limits'
import { countSentences } from '../../src/text/sentences'
import { formatCount } from './text-import'
import type { ReviewInput } from './types'

function overCharacters(name: string, value: string, max: number): string | null {
  return value.length > max
    ? `${name} has ${formatCount(value.length)} characters; the limit is ${formatCount(max)} characters (an emoji or other rare symbol counts as two).`
    : null
}

function overSentences(name: string, value: string, max: number): string | null {
  const found = countSentences(value)
  return found > max
    ? `${name} has ${formatCount(found)} sentences; the limit is ${formatCount(max)} sentences.`
    : null
}

/** Problems with a review request, each naming the limit and the size found; empty when it may be sent. */
export function reviewProblems(input: ReviewInput): string[] {
  const L = ARGUMENT_LIMITS
  const problems: (string | null)[] = []
  if (input.text.trim().length === 0)
    problems.push('Text is empty; the review needs at least 1 character of text.')
  problems.push(overCharacters('Text', input.text, L.text.maxCharacters))
  problems.push(overSentences('Text', input.text, L.text.maxSentences))
  if (input.context) problems.push(overCharacters('Context', input.context, L.context.maxCharacters))
  if (input.reply) problems.push(overCharacters('Reply', input.reply, L.reply.maxCharacters))
  if (input.sources.length > L.sources.maxCount) {
    problems.push(`There are ${input.sources.length} sources; the limit is ${L.sources.maxCount} sources.`)
  }
  const ids = new Set<string>()
  input.sources.forEach((source, i) => {
    const name = `Source ${i + 1}${source.label ? ` ("${source.label}")` : ''}`
    if (source.label.trim() === '') problems.push(`Source ${i + 1} needs a label (1 to 300 characters).`)
    problems.push(overCharacters(`${name} label`, source.label, L.sources.label.maxCharacters))
    problems.push(overCharacters(name, source.text, L.sources.text.maxCharacters))
    problems.push(overSentences(name, source.text, L.sources.text.maxSentences))
    if (source.url) problems.push(overCharacters(`${name} URL`, source.url, L.sources.url.maxCharacters))
    if (ids.has(source.id)) problems.push(`${name} repeats the id "${source.id}"; source ids must be unique.`)
    ids.add(source.id)
  })
  const bytes = new TextEncoder().encode(JSON.stringify(input)).byteLength
  if (bytes > L.requestBytes) {
    problems.push(
      `The request would be ${formatCount(bytes)} bytes; the limit is ${formatCount(L.requestBytes)} bytes.`,
    )
  }
  return problems.filter((p): p is string => p !== null)
}

export const AUDIO_MAX_BYTES: number = TRANSCRIPTION_LIMITS.maxClientFileBytes

export const AUDIO_ACCEPT = TRANSCRIPTION_LIMITS.fileTypes
  .flatMap((type) => [...type.extensions.map((ext) => `.${ext}`), ...type.mediaTypes])
  .join(',')

const MIB = 1024 * 1024

/** Why an audio file cannot be sent, naming the limit and the size found; null when it can. */
export function audioProblem(file: { name: string; type: string; size: number }): string | null {
  const dot = file.name.lastIndexOf('.')
  const ext = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase()
  const known = TRANSCRIPTION_LIMITS.fileTypes.some(
    (type) =>
      (type.extensions as readonly string[]).includes(ext) ||
      (type.mediaTypes as readonly string[]).includes(file.type),
  )
  if (!known) {
    const names = TRANSCRIPTION_LIMITS.fileTypes.map((type) => type.name).join(', ')
    return `"${file.name}" is not an accepted audio file; transcription takes ${names}.`
  }
  if (file.size > AUDIO_MAX_BYTES) {
    return `"${file.name}" is ${(file.size / MIB).toFixed(1)} MiB (${formatCount(file.size)} bytes); audio files may be at most 19 MiB (${formatCount(AUDIO_MAX_BYTES)} bytes). Nothing was sent.`
  }
  return null
}
