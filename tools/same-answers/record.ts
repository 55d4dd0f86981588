/**
 * Sending the cases to a running service and writing down its answers: status, the headers that matter,
 * the body (text, base64, or for a body over 64 KB its SHA-256 and length), normalised only where two runs
 * of the same build truly differ. Every normalisation is listed in the recording (`normalisations`).
 */
import { createHash } from 'node:crypto'
import type { Case, Phase } from './requests'

/** Answers' headers that are compared; plus every x-* header but X-Request-Id (which each request sets). */
export const HEADERS = [
  'content-type',
  'cache-control',
  'etag',
  'content-length',
  'vary',
  'allow',
  'retry-after',
  'www-authenticate',
  'content-range',
  'accept-ranges',
  'repr-digest',
  'content-encoding',
  'location',
]
const IGNORED_X = new Set(['x-request-id'])

/** Bodies larger than this are kept as their digest and length. */
export const BODY_LIMIT = 64 * 1024

export type Body = { text: string } | { base64: string } | { sha256: string; length: number }

export type Entry = {
  phase: string
  index: number
  name: string
  method: string
  path: string
  /** SHA-256 of the request body as sent, and its length; absent: no body. */
  requestBody?: { sha256: string; length: number }
  status: number
  headers: Record<string, string>
  body: Body
}

export type Recording = {
  format: 'same-answers/1'
  target: string
  /** What is left out or replaced in the answers and why (only what varies between two runs of one build). */
  normalisations: string[]
  /** How many answers each replacement changed in this recording (0: the rule was not needed). */
  replaced: Record<string, number>
  requests: Entry[]
}

export const NORMALISATIONS = [
  'The Date header is not recorded (the time of the answer).',
  'X-Request-Id is not recorded; every request sends its own fixed id (same-answers-<phase>-<index>), so ' +
    'request ids echoed in bodies are the same in every run. An id the service made up instead (if it ' +
    'ignored ours) is replaced by <request-id> wherever it appears in the answer.',
  "The origin of the service's own listening address (http://127.0.0.1:<free port>) is replaced by " +
    "<service> and the fake cloud provider's origin (a free port) by <provider>, in headers and text bodies.",
]

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

function isText(contentType: string | null, bytes: Buffer): boolean {
  if (bytes.length === 0) return true
  const type = (contentType ?? '').toLowerCase()
  const textual = /^text\/|json|javascript|xml|svg|charset=utf-8|x-ndjson/.test(type)
  if (!textual) return false
  // Round-trips as UTF-8: no byte is lost by keeping it as text.
  return Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes)
}

type Replace = Array<[string, string]>

/** Answers changed by each replacement, by its placeholder. */
export const replaced: Record<string, number> = { '<service>': 0, '<provider>': 0, '<request-id>': 0 }

function replaceAll(text: string, replacements: Replace): string {
  let out = text
  for (const [from, to] of replacements) {
    if (!from || !out.includes(from)) continue
    out = out.split(from).join(to)
    replaced[to] = (replaced[to] ?? 0) + 1
  }
  return out
}

function bodyOf(bytes: Buffer, contentType: string | null, replacements: Replace): Body {
  if (isText(contentType, bytes)) {
    const text = replaceAll(bytes.toString('utf8'), replacements)
    const normalised = Buffer.from(text, 'utf8')
    if (normalised.length > BODY_LIMIT) return { sha256: sha256(normalised), length: normalised.length }
    return { text }
  }
  if (bytes.length > BODY_LIMIT) return { sha256: sha256(bytes), length: bytes.length }
  return { base64: bytes.toString('base64') }
}

/**
 * `fetch`, sent once more on a fresh connection when a kept-alive connection fails before any answer
 * (test/helpers/fetch-again.ts's rule: the server closed it as the client reused it).
 */
async function fetchAgain(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code ?? ''
    if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw err
    return fetch(url, init)
  }
}

/** Sends the phase's cases in order, returning one entry each. */
export async function recordPhase(
  base: string,
  phase: Phase,
  options: { progress?: (line: string) => void } = {},
): Promise<Entry[]> {
  const kept = new Map<string, string>()
  const entries: Entry[] = []
  const origin = new URL(base).origin
  let index = 0
  for (const c of phase.cases) {
    const id = `same-answers-${phase.name}-${index}`
    const entry = await recordOne(base, origin, phase, c, id, index, kept)
    entries.push(entry)
    if (c.expect !== undefined && entry.status !== c.expect)
      console.error(
        `warning: ${phase.name} #${index} ${entry.method} ${entry.path}: ${entry.status}, not ${c.expect}`,
      )
    options.progress?.(
      `${phase.name} #${index} ${entry.method} ${entry.path.slice(0, 80)} -> ${entry.status}`,
    )
    index++
  }
  return entries
}

async function recordOne(
  base: string,
  origin: string,
  phase: Phase,
  c: Case,
  id: string,
  index: number,
  kept: Map<string, string>,
): Promise<Entry> {
  const path = typeof c.path === 'function' ? c.path(kept) : c.path
  const body = typeof c.body === 'function' ? c.body(kept) : c.body
  const bodyBytes =
    body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body)
  const response = await fetchAgain(base + path, {
    method: c.method,
    headers: { 'X-Request-Id': id, ...c.headers },
    ...(bodyBytes !== undefined && { body: bodyBytes }),
  })
  const bytes = Buffer.from(await response.arrayBuffer())
  if (c.keep) kept.set(c.keep, bytes.toString('utf8'))

  const answeredId = response.headers.get('x-request-id')
  const replacements: Replace = [[origin, '<service>']]
  const provider = phase.settings.ARGUMENT_PROVIDER_BASE_URL
  if (provider) replacements.push([new URL(provider).origin, '<provider>'])
  if (answeredId && answeredId !== id) replacements.push([answeredId, '<request-id>'])

  const headers: Record<string, string> = {}
  const names = [...response.headers.keys()].sort()
  for (const name of names) {
    const wanted =
      HEADERS.includes(name) ||
      name.startsWith('access-control-') ||
      (name.startsWith('x-') && !IGNORED_X.has(name))
    if (wanted) headers[name] = replaceAll(response.headers.get(name) ?? '', replacements)
  }
  return {
    phase: phase.name,
    index,
    name: c.name,
    method: c.method,
    path,
    ...(bodyBytes !== undefined && { requestBody: { sha256: sha256(bodyBytes), length: bodyBytes.length } }),
    status: response.status,
    headers,
    body: bodyOf(bytes, response.headers.get('content-type'), replacements),
  }
}
