/**
 * Request ids. A caller's `X-Request-Id` is kept when it is a short run of plain characters, so a trace
 * id survives end to end; anything else is replaced with a fresh UUID. Shared by the app and the Node
 * adapter's response cache, which answers repeats without running the app.
 */
export const REQUEST_ID_HEADER = 'X-Request-Id'

const PLAIN_ID = /^[\w\-=]{1,128}$/

export function acceptRequestId(incoming: string | null | undefined): string {
  return incoming && PLAIN_ID.test(incoming) ? incoming : crypto.randomUUID()
}
