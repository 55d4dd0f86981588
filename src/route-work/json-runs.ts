/**
 * The JSON bytes of an answer one of whose members is an array already serialized in runs (the elements'
 * JSON texts, joined by commas within a run): the same bytes as JSON.stringify of the whole object, members
 * in the same order, without the array ever held as objects or as one string.
 */
const encoder = new TextEncoder()

/**
 * `{...before, [key]: elements, ...after}` as JSON bytes, where `runs` are the UTF-8 runs of `elements`.
 * `before` and `after` are plain objects serialized as JSON.stringify would (undefined members left out).
 */
export function jsonWithArrayRuns(
  before: Record<string, unknown>,
  key: string,
  runs: readonly Uint8Array[],
  after: Record<string, unknown>,
): Uint8Array {
  const head = JSON.stringify(before).slice(0, -1)
  const tail = JSON.stringify(after).slice(1)
  const parts: Uint8Array[] = [encoder.encode(`${head}${head === '{' ? '' : ','}${JSON.stringify(key)}:[`)]
  for (const run of runs.filter((r) => r.byteLength > 0)) {
    if (parts.length > 1) parts.push(encoder.encode(','))
    parts.push(run)
  }
  parts.push(encoder.encode(tail === '}' ? ']}' : `],${tail}`))
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0))
  let at = 0
  for (const part of parts) {
    bytes.set(part, at)
    at += part.byteLength
  }
  return bytes
}
