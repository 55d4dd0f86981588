/** Standard base64 (RFC 4648 section 4, with padding), as checkpoints, signed notes and the compact model texts use it. */

const STRICT = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The bytes of a strictly encoded base64 string, or null when it is not one. */
export function fromBase64(text: string): Uint8Array | null {
  if (!STRICT.test(text)) return null
  const binary = atob(text)
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  return out
}
