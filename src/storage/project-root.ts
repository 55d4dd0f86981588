/**
 * The project's root folder (where package.json is), found from this module's own location, so paths to
 * authored content work the same from the TypeScript sources and from the bundled `dist/node.mjs`.
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

let root: string | null = null

export function projectRoot(): string {
  if (root) return root
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error('projectRoot: no package.json above this module')
    dir = parent
  }
  root = dir
  return root
}
