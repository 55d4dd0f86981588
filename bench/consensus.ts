/**
 * Observation log benchmarks: 100,000 observation entries appended through the log (file store, group
 * commit, fdatasync per batch) beside raw appends of the same record bytes to a file with the same
 * batches and syncs; then inclusion and consistency proof size and time at 1k, 10k and 100k entries,
 * checkpoint signing, and reopening the 100k log.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, open, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { entryGroup, entryLeaf } from '../src/consensus/entry'
import { createFileLogStore, LOG_FILE } from '../src/consensus/log/file-log-store'
import { leafHash, verifyConsistency, verifyInclusion } from '../src/consensus/log/merkle'
import { createNoteSigner, generateSeed } from '../src/consensus/log/note'
import { openObservationLog, type ObservationLog } from '../src/consensus/log/observation-log'
import type { ObservationEntry } from '../src/consensus/schemas'
import { ENTRY_FORMAT } from '../src/consensus/schemas'
import { fmt, table, timeIt } from './harness'

const execFileAsync = promisify(execFile)
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

/** Raw record bytes of a batch, laid out as the log file lays them out (the header left zero). */
function rawRecords(batch: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(batch.reduce((n, leaf) => n + 40 + leaf.byteLength, 0))
  let offset = 0
  for (const leaf of batch) {
    new DataView(bytes.buffer).setUint32(offset + 4, leaf.byteLength)
    bytes.set(leaf, offset + 40)
    offset += 40 + leaf.byteLength
  }
  return bytes
}

/**
 * Appends every leaf through the log, CONCURRENCY at a time, and, batch by batch in turn, the same record
 * bytes raw to a file with one write and one fdatasync per batch, so both see the same machine load.
 */
async function appendBoth(log: ObservationLog, data: Uint8Array[], rawPath: string) {
  const raw = await open(rawPath, 'w')
  let logMs = 0
  let rawMs = 0
  let position = 0
  for (let at = 0; at < data.length; at += CONCURRENCY) {
    const batch = data.slice(at, at + CONCURRENCY)
    const rawStarted = performance.now()
    const bytes = rawRecords(batch)
    await raw.write(bytes, 0, bytes.byteLength, position)
    await raw.datasync()
    position += bytes.byteLength
    const logStarted = performance.now()
    await Promise.all(batch.map((leaf) => log.append(leaf)))
    logMs += performance.now() - logStarted
    rawMs += logStarted - rawStarted
  }
  await raw.close()
  return { logMs, rawMs }
}

type FreshReopen = {
  entries: number
  ms: number
  rssBeforeMB: number
  rssAfterMB: number
  heapUsedMB: number
  arrayBuffersMB: number
}

async function reopenInFreshProcess(logDir: string): Promise<FreshReopen> {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'processes/reopen-log.ts')],
    {
      env: { ...process.env, LOG_DIR: logDir },
    },
  )
  return JSON.parse(stdout) as FreshReopen
}

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-consensus-'))
  const data = leaves()
  const bytes = data.reduce((n, leaf) => n + leaf.byteLength, 0)
  const signer = await createNoteSigner('bench.example/observations', generateSeed())

  const log = await openObservationLog({
    store: createFileLogStore(join(dir, 'log')),
    signer,
    groupOf: entryGroup,
  })
  const { logMs, rawMs } = await appendBoth(log, data, join(dir, 'raw.bin'))
  const perSecond = (ms: number) => fmt((TOTAL / ms) * 1000, 0)

  // One at a time (each append its own write and fdatasync) on a fresh log, interleaved with raw writes
  // and syncs of the same bytes, so both see the same disk.
  const single = data.slice(0, 500)
  const singleLog = await openObservationLog({
    store: createFileLogStore(join(dir, 'single')),
    signer,
    groupOf: entryGroup,
  })
  const rawSingle = await open(join(dir, 'raw-single.bin'), 'w')
  let singleMs = 0
  let rawSingleMs = 0
  let position = 0
  for (const leaf of single) {
    const logStarted = performance.now()
    await singleLog.append(leaf)
    const rawStarted = performance.now()
    await rawSingle.write(leaf, 0, leaf.byteLength, position)
    await rawSingle.datasync()
    rawSingleMs += performance.now() - rawStarted
    singleMs += rawStarted - logStarted
    position += leaf.byteLength
  }
  await singleLog.close()
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
  // This process also holds the benchmark's 100,000 leaves and the first log; the log's own footprint is
  // measured in a fresh process that only opens it.
  const rss = process.memoryUsage().rss / 1024 / 1024
  await reopened.close()
  const fresh = await reopenInFreshProcess(join(dir, 'log'))
  const fileMB = (await stat(join(dir, 'log', LOG_FILE))).size / 2 ** 20
  table('Other', [
    ['measure', 'value', 'baseline', 'goal'],
    ['checkpoint signing, µs (median)', fmt(sign.median), `leaf hash ${fmt(sha.median, 2)} µs`, '< 500'],
    [
      `reopen ${TOTAL.toLocaleString('en-US')} entries (verify every record, rebuild tree and indexes), ms`,
      fmt(reopenMs, 0),
      `raw append of them took ${fmt(rawMs, 0)} ms`,
      '< 3000',
    ],
    ['resident memory of this benchmark process after reopening, MB', fmt(rss, 0), '', '< 400'],
    [
      `resident memory of a fresh process after reopening ${fresh.entries.toLocaleString('en-US')} entries, MB`,
      fmt(fresh.rssAfterMB, 0),
      `${fmt(fresh.rssBeforeMB, 0)} before opening; log file ${fmt(fileMB, 0)}`,
      '< 400',
    ],
    [
      '  of which the log: JS heap, MB / array buffers, MB',
      `${fmt(fresh.heapUsedMB, 0)} / ${fmt(fresh.arrayBuffersMB, 0)}`,
      '',
      '',
    ],
  ])
  await rm(dir, { recursive: true, force: true })
}
