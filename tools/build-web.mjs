// Builds the web client (web/) into dist/web: the script and style bundles under content-hashed names in
// assets/, and index.html naming them, so assets can be cached for a year while the page is revalidated.
// Used by tools/bundle.mjs (npm start), the browser tests, the screenshots and the bench.
import { build } from 'esbuild'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { argv } from 'node:process'
import { fileURLToPath } from 'node:url'

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Builds into `outDir` (default dist/web) and returns the written files' names, relative to `outDir`. */
export async function buildWebClient(outDir = join(projectRoot, 'dist', 'web')) {
  await rm(outDir, { recursive: true, force: true })
  await mkdir(join(outDir, 'assets'), { recursive: true })
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: { app: 'web/main.tsx' },
    outdir: join(outDir, 'assets'),
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'hono/jsx/dom',
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  })
  const outputs = Object.keys(result.metafile.outputs).map((path) => basename(path))
  const script = outputs.find((name) => name.endsWith('.js'))
  const style = outputs.find((name) => name.endsWith('.css'))
  if (!script || !style)
    throw new Error(`web build: expected a script and a style, got ${outputs.join(', ')}`)
  const template = await readFile(join(projectRoot, 'web', 'index.html'), 'utf8')
  const page = template.replace('%STYLE%', `/assets/${style}`).replace('%SCRIPT%', `/assets/${script}`)
  await writeFile(join(outDir, 'index.html'), page)
  return { index: 'index.html', script: `assets/${script}`, style: `assets/${style}` }
}

if (argv[1] === fileURLToPath(import.meta.url)) await buildWebClient()
