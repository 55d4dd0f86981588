/**
 * Run by the lexicon benchmark in a fresh process: the memory the loaded lexicon takes (resident, heap and
 * array buffers after loading and one collection, beside the same process before) and its load time.
 * Prints one JSON line. Needs `--expose-gc`.
 */
import { loadLexicon } from '../../src/lexicon/release'
import { createFsStore } from '../../src/storage/fs-store'
import { LEXICON_COMPANIONS } from '../../src/releases/lexicon-release'

const collect = (globalThis as { gc?: () => void }).gc as () => void
const root = process.argv[2] as string
collect()
const before = process.memoryUsage()
const started = performance.now()
const state = await loadLexicon(createFsStore(root), LEXICON_COMPANIONS)
const loadMs = performance.now() - started
if (state.status !== 'ready') throw new Error(state.reason)
collect()
const after = process.memoryUsage()
console.log(
  JSON.stringify({
    rssMB: (after.rss - before.rss) / 1e6,
    heapMB: (after.heapUsed - before.heapUsed) / 1e6,
    buffersMB: (after.arrayBuffers - before.arrayBuffers) / 1e6,
    loadMs,
    synsets: state.lexicon.manifest.statistics.synsets,
  }),
)
