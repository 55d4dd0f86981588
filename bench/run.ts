/**
 * `npm run bench`: runs every feature's benchmark, or those named on the command line
 * (`npm run bench -- lexicon`). Each prints its figures beside a baseline measured in the same run.
 */
const suites: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  lexicon: () => import('./lexicon'),
  'word-search': () => import('./word-search'),
  consensus: () => import('./consensus'),
  semantic: () => import('./semantic'),
  claims: () => import('./claims'),
  routes: () => import('./routes'),
  datasets: () => import('./datasets'),
  'dataset-formats': () => import('./dataset-formats'),
  // The searched and filtered pages of `datasets` alone, and its first against its last page.
  'datasets-search': () => import('./datasets').then((m) => ({ run: m.runSearch })),
  argument: () => import('./argument'),
  'argument-cloud': () => import('./argument-cloud'),
  worker: () => import('./worker'),
  // The last step of `worker` alone: every route's heaviest request under an isolate's heap limit.
  'worker-routes': () => import('./worker').then((m) => ({ run: m.runUnderHeapLimit })),
  'worker-passages': () =>
    import('./illuminate-passages').then((m) => ({ run: m.runPassagesUnderHeapLimit })),
  web: () => import('./web'),
  keys: () => import('./keys'),
}

const wanted = process.argv.slice(2)
for (const [name, loadSuite] of Object.entries(suites)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue
  console.log(`\n# ${name}`)
  await (await loadSuite()).run()
}
export {}
