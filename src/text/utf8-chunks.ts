/**
 * UTF-8 encoding of many strings into shared chunks: each string's bytes are a view of a chunk rather than
 * an ArrayBuffer of their own. Allocating a buffer per string was half the time of encoding the thousand
 * items of a heavy `/v1/illuminate`, a few kilobytes each.
 */

/** Bytes a chunk holds at least; a longer string gets a chunk of its own size. */
const CHUNK_BYTES = 64 * 1024

/** An encoder of strings into views of chunks, each chunk kept alive by the views of it. */
export function chunkedUtf8Encoder(): (text: string) => Uint8Array {
  const encoder = new TextEncoder()
  let chunk = new Uint8Array(0)
  let at = 0
  return (text) => {
    let result = encoder.encodeInto(text, chunk.subarray(at))
    if (result.read !== text.length) {
      // The rest of this chunk is too short: it stays unused, and the text goes whole into a new chunk.
      chunk = new Uint8Array(Math.max(CHUNK_BYTES, text.length * 3))
      at = 0
      result = encoder.encodeInto(text, chunk)
    }
    const { written } = result
    const bytes = chunk.subarray(at, at + written)
    at += written
    return bytes
  }
}
