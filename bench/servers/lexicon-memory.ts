/**
 * Run by the lexicon benchmark in a fresh process: the memory the loaded lexicon takes (resident, heap and
 * array buffers after loading and one collection, beside the same process before), its load time (every file
 * read and hashed, the check start-up makes), and beside it the time to hash every file of the release alone,
 * streamed. Prints one JSON line. Needs `--expose-gc`.
 */
import { LEXICON_LAYOUT, loadLexicon } from '../../src/lexicon/release'
import { releaseFiles } from '../../src/storage/releases'
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
const store = createFsStore(root)
const hashing = performance.now()
for (const file of releaseFiles(LEXICON_LAYOUT, state.lexicon.manifest)) await store.sha256?.(file.path)
const hashMs = performance.now() - hashing
console.log(
  JSON.stringify({
    rssMB: (after.rss - before.rss) / 1e6,
    heapMB: (after.heapUsed - before.heapUsed) / 1e6,
    buffersMB: (after.arrayBuffers - before.arrayBuffers) / 1e6,
    loadMs,
    hashMs,
    synsets: state.lexicon.manifest.statistics.synsets,
  }),
)
