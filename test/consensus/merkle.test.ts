import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, it } from 'node:test'
import { verifyMerkleInclusion } from '@sigstore/verify/dist/tlog/merkle.js'
import {
  EMPTY_ROOT,
  createMerkleTree,
  leafHash,
  nodeHash,
  verifyConsistency,
  verifyInclusion,
} from '../../src/consensus/log/merkle'

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex')
const unhex = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'hex'))

/*
 * The RFC 6962 / RFC 9162 test vectors of Trillian and certificate-transparency-go, as kept in
 * github.com/transparency-dev/merkle: testonly/constants.go (LeafInputs, RootHashes) and
 * testonly/reference_test.go (TestRefInclusionProof, TestRefConsistencyProof).
 */
const LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
]
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
]
const INCLUSION: Array<{ index: number; size: number; proof: string[] }> = [
  { index: 0, size: 1, proof: [] },
  { index: 0, size: 2, proof: ['96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7'] },
  { index: 1, size: 2, proof: ['6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d'] },
  { index: 2, size: 3, proof: ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'] },
  {
    index: 1,
    size: 5,
    proof: [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
  {
    index: 0,
    size: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    index: 5,
    size: 8,
    proof: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
]
const CONSISTENCY: Array<{ from: number; to: number; proof: string[] }> = [
  { from: 1, to: 1, proof: [] },
  {
    from: 1,
    to: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    from: 2,
    to: 5,
    proof: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
  {
    from: 6,
    to: 8,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
]

function vectorTree(size = LEAVES.length) {
  const tree = createMerkleTree()
  for (const leaf of LEAVES.slice(0, size)) tree.append(leafHash(unhex(leaf)))
  return tree
}

/*
 * An independent reference: the recursive definitions of RFC 6962 section 2.1 over the raw entries, hashed
 * with node:crypto, with none of the tree's caching.
 */
const sha = (...parts: Uint8Array[]): Uint8Array => {
  const h = createHash('sha256')
  for (const part of parts) h.update(part)
  return new Uint8Array(h.digest())
}
const refLeaf = (d: Uint8Array) => sha(new Uint8Array([0]), d)
const refNode = (l: Uint8Array, r: Uint8Array) => sha(new Uint8Array([1]), l, r)
const split = (n: number): number => 2 ** Math.floor(Math.log2(n - 1))
function refRoot(d: Uint8Array[]): Uint8Array {
  if (d.length === 0) return sha()
  if (d.length === 1) return refLeaf(d[0] as Uint8Array)
  const k = split(d.length)
  return refNode(refRoot(d.slice(0, k)), refRoot(d.slice(k)))
}
function refPath(m: number, d: Uint8Array[]): Uint8Array[] {
  if (d.length === 1) return []
  const k = split(d.length)
  return m < k
    ? [...refPath(m, d.slice(0, k)), refRoot(d.slice(k))]
    : [...refPath(m - k, d.slice(k)), refRoot(d.slice(0, k))]
}
function refSubproof(m: number, d: Uint8Array[], b: boolean): Uint8Array[] {
  if (m === d.length) return b ? [] : [refRoot(d)]
  const k = split(d.length)
  return m <= k
    ? [...refSubproof(m, d.slice(0, k), b), refRoot(d.slice(k))]
    : [...refSubproof(m - k, d.slice(k), false), refRoot(d.slice(0, k))]
}

describe('Merkle tree against the RFC 6962 / 9162 test vectors', () => {
  it('computes every published root, including the empty tree', () => {
    assert.equal(hex(EMPTY_ROOT), ROOTS[0])
    const tree = vectorTree()
    for (let size = 0; size <= LEAVES.length; size++)
      assert.equal(hex(tree.root(size)), ROOTS[size], `size ${size}`)
  })

  it('produces and verifies every published inclusion proof', () => {
    const tree = vectorTree()
    for (const { index, size, proof } of INCLUSION) {
      assert.deepEqual(tree.inclusionProof(index, size).map(hex), proof, `${index} in ${size}`)
      const leaf = leafHash(unhex(LEAVES[index] as string))
      assert.ok(
        verifyInclusion(index, size, leaf, proof.map(unhex), unhex(ROOTS[size] as string)),
        'verifyInclusion(index, size, leaf, proof.map(unhex), unhex(R',
      )
    }
  })

  it('produces and verifies every published consistency proof', () => {
    const tree = vectorTree()
    for (const { from, to, proof } of CONSISTENCY) {
      assert.deepEqual(tree.consistencyProof(from, to).map(hex), proof, `${from} to ${to}`)
      assert.ok(
        verifyConsistency(
          from,
          to,
          proof.map(unhex),
          unhex(ROOTS[from] as string),
          unhex(ROOTS[to] as string),
        ),
      )
    }
  })

  it('rejects proofs that are altered, shortened, lengthened or for another index or size', () => {
    const tree = vectorTree()
    const root = tree.root(8)
    const leaf = leafHash(unhex(LEAVES[5] as string))
    const proof = tree.inclusionProof(5, 8)
    const flipped = proof.map((h, i) => (i === 1 ? Uint8Array.from(h, (b, j) => (j === 0 ? b ^ 1 : b)) : h))
    assert.ok(!verifyInclusion(5, 8, leaf, flipped, root), '!verifyInclusion(5, 8, leaf, flipped, root)')
    assert.ok(
      !verifyInclusion(5, 8, leaf, proof.slice(1), root),
      '!verifyInclusion(5, 8, leaf, proof.slice(1), root)',
    )
    assert.ok(
      !verifyInclusion(5, 8, leaf, [...proof, proof[0] as Uint8Array], root),
      '!verifyInclusion(5, 8, leaf, [...proof, proof[0] as Uint8Arr',
    )
    assert.ok(!verifyInclusion(4, 8, leaf, proof, root), '!verifyInclusion(4, 8, leaf, proof, root)')
    assert.ok(
      !verifyInclusion(5, 7, leaf, proof, tree.root(7)),
      '!verifyInclusion(5, 7, leaf, proof, tree.root(7))',
    )
    assert.ok(!verifyInclusion(8, 8, leaf, proof, root), '!verifyInclusion(8, 8, leaf, proof, root)')
    const consistency = tree.consistencyProof(6, 8)
    assert.ok(
      !verifyConsistency(6, 8, consistency.slice(1), tree.root(6), root),
      '!verifyConsistency(6, 8, consistency.slice(1), tree.root(6),',
    )
    assert.ok(
      !verifyConsistency(6, 8, consistency, tree.root(5), root),
      '!verifyConsistency(6, 8, consistency, tree.root(5), root)',
    )
    assert.ok(
      !verifyConsistency(5, 8, consistency, tree.root(6), root),
      '!verifyConsistency(5, 8, consistency, tree.root(6), root)',
    )
    assert.ok(
      !verifyConsistency(8, 6, [], root, tree.root(6)),
      '!verifyConsistency(8, 6, [], root, tree.root(6))',
    )
    assert.ok(
      !verifyConsistency(3, 3, [root], tree.root(3), tree.root(3)),
      '!verifyConsistency(3, 3, [root], tree.root(3), tree.root(3))',
    )
    assert.ok(verifyConsistency(0, 8, [], EMPTY_ROOT, root), 'verifyConsistency(0, 8, [], EMPTY_ROOT, root)')
  })
})

describe('Merkle tree against independent implementations', () => {
  const entries = Array.from({ length: 70 }, (_, i) => new TextEncoder().encode(`entry ${i}`))
  const tree = createMerkleTree()
  for (const entry of entries) tree.append(leafHash(entry))

  it('matches the RFC 6962 recursive definitions for every root, path and consistency proof to 70 leaves', () => {
    for (let size = 1; size <= entries.length; size++) {
      const d = entries.slice(0, size)
      assert.deepEqual(tree.root(size), refRoot(d))
      for (let m = 0; m < size; m++)
        assert.deepEqual(tree.inclusionProof(m, size), refPath(m, d), `${m}/${size}`)
      for (let m = 1; m < size; m++) {
        const proof = tree.consistencyProof(m, size)
        assert.deepEqual(proof, refSubproof(m, d, true), `${m}->${size}`)
        assert.ok(
          verifyConsistency(m, size, proof, tree.root(m), tree.root(size)),
          'verifyConsistency(m, size, proof, tree.root(m), tree.root(si',
        )
      }
    }
  })

  it('has its inclusion proofs accepted by sigstore-js (@sigstore/verify, Rekor’s RFC 6962 verifier)', () => {
    for (const size of [1, 2, 3, 7, 8, 9, 33, 70]) {
      for (let index = 0; index < size; index++) {
        const entry = {
          canonicalizedBody: Buffer.from(entries[index] as Uint8Array),
          inclusionProof: {
            logIndex: String(index),
            hashes: tree.inclusionProof(index, size).map((h) => Buffer.from(h)),
          },
        }
        const checkpoint = { logSize: BigInt(size), logHash: Buffer.from(tree.root(size)) }
        // Throws on a proof it does not accept.
        verifyMerkleInclusion(entry as never, checkpoint as never)
      }
    }
    const wrong = {
      canonicalizedBody: Buffer.from(entries[3] as Uint8Array),
      inclusionProof: { logIndex: '3', hashes: tree.inclusionProof(4, 9).map((h) => Buffer.from(h)) },
    }
    assert.throws(() =>
      verifyMerkleInclusion(wrong as never, { logSize: 9n, logHash: Buffer.from(tree.root(9)) } as never),
    )
  })

  it('keeps proofs logarithmic', () => {
    for (const size of [2, 64, 65, 70]) {
      for (let index = 0; index < size; index++) {
        assert.ok(
          tree.inclusionProof(index, size).length <= Math.ceil(Math.log2(size)),
          'tree.inclusionProof(index, size).length <= Math.ceil(Math.lo',
        )
      }
    }
    assert.equal(nodeHash(tree.leafHashAt(0), tree.leafHashAt(1)).byteLength, 32)
  })
})
