/**
 * `fetch`, sent once more on a fresh connection when a kept-alive connection fails before any answer: the
 * server closed it as the client reused it (ECONNRESET, or undici's `other side closed`), which HTTP clients
 * retry. A long request leaves the client's other connections idle long enough for that race; a server that
 * really died fails the second attempt too.
 */
const CLOSED_UNDER_US = new Set(['ECONNRESET', 'UND_ERR_SOCKET'])

export function fetchAgain(url: string, init: RequestInit): Promise<Response> {
  return fetch(url, init).catch((err: { cause?: { code?: string } }) => {
    if (!CLOSED_UNDER_US.has(err.cause?.code ?? '')) throw err
    return fetch(url, init)
  })
}
