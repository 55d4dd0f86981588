// Bundles the entry points: the Node one into dist/node.mjs, its route-work thread into
// dist/route-thread.mjs and its key-index thread into dist/key-index-thread.mjs (dependencies stay in
// node_modules), so the service starts on plain Node without compiling TypeScript at run time; the Workers
// one into dist/worker.mjs, one self-contained ES module for workerd, in which a Node-only import is an
// error; and the web client into dist/web. An argument (`node`, `worker` or `web`) builds that one alone.
import process from 'node:process'
import { build } from 'esbuild'
import { buildWebClient } from './build-web.mjs'

const only = process.argv[2]
const wants = (name) => !only || only === name

if (wants('node')) {
  await build({
    entryPoints: [
      { in: 'src/node.ts', out: 'node' },
      { in: 'src/route-thread.ts', out: 'route-thread' },
      { in: 'src/auth/key-index-thread.ts', out: 'key-index-thread' },
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
}

if (wants('worker')) {
  await build({
    entryPoints: ['src/cloudflare.ts'],
    outfile: 'dist/worker.mjs',
    bundle: true,
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    format: 'esm',
    target: 'es2022',
    minify: false,
    sourcemap: true,
    logLevel: 'warning',
  })
}

if (wants('web')) await buildWebClient()
