// Bundles the Node entry point into dist/node.mjs (dependencies stay in node_modules), so the service starts
// on plain Node without compiling TypeScript at run time, and builds the web client into dist/web.
import { build } from 'esbuild'
import { buildWebClient } from './build-web.mjs'

await build({
  entryPoints: ['src/node.ts'],
  outfile: 'dist/node.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
await buildWebClient()
