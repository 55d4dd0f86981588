/**
 * Strings for the answer in V8's compact one-byte form. The answer is serialized as one JSON string, and
 * from the first string stored two bytes per character, the rest of it is written that way too: twice the
 * memory, and a transcoding pass when it is encoded for the socket. A string cut from a text that has any
 * character beyond Latin-1 (a curly quote, an emoji) is stored two bytes per character even when it has no
 * such character itself, so strings cut from the submitted texts pass through `oneByte` on their way out.
 */

/** Code units copied per `String.fromCharCode` call, well inside any engine's argument limit. */
const CHUNK = 4096
const codes = new Uint8Array(CHUNK)

/** The same characters, stored one byte per character when every one of them fits. */
export function oneByte(text: string): string {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return text
  let out = ''
  for (let from = 0; from < text.length; from += CHUNK) {
    const length = Math.min(CHUNK, text.length - from)
    for (let i = 0; i < length; i++) codes[i] = text.charCodeAt(from + i)
    out += String.fromCharCode.apply(null, codes.subarray(0, length) as unknown as number[])
  }
  return out
}
