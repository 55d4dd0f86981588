/**
 * Adds V8 flags to the binary Cap'n Proto config that Miniflare writes to workerd's stdin (stdin to stdout):
 * the flags of WORKERD_V8_FLAGS (separated by spaces) become the config's `v8Flags` (pointer 2 of the root
 * `Config` struct in workerd.capnp). Miniflare 4.20260426 never fills that field, and workerd takes V8
 * flags only from its config, so this is how a test runs the worker with an isolate's heap limit. The
 * list and its texts are appended to the end of the first segment, where the root struct is, so no other
 * pointer moves.
 */
import { writeSync } from 'node:fs'
import { Buffer } from 'node:buffer'
import process from 'node:process'
import { TextEncoder } from 'node:util'

const flags = (process.env.WORKERD_V8_FLAGS ?? '').split(' ').filter(Boolean)
const chunks = []
// Read as a stream: Miniflare's pipe may be non-blocking, where a synchronous read fails with EAGAIN.
for await (const chunk of process.stdin) chunks.push(chunk)
const input = Buffer.concat(chunks)
const view = new DataView(input.buffer, input.byteOffset, input.byteLength)
const segments = view.getUint32(0, true) + 1
const sizes = Array.from({ length: segments }, (_, i) => view.getUint32(4 + 4 * i, true))
const headerBytes = Math.ceil((4 + 4 * segments) / 8) * 8
const first = input.subarray(headerBytes, headerBytes + 8 * sizes[0])
const firstView = new DataView(first.buffer, first.byteOffset, first.byteLength)

const rootLow = firstView.getUint32(0, true)
const rootHigh = firstView.getUint32(4, true)
if ((rootLow & 3) !== 0) throw new Error('the config root is not a struct pointer in the first segment')
const rootStart = 1 + (rootLow >> 2)
const dataWords = rootHigh & 0xffff
const pointerWords = rootHigh >>> 16
if (pointerWords <= 2) throw new Error('the config root has no v8Flags field')
const slot = rootStart + dataWords + 2
if (firstView.getUint32(8 * slot, true) !== 0 || firstView.getUint32(8 * slot + 4, true) !== 0) {
  throw new Error('the config already has v8Flags')
}

/** A list pointer at word `at` to the list at word `target`: element size code and count. */
function listPointer(out, at, target, size, count) {
  out.setUint32(8 * at, (((target - at - 1) << 2) | 1) >>> 0, true)
  out.setUint32(8 * at + 4, (size | (count << 3)) >>> 0, true)
}

const texts = flags.map((flag) => new TextEncoder().encode(flag + '\0'))
const listAt = sizes[0]
let textAt = listAt + texts.length
const addedWords = texts.length + texts.reduce((sum, text) => sum + Math.ceil(text.length / 8), 0)
const grown = new Uint8Array(8 * (sizes[0] + addedWords))
grown.set(first)
const grownView = new DataView(grown.buffer)
// Pointer-sized elements (code 6) for the list of texts, bytes (code 2) for each text.
listPointer(grownView, slot, listAt, 6, texts.length)
texts.forEach((text, i) => {
  listPointer(grownView, listAt + i, textAt, 2, text.length)
  grown.set(text, 8 * textAt)
  textAt += Math.ceil(text.length / 8)
})

const header = new Uint8Array(input.subarray(0, headerBytes))
new DataView(header.buffer).setUint32(4, sizes[0] + addedWords, true)
for (const part of [header, grown, input.subarray(headerBytes + 8 * sizes[0])]) {
  for (let written = 0; written < part.length;) written += writeSync(1, part, written)
}
