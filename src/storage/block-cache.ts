/**
 * A bounded in-isolate cache of checked release blocks (of each file's block size, 4 KiB for the lexicon),
 * each matched against the release's block hashes as it is fetched, seen as one PagedBytes per file. Reads
 * are synchronous: a read of a block that is not resident throws `BlockMissError` naming it (or, while a
 * discovery run is on, records it and reads as zero), and the runner of the computation fetches the named
 * blocks with `fetch` and runs it again. Blocks a running computation fetched are pinned until it ends, so
 * one larger than the bound still completes; past the bound, unpinned blocks are dropped by the clock
 * (second-chance) rule.
 */
import { BlockIntegrityError, type BlockedFile, type BlockReader } from './block-hashes'
import { BlockMissError, type BlockRef, type PagedBytes } from './paged-bytes'
import { ReleaseUnavailableError, type ReleaseName } from './release-unavailable'

/**
 * Bytes fetched in one ranged read at most (a pass over a whole file asks for every block of it at once),
 * and the gap in blocks between missing blocks that is read through rather than asked for in another read:
 * on R2 a read costs more than 32 KiB more of it (a first /v1/resolve over the paged release makes 383
 * reads of 11 MB with a gap of 8 blocks, 968 reads of 9.4 MB with a gap of 2).
 */
const MAX_RUN_BYTES = 1024 * 1024
const READ_THROUGH_GAP = 8
/** Ranged reads one fetch has under way at once. */
const READS_AT_ONCE = 16
/**
 * Reads of missing data, and reads of any data, one discovery run may make before it stops: it runs on
 * zeros, so it may loop, or walk resident data from an offset or count read as zero. The heaviest
 * discoveries of a heavy /v1/illuminate read about 550,000 values, of a heavy /v1/claims/evaluate-evidence
 * up to 8 million (its step then takes a round more). The blocks it found are still real, and the run that
 * missed one fetches it, so stopping early costs rounds, never an answer.
 */
const DISCOVERY_MISSING_READS = 400_000
const DISCOVERY_READS = 4_000_000
/**
 * Blocks a discovery run records of a scan (`indexOf`) that reaches missing blocks before it finds its byte,
 * at least (a scan on zeros would otherwise go on to the end of the file): as many as it passed, if more.
 */
const DISCOVERY_SCAN_BLOCKS = 4
/**
 * The longest text a discovery run records the blocks of: one end read as zero makes a range of most of the
 * file, which no real string of a release is.
 */
const DISCOVERY_TEXT_BYTES = 64 * 1024

export type BlockCache = {
  /** One PagedBytes per file, in the order given. */
  readonly files: readonly PagedBytes[]
  /**
   * Fetches the blocks not resident yet (checking each), adds them and pins every one until `unpin`. A block
   * that does not match its hash rejects with `ReleaseUnavailableError` naming the release and the file.
   */
  fetch(blocks: readonly BlockRef[]): Promise<void>
  unpin(blocks: readonly BlockRef[]): void
  /**
   * Names hot regions (read by nearly every computation, each a chain of reads: index, row, string): the
   * next `fetch` reads them all with its own blocks, in long runs, so that later computations need fewer
   * rounds; only when they take at most half the bound. Once read they are blocks like others (not pinned,
   * dropped by the same rule).
   */
  warm(blocks: readonly BlockRef[]): void
  /**
   * Runs `discover` with missing reads answering zero (and empty text), and returns the blocks it would have
   * missed and the resident blocks it read: a computation's next `fetch` pins both, so that fetching the
   * missing ones never drops a resident one it is about to read again. Only its synchronous part runs so:
   * the flag is off again when `discover` returns.
   */
  discover(discover: () => unknown): { missing: BlockRef[]; resident: BlockRef[] }
  /** Bytes of the resident blocks. */
  residentBytes(): number
}

/** Stops a discovery run that read too much missing data (it may have looped on zeros). */
class DiscoveryLimit extends Error {}

type FileBlocks = {
  file: BlockedFile
  bytes: Array<Uint8Array | undefined>
  ints: Array<Int32Array | undefined>
  used: Uint8Array
  pins: Uint16Array
  /** Blocks the running discovery has recorded (a mark per block: a discovery may read millions of times). */
  found: Uint8Array
}

