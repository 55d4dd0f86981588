/**
 * The Merkle tree of the observation log, after RFC 9162 section 2.1 (the tree of RFC 6962): leaf hash
 * SHA-256(0x00 || entry), node hash SHA-256(0x01 || left || right), inclusion and consistency proofs, and
 * their verification. Hashing is synchronous (@noble/hashes) so that proofs over a large tree stay cheap
 * and the same code runs on Node and on Workers.
 *
 * The tree keeps every complete subtree's hash, level by level, in flat byte buffers: an aligned subtree of
 * 2^k leaves is one lookup, any other range O(log n) hashes, so every proof costs O(log n).
 */
import { sha256 } from '@noble/hashes/sha2.js'

export const HASH_BYTES = 32

const LEAF_PREFIX = new Uint8Array([0x00])
const NODE_PREFIX = new Uint8Array([0x01])

export function leafHash(entry: Uint8Array): Uint8Array {
  return sha256.create().update(LEAF_PREFIX).update(entry).digest()
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256.create().update(NODE_PREFIX).update(left).update(right).digest()
}

/** The root of the empty tree: SHA-256 of the empty string. */
export const EMPTY_ROOT: Uint8Array = sha256(new Uint8Array(0))

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false
  let diff = 0
  for (let i = 0; i < a.byteLength; i++) diff |= (a[i] as number) ^ (b[i] as number)
  return diff === 0
}

/** The largest power of two strictly below n (n >= 2): where RFC 9162 splits a tree of n leaves. */
function splitPoint(n: number): number {
  let k = 1
  while (k * 2 < n) k *= 2
  return k
}

// Tree sizes may exceed 2^32, so bit operations are written with arithmetic.
const isOdd = (n: number): boolean => n % 2 === 1
const half = (n: number): number => Math.floor(n / 2)
const isPowerOfTwo = (n: number): boolean => n > 0 && splitPoint(n * 2) === n

/** One level of complete-subtree hashes, stored back to back in a growing buffer. */
class HashLevel {
  private bytes = new Uint8Array(HASH_BYTES * 64)
  length = 0

  push(hash: Uint8Array): void {
    if ((this.length + 1) * HASH_BYTES > this.bytes.byteLength) {
      const grown = new Uint8Array(this.bytes.byteLength * 2)
      grown.set(this.bytes)
      this.bytes = grown
    }
    this.bytes.set(hash, this.length * HASH_BYTES)
    this.length++
  }

  at(index: number): Uint8Array {
    return this.bytes.subarray(index * HASH_BYTES, (index + 1) * HASH_BYTES)
  }
}

export type MerkleTree = {
  readonly size: number
  /** Adds the hash of the next leaf. */
  append(leaf: Uint8Array): void
  leafHashAt(index: number): Uint8Array
  /** The root hash of the tree's first `size` leaves (default: all). */
  root(size?: number): Uint8Array
  /** Audit path of leaf `index` in the tree of the first `size` leaves (RFC 9162 2.1.3.1). */
  inclusionProof(index: number, size?: number): Uint8Array[]
  /** Proof that the tree of `from` leaves is a prefix of the tree of `to` leaves (RFC 9162 2.1.4.1). */
  consistencyProof(from: number, to?: number): Uint8Array[]
}

