/**
 * Child process for the crash test: appends entries to the observation log in DIR without end, many at a
 * time, and prints `index text` for each append once it is acknowledged. The test kills it with SIGKILL.
 */
import { createFileLogStore } from '../../src/consensus/log/file-log-store'
import { createNoteSigner, generateSeed } from '../../src/consensus/log/note'
import { openObservationLog } from '../../src/consensus/log/observation-log'

const [dir, run] = process.argv.slice(2) as [string, string]
const log = await openObservationLog({
  store: createFileLogStore(dir),
  signer: await createNoteSigner('crash.test/log', generateSeed()),
  groupOf: () => null,
})
const padding = 'x'.repeat(3000)
let next = 0
for (;;) {
  const batch = Array.from({ length: 32 }, () => `run ${run} entry ${next++} ${padding}`)
  await Promise.all(
    batch.map(async (text) => {
      const { index } = await log.append(new TextEncoder().encode(text))
      process.stdout.write(`${index} ${text.slice(0, text.indexOf(' x'))}\n`)
    }),
  )
}
