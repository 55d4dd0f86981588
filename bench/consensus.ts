/**
 * Observation log benchmarks: 100,000 observation entries appended through the log (file store, group
 * commit, fdatasync per batch) beside raw appends of the same record bytes to a file with the same
 * batches and syncs; then inclusion and consistency proof size and time at 1k, 10k and 100k entries,
 * checkpoint signing, and reopening the 100k log.
 */
import { mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { entryGroup, entryLeaf } from '../src/consensus/entry'
import { createFileLogStore } from '../src/consensus/file-log-store'
import { leafHash, verifyConsistency, verifyInclusion } from '../src/consensus/merkle'
import { createNoteSigner, generateSeed } from '../src/consensus/note'
import { openObservationLog, type ObservationLog } from '../src/consensus/observation-log'
import type { ObservationEntry } from '../src/consensus/schemas'
import { ENTRY_FORMAT } from '../src/consensus/schemas'
import { fmt, table, timeIt } from './harness'

const TOTAL = 100_000
/** Appends in flight at once: what many concurrent contributors look like to the log. */
const CONCURRENCY = 256
const SIZES = [1_000, 10_000, 100_000]

function leaves(): Uint8Array[] {
  const words = ['bank', 'light', 'set', 'run', 'spring', 'bark']
  return Array.from({ length: TOTAL }, (_, i) => {
    const word = words[i % words.length] as string
    const passage = `Observation ${i}: the ${word} was mentioned in a passage long enough to be a realistic quote.`
    const start = passage.indexOf(word)
    const entry: ObservationEntry = {
      format: ENTRY_FORMAT,
      expression: word,
      lemma: word,
      meaning: `${word}%1:17:0${i % 3}::`,
      source: { label: `Source ${i % 997}`, passage, span: { start, end: start + word.length } },
      contributor: (i % 5000).toString(16).padStart(32, '0'),
      mayShare: true,
    }
    return entryLeaf(entry)
  })
}

async function appendAll(log: ObservationLog, data: Uint8Array[]): Promise<number> {
  const started = performance.now()
  for (let at = 0; at < data.length; at += CONCURRENCY) {
    await Promise.all(data.slice(at, at + CONCURRENCY).map((leaf) => log.append(leaf)))
  }
  return performance.now() - started
}

/** The same record bytes written raw: one positioned write and one fdatasync per batch. */
async function rawAppend(path: string, data: Uint8Array[]): Promise<number> {
  const handle = await open(path, 'w')
  const started = performance.now()
  let position = 0
  for (let at = 0; at < data.length; at += CONCURRENCY) {
    const batch = data.slice(at, at + CONCURRENCY)
    const bytes = new Uint8Array(batch.reduce((n, leaf) => n + 40 + leaf.byteLength, 0))
    let offset = 0
    for (const leaf of batch) {
      new DataView(bytes.buffer).setUint32(offset + 4, leaf.byteLength)
      bytes.set(leaf, offset + 40)
      offset += 40 + leaf.byteLength
    }
    await handle.write(bytes, 0, bytes.byteLength, position)
    await handle.datasync()
    position += bytes.byteLength
  }
  const ms = performance.now() - started
  await handle.close()
  return ms
}

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-consensus-'))
  const data = leaves()
  const bytes = data.reduce((n, leaf) => n + leaf.byteLength, 0)
  const signer = await createNoteSigner('bench.example/observations', generateSeed())

  const rawMs = await rawAppend(join(dir, 'raw.bin'), data)
  const log = await openObservationLog({
    store: createFileLogStore(join(dir, 'log')),
    signer,
    groupOf: entryGroup,
  })
  const logMs = await appendAll(log, data)
  const perSecond = (ms: number) => fmt((TOTAL / ms) * 1000, 0)

  // One at a time (each append its own write and fdatasync), on a fresh log, beside raw writes alike.
  const single = data.slice(0, 500)
  const singleLog = await openObservationLog({
    store: createFileLogStore(join(dir, 'single')),
    signer,
    groupOf: entryGroup,
  })
  const singleStarted = performance.now()
  for (const leaf of single) await singleLog.append(leaf)
  const singleMs = performance.now() - singleStarted
  await singleLog.close()
  const rawSingle = await open(join(dir, 'raw-single.bin'), 'w')
  const rawSingleStarted = performance.now()
  let position = 0
  for (const leaf of single) {
    await rawSingle.write(leaf, 0, leaf.byteLength, position)
    await rawSingle.datasync()
    position += leaf.byteLength
  }
  const rawSingleMs = performance.now() - rawSingleStarted
  await rawSingle.close()

  table(
    `Appending ${TOTAL.toLocaleString('en-US')} observations (${fmt(bytes / TOTAL, 0)} bytes each on average)`,
    [
      ['how', 'appends/s', 'raw file baseline/s', 'ratio', 'goal'],
      [
        `log, ${CONCURRENCY} in flight (group commit, fdatasync per batch)`,
        perSecond(logMs),
        perSecond(rawMs),
        fmt(rawMs / logMs, 2),
        '>= 0.25 of raw, >= 5,000/s',
      ],
      [
        'log, one at a time (fdatasync per append)',
        fmt((single.length / singleMs) * 1000, 0),
        fmt((single.length / rawSingleMs) * 1000, 0),
        fmt(rawSingleMs / singleMs, 2),
        '>= 0.5 of raw',
      ],
    ],
  )

  const rows: Array<Array<string | number>> = [
    [
      'tree size',
      'inclusion hashes',
      'inclusion bytes',
      'prove µs (median)',
      'verify µs (median)',
      'consistency n/2→n hashes',
      'prove µs',
      'verify µs',
    ],
  ]
  for (const size of SIZES) {
    const root = log.root(size)
    let i = 0
    const index = () => (i++ * 7919) % size
    const prove = await timeIt(() => log.inclusionProof(index(), size), 5000)
    const at = Math.floor(size / 3)
    const proof = log.inclusionProof(at, size)
    const leaf = log.leafHashAt(at)
    const verify = await timeIt(() => verifyInclusion(at, size, leaf, proof, root), 5000)
    if (!verifyInclusion(at, size, leaf, proof, root)) throw new Error('inclusion proof did not verify')
    const half = Math.floor(size / 2) + 1
    const consistency = log.consistencyProof(half, size)
    const proveConsistency = await timeIt(() => log.consistencyProof(half, size), 5000)
    const halfRoot = log.root(half)
    const verifyC = await timeIt(() => verifyConsistency(half, size, consistency, halfRoot, root), 5000)
    if (!verifyConsistency(half, size, consistency, halfRoot, root))
      throw new Error('consistency did not verify')
    const hashes = [...Array(50)].map(() => log.inclusionProof(index(), size).length)
    const mean = hashes.reduce((a, b) => a + b, 0) / hashes.length
    rows.push([
      size.toLocaleString('en-US'),
      `${fmt(mean)} (log2 n = ${fmt(Math.log2(size))})`,
      fmt(mean * 32, 0),
      fmt(prove.median),
      fmt(verify.median),
      consistency.length,
      fmt(proveConsistency.median),
      fmt(verifyC.median),
    ])
  }
  table('Proofs (goal: hashes <= ceil(log2 n); prove and verify < 100 µs)', rows)

  const sha = await timeIt(() => leafHash(data[0] as Uint8Array), 20000)
  let n = 0
  const sign = await timeIt(() => log.checkpoint(TOTAL - 1 - (n++ % 5000)), 2000)
  await log.close()
  const reopenStarted = performance.now()
  const reopened = await openObservationLog({
    store: createFileLogStore(join(dir, 'log')),
    signer,
    groupOf: entryGroup,
  })
  const reopenMs = performance.now() - reopenStarted
  const rss = process.memoryUsage().rss / 1024 / 1024
  await reopened.close()
  table('Other', [
    ['measure', 'value', 'baseline', 'goal'],
    ['checkpoint signing, µs (median)', fmt(sign.median), `leaf hash ${fmt(sha.median, 2)} µs`, '< 500'],
    [
      `reopen ${TOTAL.toLocaleString('en-US')} entries (verify every record, rebuild tree and indexes), ms`,
      fmt(reopenMs, 0),
      `raw append of them took ${fmt(rawMs, 0)} ms`,
      '< 3000',
    ],
    ['resident memory after reopening, MB', fmt(rss, 0), '', '< 400'],
  ])
  await rm(dir, { recursive: true, force: true })
}
