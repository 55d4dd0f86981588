/**
 * Run by the semantic benchmark in a fresh process: the memory the learned model and the tagger add (RSS
 * and heap after loading and indexing them, beside the same process before) and the time they take.
 * Prints one JSON line.
 */
// Loads the TypeScript loader's own machinery first, so the figures below are the model's alone.
await import('../../src/semantic/bounds')
const before = process.memoryUsage()
const started = performance.now()
const { learnedEntry } = await import('../../src/semantic/meaning/learned')
const { TAGGER_MODEL } = await import('../../src/text/tagger-model')
learnedEntry('bank', 'noun')
// The tagger parses its weights into a map of the same size on first use.
const taggerWeights = new Map(JSON.parse(TAGGER_MODEL) as Array<[string, number[]]>)
const loaded = performance.now() - started
const after = process.memoryUsage()
console.log(
  JSON.stringify({
    rssMB: (after.rss - before.rss) / 1e6,
    heapMB: (after.heapUsed - before.heapUsed) / 1e6,
    loadMs: loaded,
    taggerFeatures: taggerWeights.size,
  }),
)
export {}
