/**
 * JSON read from a release file whose shape a schema checks next: text that is not JSON is one more way of
 * not matching the schema, so it reads as undefined (which no schema accepts) rather than throwing.
 */
const decoder = new TextDecoder()

export function jsonOrUndefined(input: string | Uint8Array): unknown {
  try {
    return JSON.parse(typeof input === 'string' ? input : decoder.decode(input))
  } catch {
    return undefined
  }
}
