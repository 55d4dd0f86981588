import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createLeafIndex } from '../../src/consensus/log/leaf-index'
import { leafHash } from '../../src/consensus/log/merkle'

describe('leaf hash index', () => {
  it('finds every added hash through growth, and no other', () => {
    const hashes = Array.from({ length: 5000 }, (_, i) => leafHash(new TextEncoder().encode(`entry ${i}`)))
    const index = createLeafIndex((at) => hashes[at] as Uint8Array)
    hashes.forEach((hash, at) => index.add(hash, at))
    hashes.forEach((hash, at) => assert.equal(index.get(hash), at))
    assert.equal(index.get(leafHash(new TextEncoder().encode('never added'))), undefined)
  })

  it('tells apart hashes that share their first bytes (the same slot)', () => {
    const hashes = Array.from({ length: 50 }, (_, i) => {
      const hash = new Uint8Array(32)
      hash[31] = i
      return hash
    })
    const index = createLeafIndex((at) => hashes[at] as Uint8Array)
    hashes.forEach((hash, at) => index.add(hash, at))
    hashes.forEach((hash, at) => assert.equal(index.get(hash), at))
    const other = new Uint8Array(32)
    other[31] = 200
    assert.equal(index.get(other), undefined)
  })
})