export function createMerkleTree(): MerkleTree {
  const levels: HashLevel[] = [new HashLevel()]
  let size = 0

  /** MTH(D[start:end]) for 0 <= start < end <= size. */
  function subtree(start: number, end: number): Uint8Array {
    const n = end - start
    if (isPowerOfTwo(n) && start % n === 0) {
      const level = Math.log2(n)
      return (levels[level] as HashLevel).at(start / n)
    }
    const k = splitPoint(n)
    return nodeHash(subtree(start, start + k), subtree(start + k, end))
  }

  function path(index: number, start: number, end: number, out: Uint8Array[]): void {
    const n = end - start
    if (n === 1) return
    const k = splitPoint(n)
    if (index < k) {
      path(index, start, start + k, out)
      out.push(subtree(start + k, end))
    } else {
      path(index - k, start + k, end, out)
      out.push(subtree(start, start + k))
    }
  }

  function subproof(m: number, start: number, end: number, complete: boolean, out: Uint8Array[]): void {
    const n = end - start
    if (m === n) {
      if (!complete) out.push(subtree(start, end))
      return
    }
    const k = splitPoint(n)
    if (m <= k) {
      subproof(m, start, start + k, complete, out)
      out.push(subtree(start + k, end))
    } else {
      subproof(m - k, start + k, end, false, out)
      out.push(subtree(start, start + k))
    }
  }

  function checkSize(treeSize: number): void {
    if (!Number.isSafeInteger(treeSize) || treeSize < 0 || treeSize > size) {
      throw new RangeError(`tree size ${treeSize} is outside 0..${size}`)
    }
  }

  return {
    get size() {
      return size
    },
    append(leaf) {
      if (leaf.byteLength !== HASH_BYTES) throw new RangeError('a leaf hash is 32 bytes')
      ;(levels[0] as HashLevel).push(leaf)
      size++
      // Each completed pair of subtrees at one level completes a subtree at the next.
      let level = 0
      let count = size
      while (count % 2 === 0) {
        const below = levels[level] as HashLevel
        const right = below.at(below.length - 1)
        const left = below.at(below.length - 2)
        const above = (levels[level + 1] ??= new HashLevel())
        above.push(nodeHash(left, right))
        level++
        count /= 2
      }
    },
    leafHashAt(index) {
      if (index < 0 || index >= size) throw new RangeError(`no leaf ${index}`)
      return (levels[0] as HashLevel).at(index)
    },
    root(treeSize = size) {
      checkSize(treeSize)
      return treeSize === 0 ? EMPTY_ROOT : subtree(0, treeSize)
    },
    inclusionProof(index, treeSize = size) {
      checkSize(treeSize)
      if (!Number.isSafeInteger(index) || index < 0 || index >= treeSize) {
        throw new RangeError(`leaf ${index} is not in a tree of ${treeSize}`)
      }
      const out: Uint8Array[] = []
      path(index, 0, treeSize, out)
      return out
    },
    consistencyProof(from, to = size) {
      checkSize(to)
      if (!Number.isSafeInteger(from) || from < 0 || from > to) {
        throw new RangeError(`cannot prove ${from} against ${to}`)
      }
      const out: Uint8Array[] = []
      if (from > 0 && from < to) subproof(from, 0, to, true, out)
      return out
    },
  }
}

/**
 * A step of RFC 9162's verification loops on the tree's right edge: when fn is a left child there (even),
 * right-shift fn and sn together until fn is odd or 0, skipping levels where the node has no sibling.
 */
function climbRightEdge(fn: number, sn: number): [number, number] {
  while (!isOdd(fn) && fn !== 0) {
    fn = half(fn)
    sn = half(sn)
  }
  return [fn, sn]
}

/**
 * The root an inclusion proof leads to (RFC 9162 2.1.3.2), or null when the proof has the wrong shape for
 * this index and tree size.
 */
export function rootFromInclusionProof(
  index: number,
  treeSize: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
): Uint8Array | null {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(treeSize) || index < 0 || index >= treeSize) {
    return null
  }
  let fn = index
  let sn = treeSize - 1
  let r = leaf
  for (const p of proof) {
    if (sn === 0) return null
    if (isOdd(fn) || fn === sn) {
      r = nodeHash(p, r)
      ;[fn, sn] = climbRightEdge(fn, sn)
    } else {
      r = nodeHash(r, p)
    }
    fn = half(fn)
    sn = half(sn)
  }
  return sn === 0 ? r : null
}

export function verifyInclusion(
  index: number,
  treeSize: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  const computed = rootFromInclusionProof(index, treeSize, leaf, proof)
  return computed !== null && equalBytes(computed, root)
}

/** Whether `proof` shows the tree (size1, root1) to be a prefix of (size2, root2) (RFC 9162 2.1.4.2). */
export function verifyConsistency(
  size1: number,
  size2: number,
  proof: readonly Uint8Array[],
  root1: Uint8Array,
  root2: Uint8Array,
): boolean {
  if (!Number.isSafeInteger(size1) || !Number.isSafeInteger(size2) || size1 < 0 || size1 > size2) {
    return false
  }
  if (size1 === size2) return proof.length === 0 && equalBytes(root1, root2)
  // Every tree has the empty tree as a prefix.
  if (size1 === 0) return proof.length === 0
  if (proof.length === 0) return false
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : [...proof]
  let fn = size1 - 1
  let sn = size2 - 1
  while (isOdd(fn)) {
    fn = half(fn)
    sn = half(sn)
  }
  let fr = path[0] as Uint8Array
  let sr = path[0] as Uint8Array
  for (const c of path.slice(1)) {
    if (sn === 0) return false
    if (isOdd(fn) || fn === sn) {
      fr = nodeHash(c, fr)
      sr = nodeHash(c, sr)
      ;[fn, sn] = climbRightEdge(fn, sn)
    } else {
      sr = nodeHash(sr, c)
    }
    fn = half(fn)
    sn = half(sn)
  }
  return sn === 0 && equalBytes(fr, root1) && equalBytes(sr, root2)
}
