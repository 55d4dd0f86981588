/**
 * Child process of the consensus benchmark: opens the observation log in LOG_DIR in a process of its own,
 * so resident memory counts only what the log holds, and prints the figures as one JSON line: resident
 * memory before opening (the baseline: Node, the modules), after opening, and the time it took.
 */
import { entryGroup } from '../../src/consensus/entry'
import { createFileLogStore } from '../../src/consensus/log/file-log-store'
import { createNoteSigner, generateSeed } from '../../src/consensus/log/note'
import { openObservationLog } from '../../src/consensus/log/observation-log'

const MB = 2 ** 20
const signer = await createNoteSigner('bench.example/observations', generateSeed())
const before = process.memoryUsage().rss
const started = performance.now()
const log = await openObservationLog({
  store: createFileLogStore(process.env.LOG_DIR as string),
  signer,
  groupOf: entryGroup,
})
const ms = performance.now() - started
const after = process.memoryUsage()
console.log(
  JSON.stringify({
    entries: log.size(),
    ms,
    rssBeforeMB: before / MB,
    rssAfterMB: after.rss / MB,
    heapUsedMB: after.heapUsed / MB,
    arrayBuffersMB: after.arrayBuffers / MB,
  }),
)
await log.close()