export function createBlockCache(
  reader: BlockReader,
  files: readonly BlockedFile[],
  maxBytes: number,
  release: ReleaseName,
): BlockCache {
  const state: FileBlocks[] = files.map((file) => {
    const count = Math.ceil(file.bytes / file.blockBytes)
    return {
      file,
      bytes: new Array<Uint8Array | undefined>(count),
      ints: new Array<Int32Array | undefined>(count),
      used: new Uint8Array(count),
      pins: new Uint16Array(count),
      found: new Uint8Array(count),
    }
  })
  /** Resident blocks in the order the clock visits them. */
  let clock: BlockRef[] = []
  let resident = 0
  let discovering: { missing: BlockRef[]; resident: BlockRef[] } | null = null
  let hot: readonly BlockRef[] = []
  let discoveryReads = 0
  let discoveryMisses = 0

  function miss(file: number, block: number): 0 {
    if (discovering === null) {
      const count = (state[file] as FileBlocks).bytes.length
      if (block < 0 || block >= count) throw new RangeError(`read past the end of ${state[file]?.file.path}`)
      throw new BlockMissError([{ file, block }], cache)
    }
    if (++discoveryMisses > DISCOVERY_MISSING_READS || ++discoveryReads > DISCOVERY_READS) {
      throw new DiscoveryLimit()
    }
    const { found } = state[file] as FileBlocks
    if (block >= 0 && block < found.length && found[block] === 0) {
      found[block] = 1
      discovering.missing.push({ file, block })
    }
    return 0
  }

  /** Marks a resident block as read, while a discovery run is on. */
  function touch(file: number, block: number): void {
    if (discovering === null) return
    if (++discoveryReads > DISCOVERY_READS) throw new DiscoveryLimit()
    const { found } = state[file] as FileBlocks
    if (found[block] === 1) return
    found[block] = 1
    discovering.resident.push({ file, block })
  }

  function paged(index: number): PagedBytes {
    const blocks = state[index] as FileBlocks
    const { bytes, ints, used } = blocks
    const size = blocks.file.blockBytes
    const decoder = new TextDecoder()
    /** Element `at` of the file seen as elements of `perBlock` to a block, through each block's view. */
    const element = (
      views: ReadonlyArray<ArrayLike<number> | undefined>,
      perBlock: number,
      at: number,
    ): number => {
      const block = Math.floor(at / perBlock)
      const held = views[block]
      if (held === undefined) return miss(index, block)
      used[block] = 1
      if (discovering !== null) touch(index, block)
      return held[at - block * perBlock] as number
    }
    return {
      byteLength: blocks.file.bytes,
      byte: (offset) => element(bytes, size, offset),
      int32: (at) => element(ints, size / 4, at),
      text(start, end) {
        if (end <= start || (discovering !== null && end - start > DISCOVERY_TEXT_BYTES)) return ''
        const first = Math.floor(start / size)
        const last = Math.floor((end - 1) / size)
        const missing: BlockRef[] = []
        for (let block = first; block <= last; block++) {
          if (bytes[block] === undefined) missing.push({ file: index, block })
          else {
            used[block] = 1
            touch(index, block)
          }
        }
        if (missing.length > 0) {
          if (discovering === null) throw new BlockMissError(missing, cache)
          for (const ref of missing) miss(ref.file, ref.block)
          return ''
        }
        if (first === last) {
          const held = bytes[first] as Uint8Array
          return decoder.decode(held.subarray(start - first * size, end - first * size))
        }
        const joined = new Uint8Array(end - start)
        for (let block = first; block <= last; block++) {
          const held = bytes[block] as Uint8Array
          const from = Math.max(start, block * size)
          const to = Math.min(end, (block + 1) * size)
          joined.set(held.subarray(from - block * size, to - block * size), from - start)
        }
        return decoder.decode(joined)
      },
      indexOf(value, from) {
        let passed = 0
        let recorded = 0
        for (let block = Math.max(0, Math.floor(from / size)); block < bytes.length; block++) {
          const held = bytes[block]
          if (held === undefined) {
            miss(index, block)
            // A scan that passed many blocks is a long one (a model line of a common word runs to 600 KB):
            // as many again are recorded, so that its rounds grow in length instead of 4 blocks at a time.
            if (++recorded >= Math.max(DISCOVERY_SCAN_BLOCKS, passed)) return -1
            continue
          }
          passed++
          used[block] = 1
          touch(index, block)
          const found = held.indexOf(value, Math.max(0, from - block * size))
          if (found !== -1) return block * size + found
        }
        return -1
      },
    }
  }

  function add(file: number, block: number, data: Uint8Array): void {
    const blocks = state[file] as FileBlocks
    if (blocks.bytes[block] !== undefined) return
    blocks.bytes[block] = data
    blocks.ints[block] = new Int32Array(data.buffer, data.byteOffset, data.byteLength >> 2)
    blocks.used[block] = 1
    resident += data.byteLength
    clock.push({ file, block })
  }

  /** Drops unpinned blocks, oldest unused first, until the resident bytes are within the bound. */
  function shrink(): void {
    if (resident <= maxBytes) return
    // Two turns of the clock: the first clears the used marks, the second finds every unpinned block. The
    // hand moves along the array and kept blocks go to its end (shifting the front off each visit would
    // make a turn quadratic in the blocks resident, which a heavy request pins by the ten thousand).
    let hand = 0
    for (let visits = clock.length * 2; resident > maxBytes && visits > 0; visits--) {
      const ref = clock[hand++] as BlockRef
      const blocks = state[ref.file] as FileBlocks
      if (blocks.pins[ref.block] !== 0 || blocks.used[ref.block] === 1) {
        blocks.used[ref.block] = 0
        clock.push(ref)
        continue
      }
      resident -= (blocks.bytes[ref.block] as Uint8Array).byteLength
      blocks.bytes[ref.block] = undefined
      blocks.ints[ref.block] = undefined
    }
    clock = clock.slice(hand)
  }

  /** Reads blocks [first, last] of a file in one range, checked, and adds each as a copy of its own. */
  async function readRun(file: number, first: number, last: number): Promise<void> {
    const blocked = (state[file] as FileBlocks).file
    const size = blocked.blockBytes
    const start = first * size
    const bytes = await reader.read(blocked, start, Math.min(blocked.bytes, (last + 1) * size))
    for (let block = first; block <= last; block++) {
      const from = (block - first) * size
      // A copy, so that one dropped block does not keep the whole range's buffer alive.
      add(file, block, first === last ? bytes : bytes.slice(from, from + size))
    }
  }

  function pin(blocks: readonly BlockRef[], by: 1 | -1): void {
    for (const { file, block } of blocks) {
      const { pins } = state[file] as FileBlocks
      pins[block] = (pins[block] as number) + by
    }
  }

  /** The missing blocks as runs of whole ranges, reading through short gaps. */
  function runsOf(blocks: readonly BlockRef[]): Array<[number, number, number]> {
    const sorted = [...blocks].sort((a, b) => a.file - b.file || a.block - b.block)
    const runs: Array<[number, number, number]> = []
    for (const { file, block } of sorted) {
      if ((state[file] as FileBlocks).bytes[block] !== undefined) continue
      const run = runs[runs.length - 1]
      const size = (state[file] as FileBlocks).file.blockBytes
      if (
        run &&
        run[0] === file &&
        block - run[2] <= READ_THROUGH_GAP &&
        (block - run[1]) * size < MAX_RUN_BYTES
      ) {
        run[2] = Math.max(run[2], block)
      } else runs.push([file, block, block])
    }
    return runs
  }

  const cache: BlockCache = {
    files: state.map((_, i) => paged(i)),
    async fetch(blocks) {
      pin(blocks, 1)
      // Each computation reads its own runs: on Workers a promise of one request's I/O must not be awaited
      // by another (it never settles there if the first request ends), so reads are not shared.
      const runs = runsOf(hot.length > 0 ? [...blocks, ...hot] : blocks)
      hot = []
      let next = 0
      const reader = async (): Promise<void> => {
        try {
          for (let run = runs[next++]; run; run = runs[next++]) await readRun(...run)
        } catch (err) {
          next = runs.length
          throw err
        }
      }
      try {
        await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, runs.length) }, reader))
      } catch (err) {
        if (!(err instanceof BlockIntegrityError)) throw err
        throw new ReleaseUnavailableError(release, [{ path: err.path, problem: 'block-hash-mismatch' }])
      } finally {
        shrink()
      }
    },
    unpin(blocks) {
      pin(blocks, -1)
      shrink()
    },
    warm(blocks) {
      const bytes = blocks.reduce((sum, { file }) => sum + (state[file] as FileBlocks).file.blockBytes, 0)
      hot = bytes <= maxBytes / 2 ? blocks : []
    },
    discover(run) {
      const found = { missing: [] as BlockRef[], resident: [] as BlockRef[] }
      discovering = found
      discoveryReads = 0
      discoveryMisses = 0
      try {
        const result = run()
        // Only the synchronous part was a discovery run; whatever it left running is of no interest.
        if (result instanceof Promise) result.catch(() => {})
      } catch {
        // A run on zeros may fail in any way, or stop at DISCOVERY_READS: the blocks it found are still real.
      } finally {
        discovering = null
        const unmark = ({ file, block }: BlockRef) => ((state[file] as FileBlocks).found[block] = 0)
        found.missing.forEach(unmark)
        found.resident.forEach(unmark)
      }
      return found
    },
    residentBytes: () => resident,
  }
  return cache
}
