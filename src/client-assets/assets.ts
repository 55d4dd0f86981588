/**
 * How the app reads the web client's built files: a small interface, so the Node adapter can read them from
 * `dist/web` and a Workers deployment can hand in its assets binding, without `fs` in the portable app.
 */

export type WebAsset = {
  /** The file's bytes as built. */
  body: Uint8Array
  /** The same bytes gzip-compressed, when the adapter has them; sent to clients that accept gzip. */
  gzip?: Uint8Array
  contentType: string
}

export type WebAssets = {
  /** The page itself, `index.html`, which names the hashed assets. */
  index(): Promise<WebAsset | undefined>
  /** A content-hashed asset by file name (`app-3F2A….js`); undefined when there is none of that name. */
  asset(name: string): Promise<WebAsset | undefined>
}

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  map: 'application/json; charset=utf-8',
}

/** The media type of a built file, from its extension; undefined for a kind the client never builds. */
export function contentTypeOf(name: string): string | undefined {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? undefined : CONTENT_TYPES[name.slice(dot + 1)]
}

/** Asset names as the build writes them: a name, a dash, a content hash and a known extension. */
export const ASSET_NAME = /^[A-Za-z0-9_]+-[A-Z0-9]{8}\.(?:js|css|svg|png|ico)$/
