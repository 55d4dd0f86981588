/**
 * HEAD answers: Hono runs the GET handler and drops the body. This adds the `Content-Length` the GET answer
 * would have carried, so HEAD and GET agree on status and headers.
 */
import type { Context } from 'hono'

/** For a HEAD request, once the GET handler has answered. */
export async function addHeadContentLength(c: Context): Promise<void> {
  if (c.res.headers.has('Content-Length') || !c.res.body) return
  const length = (await c.res.clone().arrayBuffer()).byteLength
  c.res.headers.set('Content-Length', String(length))
}
