/**
 * The Node adapter of `WebAssets`: reads the built client from a folder (`dist/web`) once, and keeps each
 * file with its gzip form in memory; the client is a few files of tens of kilobytes.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { contentTypeOf, type WebAsset, type WebAssets } from './assets'

async function load(path: string, name: string): Promise<WebAsset | undefined> {
  const contentType = contentTypeOf(name)
  if (!contentType) return undefined
  const body = new Uint8Array(await readFile(path))
  return { body, gzip: new Uint8Array(gzipSync(body, { level: 9 })), contentType }
}

/** The built client in `dir`: `index.html` and `assets/`; a missing folder serves nothing (404). */
export async function readWebAssets(dir: string): Promise<WebAssets> {
  const files = new Map<string, WebAsset>()
  let index: WebAsset | undefined
  try {
    index = await load(join(dir, 'index.html'), 'index.html')
    for (const name of await readdir(join(dir, 'assets'))) {
      const asset = await load(join(dir, 'assets', name), name)
      if (asset) files.set(name, asset)
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  return {
    index: async () => index,
    asset: async (name) => files.get(name),
  }
}
