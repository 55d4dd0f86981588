// Bundles the Node entry point into dist/node.mjs and the route-work thread into dist/route-worker.mjs
// (dependencies stay in node_modules), so the service starts on plain Node without compiling TypeScript.
import { build } from 'esbuild'

await build({
  entryPoints: [
    { in: 'src/node.ts', out: 'node' },
    { in: 'src/work/node-worker.ts', out: 'route-worker' },
  ],
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
