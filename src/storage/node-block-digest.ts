/** The Node adapter's block hash: node:crypto's synchronous SHA-256, no thread-pool round trip per block. */
import { createHash } from 'node:crypto'
import type { BlockDigest } from './block-hashes'

export const nodeBlockDigest: BlockDigest = (bytes) => createHash('sha256').update(bytes).digest()
