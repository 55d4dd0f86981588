/**
 * The layering of src/ (issue 27), checked by dependency-cruiser in `npm run lint`:
 * - a layer may import only the layers listed before it in LAYERS, which also forbids any import cycle
 *   between top-level folders (the root files, src/app.ts and the other entries, are the last layer);
 * - only route files (`routes.ts`, `routes/*.ts`), the composition roots and http itself import src/http.
 * `npm run layers` prints the folder graph and counts its cycles (tools/layers.ts).
 */

/** A top-level folder of src/ (a file at src/ root is its own layer: `config.ts`). */
const folder = (name) => `^src/${name}/`

/** The layers in order: each may import only the ones before it. */
export const LAYERS = [
  { name: 'validation', path: folder('validation') },
  { name: 'storage', path: folder('storage') },
  { name: 'config', path: '^src/config[.]ts$' },
  { name: 'http', path: folder('http') },
  { name: 'auth', path: folder('auth') },
  { name: 'route-work', path: folder('route-work') },
  { name: 'v1', path: folder('v1') },
  { name: 'lexicon', path: folder('lexicon') },
  { name: 'text', path: folder('text') },
  { name: 'semantic', path: folder('semantic') },
  { name: 'usage', path: folder('usage') },
  { name: 'argument', path: folder('argument') },
  { name: 'consensus/log', path: folder('consensus/log') },
  { name: 'consensus', path: '^src/consensus/(?!log/)' },
  { name: 'datasets', path: folder('datasets') },
  { name: 'word-finder', path: folder('word-finder') },
  { name: 'client-assets', path: folder('client-assets') },
  { name: 'releases', path: folder('releases') },
  { name: 'cli', path: folder('cli') },
  { name: 'roots', path: '^src/(app|node|cloudflare|route-thread|cli)[.]ts$' },
]

const anyOf = (paths) => paths.map((p) => `(?:${p})`).join('|')
const LISTED = anyOf(LAYERS.map((layer) => layer.path))

const layerRules = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${layer.name.replace('/', '-')}`,
  severity: 'error',
  comment:
    `${layer.name} may import only the layers before it (${LAYERS.slice(0, i)
      .map((l) => l.name)
      .join(', ')}); ` +
    `not ${LAYERS.slice(i + 1)
      .map((l) => l.name)
      .join(', ')}. See LAYERS in .dependency-cruiser.js.`,
  from: { path: layer.path },
  to: { path: anyOf(LAYERS.slice(i + 1).map((l) => l.path)) },
}))

/** Route files, the composition roots and http itself. */
const MAY_IMPORT_HTTP = anyOf([
  '^src/http/',
  '(^|/)routes[.]ts$',
  '^src/.+/routes/[^/]+[.]ts$',
  '^src/(app|node|cloudflare|route-thread)[.]ts$',
])

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...layerRules,
    {
      name: 'http-only-in-routes',
      severity: 'error',
      comment:
        'Only route files (routes.ts, routes/*.ts) and the composition roots (src/app.ts, node.ts, cloudflare.ts, route-thread.ts) import src/http; logic returns typed problems and its route file maps them to statuses.',
      from: { path: '^src/', pathNot: MAY_IMPORT_HTTP },
      to: { path: folder('http') },
    },
    {
      name: 'layer-unlisted',
      severity: 'error',
      comment: 'Every top-level folder of src/ has its place in LAYERS (.dependency-cruiser.js).',
      from: { path: '^src/', pathNot: LISTED },
      to: {},
    },
    {
      name: 'layer-unlisted-target',
      severity: 'error',
      comment: 'Every top-level folder of src/ has its place in LAYERS (.dependency-cruiser.js).',
      from: { path: '^src/' },
      to: { path: '^src/', pathNot: LISTED },
    },
  ],
  options: {
    // Type-only imports are dependencies of the design too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: ['node_modules', '^models/'] },
    exclude: { path: ['^data/', '^dist/'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
