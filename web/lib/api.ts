/**
 * Calls to the service from the page: JSON in and out, and the shared error body turned into one message
 * (with the field `details` name) so every view can show why a request failed.
 */

import type { ErrorBody } from './types'

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    message: string,
  ) {
    super(message)
  }
}

function describe(body: ErrorBody | null): string {
  // Without the shared error body there is nothing to say but that it failed; a status number means
  // nothing to a reader.
  if (!body) return 'The service could not answer this request. Try again in a moment.'
  const detail = body.details?.[0]
  const parts = [body.message]
  if (detail && !body.message.includes(detail.message)) parts.push(detail.message)
  if (body.hint) parts.push(body.hint)
  return parts.join(' ')
}

export async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  let res: Response
  try {
    res = await fetch(path, init)
  } catch {
    throw new ServiceError(0, null, 'The service could not be reached. Check the connection and try again.')
  }
  const text = await res.text()
  let body: unknown
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  if (!res.ok) {
    const error = body && typeof body === 'object' && 'code' in body ? (body as ErrorBody) : null
    throw new ServiceError(res.status, error, describe(error))
  }
  return body as T
}

export function getJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  return request<T>(path, { ...init, headers: { Accept: 'application/json' } })
}

export function postJson<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  return request<T>(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
