/** Standard base64 (RFC 4648 section 4, with padding), as checkpoints, signed notes and the compact model texts use it. */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const PAD = 61
/** Each code unit's six bits, or -1 for a code unit outside the alphabet. */
const SIXTETS = new Int8Array(128).fill(-1)
for (let i = 0; i < ALPHABET.length; i++) SIXTETS[ALPHABET.charCodeAt(i)] = i

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * The bytes of a strictly encoded base64 string (groups of four, `=` only as the last one or two), or null
 * when it is not one. Decoded by table in one pass: the meaning model's vectors are decoded by the thousand
 * per request.
 */
export function fromBase64(text: string): Uint8Array | null {
  const length = text.length
  if (length % 4 !== 0) return null
  const padding =
    length === 0 || text.charCodeAt(length - 1) !== PAD ? 0 : text.charCodeAt(length - 2) === PAD ? 2 : 1
  const out = new Uint8Array((length / 4) * 3 - padding)
  const sixtet = (i: number): number => {
    const code = text.charCodeAt(i)
    return code < 128 ? (SIXTETS[code] as number) : -1
  }
  let at = 0
  for (let i = 0; i < length; i += 4) {
    const last = i + 4 === length
    const a = sixtet(i)
    const b = sixtet(i + 1)
    const c = last && padding === 2 ? 0 : sixtet(i + 2)
    const d = last && padding >= 1 ? 0 : sixtet(i + 3)
    if ((a | b | c | d) < 0) return null
    const group = (a << 18) | (b << 12) | (c << 6) | d
    out[at++] = group >> 16
    if (at < out.length) out[at++] = (group >> 8) & 0xff
    if (at < out.length) out[at++] = group & 0xff
  }
  return out
}
