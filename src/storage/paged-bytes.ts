/**
 * One small interface for reading a release file's bytes, so that the code over them runs alike on the whole
 * file in memory (Node: `wholeBytes`, plain array reads) and on a bounded cache of checked blocks (Workers:
 * src/storage/block-cache.ts), where a read of a block that is not resident throws `BlockMissError` naming it,
 * for the runner of the computation to fetch it and run the computation again (src/lexicon/reading.ts).
 */

export type PagedBytes = {
  readonly byteLength: number
  /** The byte at `offset`. */
  byte(offset: number): number
  /** The Int32 (platform order, little-endian everywhere this runs) at `index`, in 4-byte units. */
  int32(index: number): number
  /** The UTF-8 text of bytes [start, end). */
  text(start: number, end: number): string
  /**
   * The offset of the first byte equal to `value` at `from` or after, -1 when there is none: a scan that a
   * cache of blocks runs block by block, not byte by byte (and that a discovery run ends soon, not at the end
   * of the file: src/storage/block-cache.ts).
   */
  indexOf(value: number, from: number): number
}

/** A block of a paged file, by the file's index in its cache and the block's index in the file. */
export type BlockRef = { file: number; block: number }

/**
 * A read of blocks that are not resident: the runner fetches them and runs the computation again. `owner` is
 * the cache the blocks belong to (one computation may read through several: the lexicon's and the usage's).
 */
export class BlockMissError extends Error {
  constructor(
    readonly blocks: BlockRef[],
    readonly owner: object,
  ) {
    super(`blocks not resident: ${blocks.map((b) => `${b.file}:${b.block}`).join(', ')}`)
    this.name = 'BlockMissError'
  }
}

const decoder = new TextDecoder()

/**
 * Whether the decoder must be given a copy of shared bytes: Node decodes a view of a SharedArrayBuffer
 * directly, the web standard (and so other runtimes) may refuse one.
 */
const copyShared = (() => {
  if (typeof SharedArrayBuffer !== 'function') return false
  try {
    decoder.decode(new Uint8Array(new SharedArrayBuffer(1)))
    return false
  } catch {
    return true
  }
})()

type NodeBuffer = { utf8Slice(start: number, end: number): string }
type NodeBufferClass = { from(buffer: ArrayBufferLike, offset: number, length: number): NodeBuffer }

/**
 * How the strings are decoded: where the runtime has Node's `Buffer`, by its `utf8Slice` over a view of the
 * same bytes (what `toString('utf8', start, end)` calls, several times faster than `TextDecoder` for the
 * short strings asked for here); elsewhere with the web-standard `TextDecoder`.
 */
export function stringDecoder(strings: Uint8Array): (start: number, end: number) => string {
  const NodeBuffer = (globalThis as unknown as { Buffer?: NodeBufferClass }).Buffer
  const view = NodeBuffer?.from(strings.buffer, strings.byteOffset, strings.byteLength)
  if (typeof view?.utf8Slice === 'function') return (start, end) => view.utf8Slice(start, end)
  return (start, end) => decoder.decode(copyShared ? strings.slice(start, end) : strings.subarray(start, end))
}

/** UTF-8 bytes as text with the web-standard decoder (for bytes that may be a view of shared memory). */
export function decodeUtf8(bytes: Uint8Array): string {
  return decoder.decode(copyShared ? bytes.slice() : bytes)
}

/**
 * A whole file held in memory, read in place (no copy when it starts at a 4-byte boundary, as the loader
 * places release files). The reads are closures over typed arrays, which V8 inlines: no cost over indexing.
 */
export function wholeBytes(bytes: Uint8Array): PagedBytes {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice()
  const ints = new Int32Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.byteLength / 4))
  const text = stringDecoder(aligned)
  return {
    byteLength: aligned.byteLength,
    byte: (offset) => aligned[offset] as number,
    int32: (index) => ints[index] as number,
    text,
    indexOf: (value, from) => aligned.indexOf(value, from),
  }
}
