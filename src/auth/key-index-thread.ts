/**
 * The worker thread that builds the key file's index (key-file.ts) for the Node service, so that parsing
 * and checking a large store never holds up the event loop. It answers each file's bytes with the reading,
 * the index's arrays handed back without a copy.
 */
import { parentPort } from 'node:worker_threads'
import { readKeyFile } from './key-file'
import type { IndexJob, IndexReply } from './thread-indexer'

const port = parentPort
if (!port) throw new Error('key-index-thread runs as a worker thread')

port.on('message', (job: IndexJob) => {
  const reading = readKeyFile(job.bytes)
  const reply: IndexReply = { id: job.id, reading }
  const { index } = 'index' in reading ? reading : { index: null }
  port.postMessage(
    reply,
    index
      ? [index.digests.buffer, index.records.buffer, index.offsets.buffer].map((b) => b as ArrayBuffer)
      : [],
  )
})
