/**
 * An answer whose array member comes as JSON runs (src/route-work/json-runs.ts) is the same bytes as
 * JSON.stringify of the whole object, whatever is around the array and however its elements are split.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { jsonWithArrayRuns } from '../../src/route-work/json-runs'

const encoder = new TextEncoder()
const runsOf = (groups: unknown[][]) =>
  groups.map((g) => encoder.encode(g.map((e) => JSON.stringify(e)).join(',')))
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe('JSON with an array given in runs', () => {
  const elements = [{ a: 1, é: 'ü "q"' }, [2, null], 'three', { nested: { deep: [] } }]
  const splits = [[elements], [elements.slice(0, 1), [], elements.slice(1, 3), elements.slice(3)], []]

  it('is JSON.stringify of the whole, members in order, however the elements are split', () => {
    for (const groups of splits) {
      const items = groups.flat()
      const cases: Array<[Record<string, unknown>, Record<string, unknown>]> = [
        [
          { release: 'r', method: { id: 'm' } },
          { unmatched: ['x'], summary: { n: 1 } },
        ],
        [{}, {}],
        [{ only: true }, {}],
        [{}, { after: undefined, kept: 0 }],
      ]
      for (const [before, after] of cases) {
        assert.equal(
          text(jsonWithArrayRuns(before, 'items', runsOf(groups), after)),
          JSON.stringify({ ...before, items, ...after }),
        )
      }
    }
  })
})
