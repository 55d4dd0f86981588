/**
 * The worker thread that builds the key file's index for the Node service, so that parsing and checking a
 * large store never holds up the event loop. A file laid out as the `keys` commands write it is indexed
 * record by record and its index kept here, so that the next version of the file costs only the records
 * that changed (key-file-update.ts); any other file is read whole (key-file.ts). It answers each file's
 * bytes with the reading: a kept index's arrays are shared memory, a whole reading's are handed back
 * without a copy.
 */
import { parentPort } from 'node:worker_threads'
import { readKeyFile } from './key-file'
import { readLaidOut, updatedIndex, type LaidOutIndex } from './key-file-update'
import type { IndexJob, IndexReply } from './thread-indexer'

const port = parentPort
if (!port) throw new Error('key-index-thread runs as a worker thread')

let kept: LaidOutIndex | null = null

port.on('message', (job: IndexJob) => {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength)
  kept = (kept && updatedIndex(kept, bytes)) ?? readLaidOut(bytes)
  if (kept) {
    const reply: IndexReply = { id: job.id, reading: { index: kept.index }, kept: true }
    port.postMessage(reply)
    return
  }
  const reading = readKeyFile(job.bytes)
  const reply: IndexReply = { id: job.id, reading, kept: false }
  const { index } = 'index' in reading ? reading : { index: null }
  port.postMessage(
    reply,
    index
      ? [index.digests.buffer, index.records.buffer, index.offsets.buffer].map((b) => b as ArrayBuffer)
      : [],
  )
})
