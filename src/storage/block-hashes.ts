/**
 * Block hashes: a release records the SHA-256 of every 64 KiB block of each file it serves from, in a
 * sidecar whose own hash is in the manifest. A read fetches the whole blocks around the bytes asked for
 * and checks each one before any byte is handed on, so a byte the manifest does not vouch for is never
 * served, whatever the file's timestamps say; a stream stops with an error at the first bad block.
 */
import { createLruCache } from './body-cache'
import type { BlobStore } from './blob-store'

export const BLOCK_BYTES = 64 * 1024
const DIGEST_BYTES = 32
/** Blocks read and checked at a time by a stream: big enough for throughput, small enough to stop early. */
const STREAM_BLOCKS = 8

/**
 * SHA-256 of one block. Web Crypto by default (every runtime has it); the Node adapter passes node:crypto's
 * synchronous hash, which spares a thread-pool round trip per block.
 */
export type BlockDigest = (bytes: Uint8Array) => Uint8Array | Promise<Uint8Array>

/**
 * A served file, its block size and where its block digests start in the sidecar. An index (`keep`) has its
 * checked blocks kept in memory: every page and record looks one up, and a kept block was checked when it
 * was read. Dataset releases use BLOCK_BYTES; the lexicon smaller blocks (one lookup reads scattered rows).
 */
export type BlockedFile = {
  path: string
  bytes: number
  firstBlock: number
  blockBytes: number
  keep?: boolean
}

/** Bytes of a release file that are not the ones its block hashes name (or could not be read whole). */
export class BlockIntegrityError extends Error {
  constructor(readonly path: string) {
    super(`${path} does not match its block hashes`)
    this.name = 'BlockIntegrityError'
  }
}

export function blockCount(bytes: number, blockBytes = BLOCK_BYTES): number {
  return Math.ceil(bytes / blockBytes)
}

/** The sidecar's content for these files, in order: every block's SHA-256, file after file. */
export async function blockDigests(
  files: readonly Uint8Array[],
  blockBytes = BLOCK_BYTES,
): Promise<Uint8Array> {
  const total = files.reduce((sum, file) => sum + blockCount(file.byteLength, blockBytes), 0)
  const out = new Uint8Array(total * DIGEST_BYTES)
  let block = 0
  for (const file of files) {
    for (let at = 0; at < file.byteLength; at += blockBytes, block++) {
      out.set(await webDigest(file.subarray(at, at + blockBytes)), block * DIGEST_BYTES)
    }
  }
  return out
}

/** Lays out files in sidecar order: each file's first block index. */
export function blockLayout(
  files: ReadonlyArray<{ path: string; bytes: number }>,
  blockBytes = BLOCK_BYTES,
): BlockedFile[] {
  let firstBlock = 0
  return files.map((file) => {
    const placed = { ...file, firstBlock, blockBytes }
    firstBlock += blockCount(file.bytes, blockBytes)
    return placed
  })
}

export type BlockReader = {
  /** Bytes [start, end) of the file, from whole blocks that each matched their hash. */
  read(file: BlockedFile, start: number, end: number): Promise<Uint8Array>
  /**
   * Bytes [start, end) as a stream that errors at the first block that does not match. The first blocks
   * are read and checked before it resolves, so a bad start is an error before any answer is begun.
   */
  stream(file: BlockedFile, start: number, end: number): Promise<ReadableStream<Uint8Array>>
}

/** Checked index blocks kept per release: 64 blocks, 4 MiB. */
const KEPT_BLOCKS = 64

export function createBlockReader(
  store: BlobStore,
  sidecar: Uint8Array,
  digest: BlockDigest = webDigest,
): BlockReader {
  const kept = createLruCache<Uint8Array>({
    maxEntries: KEPT_BLOCKS,
    maxWeight: KEPT_BLOCKS * BLOCK_BYTES,
    weigh: (bytes) => bytes.byteLength,
  })

  async function matches(bytes: Uint8Array, block: number): Promise<boolean> {
    const expected = sidecar.subarray(block * DIGEST_BYTES, (block + 1) * DIGEST_BYTES)
    if (expected.byteLength !== DIGEST_BYTES) return false
    const actual = await digest(bytes)
    let diff = 0
    for (let i = 0; i < DIGEST_BYTES; i++) diff |= (actual[i] as number) ^ (expected[i] as number)
    return diff === 0
  }

  /** Reads blocks [first, last) of the file and checks each; the bytes of those blocks. */
  async function checkedBlocks(file: BlockedFile, first: number, last: number): Promise<Uint8Array> {
    const key = `${file.firstBlock + first}`
    const one = file.keep && last === first + 1 ? kept.get(key) : undefined
    if (one) return one
    const size = file.blockBytes
    const start = first * size
    const end = Math.min(file.bytes, last * size)
    const bytes = await (store.readSpan ?? store.readRange).call(store, file.path, start, end)
    if (!bytes || bytes.byteLength !== end - start) throw new BlockIntegrityError(file.path)
    const checks: Array<Promise<boolean>> = []
    for (let block = first; block < last; block++) {
      const from = (block - first) * size
      checks.push(matches(bytes.subarray(from, from + size), file.firstBlock + block))
    }
    if (!(await Promise.all(checks)).every(Boolean)) throw new BlockIntegrityError(file.path)
    if (file.keep && last === first + 1) kept.set(key, bytes)
    return bytes
  }

  return {
    async read(file, start, end) {
      if (end <= start) return new Uint8Array(0)
      if (start < 0 || end > file.bytes) throw new BlockIntegrityError(file.path)
      const first = Math.floor(start / file.blockBytes)
      const bytes = await checkedBlocks(file, first, Math.ceil(end / file.blockBytes))
      const offset = first * file.blockBytes
      return bytes.subarray(start - offset, end - offset)
    },
    async stream(file, start, end) {
      if (start < 0 || end > file.bytes) throw new BlockIntegrityError(file.path)
      let block = Math.floor(start / file.blockBytes)
      const lastBlock = Math.ceil(end / file.blockBytes)
      /** Starts reading and checking the next group of blocks; null past the end. */
      const nextGroup = (): Promise<Uint8Array> | null => {
        if (block >= lastBlock) return null
        const from = block
        block = Math.min(lastBlock, block + STREAM_BLOCKS)
        const offset = from * file.blockBytes
        const group = checkedBlocks(file, from, block).then((bytes) =>
          bytes.subarray(Math.max(0, start - offset), Math.min(bytes.byteLength, end - offset)),
        )
        // Read ahead while the previous group is sent; a failure surfaces when the group is awaited.
        group.catch(() => {})
        return group
      }
      let ahead = nextGroup()
      if (ahead) await ahead
      return new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            if (!ahead) return controller.close()
            const chunk = await ahead
            ahead = nextGroup()
            controller.enqueue(chunk)
            if (!ahead) controller.close()
          },
        },
        { highWaterMark: 0 },
      )
    },
  }
}

async function webDigest(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))
}
