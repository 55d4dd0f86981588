/**
 * The tagger's weights in the compact form the bundle carries (`tagger-model.ts`): the feature names, sorted,
 * one per line, and their weights (four per feature, in thousandths, little-endian 16-bit, base64). Each
 * thread decodes them once into typed arrays and an open-addressing FNV-1a table of the names, without a
 * string or an array per feature, and reads the same numbers the trainer rounded (`k / 1000` is the double
 * that `JSON.parse` gives for the rounded text, so tagging is unchanged).
 */
import { toBase64 } from './base64'
import { fnv1a } from './fnv1a'

/** One row per feature: its name and its averaged weight per part of speech, rounded to thousandths. */
export type TaggerRows = ReadonlyArray<readonly [string, readonly number[]]>

/** The committed form of the weights. */
export type TaggerModelText = { features: string; weights: string }

/** Weights per feature: one per part of speech, in `PARTS_OF_SPEECH` order. */
const WIDTH = 4
const SCALE = 1000
const INT16_MAX = 32_767

/** Weights of the features a token has: `rowOf` gives -1 for a feature the model does not know. */
export type TaggerWeights = {
  rowOf(name: string): number
  weight(row: number, c: number): number
}

export function encodeTaggerModel(rows: TaggerRows): TaggerModelText {
  const bytes = new Uint8Array(rows.length * WIDTH * 2)
  const view = new DataView(bytes.buffer)
  rows.forEach(([name, weights], r) => {
    if (name.includes('\n')) throw new Error(`a tagger feature holds a line break: ${JSON.stringify(name)}`)
    weights.forEach((w, c) => {
      const k = Math.round(w * SCALE)
      if (Math.abs(k) > INT16_MAX || k / SCALE !== w) {
        throw new Error(`tagger weight ${w} of ${name} is not a 16-bit count of thousandths`)
      }
      view.setInt16((r * WIDTH + c) * 2, k, true)
    })
  })
  return { features: rows.map(([name]) => name).join('\n'), weights: toBase64(bytes) }
}

export function decodeTaggerModel(model: TaggerModelText): TaggerWeights {
  const names = model.features
  const starts: number[] = [0]
  for (let at = names.indexOf('\n'); at !== -1; at = names.indexOf('\n', at + 1)) starts.push(at + 1)
  const count = names === '' ? 0 : starts.length
  const offsets = Uint32Array.from([...starts.slice(0, count), names.length + 1])
  const binary = atob(model.weights)
  const values = new Int16Array(count * WIDTH)
  for (let i = 0; i < values.length; i++) {
    values[i] = ((binary.charCodeAt(2 * i) | (binary.charCodeAt(2 * i + 1) << 8)) << 16) >> 16
  }
  // Twice as many slots as features or more, a power of two; a slot holds a row plus one, 0 when empty.
  let size = 1
  while (size < count * 2) size *= 2
  const slots = new Uint32Array(size)
  const mask = size - 1
  for (let row = 0; row < count; row++) {
    let slot = fnv1a(names, offsets[row] as number, (offsets[row + 1] as number) - 1) & mask
    while (slots[slot] !== 0) slot = (slot + 1) & mask
    slots[slot] = row + 1
  }
  return {
    rowOf(name) {
      if (count === 0) return -1
      for (let slot = fnv1a(name) & mask; ; slot = (slot + 1) & mask) {
        const held = slots[slot] as number
        if (held === 0) return -1
        const start = offsets[held - 1] as number
        if ((offsets[held] as number) - 1 - start === name.length && names.startsWith(name, start))
          return held - 1
      }
    },
    weight: (row, c) => (values[row * WIDTH + c] as number) / SCALE,
  }
}

/** The weights as the JSON text of their rows, the form the model version is computed over. */
export function taggerRowsText(model: TaggerModelText): string {
  const { weight } = decodeTaggerModel(model)
  const rows: Array<[string, number[]]> = model.features
    .split('\n')
    .filter((name) => name !== '')
    .map((name, row) => [name, Array.from({ length: WIDTH }, (_, c) => weight(row, c))])
  return JSON.stringify(rows)
}
