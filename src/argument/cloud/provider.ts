/**
 * The one HTTP call to the AI provider (an OpenAI-compatible API): one attempt, no retries, no redirects,
 * a time limit over the whole exchange (connecting, waiting and reading the answer), and a cap on the bytes
 * read back. Failures say what went wrong in the service's words; the provider's own message is not kept.
 */
import { failed, type Outcome } from './failures'
import type { ProviderSettings } from './setup'

/** No answer of a review (12 claims) or of a transcript within bounds comes near this. */
export const MAX_PROVIDER_ANSWER_BYTES = 1024 * 1024

export type ProviderRequest = {
  path: '/chat/completions' | '/audio/transcriptions'
  /** JSON for chat completions, a multipart form for transcriptions (fetch sets its boundary). */
  body: string | FormData
}

export async function callProvider(
  settings: ProviderSettings,
  request: ProviderRequest,
): Promise<Outcome<string>> {
  const signal = AbortSignal.timeout(settings.timeoutMs)
  const headers: Record<string, string> = {
    Authorization: `Bearer ${settings.apiKey}`,
    Accept: 'application/json',
  }
  if (typeof request.body === 'string') headers['Content-Type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(`${settings.baseUrl}${request.path}`, {
      method: 'POST',
      headers,
      body: request.body,
      signal,
      redirect: 'manual',
    })
  } catch {
    return signal.aborted ? timedOut(settings) : unreachable()
  }
  if (response.status < 200 || response.status > 299) {
    await response.body?.cancel().catch(() => undefined)
    return failed(
      'provider',
      'provider_error',
      'provider-success',
      `The AI provider answered with HTTP ${response.status}; its message is not passed on.`,
    )
  }
  try {
    const bytes = await readCapped(response, MAX_PROVIDER_ANSWER_BYTES)
    if (bytes === null) {
      return failed(
        'provider',
        'provider_answer_too_large',
        'answer-size',
        `The AI provider's answer is larger than ${MAX_PROVIDER_ANSWER_BYTES} bytes; it was not read.`,
      )
    }
    return { ok: true, value: new TextDecoder().decode(bytes) }
  } catch {
    return signal.aborted ? timedOut(settings) : unreachable()
  }
}

function timedOut(settings: ProviderSettings) {
  return failed(
    'provider',
    'provider_timeout',
    'provider-time-limit',
    `The AI provider did not answer within ${settings.timeoutMs / 1000} seconds; the request was not repeated.`,
  )
}

function unreachable() {
  return failed(
    'provider',
    'provider_unreachable',
    'provider-reachable',
    'The AI provider could not be reached or broke off its answer; the request was not repeated.',
  )
}

/** The whole body, or null as soon as it passes `limit` bytes (the rest is not read). */
async function readCapped(response: Response, limit: number): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array(0)
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.length
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  const out = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.length
  }
  return out
}
